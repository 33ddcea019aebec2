/*
 * ctxswitch.h - switching between C stacks without system calls (ctxswitch.c).
 * Internal to the evaluator; used by generators (objects/generator.c).
 *
 * On x86-64 and aarch64 a switch saves the callee-saved registers on the
 * running stack, stores its stack pointer and loads the other one: a few
 * nanoseconds.  Elsewhere (and under a CET shadow stack, which a plain stack
 * switch would violate) it falls back to ucontext, which is correct but makes
 * two sigprocmask system calls a switch.
 */
#ifndef SAFEPY_CTXSWITCH_H
#define SAFEPY_CTXSWITCH_H

#include <stddef.h>

#if (defined(__x86_64__) || defined(__aarch64__)) && defined(__ELF__) && \
    !(defined(__CET__) && (__CET__ & 2))
#define EV_CTX_ASM 1
typedef struct ev_ctx {
    void *sp; /* saved stack pointer of a suspended context */
} ev_ctx;
#else
#include <ucontext.h>
#define EV_CTX_ASM 0
typedef struct ev_ctx {
    ucontext_t uc;
    void (*entry)(void *);
    void *arg;
} ev_ctx;
#endif

/* Prepare c so that the first switch to it runs entry(arg) on the stack
 * [stack, stack + size).  entry must never return: it ends by switching away
 * for the last time. */
int ev_ctx_init(ev_ctx *c, void *stack, size_t size, void (*entry)(void *), void *arg);
/* Save the running context in `from` and continue `to`; returns when some
 * other context switches back to `from`. */
void ev_ctx_switch(ev_ctx *from, ev_ctx *to);

#endif
