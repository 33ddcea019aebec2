/*
 * collections_deque.c - collections.deque: a ring buffer with CPython's
 * methods, maxlen, rotation, comparisons and messages.
 */
#include <stdio.h>
#include <string.h>
#include "evaluator/modules/collections_int.h"

/* ---- deque -------------------------------------------------------------------------------------- */

typedef struct deque {
    ev_obj h;
    ev_value *items; /* ring buffer of cap slots (a power of two) */
    size_t cap, head, len;
    int64_t maxlen;  /* -1: unbounded */
    uint64_t state;  /* bumped when length or order change: iteration guard */
} deque;

static deque *DQ(ev_value v) { return (deque *)v.u.o; }
static ev_value *at(deque *d, size_t i) { return &d->items[(d->head + i) & (d->cap - 1)]; }

int64_t ev_deque_len(ev_value v) { return (int64_t)DQ(v)->len; }

ev_value ev_deque_maxlen_value(ev_value v)
{
    return DQ(v)->maxlen < 0 ? EV_NONE : ev_int(DQ(v)->maxlen);
}

void ev_deque_free(ev_interp *I, ev_obj *o)
{
    deque *d = (deque *)o;
    for (size_t i = 0; i < d->len; i++)
        ev_decref(I, *at(d, i));
    ev_dealloc(I, d->items);
}

/* The cycle collector's view of a deque (a deque holding itself, or a
 * node holding the deque that holds it). */
void ev_deque_traverse(ev_interp *I, ev_obj *o, ev_visit_fn visit, void *arg)
{
    deque *d = (deque *)o;
    for (size_t i = 0; i < d->len; i++)
        visit(I, *at(d, i), arg);
}

/* Empties a garbage deque; the items are released after it is consistent,
 * since releasing one can free anything. */
void ev_deque_clear(ev_interp *I, ev_obj *o)
{
    deque *d = (deque *)o;
    size_t n = d->len, head = d->head, cap = d->cap;
    ev_value *items = d->items;
    d->items = NULL;
    d->len = d->cap = d->head = 0;
    d->state++;
    for (size_t i = 0; i < n; i++)
        ev_decref(I, items[(head + i) & (cap - 1)]);
    ev_dealloc(I, items);
}

static int grow(ev_interp *I, deque *d)
{
    if (d->len < d->cap)
        return 0;
    size_t ncap = d->cap ? d->cap * 2 : 8;
    ev_value *n = ev_alloc(I, ncap * sizeof *n);
    if (!n) {
        ev_raise_nomem(I);
        return -1;
    }
    for (size_t i = 0; i < d->len; i++)
        n[i] = *at(d, i);
    ev_dealloc(I, d->items);
    d->items = n;
    d->cap = ncap;
    d->head = 0;
    return 0;
}

/* Removes and returns (new reference) the first or last item; len > 0. */
static ev_value take(deque *d, bool left)
{
    ev_value v;
    if (left) {
        v = *at(d, 0);
        d->head = (d->head + 1) & (d->cap - 1);
    } else {
        v = *at(d, d->len - 1);
    }
    d->len--;
    d->state++;
    return v;
}

/* append / appendleft (v borrowed), trimming the other end at maxlen. */
static int push(ev_interp *I, deque *d, ev_value v, bool left)
{
    if (d->maxlen == 0)
        return 0;
    if (grow(I, d))
        return -1;
    if (left) {
        d->head = (d->head + d->cap - 1) & (d->cap - 1);
        *at(d, 0) = ev_dup(v);
    } else {
        *at(d, d->len) = ev_dup(v);
    }
    d->len++;
    d->state++;
    if (d->maxlen >= 0 && d->len > (size_t)d->maxlen)
        ev_decref(I, take(d, !left));
    return 0;
}

static ev_value deque_alloc(ev_interp *I, int64_t maxlen)
{
    deque *d = ev_alloc_gc(I, sizeof *d);
    if (!d)
        return ev_raise_nomem(I);
    memset(d, 0, sizeof *d);
    d->h.refcnt = 1;
    d->h.kind = EV_O_DEQUE;
    d->maxlen = maxlen;
    ev_gc_track(I, &d->h);
    return ev_obj_val(&d->h);
}

/* extend / extendleft from any iterable (itself included). */
static int extend(ev_interp *I, deque *d, ev_value src, bool left)
{
    ev_value from = src.tag == EV_T_OBJ && src.u.o == &d->h ? ev_list_from_iterable(I, src) : ev_dup(src);
    if (EV_IS_ERR(from))
        return -1;
    ev_value it = ev_iter(I, from);
    ev_decref(I, from);
    if (EV_IS_ERR(it))
        return -1;
    for (;;) {
        ev_value x;
        int r = ev_next(I, it, &x);
        if (r == 0)
            break;
        if (r > 0) {
            r = push(I, d, x, left);
            ev_decref(I, x);
        }
        if (r < 0) {
            ev_decref(I, it);
            return -1;
        }
    }
    ev_decref(I, it);
    return 0;
}

ev_value ev_deque_ctor(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const char *const allowed[] = {"iterable", "maxlen", NULL};
    if (ev_kwargs_check(I, kw, "deque", allowed))
        return EV_ERR;
    ev_value src = argc > 0 ? argv[0] : ev_kwarg(kw, "iterable");
    ev_value ml = argc > 1 ? argv[1] : ev_kwarg(kw, "maxlen");
    if ((argc > 0 && !EV_IS_ERR(ev_kwarg(kw, "iterable"))) || (argc > 1 && !EV_IS_ERR(ev_kwarg(kw, "maxlen"))))
        return ev_raise(I, &ev_type_TypeError, "argument for deque() given by name and position");
    int64_t maxlen = -1;
    if (!EV_IS_ERR(ml) && ml.tag != EV_T_NONE) {
        if (!ev_is_int(ml))
            return ev_raise(I, &ev_type_TypeError, "an integer is required");
        if (ev_is(ml, EV_O_INT))
            return ev_raise(I, &ev_type_OverflowError, "Python int too large to convert to C ssize_t");
        maxlen = ml.u.i;
        if (maxlen < 0)
            return ev_raise(I, &ev_type_ValueError, "maxlen must be non-negative");
    }
    ev_value d = deque_alloc(I, maxlen);
    if (EV_IS_ERR(d) || EV_IS_ERR(src))
        return d;
    if (extend(I, DQ(d), src, false)) {
        ev_decref(I, d);
        return EV_ERR;
    }
    return d;
}

/* A subclass that defines __iter__: CPython's repr and comparisons of a
 * deque iterate it with PyObject_GetIter, which reaches the override */
static bool own_iter(ev_interp *I, ev_value v)
{
    ev_type *t = ev_type_of(v);
    return ev_is_heaptype(t) && ev_type_lookup(t, I->dn[EV_DN_ITER]);
}

/* A list copy of the items, for comparisons and reversed(). */
static ev_value to_list(ev_interp *I, deque *d)
{
    ev_value l = ev_list_new(I, d->len);
    for (size_t i = 0; !EV_IS_ERR(l) && i < d->len; i++)
        if (ev_list_append(I, ev_as_list(l), *at(d, i))) {
            ev_decref(I, l);
            return EV_ERR;
        }
    return l;
}

static ev_value items_of(ev_interp *I, ev_value v);
static int deque_repr(ev_interp *I, ev_buf *b, ev_value v);

/* CPython's deque_repr: the items are copied to a list first
 * (PySequence_List) and the list's repr is shown, so an item's __repr__
 * that mutates the deque changes nothing shown */
int ev_deque_repr(ev_interp *I, ev_buf *b, ev_value v)
{
    deque *d = DQ(v);
    if (d->h.flags & EV_OBJ_REPR)
        return ev_buf_puts(I, b, "[...]");
    return deque_repr(I, b, v);
}

static int deque_repr(ev_interp *I, ev_buf *b, ev_value v)
{
    deque *d = DQ(v);
    /* a subclass shows its own name (CPython's _PyType_Name: unqualified) */
    ev_type *t = ev_type_of(v);
    d->h.flags |= EV_OBJ_REPR;
    ev_value l = items_of(I, v);
    int r = EV_IS_ERR(l) ? -1 : 0;
    if (r == 0)
        r = ev_buf_puts(I, b, ev_is_heaptype(t) ? t->name : "deque");
    if (r == 0)
        r = ev_buf_puts(I, b, "(");
    if (r == 0)
        r = ev_buf_repr(I, b, l);
    d->h.flags &= (uint16_t)~EV_OBJ_REPR;
    if (!EV_IS_ERR(l))
        ev_decref(I, l);
    if (r)
        return r;
    if (d->maxlen >= 0)
        return ev_buf_printf(I, b, ", maxlen=%lld)", (long long)d->maxlen);
    return ev_buf_puts(I, b, ")");
}

ev_value ev_deque_items(ev_interp *I, ev_value v)
{
    return to_list(I, DQ(v));
}

static ev_value items_of(ev_interp *I, ev_value v)
{
    return own_iter(I, v) ? ev_list_from_iterable(I, v) : to_list(I, DQ(v));
}

/* CPython's deque_richcompare: both sides are walked with their
 * iterators (a subclass's __iter__ included) up to the first pair that is
 * not ==, which is then compared with op; an __eq__ that mutates either
 * deque stops the walk with "deque mutated during iteration". */
static int deque_compare(ev_interp *I, ev_value a, ev_value b, int op);

/* deques holding deques recurse through the item comparisons:
 * PyObject_RichCompare's depth count (" in comparison") */
int ev_deque_compare(ev_interp *I, ev_value a, ev_value b, int op)
{
    return deque_compare(I, a, b, op);
}

static int deque_compare(ev_interp *I, ev_value a, ev_value b, int op)
{
    if (op == 2 || op == 3) {
        if (a.u.o == b.u.o)
            return op == 2;
        if (DQ(a)->len != DQ(b)->len)
            return op == 3;
    }
    int res = -1;
    ev_value x = EV_ERR, y = EV_ERR, ib = EV_ERR;
    ev_value ia = ev_iter(I, a);
    if (EV_IS_ERR(ia))
        return -1;
    ib = ev_iter(I, b);
    if (EV_IS_ERR(ib))
        goto fail;
    for (;;) {
        int rx = ev_next(I, ia, &x);
        if (rx < 0)
            goto fail;
        if (rx == 0)
            x = EV_ERR;
        int ry = ev_next(I, ib, &y);
        if (ry < 0)
            goto fail;
        if (ry == 0)
            y = EV_ERR;
        if (rx == 0 || ry == 0)
            break;
        int e = ev_eq(I, x, y);
        if (e == 0)
            res = ev_compare(I, x, y, op);
        ev_decref(I, x);
        ev_decref(I, y);
        x = y = EV_ERR;
        if (e <= 0) {
            ev_decref(I, ia);
            ev_decref(I, ib);
            return e < 0 ? -1 : res;
        }
    }
    /* the end of one deque or both: compare the lengths walked */
    bool more_a = !EV_IS_ERR(x), more_b = !EV_IS_ERR(y);
    switch (op) {
    case 0: res = more_b; break;
    case 1: res = !more_a; break;
    case 2: res = more_a == more_b; break;
    case 3: res = more_a != more_b; break;
    case 4: res = more_a; break;
    default: res = !more_b; break;
    }
fail:
    if (!EV_IS_ERR(x))
        ev_decref(I, x);
    if (!EV_IS_ERR(y))
        ev_decref(I, y);
    if (!EV_IS_ERR(ib))
        ev_decref(I, ib);
    ev_decref(I, ia);
    return res;
}

/* An index into the deque, or -1 with IndexError/TypeError raised.  A
 * key's __index__ runs first and may change d: its length is read after. */
static int norm_index(ev_interp *I, deque *d, ev_value key, size_t *out)
{
    ev_value iv = EV_NONE;
    const char *tname = ev_type_name(key); /* the message names the key's type */
    if (!ev_is_int(key)) {
        int got = ev_index_try(I, key, &iv);
        if (got < 0)
            return -1;
        if (got == 0) {
            ev_raise(I, &ev_type_TypeError, "sequence index must be integer, not '%s'", ev_type_name(key));
            return -1;
        }
        key = iv;
    }
    if (ev_is(key, EV_O_INT)) {
        ev_decref(I, iv);
        ev_raise(I, &ev_type_IndexError, "cannot fit '%s' into an index-sized integer", tname);
        return -1;
    }
    int64_t i = key.u.i;
    if (i < 0)
        i += (int64_t)d->len;
    if (i < 0 || i >= (int64_t)d->len) {
        ev_raise(I, &ev_type_IndexError, "deque index out of range");
        return -1;
    }
    *out = (size_t)i;
    return 0;
}

ev_value ev_deque_getitem(ev_interp *I, ev_value v, ev_value key)
{
    size_t i;
    if (norm_index(I, DQ(v), key, &i))
        return EV_ERR;
    return ev_dup(*at(DQ(v), i));
}

/* Removes item i, closing the gap from the nearer end. */
static void del_at(ev_interp *I, deque *d, size_t i)
{
    ev_value gone = *at(d, i);
    if (i < d->len / 2) {
        for (size_t k = i; k > 0; k--)
            *at(d, k) = *at(d, k - 1);
        d->head = (d->head + 1) & (d->cap - 1);
    } else {
        for (size_t k = i; k + 1 < d->len; k++)
            *at(d, k) = *at(d, k + 1);
    }
    d->len--;
    d->state++;
    ev_decref(I, gone);
}

int ev_deque_setitem(ev_interp *I, ev_value v, ev_value key, ev_value val)
{
    deque *d = DQ(v);
    size_t i;
    if (norm_index(I, d, key, &i))
        return -1;
    if (EV_IS_ERR(val)) {
        del_at(I, d, i);
        return 0;
    }
    ev_value old = *at(d, i);
    *at(d, i) = ev_dup(val);
    ev_decref(I, old);
    return 0;
}

typedef struct deque_it {
    ev_value dq;
    size_t pos, counter;
    uint64_t state;
} deque_it;

/* One step of either direction: refuses to go on once the deque changed
 * (its state counter), as CPython's dequeiter_next and dequereviter_next. */
static int dit_step(ev_interp *I, ev_iterobj *it, ev_value *out, bool forward)
{
    deque_it *s = it->state;
    if (s->dq.tag != EV_T_OBJ)
        return 0;
    deque *d = DQ(s->dq);
    /* dequereviter_next asks whether it is exhausted before whether the
     * deque changed; dequeiter_next the other way round */
    if (!forward && s->counter == 0)
        return 0;
    if (d->state != s->state) {
        s->counter = 0;
        ev_raise(I, &ev_type_RuntimeError, "deque mutated during iteration");
        return -1;
    }
    if (s->counter == 0)
        return 0;
    *out = ev_dup(*at(d, s->pos));
    s->pos = forward ? s->pos + 1 : s->pos - 1;
    s->counter--;
    return 1;
}

static int dit_next(ev_interp *I, ev_iterobj *it, ev_value *out) { return dit_step(I, it, out, true); }

static void dit_free(ev_interp *I, ev_iterobj *it)
{
    deque_it *s = it->state;
    ev_decref(I, s->dq);
}

/* a deque holding iter(deque) is a cycle */
static void dit_traverse(ev_interp *I, ev_iterobj *it, ev_visit_fn visit, void *arg)
{
    visit(I, ((deque_it *)it->state)->dq, arg);
}

static ev_type deque_iterator_type = EV_ITER_TYPE_INIT("_collections._deque_iterator", "_collections");
static const ev_native_iter_type deque_iter_type = {"_collections._deque_iterator", dit_next,
                                                   dit_free, NULL, &deque_iterator_type, dit_traverse};

ev_value ev_deque_iter(ev_interp *I, ev_value v)
{
    ev_value it = ev_native_iter_new(I, &deque_iter_type, sizeof(deque_it));
    if (EV_IS_ERR(it))
        return it;
    deque_it *s = ((ev_iterobj *)it.u.o)->state;
    s->dq = ev_dup(v);
    s->counter = DQ(v)->len;
    s->state = DQ(v)->state;
    return it;
}

/* reversed(deque): CPython's dequereviter, from the right end, refusing
 * to go on once the deque changed (its own items, never a subclass's
 * __iter__) */
static int drit_next(ev_interp *I, ev_iterobj *it, ev_value *out) { return dit_step(I, it, out, false); }

static ev_type deque_reverse_iterator_type = EV_ITER_TYPE_INIT("_collections._deque_reverse_iterator", "_collections");
static const ev_native_iter_type deque_reviter_type = {"_collections._deque_reverse_iterator", drit_next, dit_free,
                                                      NULL, &deque_reverse_iterator_type, dit_traverse};

ev_value ev_deque_reviter(ev_interp *I, ev_value v)
{
    ev_value it = ev_native_iter_new(I, &deque_reviter_type, sizeof(deque_it));
    if (EV_IS_ERR(it))
        return it;
    deque_it *s = ((ev_iterobj *)it.u.o)->state;
    s->dq = ev_dup(v);
    s->counter = DQ(v)->len;
    s->pos = DQ(v)->len - 1;
    s->state = DQ(v)->state;
    return it;
}

static ev_value qm_append(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return push(I, DQ(self), argv[0], false) ? EV_ERR : EV_NONE;
}

static ev_value qm_appendleft(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return push(I, DQ(self), argv[0], true) ? EV_ERR : EV_NONE;
}

static ev_value qm_pop(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (DQ(self)->len == 0)
        return ev_raise(I, &ev_type_IndexError, "pop from an empty deque");
    return take(DQ(self), false);
}

static ev_value qm_popleft(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (DQ(self)->len == 0)
        return ev_raise(I, &ev_type_IndexError, "pop from an empty deque");
    return take(DQ(self), true);
}

static ev_value qm_extend(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return extend(I, DQ(self), argv[0], false) ? EV_ERR : EV_NONE;
}

static ev_value qm_extendleft(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return extend(I, DQ(self), argv[0], true) ? EV_ERR : EV_NONE;
}

static ev_value qm_clear(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    deque *d = DQ(self);
    while (d->len)
        ev_decref(I, take(d, false));
    return EV_NONE;
}

/* deque's index arguments (rotate's n, insert's i) go through __index__
 * before the body reads the deque: the call again with the int. */
static ev_value with_index_arg(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw,
                               ev_value (*fn)(ev_interp *, ev_value, int, const ev_value *, const ev_kw *))
{
    ev_value a[2] = {argv[0], argc > 1 ? argv[1] : EV_ERR}, iv;
    int got = ev_index_try(I, argv[0], &iv);
    if (got < 0)
        return EV_ERR;
    if (!got)
        return ev_raise(I, &ev_type_TypeError, "'%s' object cannot be interpreted as an integer",
                        ev_type_name(argv[0]));
    a[0] = iv;
    ev_value r = fn(I, self, argc, a, kw);
    ev_decref(I, iv);
    return r;
}

static ev_value qm_rotate(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    deque *d = DQ(self);
    int64_t n = 1;
    if (argc > 0 && ev_is_user(argv[0]))
        return with_index_arg(I, self, argc, argv, kw, qm_rotate);
    if (argc > 0) {
        if (!ev_is_int(argv[0]))
            return ev_raise(I, &ev_type_TypeError, "'%s' object cannot be interpreted as an integer",
                            ev_type_name(argv[0]));
        if (ev_is(argv[0], EV_O_INT))
            return ev_raise(I, &ev_type_OverflowError, "Python int too large to convert to C ssize_t");
        n = argv[0].u.i;
    }
    if (d->len <= 1)
        return EV_NONE;
    int64_t len = (int64_t)d->len;
    n %= len;
    if (n < 0)
        n += len; /* now a right rotation by 0..len-1 */
    d->state++;
    if (n == 0)
        return EV_NONE;
    if (d->len < d->cap) {
        /* move items one by one through the free slots, the shorter way */
        bool right = n <= len / 2;
        for (int64_t k = right ? n : len - n; k > 0; k--) {
            if (right) {
                ev_value v = *at(d, d->len - 1);
                d->head = (d->head + d->cap - 1) & (d->cap - 1);
                *at(d, 0) = v;
            } else {
                ev_value v = *at(d, 0);
                d->head = (d->head + 1) & (d->cap - 1);
                *at(d, d->len - 1) = v;
            }
        }
    } else {
        /* full ring: rotating is moving the head */
        d->head = (d->head + d->cap - (size_t)n) & (d->cap - 1);
    }
    return EV_NONE;
}

/* CPython's deque_count: the item is held across its __eq__, and a
 * mutation seen after it stops the count (the walk's position would be
 * meaningless) */
static ev_value qm_count(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    deque *d = DQ(self);
    uint64_t state = d->state;
    int64_t c = 0;
    for (size_t i = 0; i < d->len; i++) {
        ev_value x = ev_dup(*at(d, i));
        int r = ev_eq(I, x, argv[0]);
        ev_decref(I, x);
        if (r < 0)
            return EV_ERR;
        c += r;
        if (d->state != state)
            return ev_raise(I, &ev_type_RuntimeError, "deque mutated during iteration");
    }
    return ev_int(c);
}

/* An index()'s bound, clamped into [0, len] as deque_index does. */
static int64_t clamp_bound(int64_t v, int64_t len)
{
    if (v < 0) {
        v += len;
        if (v < 0)
            v = 0;
    }
    return v > len ? len : v;
}

static ev_value qm_index(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    deque *d = DQ(self);
    /* the default stop is the length before the bounds' __index__ ran;
     * they are clamped by the length after, as deque_index */
    int64_t start = 0, stop = (int64_t)d->len;
    if ((argc > 1 && ev_slice_index(I, argv[1], false, &start)) ||
        (argc > 2 && ev_slice_index(I, argv[2], false, &stop)))
        return EV_ERR;
    int64_t len = (int64_t)d->len;
    stop = clamp_bound(stop, len);
    start = clamp_bound(start, len);
    if (start > stop)
        start = stop;
    /* deque_index: a match found is answered even if its __eq__ mutated
     * the deque; a mismatch after a mutation is RuntimeError */
    uint64_t state = d->state;
    for (int64_t i = start; i < stop && i < (int64_t)d->len; i++) {
        ev_value x = ev_dup(*at(d, (size_t)i));
        int r = ev_eq(I, x, argv[0]);
        ev_decref(I, x);
        if (r < 0)
            return EV_ERR;
        if (r)
            return ev_int(i);
        if (d->state != state)
            return ev_raise(I, &ev_type_RuntimeError, "deque mutated during iteration");
    }
    ev_value rep = ev_repr(I, argv[0]);
    if (EV_IS_ERR(rep))
        return rep;
    ev_raise(I, &ev_type_ValueError, "%s is not in deque", ev_as_str(rep)->data);
    ev_decref(I, rep);
    return EV_ERR;
}

static ev_value qm_remove(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    /* deque_remove: after a mutation by __eq__ the index found no longer
     * names the item compared, so CPython refuses (with IndexError) */
    deque *d = DQ(self);
    uint64_t state = d->state;
    for (size_t i = 0; i < d->len; i++) {
        ev_value x = ev_dup(*at(d, i));
        int r = ev_eq(I, x, argv[0]);
        ev_decref(I, x);
        if (r < 0)
            return EV_ERR;
        if (d->state != state)
            return ev_raise(I, &ev_type_IndexError, "deque mutated during iteration");
        if (r) {
            del_at(I, d, i);
            return EV_NONE;
        }
    }
    ev_value rep = ev_repr(I, argv[0]);
    if (EV_IS_ERR(rep))
        return rep;
    ev_raise(I, &ev_type_ValueError, "%s is not in deque", ev_as_str(rep)->data);
    ev_decref(I, rep);
    return EV_ERR;
}

static ev_value qm_insert(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    deque *d = DQ(self);
    if (ev_is_user(argv[0]))
        return with_index_arg(I, self, argc, argv, kw, qm_insert);
    if (!ev_is_int(argv[0]))
        return ev_raise(I, &ev_type_TypeError, "'%s' object cannot be interpreted as an integer",
                        ev_type_name(argv[0]));
    if (d->maxlen >= 0 && d->len == (size_t)d->maxlen)
        return ev_raise(I, &ev_type_IndexError, "deque already at its maximum size");
    int64_t len = (int64_t)d->len, i;
    if (ev_is(argv[0], EV_O_INT))
        i = mpz_sgn(((ev_bigint *)argv[0].u.o)->z) < 0 ? 0 : len;
    else
        i = argv[0].u.i;
    if (i < 0) {
        i += len;
        if (i < 0)
            i = 0;
    }
    if (i > len)
        i = len;
    if (push(I, d, argv[1], false))
        return EV_ERR;
    for (size_t k = d->len - 1; k > (size_t)i; k--) {
        ev_value t = *at(d, k);
        *at(d, k) = *at(d, k - 1);
        *at(d, k - 1) = t;
    }
    return EV_NONE;
}

static ev_value qm_reverse(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    deque *d = DQ(self);
    for (size_t i = 0, j = d->len; i + 1 < j; i++, j--) {
        ev_value t = *at(d, i);
        *at(d, i) = *at(d, j - 1);
        *at(d, j - 1) = t;
    }
    return EV_NONE;
}

static ev_value deque_copy(ev_interp *I, deque *d, int64_t maxlen)
{
    ev_value r = deque_alloc(I, maxlen);
    for (size_t i = 0; !EV_IS_ERR(r) && i < d->len; i++)
        if (push(I, DQ(r), *at(d, i), false)) {
            ev_decref(I, r);
            return EV_ERR;
        }
    return r;
}

/* d.copy(), copy.copy(d), d + e and d * n: a subclass's copy is
 * type(d)(d) or type(d)(d, maxlen), so its __init__ runs (CPython's
 * deque_copy), and must give a deque */
static ev_value copy_of(ev_interp *I, ev_value self)
{
    ev_type *t = ev_type_of(self);
    if (!ev_is_heaptype(t))
        return deque_copy(I, DQ(self), DQ(self)->maxlen);
    ev_value args[2] = {self, ev_deque_maxlen_value(self)};
    ev_value r = ev_call(I, ev_obj_val(&t->h), DQ(self)->maxlen < 0 ? 1 : 2, args, 0, NULL, NULL);
    if (!EV_IS_ERR(r) && !ev_is(r, EV_O_DEQUE)) {
        char tn[64];
        snprintf(tn, sizeof tn, "%s", ev_type_name(r));
        ev_decref(I, r);
        return ev_raise(I, &ev_type_TypeError, "%s() must return a deque, not %s", t->name, tn);
    }
    return r;
}

static ev_value qm_copy(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return copy_of(I, self);
}

/* deque.__init__ on a subclass instance (reached through super()): self
 * takes src's items and maxlen, what it held is dropped first */
int ev_deque_assign(ev_interp *I, ev_value self, ev_value src)
{
    deque *d = DQ(self), *from = DQ(src);
    size_t n = d->len, head = d->head, cap = d->cap;
    ev_value *old = d->items;
    d->items = from->items;
    d->cap = from->cap;
    d->head = from->head;
    d->len = from->len;
    d->maxlen = from->maxlen;
    d->state++;
    from->items = NULL;
    from->len = from->cap = from->head = 0;
    for (size_t i = 0; i < n; i++)
        ev_decref(I, old[(head + i) & (cap - 1)]);
    ev_dealloc(I, old);
    return 0;
}

/* deque + deque, deque * n, n * deque, deque += iterable, deque *= n */
ev_value ev_deque_binary(ev_interp *I, ev_binop op, ev_value a, ev_value b, bool inplace, bool *handled)
{
    *handled = false;
    if (op == EV_OP_ADD && ev_is(a, EV_O_DEQUE)) {
        *handled = true;
        if (inplace)
            return extend(I, DQ(a), b, false) ? EV_ERR : ev_dup(a);
        if (!ev_is(b, EV_O_DEQUE))
            return ev_raise(I, &ev_type_TypeError, "can only concatenate deque (not \"%s\") to deque",
                            ev_type_name(b));
        ev_value r = copy_of(I, a);
        if (!EV_IS_ERR(r) && extend(I, DQ(r), b, false)) {
            ev_decref(I, r);
            return EV_ERR;
        }
        return r;
    }
    if (op != EV_OP_MUL)
        return EV_ERR;
    ev_value dv = ev_is(a, EV_O_DEQUE) ? a : b, nv = ev_is(a, EV_O_DEQUE) ? b : a;
    if (!ev_is_int(nv))
        return EV_ERR;
    *handled = true;
    /* d * n repeats a copy in place (CPython's deque_repeat): a subclass's
     * copy is what its __init__ made of d */
    ev_value r = inplace ? ev_dup(dv) : copy_of(I, dv);
    if (EV_IS_ERR(r))
        return r;
    deque *d = DQ(r);
    int64_t n = ev_is(nv, EV_O_INT) ? (mpz_sgn(((ev_bigint *)nv.u.o)->z) < 0 ? 0 : INT64_MAX) : nv.u.i;
    uint64_t len = d->len;
    if (n < 0)
        n = 0;
    /* The result is the last `keep` items of the items repeated n times. */
    uint64_t keep;
    if (len == 0 || n == 0)
        keep = 0;
    else if ((uint64_t)n > UINT64_MAX / len)
        keep = UINT64_MAX;
    else
        keep = (uint64_t)n * len;
    if (d->maxlen >= 0 && keep > (uint64_t)d->maxlen)
        keep = (uint64_t)d->maxlen;
    ev_value src = EV_ERR;
    if (keep > (uint64_t)(SIZE_MAX / 64)) {
        ev_raise_limit(I, "memory");
        goto fail;
    }
    if (ev_mem_reserve(I, (size_t)keep * sizeof(ev_value)))
        goto fail;
    src = to_list(I, d);
    if (EV_IS_ERR(src))
        goto fail;
    qm_clear(I, r, 0, NULL, NULL);
    size_t start = keep ? (size_t)((len - keep % len) % len) : 0;
    for (uint64_t k = 0; k < keep; k++)
        if (ev_tick(I) || push(I, d, ev_as_list(src)->items[(start + k) % len], false))
            goto fail;
    ev_decref(I, src);
    return r;
fail:
    if (!EV_IS_ERR(src))
        ev_decref(I, src);
    ev_decref(I, r);
    return EV_ERR;
}

const ev_builtin_def ev_deque_methods[] = {
    {"append", qm_append, 1, 1, 0},
    {"appendleft", qm_appendleft, 1, 1, 0},
    {"clear", qm_clear, 0, 0, 0},
    {"copy", qm_copy, 0, 0, 0},
    {"__copy__", qm_copy, 0, 0, 0},
    {"count", qm_count, 1, 1, 0},
    {"extend", qm_extend, 1, 1, 0},
    {"extendleft", qm_extendleft, 1, 1, 0},
    {"index", qm_index, 1, 3, 0},
    {"insert", qm_insert, 2, 2, 0},
    {"pop", qm_pop, 0, 0, 0},
    {"popleft", qm_popleft, 0, 0, 0},
    {"remove", qm_remove, 1, 1, 0},
    {"reverse", qm_reverse, 0, 0, 0},
    {"rotate", qm_rotate, 0, 1, 0},
    {NULL, NULL, 0, 0, 0},
};

/* ---- the kind table's row (ev_obj.h) ---------------------------------------------------- */

static bool deque_ops_truth(ev_value v) { return ev_deque_len(v) != 0; }

const ev_kind_ops ev_deque_ops = {
    .name = "deque",
    .free = ev_deque_free,
    .traverse = ev_deque_traverse,
    .clear = ev_deque_clear,
    .repr_buf = ev_deque_repr,
    .truth = deque_ops_truth,
    .hash = ev_hash_unhashable,
};
