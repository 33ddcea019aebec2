/*
 * gen.c - generators: each running generator gets its own small C stack.
 *
 * The interpreter is a recursive tree-walker, so a generator body suspended
 * at `yield` has live C frames.  Rather than make every evaluator function
 * resumable, a generator runs on its own stack (mmap'd, with a guard page)
 * and `yield` switches back to whoever resumed it (swapcontext).  Stacks are
 * reserved lazily, charged against the memory limit, and capped in number.
 *
 * Closing a suspended generator (it is freed, or closed explicitly) throws
 * GeneratorExit into it so its `finally` blocks run, as in CPython; one that
 * yields again, and every generator still suspended at session teardown, is
 * unwound with an uncatchable condition instead.
 */
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#include "evaluator/gen.h"
#include "evaluator/node.h"

#if defined(__SANITIZE_ADDRESS__)
#define GEN_STACK_BYTES ((size_t)32 << 20)
void __sanitizer_start_switch_fiber(void **fake_stack_save, const void *bottom, size_t size);
void __sanitizer_finish_switch_fiber(void *fake_stack_save, const void **bottom_old, size_t *size_old);
#define FIBER_START(save, bottom, size) __sanitizer_start_switch_fiber(save, bottom, size)
#define FIBER_FINISH(save, bottom, size) __sanitizer_finish_switch_fiber(save, bottom, size)
#else
#define GEN_STACK_BYTES ((size_t)8 << 20) /* reserved; pages commit as used */
#define FIBER_START(save, bottom, size) ((void)(save), (void)(bottom), (void)(size))
#define FIBER_FINISH(save, bottom, size) ((void)(save), (void)(bottom), (void)(size))
#endif

#define GEN_STACK_MARGIN ((size_t)64 << 10)
#define GEN_MEMORY_CHARGE ((size_t)64 << 10) /* what a used stack costs, roughly */
#define GEN_MAX_LIVE 2048

enum { GEN_CREATED, GEN_SUSPENDED, GEN_RUNNING, GEN_DONE };

struct ev_gen_impl {
    ucontext_t ctx;          /* the generator's own context */
    ucontext_t back;         /* whoever resumed it */
    void *stack;             /* mapping including the guard page */
    size_t map_size;
    /* the resumer's view, restored when the generator yields */
    ev_frame *saved_frame;
    uint32_t saved_depth;
    uintptr_t saved_stack_limit;
    ev_gen *saved_gen;
    /* the generator's own view, restored when it is resumed */
    ev_frame *inner_frame;
    uint32_t inner_depth;
    /* sanitizer bookkeeping for the stack switch */
    void *fake_stack;
    const void *back_bottom;
    size_t back_size;
};

static void gen_release_stack(ev_interp *I, ev_gen *g)
{
    if (!g->impl)
        return;
    if (g->impl->stack) {
        munmap(g->impl->stack, g->impl->map_size);
        I->mem_used -= GEN_MEMORY_CHARGE;
        I->live_gens--;
    }
    ev_dealloc(I, g->impl);
    g->impl = NULL;
}

ev_value ev_gen_new(ev_interp *I, ev_func *f, ev_value *slots_steal)
{
    ev_gen *g = ev_alloc(I, sizeof *g);
    if (!g) {
        for (uint32_t i = 0; i < f->def->nslots; i++)
            if (!EV_IS_ERR(slots_steal[i]))
                ev_decref(I, slots_steal[i]);
        ev_dealloc(I, slots_steal);
        return ev_raise_nomem(I);
    }
    memset(g, 0, sizeof *g);
    g->h.refcnt = 1;
    g->h.kind = EV_O_GEN;
    g->func = f;
    f->h.refcnt++;
    g->slots = slots_steal;
    g->state = GEN_CREATED;
    g->transfer = EV_NONE;
    return ev_obj_val(&g->h);
}

/* Runs on the generator's stack; never returns. */
static void gen_entry(unsigned lo, unsigned hi)
{
    ev_gen *g = (ev_gen *)(((uintptr_t)hi << 32) | (uintptr_t)lo);
    ev_interp *I = g->interp;
    struct ev_gen_impl *im = g->impl;
    FIBER_FINISH(NULL, &im->back_bottom, &im->back_size);
    ev_value ret = EV_NONE;
    int r = ev_gen_run_body(I, g, &ret);
    if (r < 0 && !I->limit && ev_is(I->exc, EV_O_EXC) &&
        ((ev_exc *)I->exc.u.o)->type == &ev_type_StopIteration)
        (void)ev_raise(I, &ev_type_RuntimeError, "generator raised StopIteration");
    g->result = r < 0 ? -1 : 0;
    g->transfer = r < 0 ? EV_NONE : ret;
    g->state = GEN_DONE;
    FIBER_START(NULL, im->back_bottom, im->back_size); /* this fiber ends */
    setcontext(&im->back);
}

static int gen_start(ev_interp *I, ev_gen *g)
{
    if (I->live_gens >= GEN_MAX_LIVE) {
        ev_raise(I, &ev_type_RuntimeError,
                 "too many suspended generators (more than %d); safepy limits them", GEN_MAX_LIVE);
        return -1;
    }
    if (ev_mem_reserve(I, GEN_MEMORY_CHARGE))
        return -1;
    struct ev_gen_impl *im = ev_alloc(I, sizeof *im);
    if (!im) {
        ev_raise_nomem(I);
        return -1;
    }
    memset(im, 0, sizeof *im);
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    im->map_size = GEN_STACK_BYTES + page;
    im->stack = mmap(NULL, im->map_size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                     -1, 0);
    if (im->stack == MAP_FAILED) {
        ev_dealloc(I, im);
        ev_raise_nomem(I);
        return -1;
    }
    mprotect(im->stack, page, PROT_NONE); /* the guard page: stacks grow down */
    I->mem_used += GEN_MEMORY_CHARGE;
    I->live_gens++;
    g->impl = im;
    g->interp = I;
    if (getcontext(&im->ctx) != 0) {
        gen_release_stack(I, g);
        ev_raise_nomem(I);
        return -1;
    }
    im->ctx.uc_stack.ss_sp = (char *)im->stack + page;
    im->ctx.uc_stack.ss_size = GEN_STACK_BYTES;
    im->ctx.uc_link = NULL;
    uintptr_t p = (uintptr_t)g;
    makecontext(&im->ctx, (void (*)(void))gen_entry, 2, (unsigned)(p & 0xFFFFFFFFu), (unsigned)(p >> 32));
    return 0;
}

int ev_gen_resume(ev_interp *I, ev_gen *g, ev_value send, bool throw_mode, ev_value *out)
{
    if (g->state == GEN_RUNNING) {
        ev_raise(I, &ev_type_ValueError, "generator already executing");
        return -1;
    }
    if (g->state == GEN_DONE) {
        if (throw_mode)
            return -1; /* the thrown exception propagates */
        *out = EV_NONE;
        return 0;
    }
    if (g->state == GEN_CREATED) {
        if (send.tag != EV_T_NONE && !throw_mode) {
            ev_raise(I, &ev_type_TypeError, "can't send non-None value to a just-started generator");
            return -1;
        }
        if (throw_mode) {
            /* thrown before it started: it finishes without running */
            g->state = GEN_DONE;
            return -1;
        }
        if (gen_start(I, g))
            return -1;
        g->impl->inner_depth = 0;
        g->impl->inner_frame = NULL;
    }
    struct ev_gen_impl *im = g->impl;
    im->saved_frame = I->frame;
    im->saved_depth = I->depth;
    im->saved_stack_limit = I->stack_limit;
    im->saved_gen = I->cur_gen;
    if (g->state == GEN_SUSPENDED)
        I->frame = im->inner_frame;
    I->depth += im->inner_depth;
    I->stack_limit = (uintptr_t)im->ctx.uc_stack.ss_sp + GEN_STACK_MARGIN;
    I->cur_gen = g;
    g->transfer = ev_dup(send);
    g->throwing = throw_mode;
    g->state = GEN_RUNNING;
    FIBER_START(&im->fake_stack, im->ctx.uc_stack.ss_sp, im->ctx.uc_stack.ss_size);
    swapcontext(&im->back, &im->ctx);
    FIBER_FINISH(im->fake_stack, NULL, NULL);
    I->frame = im->saved_frame;
    I->depth = im->saved_depth;
    I->stack_limit = im->saved_stack_limit;
    I->cur_gen = im->saved_gen;
    int r = g->result;
    *out = g->transfer;
    g->transfer = EV_NONE;
    if (g->state == GEN_DONE)
        gen_release_stack(I, g);
    else
        g->state = GEN_SUSPENDED;
    return r;
}

int ev_gen_yield(ev_interp *I, ev_value value, ev_value *sent)
{
    ev_gen *g = I->cur_gen;
    struct ev_gen_impl *im = g->impl;
    g->transfer = ev_dup(value);
    g->result = 1;
    im->inner_frame = I->frame;
    im->inner_depth = I->depth - im->saved_depth;
    FIBER_START(&im->fake_stack, im->back_bottom, im->back_size);
    swapcontext(&im->ctx, &im->back);
    FIBER_FINISH(im->fake_stack, &im->back_bottom, &im->back_size);
    /* resumed: ev_gen_resume has restored the generator's view */
    ev_value in = g->transfer;
    g->transfer = EV_NONE;
    if (g->throwing || I->limit) {
        ev_decref(I, in);
        return -1; /* the exception (or limit) is already pending */
    }
    *sent = in;
    return 0;
}

/* Close a suspended generator: GeneratorExit first, then force. */
static void gen_close(ev_interp *I, ev_gen *g, bool force)
{
    if (g->state != GEN_SUSPENDED)
        return;
    ev_value saved_exc = I->exc;
    const char *saved_limit = I->limit;
    I->exc = EV_NONE;
    ev_value out;
    int r;
    if (!force && !saved_limit) {
        ev_value args = ev_tuple_new(I, 0);
        ev_value e = EV_IS_ERR(args) ? EV_ERR : ev_exc_new(I, &ev_type_GeneratorExit, args);
        if (!EV_IS_ERR(e)) {
            I->exc = e;
            r = ev_gen_resume(I, g, EV_NONE, true, &out);
            if (r >= 0)
                ev_decref(I, out);
        }
    }
    if (g->state == GEN_SUSPENDED) {
        /* it yielded again, or we must not run its code: unwind it with an
         * uncatchable condition that skips except and finally */
        ev_decref(I, I->exc);
        I->exc = EV_NONE;
        I->limit = "generator-close";
        r = ev_gen_resume(I, g, EV_NONE, true, &out);
        if (r >= 0)
            ev_decref(I, out);
    }
    ev_decref(I, I->exc);
    I->exc = saved_exc;
    I->limit = saved_limit;
    if (g->state == GEN_SUSPENDED)
        g->state = GEN_DONE; /* cannot happen: a forced unwind always ends it */
}

static ev_value gen_close_value(ev_interp *I, ev_gen *g)
{
    gen_close(I, g, false);
    return EV_NONE;
}

void ev_gen_free(ev_interp *I, ev_gen *g)
{
    gen_close(I, g, I->tearing_down);
    gen_release_stack(I, g);
    if (g->slots) {
        for (uint32_t i = 0; i < g->func->def->nslots; i++)
            if (!EV_IS_ERR(g->slots[i]))
                ev_decref(I, g->slots[i]);
        ev_dealloc(I, g->slots);
    }
    ev_decref(I, g->transfer);
    ev_decref(I, ev_obj_val(&g->func->h));
}

int ev_gen_next(ev_interp *I, ev_gen *g, ev_value *out)
{
    int r = ev_gen_resume(I, g, EV_NONE, false, out);
    if (r == 0)
        ev_decref(I, *out);
    return r;
}

/* ---- methods --------------------------------------------------------------------- */

static ev_value gm_send(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc;
    ev_value out;
    int r = ev_gen_resume(I, (ev_gen *)self.u.o, argv[0], false, &out);
    if (r < 0)
        return EV_ERR;
    if (r == 0) {
        ev_value args = ev_tuple_new(I, out.tag == EV_T_NONE ? 0 : 1);
        if (EV_IS_ERR(args)) {
            ev_decref(I, out);
            return args;
        }
        if (out.tag != EV_T_NONE)
            ev_as_tuple(args)->items[0] = out;
        ev_value e = ev_exc_new(I, &ev_type_StopIteration, args);
        return EV_IS_ERR(e) ? e : ev_raise_value(I, e);
    }
    return out;
}

static ev_value gm_throw(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value e = argv[0];
    if (ev_is(e, EV_O_TYPE) && ev_type_is_subclass((ev_type *)e.u.o, &ev_type_BaseException)) {
        ev_value args = argc > 1 ? ev_tuple_new(I, 1) : ev_tuple_new(I, 0);
        if (EV_IS_ERR(args))
            return args;
        if (argc > 1)
            ev_as_tuple(args)->items[0] = ev_dup(argv[1]);
        e = ev_exc_new(I, (ev_type *)e.u.o, args);
        if (EV_IS_ERR(e))
            return e;
    } else if (ev_is(e, EV_O_EXC)) {
        ev_incref(e);
    } else {
        return ev_raise(I, &ev_type_TypeError, "exceptions must be classes or instances deriving from BaseException, not %s",
                        ev_type_name(e));
    }
    ev_raise_value(I, e);
    ev_value out;
    int r = ev_gen_resume(I, (ev_gen *)self.u.o, EV_NONE, true, &out);
    if (r < 0)
        return EV_ERR;
    if (r == 0) {
        ev_decref(I, out);
        ev_value args = ev_tuple_new(I, 0);
        ev_value se = EV_IS_ERR(args) ? args : ev_exc_new(I, &ev_type_StopIteration, args);
        return EV_IS_ERR(se) ? se : ev_raise_value(I, se);
    }
    return out;
}

static ev_value gm_close(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc;
    (void)argv;
    return gen_close_value(I, (ev_gen *)self.u.o);
}

const ev_builtin_def ev_gen_methods[] = {
    {"send", gm_send, 1, 1, 0},
    {"throw", gm_throw, 1, 2, 0},
    {"close", gm_close, 0, 0, 0},
    {NULL, NULL, 0, 0, 0},
};
