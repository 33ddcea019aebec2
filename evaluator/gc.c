/*
 * gc.c - the cycle collector: reference counting frees everything except
 * reference cycles (a parent link, an object holding its own bound method,
 * a list that contains itself); this finds the cycles nothing else refers to
 * and breaks them, by CPython's trial deletion.
 *
 * Tracked objects are the containers that can hold references: lists,
 * tuples, dicts, sets, instances, exceptions, classes, functions, cells,
 * bound methods, property-like wrappers, bound builtins, deques, dict
 * views, iterators over containers, native iterators whose type has a
 * traverse (itertools, collections, iter(f, sentinel)...), re's Pattern
 * and Match objects (their source and subject), generators (their
 * frame: ev_gen_traverse) and every
 * instance of a subclass of a builtin type (a str or int subclass too:
 * its attributes are a dict behind the value, ev_subhead).  Their memory
 * blocks carry a tag (mem.c); a collection walks the session's blocks:
 *
 *   1. gc_refs = refcount for every tracked object;
 *   2. every reference from one tracked object to another is subtracted;
 *   3. what keeps gc_refs > 0 is referenced from outside (frames, the C
 *      stack, globals, untracked objects): it and everything it reaches
 *      are alive;
 *   4. the rest is garbage: each is held once more; generators in it
 *      suspended on their stacks are closed first (their finally blocks
 *      run, as CPython's PEP 442 finalizers), then what the finalizers
 *      resurrected is found and kept (resurrect), the rest is emptied
 *      (its references dropped), then all is released, which frees the
 *      cycles.
 *
 * Anything not traversed counts as an outside reference, so an untracked
 * kind (modules, a temporary in a suspended generator's C frames) only
 * keeps things alive: the collector can miss garbage, never free what is
 * in use.  A running generator is alive whoever refers to it.  It runs at
 * statement boundaries (ix_exec_block), where no C code holds borrowed
 * pointers into objects it is about to touch, and at the end of each run.
 * The only Python code a collection runs is the finalizers of step 4
 * (generators' finally blocks and instances' __del__), while nothing is
 * emptied yet, and the finally blocks of generators that emptying frees by
 * refcount (not tracked garbage themselves); neither can start another
 * collection (gc_running).  The __del__ of what emptying frees by refcount
 * waits in the finalizer queue (below) for the next safe point.  The
 * collector's own work lists are plain malloc: they live for one collection
 * and are at most a pointer per tracked object, and allocating them from
 * the session would relink the block list being walked.
 */
#include <stdlib.h>
#include <string.h>

#include "evaluator/node.h"
#include "evaluator/gen.h"

/* ---- traversal ------------------------------------------------------------------------------ */

typedef ev_visit_fn visit_fn;

/* Calls visit on every reference o holds: its subclass head's, then its
 * kind's (the row's traverse, ev_obj.h). */
static void traverse(ev_interp *I, ev_obj *o, visit_fn visit, void *arg)
{
    if (o->flags & EV_OBJ_SUB) {
        ev_subhead *sh = ev_sub_of(o);
        visit(I, ev_obj_val(&sh->type->h), arg);
        EV_VISIT_PTR(I, sh->dict, visit, arg);
        EV_VISIT_PTR(I, sh->slots, visit, arg);
    }
    const ev_kind_ops *k = ev_kinds[o->kind];
    if (k->traverse)
        k->traverse(I, o, visit, arg);
}

/* Drops the references o holds (it is garbage; it is freed afterwards). */
static void clear(ev_interp *I, ev_obj *o)
{
    if (o->flags & EV_OBJ_SUB) {
        ev_subhead *sh = ev_sub_of(o);
        EV_DROP_PTR(I, sh->dict);
        EV_DROP_PTR(I, sh->slots);
    }
    const ev_kind_ops *k = ev_kinds[o->kind];
    if (k->clear)
        k->clear(I, o);
}

/* ---- the collection ----------------------------------------------------------------------- */

static bool tracked_value(ev_value v, ev_obj **out)
{
    if (v.tag != EV_T_OBJ || (v.u.o->flags & EV_OBJ_STATIC))
        return false;
    if (!ev_gc_is_tracked(v.u.o))
        return false;
    *out = v.u.o;
    return true;
}

static void visit_decref(ev_interp *I, ev_value v, void *arg)
{
    (void)I;
    (void)arg;
    ev_obj *o;
    if (tracked_value(v, &o))
        ev_gc_refs_add(o, -1);
}

typedef struct objlist {
    ev_obj **items;
    size_t n, cap;
    bool failed;
    size_t visits; /* references walked from the objects pushed (the survivors' walk) */
} objlist;

static void push(objlist *l, ev_obj *o)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 1024;
        ev_obj **ni = realloc(l->items, cap * sizeof *ni);
        if (!ni) {
            l->failed = true;
            return;
        }
        l->items = ni;
        l->cap = cap;
    }
    l->items[l->n++] = o;
}

static void visit_reach(ev_interp *I, ev_value v, void *arg)
{
    ++((objlist *)arg)->visits;
    ev_obj *o;
    if (!tracked_value(v, &o) || ev_gc_reached(o))
        return;
    ev_gc_set_reached(o);
    push(arg, o);
}

static void gather(ev_interp *I, ev_obj *o, void *arg)
{
    (void)I;
    /* refcount 0: being freed, by a free that ran code (a generator's
     * finally) that reached this safe point; what it held may be released
     * already, and it goes when that free returns */
    if (o->refcnt == 0)
        return;
    push(arg, o);
}

/* ---- finalizers (PEP 442) ------------------------------------------------------------------ */

/* Garbage generators suspended on their stacks are closed, as CPython's
 * finalizers run, before anything is cleared: their finally blocks and
 * with statements run Python code, which must see every object whole.  The
 * garbage is held meanwhile (g's items were incremented by the caller), so
 * none of it is freed under the collector; code run here allocates, frees
 * and calls generators at will, but collects nothing (gc_running).  True
 * if any ran. */
static bool finalize(ev_interp *I, const objlist *g)
{
    bool ran = false;
    /* oldest first, as CPython's collector lists them (the tracked list,
     * hence g, holds the newest first) */
    for (size_t i = g->n; i-- > 0 && !I->limit;) {
        ev_obj *o = g->items[i];
        /* checked again each time: closing one can close another (a
         * delegate of its yield from) */
        if (o->kind == EV_O_GEN && ev_gen_needs_close((ev_gen *)o)) {
            ev_gen_finalize(I, (ev_gen *)o);
            ran = true;
        } else if (!(o->flags & EV_OBJ_FINALIZED) && ev_fin_type(I, o)) {
            /* an instance's __del__, once (PEP 442); a limit it hits
             * stays set and ends the loop */
            if (ev_fin_run(I, o)) {
                ran = true;
                break;
            }
            ran = true;
        }
    }
    return ran;
}

static void visit_decref_cand(ev_interp *I, ev_value v, void *arg)
{
    (void)I;
    (void)arg;
    ev_obj *o;
    if (tracked_value(v, &o) && ev_gc_is_cand(o))
        ev_gc_refs_add(o, -1);
}

static void visit_reach_cand(ev_interp *I, ev_value v, void *arg)
{
    (void)I;
    ev_obj *o;
    if (!tracked_value(v, &o) || !ev_gc_is_cand(o) || ev_gc_reached(o))
        return;
    ev_gc_set_reached(o);
    push(arg, o);
}

/* After finalizers ran, which of the garbage g is still garbage: trial
 * deletion again, within g only (CPython's handle_resurrected_objects).  A
 * piece referenced from outside g (a finally block stored it in a global,
 * or a new object holds it) is resurrected, and so is what it reaches; a
 * generator a finalizer resumed that is suspended again is kept too, to
 * be closed by a later collection.  Each piece is held once by the
 * collector, not counted.  Marks the survivors reached; false when a work
 * list could not grow (then nothing may be cleared). */
static bool resurrect(ev_interp *I, const objlist *g)
{
    objlist st = {0};
    for (size_t i = 0; i < g->n; i++) {
        ev_gc_set_cand(g->items[i]);
        ev_gc_refs_set(g->items[i], (int64_t)g->items[i]->refcnt - 1);
    }
    I->gc_pass++;
    for (size_t i = 0; i < g->n; i++)
        traverse(I, g->items[i], visit_decref_cand, NULL);
    for (size_t i = 0; i < g->n; i++) {
        ev_obj *o = g->items[i];
        bool live = ev_gc_refs(o) > 0 ||
                    (o->kind == EV_O_GEN && (ev_gen_needs_close((ev_gen *)o) || ev_gen_running((ev_gen *)o)));
        if (live && !ev_gc_reached(o)) {
            ev_gc_set_reached(o);
            push(&st, o);
        }
    }
    I->gc_pass++;
    while (st.n > 0 && !st.failed) {
        ev_obj *o = st.items[--st.n];
        traverse(I, o, visit_reach_cand, &st);
    }
    bool ok = !st.failed;
    free(st.items);
    return ok;
}

size_t ev_gc_collect(ev_interp *I)
{
    if (I->gc_running || I->limit)
        return 0;
    I->gc_running = true;
    size_t freed = 0;
    objlist all = {0}, st = {0}, g = {0};
    ev_gc_foreach(I, gather, &all);
    /* a tuple that holds no container can never be part of a cycle: it
     * leaves the tracked list (CPython untracks such tuples the same way),
     * which keeps collections cheap in programs full of records */
    size_t kept = 0;
    for (size_t i = 0; i < all.n; i++) {
        ev_obj *o = all.items[i];
        if (o->kind == EV_O_TUPLE && !(o->flags & EV_OBJ_SUB)) {
            ev_tuple *t = (ev_tuple *)o;
            bool atoms = true;
            for (size_t k = 0; k < t->len && atoms; k++) {
                ev_obj *x;
                atoms = !tracked_value(t->items[k], &x);
            }
            if (atoms) {
                ev_gc_forget(I, o);
                continue;
            }
        }
        all.items[kept++] = o;
    }
    all.n = kept;
    for (size_t i = 0; i < all.n; i++) {
        ev_obj *o = all.items[i];
        /* a running generator's frame is in use (by the code that called
         * this collection, or further out): alive, whoever refers to it */
        ev_gc_refs_set(o, (int64_t)o->refcnt + (o->kind == EV_O_GEN && ev_gen_running((ev_gen *)o)));
    }
    I->gc_pass++;
    for (size_t i = 0; i < all.n; i++)
        traverse(I, all.items[i], visit_decref, NULL);
    for (size_t i = 0; i < all.n; i++) {
        ev_obj *o = all.items[i];
        if (ev_gc_refs(o) > 0 && !ev_gc_reached(o)) {
            ev_gc_set_reached(o);
            push(&st, o);
        }
    }
    I->gc_pass++;
    while (st.n > 0 && !st.failed) {
        ev_obj *o = st.items[--st.n];
        traverse(I, o, visit_reach, &st);
    }
    for (size_t i = 0; i < all.n && !st.failed; i++)
        if (!ev_gc_reached(all.items[i]))
            push(&g, all.items[i]);
    for (size_t i = 0; i < all.n; i++)
        ev_gc_clear_marks(all.items[i]);
    size_t ntracked = all.n;
    if (!all.failed && !st.failed && !g.failed) {
        /* hold every piece, empty them all, then let go: nothing is freed
         * while another piece of the cycle still points at it.  all's
         * items are not touched past this point: finalizers may free any
         * object outside the garbage. */
        for (size_t i = 0; i < g.n; i++)
            g.items[i]->refcnt++;
        bool keep = finalize(I, &g) && !resurrect(I, &g);
        for (size_t i = 0; i < g.n && !keep; i++)
            if (!ev_gc_reached(g.items[i])) {
                /* emptied: its __del__ (run above, or skipped by a limit)
                 * never runs on what is left of it */
                g.items[i]->flags |= EV_OBJ_FINALIZED;
                clear(I, g.items[i]);
                freed++;
            }
        for (size_t i = 0; i < g.n; i++)
            ev_gc_clear_marks(g.items[i]);
        for (size_t i = 0; i < g.n; i++)
            ev_decref(I, ev_obj_val(g.items[i]));
    }
    free(all.items);
    free(st.items);
    free(g.items);
    I->gc_running = false;
    /* The next collection waits for twice as many new containers as
     * survived this one, or half as many as references the survivors hold
     * (a few big lists cost a collection more than their object count
     * says), at least 20,000.  A collection walks the survivors and what
     * was allocated since, so its work stays proportional to the
     * allocations that led to it.  Only survivors count, as CPython's
     * thresholds do: counting the references walked inside the garbage
     * too made the wait grow with each collection when cycles were all a
     * program made (900,000 dict self-cycles: a collection each 2.5 times
     * further apart, 82 MB peak instead of 8 MB for the same lists).
     * Memory bounds the wait too: past a quarter of what the session may
     * still allocate (at least 8 MiB) a collection runs at the next safe
     * point, so garbage cycles never push a program into its memory limit. */
    size_t live = ntracked > freed ? ntracked - freed : 0, wait = 2 * live;
    I->gc_live = live;
    if (st.visits / 2 > wait)
        wait = st.visits / 2;
    I->gc_countdown = (int64_t)(wait > 20000 ? wait : 20000);
    /* Suspended generators bound the wait too: twice as many as are
     * left, at least 128 more.  Each holds a stack (charged 64 KiB, so the
     * memory mark alone lets a thousand garbage ones pile up), and the
     * stacks a collection gives back are reused from the pool
     * (GEN_POOL_KEEP) only if the batch is small. */
    I->gc_gen_mark = I->live_gens + (I->live_gens > 128 ? I->live_gens : 128);
    size_t room = I->mem_max > I->mem_used ? (I->mem_max - I->mem_used) / 4 : 0;
    I->gc_mem_mark = I->mem_used + (room > ((size_t)8 << 20) ? room : ((size_t)8 << 20));
    return freed;
}

/* ---- __del__: the finalizer queue --------------------------------------------------------- */

/* Hundreds of C sites drop references in the middle of changing a list,
 * dict, set or deque; running Python code there would let it see (and
 * change) half-updated state.  So the last reference to an object whose
 * class defines __del__ does not free it: the object is resurrected (its
 * one reference is the queue's) and flagged finalized, and its __del__ runs
 * at the next safe point, where only the interpreter is on the C stack and
 * it already expects any Python code to run: after a statement, after a
 * call expression, after a collection, at the end of a run.  A statement
 * or a call is the unit CPython's output shows, so the order matches it
 * (`del x; print()` finalizes x first).  The queue is plain malloc, as the
 * collector's work lists: it grows inside ev_decref, where the session's
 * allocator could hit the memory limit; each entry is a live object, which
 * the memory limit already bounds. */
bool ev_fin_defer(ev_interp *I, ev_obj *o)
{
    if (I->fin_off || I->tearing_down)
        return false;
    if (I->fin_n == I->fin_cap) {
        uint32_t cap = I->fin_cap ? I->fin_cap * 2 : 64;
        ev_obj **nq = cap > I->fin_cap ? realloc(I->fin_q, (size_t)cap * sizeof *nq) : NULL;
        if (!nq)
            return false; /* freed without its finalizer, as at teardown */
        I->fin_q = nq;
        I->fin_cap = cap;
    }
    o->refcnt = 1;
    o->flags |= EV_OBJ_FINALIZED;
    I->fin_q[I->fin_n++] = o;
    return true;
}

/* The reports of failing finalizers go to stderr at the end of the run,
 * at most this much of them (a finalizer failing in a loop must not grow
 * the host's memory without bound). */
#define FIN_ERR_MAX ((size_t)64 << 10)

static void fin_err_put(ev_interp *I, const char *s, size_t n)
{
    if (I->fin_err_len >= FIN_ERR_MAX)
        return;
    if (n > FIN_ERR_MAX - I->fin_err_len)
        n = FIN_ERR_MAX - I->fin_err_len;
    char *nb = realloc(I->fin_err, I->fin_err_len + n + 1);
    if (!nb)
        return;
    memcpy(nb + I->fin_err_len, s, n);
    I->fin_err_len += n;
    nb[I->fin_err_len] = '\0';
    I->fin_err = nb;
}

/* CPython's PyErr_WriteUnraisable for a finalizer: "Exception ignored in:
 * <function A.__del__ at 0x...>", then the exception's traceback. */
static void fin_report(ev_interp *I, ev_value fn)
{
    ev_value exc = I->exc;
    I->exc = EV_NONE;
    char head[512];
    if (ev_is(fn, EV_O_FUNC)) {
        snprintf(head, sizeof head, "Exception ignored in: <function %s at 0x%08llx>\n",
                 ev_funcdef_qualname(((ev_func *)fn.u.o)->def), (unsigned long long)(uintptr_t)fn.u.o);
    } else {
        ev_value r = ev_repr(I, fn);
        snprintf(head, sizeof head, "Exception ignored in: %s\n",
                 EV_IS_ERR(r) ? "<object repr() failed>" : ev_as_str(r)->data);
        if (EV_IS_ERR(r)) {
            ev_decref(I, I->exc);
            I->exc = EV_NONE;
        } else {
            ev_decref(I, r);
        }
    }
    fin_err_put(I, head, strlen(head));
    if (ev_is(exc, EV_O_EXC) && !I->limit) {
        char *text = ev_render_exception(I, exc);
        if (text) {
            fin_err_put(I, text, strlen(text));
            free(text);
        }
    }
    ev_decref(I, exc);
}

/* Call o's __del__ (o held by the caller).  The pending exception, if any,
 * is set aside meanwhile, as CPython's slot_tp_finalize does; an exception
 * from __del__ is reported and dropped.  -1 only on a limit. */
static int fin_call(ev_interp *I, ev_obj *o)
{
    if (o->kind == EV_O_GEN) {
        /* a suspended generator freed: closed here (GeneratorExit, its
         * finally blocks), as CPython's generator finalizer; what it
         * raises is ignored, the pending exception kept */
        if (I->limit)
            return -1;
        uint32_t floor = I->fin_floor;
        I->fin_floor = I->fin_n;
        ev_gen_finalize(I, (ev_gen *)o);
        I->fin_floor = floor;
        return I->limit ? -1 : 0;
    }
    ev_type *t = ev_fin_type(I, o);
    ev_value *f = t ? ev_type_find(I, t, I->dn[EV_DN_DEL]) : NULL;
    if (!f || I->limit)
        return I->limit ? -1 : 0; /* the class lost its __del__ meanwhile */
    ev_value fn = ev_dup(*f), pending = I->exc, out;
    I->exc = EV_NONE;
    /* the safe points inside __del__ run only what it queues itself: the
     * rest of the queue waits for this one to finish, as CPython runs a
     * free's finalizers one after the other */
    uint32_t floor = I->fin_floor;
    I->fin_floor = I->fin_n;
    int r = ev_dunder(I, ev_obj_val(o), EV_DN_DEL, 0, NULL, &out);
    I->fin_floor = floor;
    if (r > 0)
        ev_decref(I, out);
    int st = 0;
    if (r < 0) {
        if (I->limit)
            st = -1;
        else
            fin_report(I, fn);
        ev_decref(I, I->exc);
        I->exc = EV_NONE;
    }
    ev_decref(I, fn);
    I->exc = pending;
    return st;
}

int ev_fin_run(ev_interp *I, ev_obj *o)
{
    if (I->fin_off || I->tearing_down || (o->flags & EV_OBJ_FINALIZED) || !ev_fin_type(I, o))
        return 0;
    o->flags |= EV_OBJ_FINALIZED;
    return fin_call(I, o);
}

int ev_fin_drain_slow(ev_interp *I)
{
    if (I->fin_off || I->limit)
        return 0;
    while (I->fin_n > I->fin_floor) {
        /* what was queued since the last step runs next, in the order it
         * was queued: a finalizer's own frees come before the rest of the
         * batch, as CPython runs them inside the free that caused them */
        for (uint32_t a = I->fin_sorted, b = I->fin_n; b > a + 1; a++, b--) {
            ev_obj *x = I->fin_q[a];
            I->fin_q[a] = I->fin_q[b - 1];
            I->fin_q[b - 1] = x;
        }
        ev_obj *o = I->fin_q[--I->fin_n];
        I->fin_sorted = I->fin_n;
        int st = fin_call(I, o);
        /* freed now unless __del__ stored it somewhere (resurrection: it
         * lives on, its finalizer spent) */
        ev_decref(I, ev_obj_val(o));
        if (st)
            return -1;
    }
    return 0;
}

void ev_fin_discard(ev_interp *I)
{
    bool off = I->fin_off;
    I->fin_off = true;
    while (I->fin_n > 0) {
        ev_obj *o = I->fin_q[--I->fin_n];
        ev_decref(I, ev_obj_val(o));
    }
    I->fin_sorted = I->fin_floor = 0;
    I->fin_off = off;
}
