/*
 * ctxswitch.c - switching between C stacks without system calls.
 *
 * ev_ctx_switch(from, to) pushes the callee-saved registers on the running
 * stack, stores the stack pointer in from->sp, loads to->sp and pops the same
 * set: to the C code on either side it is an ordinary function call that
 * returns later.  A fresh context holds a prepared frame whose return address
 * is a trampoline that calls entry(arg) with an aligned stack.
 *
 * The x86-64 SSE and x87 control words (rounding, exception masks) are not
 * switched: safepy never changes them, every context runs with the thread's
 * defaults, and saving them cost a quarter of each switch.
 *
 * Nothing here touches thread-local state, so a context may be resumed by a
 * different thread than the one that suspended it (an MCP session runs each
 * call on a new thread).
 */
#include <stdint.h>
#include <string.h>

#include "evaluator/ctxswitch.h"

#if EV_CTX_ASM

#if defined(__x86_64__)

#if defined(__CET__) && (__CET__ & 1)
#define EV_LANDING "endbr64\n"
#else
#define EV_LANDING ""
#endif

__asm__(".text\n"
        ".globl ev_ctx_switch\n"
        ".hidden ev_ctx_switch\n"
        ".type ev_ctx_switch,@function\n"
        ".p2align 4\n"
        "ev_ctx_switch:\n" EV_LANDING
        "  pushq %rbp\n"
        "  pushq %rbx\n"
        "  pushq %r12\n"
        "  pushq %r13\n"
        "  pushq %r14\n"
        "  pushq %r15\n"
        "  movq %rsp, (%rdi)\n"
        "  movq (%rsi), %rsp\n"
        "  popq %r15\n"
        "  popq %r14\n"
        "  popq %r13\n"
        "  popq %r12\n"
        "  popq %rbx\n"
        "  popq %rbp\n"
        "  ret\n"
        ".size ev_ctx_switch, .-ev_ctx_switch\n"
        /* first entry: r12 = entry, r13 = arg, rsp 16-byte aligned */
        ".p2align 4\n"
        ".type ev_ctx_trampoline,@function\n"
        "ev_ctx_trampoline:\n" EV_LANDING
        "  movq %r13, %rdi\n"
        "  callq *%r12\n"
        "  ud2\n"
        ".size ev_ctx_trampoline, .-ev_ctx_trampoline\n");

__attribute__((visibility("hidden"))) void ev_ctx_trampoline(void);
/* the saved frame, lowest address first, as ev_ctx_switch pops it */
enum { X_R15, X_R14, X_R13, X_R12, X_RBX, X_RBP, X_RET, X_FRAME_WORDS };

int ev_ctx_init(ev_ctx *c, void *stack, size_t size, void (*entry)(void *), void *arg)
{
    uintptr_t top = ((uintptr_t)stack + size) & ~(uintptr_t)15;
    /* after `ret` pops X_RET, rsp must be 16-byte aligned for the call */
    uint64_t *f = (uint64_t *)(top - 16) - X_FRAME_WORDS;
    memset(f, 0, (X_FRAME_WORDS + 2) * sizeof *f);
    f[X_R12] = (uint64_t)(uintptr_t)entry;
    f[X_R13] = (uint64_t)(uintptr_t)arg;
    f[X_RET] = (uint64_t)(uintptr_t)ev_ctx_trampoline;
    c->sp = f;
    return 0;
}

#elif defined(__aarch64__)

__asm__(".text\n"
        ".globl ev_ctx_switch\n"
        ".hidden ev_ctx_switch\n"
        ".type ev_ctx_switch,%function\n"
        ".p2align 4\n"
        "ev_ctx_switch:\n"
        "  hint #34\n" /* bti c: a no-op unless branch protection is on */
        "  sub sp, sp, #160\n"
        "  stp x19, x20, [sp, #0]\n"
        "  stp x21, x22, [sp, #16]\n"
        "  stp x23, x24, [sp, #32]\n"
        "  stp x25, x26, [sp, #48]\n"
        "  stp x27, x28, [sp, #64]\n"
        "  stp x29, x30, [sp, #80]\n"
        "  stp d8, d9, [sp, #96]\n"
        "  stp d10, d11, [sp, #112]\n"
        "  stp d12, d13, [sp, #128]\n"
        "  stp d14, d15, [sp, #144]\n"
        "  mov x9, sp\n"
        "  str x9, [x0]\n"
        "  ldr x9, [x1]\n"
        "  mov sp, x9\n"
        "  ldp x19, x20, [sp, #0]\n"
        "  ldp x21, x22, [sp, #16]\n"
        "  ldp x23, x24, [sp, #32]\n"
        "  ldp x25, x26, [sp, #48]\n"
        "  ldp x27, x28, [sp, #64]\n"
        "  ldp x29, x30, [sp, #80]\n"
        "  ldp d8, d9, [sp, #96]\n"
        "  ldp d10, d11, [sp, #112]\n"
        "  ldp d12, d13, [sp, #128]\n"
        "  ldp d14, d15, [sp, #144]\n"
        "  add sp, sp, #160\n"
        "  ret\n"
        ".size ev_ctx_switch, .-ev_ctx_switch\n"
        /* first entry: x19 = entry, x20 = arg */
        ".p2align 4\n"
        ".type ev_ctx_trampoline,%function\n"
        "ev_ctx_trampoline:\n"
        "  hint #36\n" /* bti j */
        "  mov x0, x20\n"
        "  blr x19\n"
        "  brk #0\n"
        ".size ev_ctx_trampoline, .-ev_ctx_trampoline\n");

__attribute__((visibility("hidden"))) void ev_ctx_trampoline(void);
enum { A_X19, A_X20, A_X29 = 10, A_X30 = 11, A_FRAME_WORDS = 20 };

int ev_ctx_init(ev_ctx *c, void *stack, size_t size, void (*entry)(void *), void *arg)
{
    uintptr_t top = ((uintptr_t)stack + size) & ~(uintptr_t)15;
    uint64_t *f = (uint64_t *)top - A_FRAME_WORDS;
    memset(f, 0, A_FRAME_WORDS * sizeof *f);
    f[A_X19] = (uint64_t)(uintptr_t)entry;
    f[A_X20] = (uint64_t)(uintptr_t)arg;
    f[A_X30] = (uint64_t)(uintptr_t)ev_ctx_trampoline;
    c->sp = f;
    return 0;
}

#endif

#else /* the portable fallback */

static void ctx_start(unsigned lo, unsigned hi)
{
    ev_ctx *c = (ev_ctx *)(((uintptr_t)hi << 32) | (uintptr_t)lo);
    c->entry(c->arg);
}

int ev_ctx_init(ev_ctx *c, void *stack, size_t size, void (*entry)(void *), void *arg)
{
    if (getcontext(&c->uc) != 0)
        return -1;
    c->uc.uc_stack.ss_sp = stack;
    c->uc.uc_stack.ss_size = size;
    c->uc.uc_link = NULL;
    c->entry = entry;
    c->arg = arg;
    uintptr_t p = (uintptr_t)c;
    makecontext(&c->uc, (void (*)(void))ctx_start, 2, (unsigned)(p & 0xFFFFFFFFu),
                (unsigned)((uint64_t)p >> 32));
    return 0;
}

void ev_ctx_switch(ev_ctx *from, ev_ctx *to)
{
    swapcontext(&from->uc, &to->uc);
}

#endif
