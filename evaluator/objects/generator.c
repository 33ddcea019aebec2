/*
 * generator.c - generators.
 *
 * The interpreter is a recursive tree-walker, so a generator body suspended
 * at `yield` has live C frames.  Rather than make every evaluator function
 * resumable, a generator function runs on its own C stack and `yield`
 * switches back to whoever resumed it (ctxswitch.c: a register switch, no
 * system call).  Stacks come from a per-session pool of mappings with a guard
 * page each; a stack is taken at the first resume and given back when the
 * generator ends, and while held it is charged against the memory limit and
 * counted against a cap.
 *
 * A generator expression needs no stack: its body is only `for` and `if`
 * clauses around one expression, so its whole suspended state is the open
 * iterator of each `for` clause, and resuming it re-enters the innermost
 * loop (comp_step).  `sum(x for x in xs)` costs no mapping and no switch.
 *
 * Closing a suspended generator (it is freed, or closed explicitly) throws
 * GeneratorExit into it so its `finally` blocks run, as in CPython; one that
 * yields again, and every generator still suspended at session teardown, is
 * unwound with an uncatchable condition instead.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "evaluator/ctxswitch.h"
#include "evaluator/gen.h"
#include "evaluator/interp_int.h"

#if defined(__SANITIZE_ADDRESS__)
#define GEN_STACK_BYTES ((size_t)32 << 20)
void __sanitizer_start_switch_fiber(void **fake_stack_save, const void *bottom, size_t size);
void __sanitizer_finish_switch_fiber(void *fake_stack_save, const void **bottom_old, size_t *size_old);
void __asan_unpoison_memory_region(void const volatile *addr, size_t size);
#define FIBER_START(save, bottom, size) __sanitizer_start_switch_fiber(save, bottom, size)
#define FIBER_FINISH(save, bottom, size) __sanitizer_finish_switch_fiber(save, bottom, size)
#define NO_ASAN __attribute__((no_sanitize_address))
#else
#define GEN_STACK_BYTES ((size_t)8 << 20) /* reserved; pages commit as used */
#define FIBER_START(save, bottom, size) ((void)(save), (void)(bottom), (void)(size))
#define FIBER_FINISH(save, bottom, size) ((void)(save), (void)(bottom), (void)(size))
#define NO_ASAN
#endif

#define GEN_STACK_MARGIN ((size_t)64 << 10)
#define GEN_MEMORY_CHARGE ((size_t)64 << 10) /* what a used stack costs, roughly */
#define GEN_MAX_LIVE 2048
/* Stacks kept for reuse, and how much of a kept stack may stay committed:
 * a stack that went deeper gives the rest back to the system first.  The
 * first GEN_POOL_WARM_N kept may stay deep; the others keep a shallow top
 * only.  Generators in garbage cycles give their stacks back in batches,
 * one per collection (a collection comes at least every 128 new suspended
 * generators: gc_gen_mark), and the next batch takes them again: kept,
 * they cost no mmap, munmap and page faults each. */
#define GEN_POOL_KEEP 256
#define GEN_POOL_WARM_N 16
#define GEN_POOL_WARM ((size_t)256 << 10)
#define GEN_POOL_COLD ((size_t)32 << 10)


/* ---- the stack pool ------------------------------------------------------------- */

typedef struct gen_stack {
    struct gen_stack *next_free;
    struct gen_stack *prev, *next; /* every stack of the session */
    void *map;                     /* guard page, then the stack */
    size_t map_size;
    char *base;                    /* lowest usable address */
    size_t size;
} gen_stack;

struct ev_gen_pool {
    gen_stack *all;
    gen_stack *free;
    uint32_t nfree;
    size_t page;
};

static void stack_unmap(struct ev_gen_pool *p, gen_stack *s)
{
    if (s->prev)
        s->prev->next = s->next;
    else
        p->all = s->next;
    if (s->next)
        s->next->prev = s->prev;
    munmap(s->map, s->map_size);
    free(s);
}

/* The pool's bookkeeping uses malloc, not the session allocator: it must
 * outlive ev_mem_release_all at teardown, which frees the generators. */
static gen_stack *stack_get(ev_interp *I)
{
    struct ev_gen_pool *p = I->gen_pool;
    if (!p) {
        p = calloc(1, sizeof *p);
        if (!p)
            return NULL;
        p->page = (size_t)sysconf(_SC_PAGESIZE);
        I->gen_pool = p;
    }
    gen_stack *s = p->free;
    if (s) {
        p->free = s->next_free;
        p->nfree--;
        s->next_free = NULL;
        return s;
    }
    s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->map_size = GEN_STACK_BYTES + p->page;
    s->map = mmap(NULL, s->map_size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                  -1, 0);
    if (s->map == MAP_FAILED) {
        free(s);
        return NULL;
    }
    /* the guard page: stacks grow down, and a fault beats silent corruption */
    if (mprotect(s->map, p->page, PROT_NONE) != 0) {
        munmap(s->map, s->map_size);
        free(s);
        return NULL;
    }
    s->base = (char *)s->map + p->page;
    s->size = GEN_STACK_BYTES;
    s->next = p->all;
    if (p->all)
        p->all->prev = s;
    p->all = s;
    return s;
}

NO_ASAN static bool page_touched(const char *page, size_t n)
{
    const uint64_t *w = (const uint64_t *)page;
    for (size_t i = 0; i < n / sizeof *w; i++)
        if (w[i])
            return true;
    return false;
}

static bool marks_intact(const gen_stack *s, size_t charged);

/* s goes back to the pool; `charged` is the depth its generator was charged
 * for, with marker words just below it (gen_charge_depth). */
static void stack_put(ev_interp *I, gen_stack *s, size_t charged)
{
    struct ev_gen_pool *p = I->gen_pool;
    if (p->nfree >= GEN_POOL_KEEP) {
        stack_unmap(p, s);
        return;
    }
    /* Untouched pages read as zeros: if the page at the kept depth was
     * written, the body went deeper and its dirty pages are given back.
     * When that page lies below the charged part and the marks there are
     * intact, the body never got that deep: the page is not read (reading
     * 4 KiB per finished generator was half of a coroutine benchmark). */
    size_t depth = p->nfree < GEN_POOL_WARM_N ? GEN_POOL_WARM : GEN_POOL_COLD;
    char *keep = s->base + s->size - depth;
    bool shallow = charged + 4096 <= depth && marks_intact(s, charged);
    if (!shallow && page_touched(keep, p->page))
        madvise(s->base, (size_t)(keep + p->page - s->base), MADV_DONTNEED);
#if defined(__SANITIZE_ADDRESS__)
    /* the last frames of the finished body never returned: clear their
     * redzones so the next generator's frames start clean */
    __asan_unpoison_memory_region(s->base + s->size - GEN_POOL_WARM, GEN_POOL_WARM);
#endif
    s->next_free = p->free;
    p->free = s;
    p->nfree++;
}

void ev_gen_pool_free(ev_interp *I)
{
    struct ev_gen_pool *p = I->gen_pool;
    if (!p)
        return;
    while (p->all)
        stack_unmap(p, p->all);
    free(p);
    I->gen_pool = NULL;
}

/* ---- generators on their own stack ------------------------------------------------- */

struct ev_gen_impl {
    ev_ctx ctx;              /* the generator's own context */
    ev_ctx back;             /* whoever resumed it */
    gen_stack *stack;
    /* the resumer's view, restored when the generator yields */
    ev_frame *saved_frame;
    uint32_t saved_depth;
    uintptr_t saved_stack_limit;
    ev_gen *saved_gen;
    /* the generator's own view, restored when it is resumed */
    ev_frame *inner_frame;
    uint32_t inner_depth;
    /* the exception a handler of the generator's frames was handling when
     * it yielded (CPython's gi_exc_state), borrowed from that handler */
    ev_obj *own_handling;
    size_t charged;          /* bytes of this stack charged to the memory limit */
    /* sanitizer bookkeeping for the stack switch */
    void *fake_back, *fake_gen;
    const void *back_bottom;
    size_t back_size;
};

static void gen_release_stack(ev_interp *I, ev_gen *g)
{
    if (!g->impl)
        return;
    if (g->impl->stack) {
        stack_put(I, g->impl->stack, g->impl->charged);
        I->mem_used -= g->impl->charged;
        I->live_gens--;
    }
    ev_dealloc(I, g->impl);
    g->impl = NULL;
}

/* The body of a generator expression, when g is one (see lw_lower_comprehension:
 * a block holding `return <N_COMPBODY>`). */
static const ev_node *comp_body(const ev_func *f)
{
    if (f->def->compgen)
        return f->def->compgen;
    const ev_node *b = f->def->body;
    if (!b || b->kind != N_BLOCK || b->n != 1 || b->list[0]->kind != N_RETURN)
        return NULL;
    const ev_node *c = b->list[0]->a;
    if (!c || c->kind != N_COMPBODY || c->op != COMP_GEN || c->n == 0 || c->list[0]->kind != N_COMPFOR)
        return NULL;
    return c;
}

ev_value ev_gen_new(ev_interp *I, ev_func *f, ev_value *slots_steal)
{
    /* a container: its frame can hold it back (me = yield; self.gen = self.run()) */
    ev_gen *g = ev_alloc_gc(I, sizeof *g);
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
    g->yf = EV_NONE;
    g->flavor = f->def->coroutine;
    g->comp = g->flavor ? NULL : comp_body(f);
    ev_gc_track(I, &g->h);
    return ev_obj_val(&g->h);
}

/* The stack's high-water mark, charged to the memory limit.  A suspended
 * generator keeps the pages its body dirtied (a deep recursion that returned
 * before the yield), so what it holds is the deepest point reached, not the
 * depth at the yield.  Marker words in the page just below the charged part
 * tell, at each yield, whether the body went deeper; only then are the pages
 * below scanned (untouched ones read as zeros) and the charge raised. */
#define GEN_MARKS 4
static uintptr_t mark_value(const uint64_t *at)
{
    return (uintptr_t)0x5afe57acc0ffee55u ^ (uintptr_t)at;
}

static uint64_t *mark_slot(const gen_stack *s, size_t charged, int i)
{
    char *boundary = s->base + s->size - charged;
    return (uint64_t *)(boundary - 8 - (size_t)i * 1024);
}

NO_ASAN static void marks_set(const gen_stack *s, size_t charged)
{
    if (charged + 4096 > s->size)
        return;
    for (int i = 0; i < GEN_MARKS; i++) {
        uint64_t *w = mark_slot(s, charged, i);
        *w = mark_value(w);
    }
}

NO_ASAN static bool marks_intact(const gen_stack *s, size_t charged)
{
    if (charged + 4096 > s->size)
        return true;
    for (int i = 0; i < GEN_MARKS; i++) {
        const uint64_t *w = mark_slot(s, charged, i);
        if (*w != mark_value(w))
            return false;
    }
    return true;
}

/* Called on the generator's stack at a yield: 0, or -1 with the memory
 * limit set. */
static int gen_charge_depth(ev_interp *I, struct ev_gen_impl *im)
{
    const gen_stack *s = im->stack;
    if (marks_intact(s, im->charged))
        return 0;
    size_t page = I->gen_pool->page;
    size_t used = im->charged;
    while (used + page <= s->size && page_touched(s->base + s->size - used - page, page))
        used += page;
    /* never below the frames live now: the new marks must land in free stack */
    char probe;
    size_t live = (size_t)((uintptr_t)(s->base + s->size) - (uintptr_t)&probe) + 2 * page;
    if (used < live)
        used = live;
    used = (used + GEN_MEMORY_CHARGE - 1) / GEN_MEMORY_CHARGE * GEN_MEMORY_CHARGE;
    if (used > s->size)
        used = s->size;
    if (used > im->charged) {
        if (ev_mem_reserve(I, used - im->charged))
            return -1;
        I->mem_used += used - im->charged;
        im->charged = used;
    }
    marks_set(s, im->charged);
    return 0;
}

/* Runs on the generator's stack; never returns. */
/* PEP 479: a StopIteration escaping a generator becomes RuntimeError, with
 * the StopIteration as its __cause__ (CPython's _PyErr_FormatFromCause). */
static void stopiteration_to_runtime(ev_interp *I, const ev_gen *g)
{
    ev_value stop = I->exc;
    I->exc = EV_NONE;
    bool sai = ev_type_is_subclass(((ev_exc *)stop.u.o)->type, &ev_type_StopAsyncIteration);
    (void)ev_raise(I, &ev_type_RuntimeError, "%s raised %s", ev_gen_kind(g), sai ? "StopAsyncIteration" : "StopIteration");
    if (ev_is(I->exc, EV_O_EXC)) {
        ev_exc *e = (ev_exc *)I->exc.u.o;
        ev_decref(I, e->cause);
        ev_decref(I, e->context);
        e->cause = ev_dup(stop);
        e->context = stop;
        e->suppress_context = true;
    } else {
        ev_decref(I, stop);
    }
}

static void gen_entry(void *arg)
{
    ev_gen *g = arg;
    ev_interp *I = g->interp;
    struct ev_gen_impl *im = g->impl;
    FIBER_FINISH(NULL, &im->back_bottom, &im->back_size);
    ev_value ret = EV_NONE;
    int r = ev_gen_run_body(I, g, &ret);
    if (r < 0 && !I->limit && ev_is(I->exc, EV_O_EXC) &&
        (ev_type_is_subclass(((ev_exc *)I->exc.u.o)->type, &ev_type_StopIteration) ||
         (g->flavor == EV_CORO_ASYNCGEN &&
          ev_type_is_subclass(((ev_exc *)I->exc.u.o)->type, &ev_type_StopAsyncIteration))))
        stopiteration_to_runtime(I, g);
    g->wrapped = false;
    g->result = r < 0 ? -1 : 0;
    g->transfer = r < 0 ? EV_NONE : ret;
    g->state = GEN_DONE;
    FIBER_START(NULL, im->back_bottom, im->back_size); /* this fiber ends */
    ev_ctx_switch(&im->ctx, &im->back);
    abort(); /* a finished generator is never switched to */
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
    im->stack = stack_get(I);
    if (!im->stack) {
        ev_dealloc(I, im);
        ev_raise_nomem(I);
        return -1;
    }
    I->mem_used += GEN_MEMORY_CHARGE;
    im->charged = GEN_MEMORY_CHARGE;
    marks_set(im->stack, im->charged);
    if (++I->live_gens > I->gc_gen_mark)
        I->gc_countdown = 0;
    g->impl = im;
    g->interp = I;
    if (ev_ctx_init(&im->ctx, im->stack->base, im->stack->size, gen_entry, g) != 0) {
        gen_release_stack(I, g);
        ev_raise_nomem(I);
        return -1;
    }
    return 0;
}

/* ---- generator expressions, stepped on the caller's stack -------------------------- */

static void comp_release(ev_interp *I, ev_gen *g)
{
    if (!g->comp_its)
        return;
    for (uint32_t i = 0; i < g->comp->n; i++)
        if (!EV_IS_ERR(g->comp_its[i]))
            ev_decref(I, g->comp_its[i]);
    ev_dealloc(I, g->comp_its);
    g->comp_its = NULL;
}

/* The `for` clause that encloses clause i, or -1. */
static int32_t comp_outer_for(const ev_node *body, int32_t i)
{
    while (--i >= 0 && body->list[i]->kind != N_COMPFOR)
        ;
    return i;
}

/* Runs the clauses until the next value: 1 yielded (*out), 0 exhausted,
 * -1 raised.  The clauses run in order, like comp_loop in interp.c: a `for`
 * takes the next item of its iterator (opened when first reached), an `if`
 * that fails goes back to the enclosing `for`, and past the last clause the
 * element is the value.  The next step starts at the innermost `for`. */
static int comp_step(ev_interp *I, ev_gen *g, ev_value *out)
{
    const ev_node *body = g->comp;
    const ev_funcdef *d = g->func->def;
    frame F = {.f = {.back = I->frame, .def = d, .slots = g->slots, .cur = d->body->list[0],
                     .prog = d->prog, .closure = g->func->closure},
               .retval = EV_NONE, .handling = EV_NONE};
    if (I->depth >= I->max_depth) {
        recursion_error(I);
        return -1;
    }
    int32_t i;
    if (!g->comp_its) {
        g->comp_its = ev_alloc(I, body->n * sizeof(ev_value));
        if (!g->comp_its) {
            ev_raise_nomem(I);
            return -1;
        }
        for (uint32_t k = 0; k < body->n; k++)
            g->comp_its[k] = EV_ERR;
        i = 0;
    } else {
        i = comp_outer_for(body, (int32_t)body->n);
    }
    I->frame = &F.f;
    I->depth++;
    int r = -1;
    /* a generator function run this way (body->c, its yield) reports the
     * line of the statement at work, as its own code would */
    bool stmts = body->c != NULL;
    for (;;) {
        if (stmts) {
            F.f.cur = i == (int32_t)body->n ? body->c : body->list[i];
            F.err_node = NULL;
        }
        if (i == (int32_t)body->n) {
            ev_value v = ix_eval(I, &F, body->a);
            if (EV_IS_ERR(v))
                break;
            *out = v;
            r = 1;
            break;
        }
        const ev_node *c = body->list[i];
        if (c->kind == N_COMPIF) {
            ev_value cond = ix_eval(I, &F, c->a);
            if (EV_IS_ERR(cond))
                break;
            int t = ev_truth(I, cond);
            ev_decref(I, cond);
            if (t < 0)
                break;
            i = t ? i + 1 : comp_outer_for(body, i);
            continue;
        }
        ev_value *it = &g->comp_its[i];
        if (EV_IS_ERR(*it)) {
            ev_value src = ix_eval(I, &F, c->b);
            if (EV_IS_ERR(src))
                break;
            *it = ev_iter(I, src);
            ev_decref(I, src);
            if (EV_IS_ERR(*it))
                break;
        }
        ev_value x;
        int n = ev_next(I, *it, &x);
        if (n < 0)
            break;
        if (n == 0) {
            ev_decref(I, *it);
            *it = EV_ERR;
            i = comp_outer_for(body, i);
            if (i < 0) {
                r = 0;
                break;
            }
            continue;
        }
        n = ix_assign_move(I, &F, c->a, x);
        if (n || ev_tick(I))
            break;
        i++;
    }
    I->depth--;
    I->frame = F.f.back;
    if (r < 0) {
        if (!I->limit) {
            if (ev_is(I->exc, EV_O_EXC) &&
                ev_type_is_subclass(((ev_exc *)I->exc.u.o)->type, &ev_type_StopIteration))
                stopiteration_to_runtime(I, g);
            else
                ix_add_traceback(I, &F, d->name->data);
        }
    }
    if (r <= 0)
        comp_release(I, g);
    return r;
}

/* throw() into a suspended generator expression: the exception surfaces at
 * its yield point, where nothing can catch it, and ends it. */
static int comp_throw(ev_interp *I, ev_gen *g)
{
    if (!I->limit) {
        const ev_funcdef *d = g->func->def;
        /* a generator function's exception surfaces at its yield statement */
        frame F = {.f = {.back = I->frame, .def = d, .slots = g->slots,
                         .cur = g->comp->c ? g->comp->c : d->body->list[0], .prog = d->prog,
                         .closure = g->func->closure},
                   .retval = EV_NONE, .handling = EV_NONE};
        ix_add_traceback(I, &F, d->name->data);
        if (ev_is(I->exc, EV_O_EXC) && ev_type_is_subclass(((ev_exc *)I->exc.u.o)->type, &ev_type_StopIteration))
            stopiteration_to_runtime(I, g); /* PEP 479: it left the generator's frame */
    }
    comp_release(I, g);
    g->state = GEN_DONE;
    return -1;
}

/* throw() into a generator that never ran: as CPython, the exception
 * passes through the generator's frame at its first line (the def, or the
 * generator expression) and a StopIteration leaving it becomes the
 * RuntimeError of PEP 479. */
static __attribute__((noinline)) void throw_unstarted(ev_interp *I, ev_gen *g)
{
    if (I->limit || !ev_is(I->exc, EV_O_EXC))
        return;
    const ev_funcdef *d = g->func->def;
    ev_node at = {.line = d->line, .end_line = d->line};
    frame F = {.f = {.back = I->frame, .def = d, .slots = g->slots, .cur = &at, .prog = d->prog,
                     .closure = g->func->closure},
               .retval = EV_NONE, .handling = EV_NONE};
    ix_add_traceback(I, &F, d->name->data);
    if (ev_type_is_subclass(((ev_exc *)I->exc.u.o)->type, &ev_type_StopIteration))
        stopiteration_to_runtime(I, g);
}

ev_value ev_raise_empty(ev_interp *I, ev_type *t)
{
    ev_value args = ev_tuple_new(I, 0);
    if (EV_IS_ERR(args))
        return args;
    ev_value e = ev_exc_new(I, t, args);
    return EV_IS_ERR(e) ? e : ev_raise_value(I, e);
}

/* ---- resume and yield ------------------------------------------------------------------ */

/* Inlined into next() too: after a stack switch every return mispredicts,
 * so each call level around the switch costs. */
static inline __attribute__((always_inline)) int gen_resume(ev_interp *I, ev_gen *g, ev_value send,
                                                            bool throw_mode, ev_value *out)
{
    if (g->state == GEN_RUNNING) {
        ev_raise(I, &ev_type_ValueError, "%s already executing", ev_gen_kind(g));
        return -1;
    }
    if (g->state == GEN_DONE) {
        if (throw_mode && g->flavor == EV_CORO_CORO) {
            /* CPython's gen_send_ex: the thrown exception is replaced */
            ev_decref(I, I->exc);
            I->exc = EV_NONE;
            ev_raise(I, &ev_type_RuntimeError, "cannot reuse already awaited coroutine");
            return -1;
        }
        if (throw_mode)
            return -1; /* the thrown exception propagates */
        if (__builtin_expect(g->flavor != 0, 0)) {
            if (g->flavor == EV_CORO_CORO)
                ev_raise(I, &ev_type_RuntimeError, "cannot reuse already awaited coroutine");
            else
                (void)ev_raise_empty(I, &ev_type_StopAsyncIteration);
            return -1;
        }
        *out = EV_NONE;
        return 0;
    }
    if (g->state == GEN_CREATED) {
        if (send.tag != EV_T_NONE && !throw_mode) {
            ev_raise(I, &ev_type_TypeError, "can't send non-None value to a just-started %s", ev_gen_kind(g));
            return -1;
        }
        if (throw_mode) {
            /* thrown before it started: it finishes without running */
            g->state = GEN_DONE;
            throw_unstarted(I, g);
            return -1;
        }
        if (!g->comp) {
            if (gen_start(I, g))
                return -1;
            g->impl->inner_depth = 0;
            g->impl->inner_frame = NULL;
        }
    }
    if (g->comp) {
        if (throw_mode)
            return comp_throw(I, g);
        g->state = GEN_RUNNING;
        int r = comp_step(I, g, out);
        g->state = r == 1 ? GEN_SUSPENDED : GEN_DONE;
        if (r == 0)
            *out = EV_NONE;
        return r;
    }
    struct ev_gen_impl *im = g->impl;
    im->saved_frame = I->frame;
    im->saved_depth = I->depth;
    im->saved_stack_limit = I->stack_limit;
    im->saved_gen = I->cur_gen;
    if (g->state == GEN_SUSPENDED)
        I->frame = im->inner_frame;
    I->depth += im->inner_depth;
    I->stack_limit = (uintptr_t)im->stack->base + GEN_STACK_MARGIN;
    I->cur_gen = g;
    g->transfer = ev_dup(send);
    g->throwing = throw_mode;
    g->state = GEN_RUNNING;
    /* as CPython chains exc_info: the generator's own handled exception
     * (one it was handling when it yielded) comes first, the resumer's
     * below it; its handlers save and restore only its own level, so none
     * keeps a resumer's exception past the resumption it came from */
    ev_obj *handling = I->handling, *outer = I->handling_outer;
    I->handling_outer = ev_handled(I);
    I->handling = im->own_handling;
    FIBER_START(&im->fake_back, im->stack->base, im->stack->size);
    ev_ctx_switch(&im->back, &im->ctx);
    FIBER_FINISH(im->fake_back, NULL, NULL);
    im->own_handling = g->state == GEN_DONE ? NULL : I->handling;
    I->handling = handling;
    I->handling_outer = outer;
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

int ev_gen_resume(ev_interp *I, ev_gen *g, ev_value send, bool throw_mode, ev_value *out)
{
    return gen_resume(I, g, send, throw_mode, out);
}

int ev_gen_yield(ev_interp *I, ev_value value, ev_value *sent, bool delegated)
{
    ev_gen *g = I->cur_gen;
    if (!g || !g->impl) {
        ev_decref(I, value);
        ev_raise(I, &ev_type_SyntaxError, "'yield' outside function");
        return -1;
    }
    struct ev_gen_impl *im = g->impl;
    if (gen_charge_depth(I, im)) {
        ev_decref(I, value);
        return -1; /* the memory limit: the generator unwinds */
    }
    g->transfer = value;
    g->result = 1;
    g->wrapped = !delegated && g->flavor == EV_CORO_ASYNCGEN;
    im->inner_frame = I->frame;
    im->inner_depth = I->depth - im->saved_depth;
    FIBER_START(&im->fake_gen, im->back_bottom, im->back_size);
    ev_ctx_switch(&im->ctx, &im->back);
    FIBER_FINISH(im->fake_gen, &im->back_bottom, &im->back_size);
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

static int close_iter(ev_interp *I, ev_gen *g);
static ev_value gen_throw(ev_interp *I, ev_gen *g, int argc, const ev_value *argv);

/* Close a suspended generator: GeneratorExit first, then force. */
static void gen_close(ev_interp *I, ev_gen *g, bool force)
{
    if (g->state != GEN_SUSPENDED)
        return;
    if (g->comp) {
        /* GeneratorExit at its yield could only propagate: just end it */
        comp_release(I, g);
        g->state = GEN_DONE;
        return;
    }
    ev_value saved_exc = I->exc;
    const char *saved_limit = I->limit;
    I->exc = EV_NONE;
    ev_value out;
    int r;
    if (!force && !saved_limit) {
        /* as gen_close_value: the delegate of a `yield from` first; an error
         * it raises is what the generator sees instead of GeneratorExit */
        int err = g->yf.tag != EV_T_NONE ? close_iter(I, g) : 0;
        ev_value args = err ? EV_ERR : ev_tuple_new(I, 0);
        ev_value e = EV_IS_ERR(args) ? EV_ERR : ev_exc_new(I, &ev_type_GeneratorExit, args);
        if (err && !I->limit) {
            e = I->exc;
            I->exc = EV_NONE;
        }
        if (!EV_IS_ERR(e) && e.tag != EV_T_NONE) {
            I->exc = e;
            r = ev_gen_resume(I, g, EV_NONE, true, &out);
            if (r >= 0)
                ev_decref(I, out);
        }
    }
    if (g->state == GEN_SUSPENDED) {
        /* it yielded again, or we must not run its code: unwind it with an
         * uncatchable condition that skips except and finally (a limit
         * already hit, e.g. making the GeneratorExit, does that too) */
        ev_decref(I, I->exc);
        I->exc = EV_NONE;
        if (!I->limit)
            I->limit = "generator-close";
        r = ev_gen_resume(I, g, EV_NONE, true, &out);
        if (r >= 0)
            ev_decref(I, out);
    }
    ev_decref(I, I->exc);
    I->exc = saved_exc;
    /* a limit the closing code hit (memory, time...) stays set: nothing may
     * outlast one; only the unwinding condition of this close goes */
    if (saved_limit || (I->limit && strcmp(I->limit, "generator-close") == 0))
        I->limit = saved_limit;
    if (g->state == GEN_SUSPENDED)
        g->state = GEN_DONE; /* cannot happen: a forced unwind always ends it */
}

/* ---- yield from: the delegate ---------------------------------------------------------- */

/* Delegates nest (a generator delegating to one delegating...): the C
 * recursion over them stops before the stack does. */
static bool stack_ok(ev_interp *I)
{
    char probe;
    return (uintptr_t)&probe > I->stack_limit;
}

bool ev_take_stop_value(ev_interp *I, ev_value *value)
{
    if (I->limit || !ev_is(I->exc, EV_O_EXC) ||
        !ev_type_is_subclass(((ev_exc *)I->exc.u.o)->type, &ev_type_StopIteration))
        return false;
    ev_tuple *args = ev_is(((ev_exc *)I->exc.u.o)->args, EV_O_TUPLE) ? ev_as_tuple(((ev_exc *)I->exc.u.o)->args) : NULL;
    *value = args && args->len ? ev_dup(args->items[0]) : EV_NONE;
    ev_decref(I, I->exc);
    I->exc = EV_NONE;
    return true;
}

static bool is_exc_class(ev_value v, ev_type *t)
{
    return ev_is(v, EV_O_TYPE) && ev_type_is_subclass((ev_type *)v.u.o, t);
}

static bool is_exc_of(ev_value v, ev_type *t)
{
    return is_exc_class(v, t) || (ev_is(v, EV_O_EXC) && ev_type_is_subclass(((ev_exc *)v.u.o)->type, t));
}

/* An attribute of a delegate, or EV_NONE when it has none (AttributeError
 * cleared, as CPython's _PyObject_LookupAttr); EV_ERR on another error. */
static ev_value delegate_method(ev_interp *I, ev_value yf, const char *name)
{
    ev_str *n = ev_intern(I, name, strlen(name));
    if (!n)
        return EV_ERR;
    ev_value m = ev_getattr(I, yf, n);
    if (EV_IS_ERR(m) && !I->limit && is_exc_of(I->exc, &ev_type_AttributeError)) {
        ev_decref(I, I->exc);
        I->exc = EV_NONE;
        return EV_NONE;
    }
    return m;
}

static ev_value gen_close_value(ev_interp *I, ev_gen *g);

/* Close g's delegate (CPython's gen_close_iter): a generator is closed,
 * another object's close() is called when it has one.  g counts as running
 * meanwhile.  0, or -1 with the delegate's error pending. */
static int close_iter(ev_interp *I, ev_gen *g)
{
    ev_value yf = ev_dup(g->yf), r;
    uint8_t state = g->state;
    g->state = GEN_RUNNING;
    if (!stack_ok(I)) {
        r = ev_raise(I, &ev_type_RecursionError, "maximum recursion depth exceeded");
    } else if (ev_is(yf, EV_O_GEN)) {
        r = gen_close_value(I, (ev_gen *)yf.u.o);
    } else {
        r = delegate_method(I, yf, "close");
        if (!EV_IS_ERR(r) && r.tag != EV_T_NONE) {
            ev_value m = r;
            r = ev_call(I, m, 0, NULL, 0, NULL, NULL);
            ev_decref(I, m);
        }
    }
    g->state = state;
    ev_decref(I, yf);
    if (EV_IS_ERR(r))
        return -1;
    ev_decref(I, r);
    return 0;
}

/* close() called by the program: as CPython's gen_close, an exception the
 * body raises while closing propagates, and yielding again is an error (the
 * generator stays suspended; freeing it later unwinds it). */
static ev_value gen_close_value(ev_interp *I, ev_gen *g)
{
    if (g->state == GEN_CREATED) {
        g->state = GEN_DONE;
        return EV_NONE;
    }
    /* closed from its own body (or its delegate's close): CPython's
     * gen_send_ex refuses before anything is thrown in */
    if (g->state == GEN_RUNNING)
        return ev_raise(I, &ev_type_ValueError, "%s already executing", ev_gen_kind(g));
    if (g->state != GEN_SUSPENDED)
        return EV_NONE;
    if (g->comp) {
        gen_close(I, g, false);
        return EV_NONE;
    }
    /* the delegate of a `yield from` is closed first; its error, if any, is
     * thrown into g instead of GeneratorExit */
    if (g->yf.tag == EV_T_NONE || close_iter(I, g) == 0) {
        ev_value args = ev_tuple_new(I, 0);
        if (EV_IS_ERR(args))
            return args;
        ev_value e = ev_exc_new(I, &ev_type_GeneratorExit, args);
        if (EV_IS_ERR(e))
            return e;
        ev_raise_value(I, e);
    } else if (I->limit) {
        return EV_ERR;
    }
    ev_value out;
    int r = ev_gen_resume(I, g, EV_NONE, true, &out);
    if (r > 0) {
        ev_decref(I, out);
        return ev_raise(I, &ev_type_RuntimeError, "%s ignored GeneratorExit", ev_gen_kind(g));
    }
    if (r == 0) {
        ev_decref(I, out);
        return EV_NONE;
    }
    if (!I->limit && ev_is(I->exc, EV_O_EXC) &&
        (ev_type_is_subclass(((ev_exc *)I->exc.u.o)->type, &ev_type_GeneratorExit) ||
         ev_type_is_subclass(((ev_exc *)I->exc.u.o)->type, &ev_type_StopIteration))) {
        ev_decref(I, I->exc);
        I->exc = EV_NONE;
        return EV_NONE;
    }
    return EV_ERR;
}

const char *ev_gen_kind(const ev_gen *g)
{
    return g->flavor == EV_CORO_CORO ? "coroutine" : g->flavor == EV_CORO_ASYNCGEN ? "async generator" : "generator";
}

ev_value ev_gen_close(ev_interp *I, ev_gen *g)
{
    return gen_close_value(I, g);
}

ev_value ev_gen_throw(ev_interp *I, ev_gen *g, int argc, const ev_value *argv)
{
    return gen_throw(I, g, argc, argv);
}

void ev_gen_free(ev_interp *I, ev_gen *g)
{
    /* closing runs code, and a collection there must not walk what this
     * frees below (its refcount is pinned high meanwhile: ev_obj_free) */
    ev_gc_untrack(&g->h);
    gen_close(I, g, I->tearing_down);
    gen_release_stack(I, g);
    comp_release(I, g);
    if (g->slots) {
        for (uint32_t i = 0; i < g->func->def->nslots; i++)
            if (!EV_IS_ERR(g->slots[i]))
                ev_decref(I, g->slots[i]);
        ev_dealloc(I, g->slots);
    }
    ev_decref(I, g->transfer);
    ev_decref(I, g->yf);
    ev_decref(I, ev_obj_val(&g->func->h));
}

/* ---- the cycle collector's view -------------------------------------------------- */

bool ev_gen_running(const ev_gen *g)
{
    return g->state == GEN_RUNNING;
}

bool ev_gen_needs_close(const ev_gen *g)
{
    /* a generator expression (or pipeline function) runs no code when
     * closed, and one not started or finished has no frame to unwind */
    return g->state == GEN_SUSPENDED && !g->comp;
}

void ev_gen_traverse(ev_interp *I, ev_gen *g, ev_visit_fn visit, void *arg)
{
    if (g->state == GEN_RUNNING)
        return; /* its frame is in use: what it holds counts as held from outside */
    visit(I, ev_obj_val(&g->func->h), arg);
    for (uint32_t i = 0; g->slots && i < g->func->def->nslots; i++)
        visit(I, g->slots[i], arg);
    visit(I, g->transfer, arg);
    visit(I, g->yf, arg);
    for (uint32_t i = 0; g->comp_its && i < g->comp->n; i++)
        visit(I, g->comp_its[i], arg);
    /* Suspended on its own stack: the values the statements around the
     * yield own (ix_hold), and a return value a finally block keeps.  Other
     * temporaries of the body's C frames (f and a in f(a, (yield))) are not
     * seen: they count as references from outside, which can only keep a
     * cycle alive, never free what is in use. */
    if (g->state == GEN_SUSPENDED && !g->comp && g->body) {
        visit(I, g->body->retval, arg);
        for (const ix_hold *h = g->body->holds; h; h = h->prev) {
            if (h->a)
                visit(I, *h->a, arg);
            if (h->b)
                visit(I, *h->b, arg);
        }
    }
}

/* Garbage suspended on its stack: closed as if freed (GeneratorExit, its
 * finally blocks and with statements run), before the collector clears
 * anything, so its code sees every object whole. */
void ev_gen_finalize(ev_interp *I, ev_gen *g)
{
    gen_close(I, g, I->tearing_down);
}

void ev_gen_clear(ev_interp *I, ev_gen *g)
{
    if (g->state == GEN_RUNNING || ev_gen_needs_close(g))
        return; /* the collector keeps these alive: their frames are live */
    comp_release(I, g);
    g->state = GEN_DONE; /* code run while collecting sees an exhausted generator */
    for (uint32_t i = 0; g->slots && i < g->func->def->nslots; i++) {
        ev_value old = g->slots[i];
        g->slots[i] = EV_ERR;
        if (!EV_IS_ERR(old))
            ev_decref(I, old);
    }
    ev_value old = g->transfer;
    g->transfer = EV_NONE;
    ev_decref(I, old);
    old = g->yf;
    g->yf = EV_NONE;
    ev_decref(I, old);
}

int ev_gen_next(ev_interp *I, ev_gen *g, ev_value *out)
{
    int r = gen_resume(I, g, EV_NONE, false, out);
    if (r == 0)
        ev_decref(I, *out);
    return r;
}

/* ---- methods --------------------------------------------------------------------- */

ev_value ev_raise_stop(ev_interp *I, ev_value out)
{
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

/* A resume's outcome as a method's result: the value yielded, or the
 * return value in StopIteration (an async generator's end is
 * StopAsyncIteration, as CPython's gen_send_ex) */
static ev_value resume_result(ev_interp *I, const ev_gen *g, int r, ev_value out)
{
    if (r < 0)
        return EV_ERR;
    if (r == 0) {
        if (g->flavor == EV_CORO_ASYNCGEN) {
            ev_decref(I, out);
            return ev_raise_empty(I, &ev_type_StopAsyncIteration);
        }
        return ev_raise_stop(I, out);
    }
    return out;
}

/* Raise the exception that throw(typ[, val[, tb]]) names in g (CPython's
 * throw_here): a class is instantiated with val (an instance of it is used
 * as is), an instance takes no separate value. */
static ev_value throw_here(ev_interp *I, ev_gen *g, int argc, const ev_value *argv)
{
    ev_value e = argv[0], val = argc > 1 ? argv[1] : EV_NONE;
    if (argc > 2 && argv[2].tag != EV_T_NONE)
        return ev_raise(I, &ev_type_TypeError, "throw() third argument must be a traceback object");
    if (is_exc_class(e, &ev_type_BaseException)) {
        if (ev_is(val, EV_O_EXC) && ev_type_is_subclass(((ev_exc *)val.u.o)->type, (ev_type *)e.u.o)) {
            e = ev_dup(val);
        } else {
            int n = val.tag == EV_T_NONE ? 0 : ev_is(val, EV_O_TUPLE) ? -1 : 1;
            e = ev_call(I, e, n < 0 ? (int)ev_as_tuple(val)->len : n,
                        n < 0 ? ev_as_tuple(val)->items : &val, 0, NULL, NULL);
            if (EV_IS_ERR(e))
                return e;
            if (!ev_is(e, EV_O_EXC)) {
                ev_value cr = ev_repr(I, argv[0]);
                ev_value r = EV_IS_ERR(cr) ? cr
                                           : ev_raise(I, &ev_type_TypeError,
                                                      "calling %s should have returned an instance of BaseException, not %s",
                                                      ev_as_str(cr)->data, ev_type_name(e));
                ev_decref(I, cr);
                ev_decref(I, e);
                return r;
            }
        }
    } else if (ev_is(e, EV_O_EXC)) {
        if (val.tag != EV_T_NONE)
            return ev_raise(I, &ev_type_TypeError, "instance exception may not have a separate value");
        ev_incref(e);
    } else {
        return ev_raise(I, &ev_type_TypeError, "exceptions must be classes or instances deriving from BaseException, not %s",
                        ev_type_name(e));
    }
    /* PyErr_Restore in _gen_throw: the thrown exception takes no
     * __context__ from the thrower's handled one */
    ev_decref(I, I->exc);
    I->exc = e;
    ev_value out;
    int r = ev_gen_resume(I, g, EV_NONE, true, &out);
    return resume_result(I, g, r, out);
}

/* g.throw(...) as CPython's _gen_throw: while g is suspended in `yield from`
 * the arguments go to the delegate first, unchecked (a generator's throw(),
 * another object's throw() method if it has one); GeneratorExit closes the
 * delegate instead.  What the delegate yields is the result; when it
 * finishes, its StopIteration value resumes g as the `yield from` result, and
 * an error it raises is thrown into g. */
static ev_value gen_throw(ev_interp *I, ev_gen *g, int argc, const ev_value *argv)
{
    if (g->state != GEN_SUSPENDED || g->yf.tag == EV_T_NONE)
        return throw_here(I, g, argc, argv);
    ev_value out;
    int r;
    if (is_exc_of(argv[0], &ev_type_GeneratorExit)) {
        if (close_iter(I, g) == 0)
            return throw_here(I, g, argc, argv);
        if (I->limit)
            return EV_ERR;
        r = ev_gen_resume(I, g, EV_NONE, true, &out);
        return resume_result(I, g, r, out);
    }
    ev_value yf = ev_dup(g->yf), ret;
    g->state = GEN_RUNNING;
    if (!stack_ok(I)) {
        ret = ev_raise(I, &ev_type_RecursionError, "maximum recursion depth exceeded");
    } else if (ev_is(yf, EV_O_GEN)) {
        ret = gen_throw(I, (ev_gen *)yf.u.o, argc, argv);
    } else {
        ret = delegate_method(I, yf, "throw");
        if (!EV_IS_ERR(ret) && ret.tag != EV_T_NONE) {
            ev_value m = ret;
            ret = ev_call(I, m, argc, argv, 0, NULL, NULL);
            ev_decref(I, m);
        } else if (!EV_IS_ERR(ret)) {
            /* no throw(): the exception is raised in g itself */
            g->state = GEN_SUSPENDED;
            ev_decref(I, yf);
            return throw_here(I, g, argc, argv);
        }
    }
    g->state = GEN_SUSPENDED;
    ev_decref(I, yf);
    if (!EV_IS_ERR(ret) || I->limit)
        return ret;
    ev_value value;
    if (ev_take_stop_value(I, &value)) {
        g->yf_done = true;
        r = ev_gen_resume(I, g, value, false, &out);
        ev_decref(I, value);
    } else {
        r = ev_gen_resume(I, g, EV_NONE, true, &out);
    }
    return resume_result(I, g, r, out);
}

/* A module's iterator that is a generator in CPython (heapq.merge,
 * UserList's Sequence.__iter__) has type generator but no frame: these
 * methods must not take it for an ev_gen.  send(None) is next(); the rest
 * is refused loudly (close() too: emptying the state could free it under a
 * step in progress, from a key or __lt__ that closes it). */
static bool native_gen(ev_interp *I, ev_value self, const char *what)
{
    if (ev_is(self, EV_O_GEN))
        return false;
    ev_raise(I, &ev_type_NotImplementedError,
             "%s of this generator (written in C in safepy) is not supported", what);
    return true;
}

static ev_value gm_send(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc;
    if (ev_is(self, EV_O_ITER) && argv[0].tag == EV_T_NONE)
        return ev_builtin_apply(I, "next", 1, &self);
    if (native_gen(I, self, "send() of a value"))
        return EV_ERR;
    ev_value out;
    ev_gen *g = (ev_gen *)self.u.o;
    int r = ev_gen_resume(I, g, argv[0], false, &out);
    return resume_result(I, g, r, out);
}

static ev_value gm_throw(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (native_gen(I, self, "throw()"))
        return EV_ERR;
    return gen_throw(I, (ev_gen *)self.u.o, argc, argv);
}

static ev_value gm_close(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc;
    (void)argv;
    if (native_gen(I, self, "close()"))
        return EV_ERR;
    return gen_close_value(I, (ev_gen *)self.u.o);
}

static ev_value gm_next(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    return ev_builtin_apply(I, "next", 1, &self);
}

static ev_value gm_iter(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)I; (void)argc; (void)argv; (void)kw;
    return ev_dup(self);
}

/* CPython's read-only state attributes; gi_frame and gi_code stay refused
 * by the attribute policy.  A generator expression's state is the same
 * field, so the answers are CPython's for both kinds. */
static ev_value gm_running(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)I; (void)argc; (void)argv; (void)kw;
    if (native_gen(I, self, "gi_running"))
        return EV_ERR;
    return ev_bool(((ev_gen *)self.u.o)->state == GEN_RUNNING);
}

static ev_value gm_suspended(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)I; (void)argc; (void)argv; (void)kw;
    if (native_gen(I, self, "gi_suspended"))
        return EV_ERR;
    return ev_bool(((ev_gen *)self.u.o)->state == GEN_SUSPENDED);
}

static ev_value gm_yieldfrom(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)I; (void)argc; (void)argv; (void)kw;
    if (native_gen(I, self, "gi_yieldfrom"))
        return EV_ERR;
    const ev_gen *g = (ev_gen *)self.u.o;
    return g->state == GEN_SUSPENDED ? ev_dup(g->yf) : EV_NONE;
}

const ev_builtin_def ev_gen_methods[] = {
    {"__next__", gm_next, 0, 0, EV_BF_SLOT},
    {"__iter__", gm_iter, 0, 0, EV_BF_SLOT},
    {"send", gm_send, 1, 1, 0},
    {"throw", gm_throw, 1, 3, 0},
    {"close", gm_close, 0, 0, 0},
    {"gi_running", gm_running, 0, 0, EV_BF_PROP},
    {"gi_suspended", gm_suspended, 0, 0, EV_BF_PROP},
    {"gi_yieldfrom", gm_yieldfrom, 0, 0, EV_BF_PROP},
    {NULL, NULL, 0, 0, 0},
};

ev_type ev_type_generator = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC},
    .name = "generator", .methods = ev_gen_methods};

/* ---- the kind table's row (ev_obj.h) ---------------------------------------------------- */

/* a suspended generator's close runs its finally blocks: queued as a
 * __del__ is, for the next safe point (CPython's tp_finalize) */
static bool gen_finalize(ev_interp *I, ev_obj *o)
{
    return ev_gen_needs_close((ev_gen *)o) && !(o->flags & EV_OBJ_FINALIZED) && ev_fin_defer(I, o);
}

static void gen_free(ev_interp *I, ev_obj *o)
{
    o->refcnt = 1u << 30; /* closing runs code that may touch it: never 0 again */
    ev_gen_free(I, (ev_gen *)o);
}

static void gen_traverse(ev_interp *I, ev_obj *o, ev_visit_fn visit, void *arg)
{
    ev_gen_traverse(I, (ev_gen *)o, visit, arg);
}

static void gen_clear(ev_interp *I, ev_obj *o) { ev_gen_clear(I, (ev_gen *)o); }

static ev_value gen_repr(ev_interp *I, ev_value v)
{
    char tmp[128];
    ev_gen *g = (ev_gen *)v.u.o;
    if (g->flavor) /* CPython names a coroutine by its __qualname__ */
        snprintf(tmp, sizeof tmp, "<%s object %s at 0x%08llx>", ev_type_of(v)->name,
                 ev_funcdef_qualname(g->func->def), (unsigned long long)(uintptr_t)g);
    else
        snprintf(tmp, sizeof tmp, "<generator object %s at 0x%08llx>", ev_func_name(g->func),
                 (unsigned long long)(uintptr_t)g);
    return ev_str_from_cstr(I, tmp);
}

const ev_kind_ops ev_generator_ops = {
    .name = "generator",
    .finalize = gen_finalize,
    .free = gen_free,
    .traverse = gen_traverse,
    .clear = gen_clear,
    .repr = gen_repr,
    .hash = ev_hash_identity,
};
