/*
 * tuple.c - the tuple type: construction, the methods, the constructor.
 */
#include <string.h>

#include "evaluator/ev.h"
#include "evaluator/gen.h"

static ev_value ctor_tuple(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);

/* ---- tuple ------------------------------------------------------------------------------ */

ev_value ev_tuple_new(ev_interp *I, size_t len)
{
    if (len > SIZE_MAX / sizeof(ev_value) / 2)
        return ev_raise_nomem(I);
    ev_tuple *t = ev_alloc_gc(I, sizeof *t + len * sizeof(ev_value));
    if (!t)
        return ev_raise_nomem(I);
    t->h.refcnt = 1;
    t->h.kind = EV_O_TUPLE;
    ev_gc_track(I, &t->h);
    t->h.flags = 0;
    t->len = len;
    t->hash = -1;
    for (size_t i = 0; i < len; i++)
        t->items[i] = EV_NONE;
    return ev_obj_val(&t->h);
}

ev_value ev_tuple_from_iterable(ev_interp *I, ev_value src)
{
    if (ev_is(src, EV_O_TUPLE) && !(src.u.o->flags & EV_OBJ_SUB))
        return ev_dup(src); /* an exact tuple is its own copy; a subclass's is a plain tuple */
    ev_value l = ev_list_from_iterable(I, src);
    if (EV_IS_ERR(l))
        return l;
    ev_list *lp = ev_as_list(l);
    ev_value t = ev_tuple_new(I, lp->len);
    if (!EV_IS_ERR(t)) {
        for (size_t i = 0; i < lp->len; i++)
            ev_as_tuple(t)->items[i] = ev_dup(lp->items[i]);
    }
    ev_decref(I, l);
    return t;
}

ev_value ev_sequence_tuple(ev_interp *I, ev_value src)
{
    if (ev_is(src, EV_O_TUPLE) && !(src.u.o->flags & EV_OBJ_SUB))
        return ev_dup(src);
    /* list_extend asks the hint where PySequence_Tuple does: after the
     * iterator is made, never for an exact list */
    ev_value l = ev_sequence_list(I, src);
    if (EV_IS_ERR(l))
        return l;
    ev_list *lp = ev_as_list(l);
    ev_value t = ev_tuple_new(I, lp->len);
    if (!EV_IS_ERR(t)) {
        for (size_t i = 0; i < lp->len; i++)
            ev_as_tuple(t)->items[i] = ev_dup(lp->items[i]);
    }
    ev_decref(I, l);
    return t;
}

#define T ev_as_tuple(self)

static ev_value tm_count(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc;
    return ev_seq_count(I, self, argv[0]);
}

static ev_value tm_index(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int64_t n = (int64_t)T->len, start = 0, stop = n;
    if (argc > 1 && ev_slice_index(I, argv[1], false, &start))
        return EV_ERR;
    if (argc > 2 && ev_slice_index(I, argv[2], false, &stop))
        return EV_ERR;
    if (start < 0) start = start + n < 0 ? 0 : start + n;
    if (stop < 0) stop = stop + n < 0 ? 0 : stop + n;
    for (int64_t i = start; i < stop && i < n; i++) {
        if (ev_tick(I))
            return EV_ERR;
        /* held across its __eq__, as every item handed to Python code */
        ev_value item = ev_dup(T->items[i]);
        int r = ev_eq(I, item, argv[0]);
        ev_decref(I, item);
        if (r < 0)
            return EV_ERR;
        if (r)
            return ev_int(i);
    }
    return ev_raise(I, &ev_type_ValueError, "tuple.index(x): x not in tuple");
}

const ev_builtin_def ev_tuple_methods[] = {
    {"count", tm_count, 1, 1, 0},
    {"index", tm_index, 1, 3, 0},
    {NULL, NULL, 0, 0, 0},
};

#undef T

static ev_value ctor_tuple(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    if (argc == 0)
        return ev_tuple_new(I, 0);
    return ev_sequence_tuple(I, argv[0]);
}

ev_type ev_type_tuple = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC}, .name = "tuple",
    .call = ctor_tuple, .methods = ev_tuple_methods, .min_args = 0, .max_args = 1};

/* ---- the kind table's row (ev_obj.h) ---------------------------------------------------- */

/* also a slice's (objects/slice.c: a slice is laid out as a 3-tuple) */
void ev_tuple_free(ev_interp *I, ev_obj *o)
{
    ev_tuple *t = (ev_tuple *)o;
    for (size_t i = t->len; i-- > 0;)
        ev_decref(I, t->items[i]);
}

void ev_tuple_traverse(ev_interp *I, ev_obj *o, ev_visit_fn visit, void *arg)
{
    ev_tuple *t = (ev_tuple *)o;
    for (size_t i = 0; i < t->len; i++)
        visit(I, t->items[i], arg);
}

void ev_tuple_clear(ev_interp *I, ev_obj *o)
{
    ev_tuple *t = (ev_tuple *)o;
    for (size_t i = 0; i < t->len; i++)
        EV_DROP(I, t->items[i]);
}

static int tuple_repr_buf(ev_interp *I, ev_buf *b, ev_value v) { return ev_buf_repr_seq(I, b, v, "(", ")", true); }

static bool tuple_truth(ev_value v) { return ev_as_tuple(v)->len != 0; }

/* CPython's tuple hash (xxHash-based, Objects/tupleobject.c). */
/* *stable: every item's hash is fixed (no user __hash__ below), so the
 * tuple may keep its hash; CPython keeps none, and a user __hash__ may
 * answer differently each time. */
static int hash_tuple(ev_interp *I, ev_tuple *t, int64_t *out, bool *stable)
{
    const uint64_t P1 = 11400714785074694791ULL, P2 = 14029467366897019727ULL,
                   P5 = 2870177450012600261ULL;
    uint64_t acc = P5;
    *stable = true;
    char probe;
    /* CPython's tuplehash does not count depth (a tuple nested 5,000 deep
     * hashes); only the C stack bounds it here */
    if ((uintptr_t)&probe < I->stack_limit) {
        ev_raise(I, &ev_type_RecursionError, "maximum recursion depth exceeded while calling a Python object");
        return -1;
    }
    for (size_t i = 0; i < t->len; i++) {
        int64_t h;
        ev_value x = t->items[i];
        if (ev_hash(I, x, &h))
            return -1;
        if (ev_is_user(x) || (ev_is(x, EV_O_TUPLE) && ev_as_tuple(x)->hash == -1))
            *stable = false;
        acc += (uint64_t)h * P2;
        acc = (acc << 31) | (acc >> 33);
        acc *= P1;
    }
    acc += t->len ^ (P5 ^ 3527539UL);
    if (acc == (uint64_t)-1)
        acc = 1546275796;
    *out = (int64_t)acc;
    return 0;
}

static int tuple_hash(ev_interp *I, ev_value v, int64_t *out)
{
    ev_tuple *t = ev_as_tuple(v);
    if (t->hash != -1) {
        *out = t->hash;
        return 0;
    }
    bool stable;
    if (hash_tuple(I, t, out, &stable))
        return -1;
    if (stable)
        t->hash = *out;
    return 0;
}

const ev_kind_ops ev_tuple_ops = {
    .name = "tuple",
    .free = ev_tuple_free,
    .traverse = ev_tuple_traverse,
    .clear = ev_tuple_clear,
    .repr_buf = tuple_repr_buf,
    .truth = tuple_truth,
    .hash = tuple_hash,
};
