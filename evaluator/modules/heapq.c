/*
 * heapq.c - the heapq module, CPython 3.11 behaviour (Lib/heapq.py with
 * Modules/_heapqmodule.c under it).
 *
 * heappush, heappop, heapify, heapreplace, heappushpop and the max-heap
 * helpers _heapify_max, _heappop_max, _heapreplace_max follow _heapqmodule.c:
 * the same sift algorithm, so the same comparisons in the same order and the
 * same heap afterwards, and after every comparison that may have run Python
 * code the list's size is checked ("list changed size during iteration")
 * and the items re-read.  nlargest, nsmallest and merge are Python code in
 * CPython; they are written here step by step after heapq.py, with its
 * decorated tuples (nlargest, nsmallest) and the [value, order, next]
 * entries of merge compared as a tuple or list compares them: the first
 * items by == (identity first), then < on the first that differ.  merge
 * returns a generator (<generator object merge at 0x...>).
 *
 * Speed: a comparison of two ints, two floats, two exact strs, or tuples
 * whose leading items are such, is answered in C without the protocol (the
 * answers and their order are the same; nothing user-visible runs).
 *
 * Not here: _siftdown and _siftup (heapq.py's Python helpers, outside
 * __all__).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "evaluator/modules/modules.h"

/* ---- comparisons ---------------------------------------------------------------------------- */

/* A plain value: compared without any user code.  0 when not plain. */
static int plain_kind(ev_value v)
{
    if (v.tag == EV_T_INT)
        return 1;
    if (v.tag == EV_T_FLOAT)
        return 2;
    if (v.tag == EV_T_OBJ && v.u.o->kind == EV_O_STR && !(v.u.o->flags & EV_OBJ_SUB))
        return 3;
    return 0;
}

/* a vs b for two plain values of kind k: -1, 0, 1 (2: unordered, a NaN) */
static int plain_cmp(int k, ev_value a, ev_value b)
{
    switch (k) {
    case 1: return (a.u.i > b.u.i) - (a.u.i < b.u.i);
    case 2:
        if (a.u.f < b.u.f)
            return -1;
        if (a.u.f > b.u.f)
            return 1;
        return a.u.f == b.u.f ? 0 : 2;
    default: {
        int c = ev_str_cmp(ev_as_str(a), ev_as_str(b));
        return (c > 0) - (c < 0);
    }
    }
}

/* a < b answered in C: 1 or 0, or -2 when user code could be involved.
 * Tuples: the first pair of items that are not equal decides, as tuple
 * comparison does; a pair that is not plain sends the whole question to the
 * protocol (the plain pairs before it had no effects to repeat). */
static int fast_lt(ev_value a, ev_value b)
{
    int ka = plain_kind(a);
    if (ka) {
        if (ka != plain_kind(b))
            return -2;
        int c = plain_cmp(ka, a, b);
        return c == 2 ? 0 : c < 0;
    }
    if (a.tag != EV_T_OBJ || b.tag != EV_T_OBJ || a.u.o->kind != EV_O_TUPLE || b.u.o->kind != EV_O_TUPLE ||
        ((a.u.o->flags | b.u.o->flags) & EV_OBJ_SUB))
        return -2;
    const ev_tuple *ta = ev_as_tuple(a), *tb = ev_as_tuple(b);
    size_t n = ta->len < tb->len ? ta->len : tb->len;
    for (size_t i = 0; i < n; i++) {
        ev_value x = ta->items[i], y = tb->items[i];
        int k = plain_kind(x);
        if (!k || k != plain_kind(y))
            return -2;
        int c = plain_cmp(k, x, y);
        if (c == 2) /* NaN: == is false unless the same object, which is not known here */
            return -2;
        if (c != 0)
            return c < 0;
    }
    return ta->len < tb->len;
}

/* a < b as PyObject_RichCompareBool(a, b, Py_LT): 1, 0, -1 raised.  Both
 * are held across a user __lt__, which may drop them from their list. */
static int lt(ev_interp *I, ev_value a, ev_value b)
{
    int r = fast_lt(a, b);
    if (r >= 0)
        return ev_tick(I) ? -1 : r;
    ev_incref(a);
    ev_incref(b);
    r = ev_compare(I, a, b, 0);
    ev_decref(I, a);
    ev_decref(I, b);
    return r;
}

/* a > b as PyObject_RichCompareBool(a, b, Py_GT) (max()'s question) */
static int gt(ev_interp *I, ev_value a, ev_value b)
{
    int r = fast_lt(b, a);
    if (r >= 0)
        return ev_tick(I) ? -1 : r;
    ev_incref(a);
    ev_incref(b);
    r = ev_compare(I, a, b, 4);
    ev_decref(I, a);
    ev_decref(I, b);
    return r;
}

/* ---- the sift functions of _heapqmodule.c -------------------------------------------------- */

/* `max` swaps the operands of every comparison (siftdown_max, siftup_max). */
static int siftdown(ev_interp *I, ev_list *heap, size_t startpos, size_t pos, bool max)
{
    size_t size = heap->len;
    if (pos >= size) {
        ev_raise(I, &ev_type_IndexError, "index out of range");
        return -1;
    }
    while (pos > startpos) {
        size_t parentpos = (pos - 1) >> 1;
        ev_value newitem = heap->items[pos], parent = heap->items[parentpos];
        int c = max ? lt(I, parent, newitem) : lt(I, newitem, parent);
        if (c < 0)
            return -1;
        if (size != heap->len) {
            ev_raise(I, &ev_type_RuntimeError, "list changed size during iteration");
            return -1;
        }
        if (c == 0)
            break;
        /* what the slots hold now (a __lt__ may have replaced items) */
        ev_value t = heap->items[parentpos];
        heap->items[parentpos] = heap->items[pos];
        heap->items[pos] = t;
        pos = parentpos;
    }
    return 0;
}

static int siftup(ev_interp *I, ev_list *heap, size_t pos, bool max)
{
    size_t endpos = heap->len, startpos = pos;
    if (pos >= endpos) {
        ev_raise(I, &ev_type_IndexError, "index out of range");
        return -1;
    }
    size_t limit = endpos >> 1;
    while (pos < limit) {
        size_t childpos = 2 * pos + 1;
        if (childpos + 1 < endpos) {
            ev_value l = heap->items[childpos], r = heap->items[childpos + 1];
            int c = max ? lt(I, r, l) : lt(I, l, r);
            if (c < 0)
                return -1;
            childpos += (size_t)(c ^ 1);
            if (endpos != heap->len) {
                ev_raise(I, &ev_type_RuntimeError, "list changed size during iteration");
                return -1;
            }
        }
        ev_value t = heap->items[childpos];
        heap->items[childpos] = heap->items[pos];
        heap->items[pos] = t;
        pos = childpos;
    }
    return siftdown(I, heap, startpos, pos, max);
}

/* ---- the C functions ------------------------------------------------------------------------ */

/* METH_O arity and keywords, with _heapqmodule.c's messages. */
static int check_one(ev_interp *I, const char *name, int argc, const ev_kw *kw)
{
    if (EV_KW_N(kw) > 0) {
        ev_raise(I, &ev_type_TypeError, "_heapq.%s() takes no keyword arguments", name);
        return -1;
    }
    if (argc != 1) {
        ev_raise(I, &ev_type_TypeError, "_heapq.%s() takes exactly one argument (%d given)", name, argc);
        return -1;
    }
    return 0;
}

/* argument clinic's two positionals */
static int check_two(ev_interp *I, const char *name, int argc, const ev_kw *kw)
{
    if (EV_KW_N(kw) > 0) {
        ev_raise(I, &ev_type_TypeError, "_heapq.%s() takes no keyword arguments", name);
        return -1;
    }
    if (argc != 2) {
        ev_raise(I, &ev_type_TypeError, "%s expected 2 arguments, got %d", name, argc);
        return -1;
    }
    return 0;
}

/* the heap: a list or a subclass of list (clinic's subclass_of) */
static ev_list *heap_arg(ev_interp *I, const char *name, bool one, ev_value v)
{
    if (ev_is(v, EV_O_LIST))
        return ev_as_list(v);
    ev_raise(I, &ev_type_TypeError, "%s() argument%s must be list, not %s", name, one ? "" : " 1",
             v.tag == EV_T_NONE ? "None" : ev_type_name(v));
    return NULL;
}

static ev_value hq_heappush(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    if (check_two(I, "heappush", argc, kw))
        return EV_ERR;
    ev_list *heap = heap_arg(I, "heappush", false, argv[0]);
    if (!heap || ev_list_append(I, heap, argv[1]))
        return EV_ERR;
    if (siftdown(I, heap, 0, heap->len - 1, false))
        return EV_ERR;
    return EV_NONE;
}

static ev_value heappop_common(ev_interp *I, const char *name, int argc, const ev_value *argv, const ev_kw *kw,
                               bool max)
{
    if (check_one(I, name, argc, kw))
        return EV_ERR;
    ev_list *heap = heap_arg(I, name, true, argv[0]);
    if (!heap)
        return EV_ERR;
    if (heap->len == 0)
        return ev_raise(I, &ev_type_IndexError, "index out of range");
    ev_value last = heap->items[heap->len - 1];
    ev_list_set_len(heap, heap->len - 1); /* shrunk after the last slot is read */
    if (heap->len == 0)
        return last;
    ev_value ret = heap->items[0];
    heap->items[0] = last;
    if (siftup(I, heap, 0, max)) {
        ev_decref(I, ret);
        return EV_ERR;
    }
    return ret;
}

static ev_value hq_heappop(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    return heappop_common(I, "heappop", argc, argv, kw, false);
}

static ev_value hq_heappop_max(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    return heappop_common(I, "_heappop_max", argc, argv, kw, true);
}

/* heap[0] = item, sifted; the old heap[0] (a new reference) */
static ev_value replace_top(ev_interp *I, ev_list *heap, ev_value item, bool max)
{
    if (heap->len == 0)
        return ev_raise(I, &ev_type_IndexError, "index out of range");
    ev_value ret = heap->items[0];
    heap->items[0] = ev_dup(item);
    if (siftup(I, heap, 0, max)) {
        ev_decref(I, ret);
        return EV_ERR;
    }
    return ret;
}

static ev_value heapreplace_common(ev_interp *I, const char *name, int argc, const ev_value *argv,
                                   const ev_kw *kw, bool max)
{
    if (check_two(I, name, argc, kw))
        return EV_ERR;
    ev_list *heap = heap_arg(I, name, false, argv[0]);
    return heap ? replace_top(I, heap, argv[1], max) : EV_ERR;
}

static ev_value hq_heapreplace(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    return heapreplace_common(I, "heapreplace", argc, argv, kw, false);
}

static ev_value hq_heapreplace_max(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    return heapreplace_common(I, "_heapreplace_max", argc, argv, kw, true);
}

static ev_value hq_heappushpop(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    if (check_two(I, "heappushpop", argc, kw))
        return EV_ERR;
    ev_list *heap = heap_arg(I, "heappushpop", false, argv[0]);
    if (!heap)
        return EV_ERR;
    if (heap->len == 0)
        return ev_dup(argv[1]);
    int c = lt(I, heap->items[0], argv[1]);
    if (c < 0)
        return EV_ERR;
    if (c == 0)
        return ev_dup(argv[1]);
    return replace_top(I, heap, argv[1], false);
}

/* the largest power of 2 not above n (n >= 1) */
static size_t keep_top_bit(size_t n)
{
    int i = 0;
    while (n > 1) {
        n >>= 1;
        i++;
    }
    return n << i;
}

/* heapify_internal: siftup(i) for i from n/2 - 1 down to 0, or past 2,500
 * items in CPython's cache-friendly order (each pair of siblings, then
 * their parent at once): the same comparisons, but a __lt__ that prints
 * sees the order.  sift(ctx, i) is the siftup of the heap at hand. */
static int heapify_order(ev_interp *I, size_t n, int (*sift)(ev_interp *I, void *ctx, size_t pos), void *ctx)
{
    if (n > 2500) {
        size_t m = n >> 1, leftmost = keep_top_bit(m + 1) - 1, mhalf = m >> 1;
        for (int pass = 0; pass < 2; pass++) {
            size_t hi = pass == 0 ? leftmost : m, lo = pass == 0 ? mhalf : leftmost;
            for (size_t i = hi; i-- > lo;) {
                size_t j = i;
                for (;;) {
                    if (sift(I, ctx, j))
                        return -1;
                    if (!(j & 1))
                        break;
                    j >>= 1;
                }
            }
        }
        return 0;
    }
    for (size_t i = n >> 1; i-- > 0;)
        if (sift(I, ctx, i))
            return -1;
    return 0;
}

static int list_sift_min(ev_interp *I, void *heap, size_t pos)
{
    return siftup(I, heap, pos, false);
}

static int list_sift_max(ev_interp *I, void *heap, size_t pos)
{
    return siftup(I, heap, pos, true);
}

static int heapify(ev_interp *I, ev_list *heap, bool max)
{
    return heapify_order(I, heap->len, max ? list_sift_max : list_sift_min, heap);
}

static ev_value heapify_common(ev_interp *I, const char *name, int argc, const ev_value *argv, const ev_kw *kw,
                               bool max)
{
    if (check_one(I, name, argc, kw))
        return EV_ERR;
    ev_list *heap = heap_arg(I, name, true, argv[0]);
    if (!heap || heapify(I, heap, max))
        return EV_ERR;
    return EV_NONE;
}

static ev_value hq_heapify(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    return heapify_common(I, "heapify", argc, argv, kw, false);
}

static ev_value hq_heapify_max(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    return heapify_common(I, "_heapify_max", argc, argv, kw, true);
}

/* ---- nlargest and nsmallest (heapq.py) ------------------------------------------------------ */

/* Binds f(n, iterable, key=None) with a Python def's messages. */
static int bind_nfunc(ev_interp *I, const char *name, int argc, const ev_value *argv, const ev_kw *kw,
                      ev_value out[EV_DEF_MAXP])
{
    ev_defsig sig = {name, {"n", "iterable", "key"}, 2, .func = true};
    if (ev_def_bind(I, &sig, argc, argv, kw, out))
        return -1;
    if (EV_IS_ERR(out[2]))
        out[2] = EV_NONE;
    return 0;
}

/* The pending exception is one of t1, t2: cleared, true. */
static bool catch2(ev_interp *I, ev_type *t1, ev_type *t2)
{
    if (I->limit || !ev_is(I->exc, EV_O_EXC))
        return false;
    ev_type *t = ((ev_exc *)I->exc.u.o)->type;
    if (!ev_type_is_subclass(t, t1) && !(t2 && ev_type_is_subclass(t, t2)))
        return false;
    ev_decref(I, I->exc);
    I->exc = EV_NONE;
    return true;
}

/* min(it, default=sentinel, key=key) (max: `largest`), as a list of 0 or 1 */
static ev_value extreme(ev_interp *I, ev_value iterable, ev_value key, bool largest)
{
    ev_value it = ev_iter(I, iterable);
    if (EV_IS_ERR(it))
        return it;
    ev_value best = EV_ERR, bestkey = EV_ERR, item, r = EV_ERR;
    int got;
    while ((got = ev_next(I, it, &item)) == 1) {
        ev_value k = item;
        if (key.tag != EV_T_NONE) {
            k = ev_call(I, key, 1, &item, 0, NULL, NULL);
            if (EV_IS_ERR(k)) {
                ev_decref(I, item);
                goto done;
            }
        } else {
            ev_incref(k);
        }
        if (EV_IS_ERR(best)) {
            best = item;
            bestkey = k;
            continue;
        }
        /* min_max: item OP best, OP < for min and > for max */
        int c = largest ? gt(I, k, bestkey) : lt(I, k, bestkey);
        if (c < 0) {
            ev_decref(I, item);
            ev_decref(I, k);
            goto done;
        }
        if (c) {
            ev_decref(I, best);
            ev_decref(I, bestkey);
            best = item;
            bestkey = k;
        } else {
            ev_decref(I, item);
            ev_decref(I, k);
        }
    }
    if (got < 0)
        goto done;
    r = ev_list_new(I, 1);
    if (!EV_IS_ERR(r) && !EV_IS_ERR(best) && ev_list_append(I, ev_as_list(r), best)) {
        ev_decref(I, r);
        r = EV_ERR;
    }
done:
    ev_decref(I, it);
    if (!EV_IS_ERR(best)) {
        ev_decref(I, best);
        ev_decref(I, bestkey);
    }
    return r;
}

/* sorted(iterable, key=key, reverse=largest)[:n] */
static ev_value sorted_head(ev_interp *I, ev_value iterable, ev_value key, bool largest, ev_value n)
{
    ev_value l = ev_list_from_iterable(I, iterable);
    if (EV_IS_ERR(l))
        return l;
    /* a new list nobody else can reach: sorted in place */
    ev_list *L = ev_as_list(l);
    if (ev_sort_values(I, L->items, L->len, key, largest)) {
        ev_decref(I, l);
        return EV_ERR;
    }
    ev_value sl = ev_slice_new(I, EV_NONE, n, EV_NONE);
    ev_value r = EV_IS_ERR(sl) ? sl : ev_getitem(I, l, sl);
    if (!EV_IS_ERR(sl))
        ev_decref(I, sl);
    ev_decref(I, l);
    return r;
}

/* a tuple of 2 or 3 items (references taken) */
static ev_value tuple_of(ev_interp *I, int n, ev_value a, ev_value b, ev_value c)
{
    ev_value t = ev_tuple_new(I, (size_t)n);
    if (EV_IS_ERR(t))
        return t;
    ev_tuple *T = ev_as_tuple(t);
    T->items[0] = ev_dup(a);
    T->items[1] = ev_dup(b);
    if (n == 3)
        T->items[2] = ev_dup(c);
    return t;
}

/* The general case of nsmallest / nlargest: heapq.py's loop over decorated
 * tuples (elem, order) or (key(elem), order, elem). */
static ev_value n_general(ev_interp *I, int64_t n, ev_value n_obj, ev_value iterable, ev_value key, bool largest)
{
    bool keyed = key.tag != EV_T_NONE;
    int width = keyed ? 3 : 2;
    ev_value it = ev_iter(I, iterable), res = EV_ERR, top = EV_ERR, out = EV_ERR, order = EV_ERR;
    if (EV_IS_ERR(it))
        return it;
    res = ev_list_new(I, 0);
    if (EV_IS_ERR(res))
        goto done;
    ev_list *R = ev_as_list(res);
    /* zip(range(n), it): the range first, so no item past the n-th is taken */
    for (int64_t i = 0; i < n; i++) {
        ev_value elem;
        int got = ev_next(I, it, &elem);
        if (got < 0)
            goto done;
        if (got == 0)
            break;
        ev_value k = elem;
        if (keyed) {
            k = ev_call(I, key, 1, &elem, 0, NULL, NULL);
            if (EV_IS_ERR(k)) {
                ev_decref(I, elem);
                goto done;
            }
        }
        ev_value t = tuple_of(I, width, k, ev_int(largest ? -i : i), elem);
        if (keyed)
            ev_decref(I, k);
        ev_decref(I, elem);
        if (EV_IS_ERR(t))
            goto done;
        int e = ev_list_append(I, R, t);
        ev_decref(I, t);
        if (e)
            goto done;
    }
    if (R->len == 0) {
        out = res;
        res = EV_ERR;
        goto done;
    }
    if (heapify(I, R, !largest))
        goto done;
    top = ev_dup(ev_as_tuple(R->items[0])->items[0]);
    /* order = -n (nlargest: n negated a second time, as heapq.py does) */
    order = largest ? ev_negate(I, n_obj) : ev_dup(n_obj);
    if (EV_IS_ERR(order))
        goto done;
    for (;;) {
        ev_value elem;
        int got = ev_next(I, it, &elem);
        if (got < 0)
            goto done;
        if (got == 0)
            break;
        ev_value k = elem;
        if (keyed) {
            k = ev_call(I, key, 1, &elem, 0, NULL, NULL);
            if (EV_IS_ERR(k)) {
                ev_decref(I, elem);
                goto done;
            }
        }
        int c = largest ? lt(I, top, k) : lt(I, k, top);
        if (c > 0) {
            ev_value t = tuple_of(I, width, k, order, elem);
            ev_value old = EV_IS_ERR(t) ? t : replace_top(I, R, t, !largest);
            if (!EV_IS_ERR(t))
                ev_decref(I, t);
            if (EV_IS_ERR(old)) {
                c = -1;
            } else {
                ev_decref(I, old);
                /* top, _order = result[0]: result is this function's own
                 * list of its own tuples, out of the program's reach */
                ev_decref(I, top);
                top = ev_dup(ev_as_tuple(R->items[0])->items[0]);
                /* order += 1 (nlargest: -= 1), an int unless n was an __index__ object */
                ev_value next = order.tag == EV_T_INT && order.u.i > INT64_MIN + 1 && order.u.i < INT64_MAX - 1
                                    ? ev_int(order.u.i + (largest ? -1 : 1))
                                    : ev_inplace(I, largest ? EV_OP_SUB : EV_OP_ADD, order, ev_int(1));
                if (EV_IS_ERR(next))
                    c = -1;
                else {
                    ev_decref(I, order);
                    order = next;
                }
            }
        }
        if (keyed)
            ev_decref(I, k);
        ev_decref(I, elem);
        if (c < 0)
            goto done;
    }
    if (ev_sort_values(I, R->items, R->len, EV_NONE, largest))
        goto done;
    out = ev_list_new(I, R->len);
    if (EV_IS_ERR(out))
        goto done;
    for (size_t i = 0; i < R->len; i++)
        if (ev_list_append(I, ev_as_list(out), ev_as_tuple(R->items[i])->items[keyed ? 2 : 0])) {
            ev_decref(I, out);
            out = EV_ERR;
            goto done;
        }
done:
    ev_decref(I, it);
    if (!EV_IS_ERR(res))
        ev_decref(I, res);
    if (!EV_IS_ERR(top))
        ev_decref(I, top);
    if (!EV_IS_ERR(order))
        ev_decref(I, order);
    return out;
}

static ev_value nfunc(ev_interp *I, const char *name, int argc, const ev_value *argv, const ev_kw *kw,
                      bool largest)
{
    ev_value a[EV_DEF_MAXP];
    if (bind_nfunc(I, name, argc, argv, kw, a))
        return EV_ERR;
    ev_value n = a[0], iterable = a[1], key = a[2];
    int one = ev_eq(I, n, ev_int(1));
    if (one < 0)
        return EV_ERR;
    if (one)
        return extreme(I, iterable, key, largest);
    int64_t size;
    if (ev_len(I, iterable, &size) == 0) {
        int ge = ev_compare(I, n, ev_int(size), 5);
        if (ge < 0)
            return EV_ERR;
        if (ge)
            return sorted_head(I, iterable, key, largest, n);
    } else if (!catch2(I, &ev_type_TypeError, &ev_type_AttributeError)) {
        return EV_ERR;
    }
    /* zip(range(n), it) for nsmallest, zip(range(0, -n, -1), it) for
     * nlargest: an int (a big one clamps: zip stops with the data) or an
     * __index__ */
    ev_value order = largest ? ev_negate(I, n) : ev_dup(n);
    if (EV_IS_ERR(order))
        return order;
    int64_t k;
    if (ev_is_int(order) ? ev_slice_index(I, order, false, &k) : ev_index(I, order, &k, NULL)) {
        ev_decref(I, order);
        return EV_ERR;
    }
    if (largest)
        k = k == INT64_MIN ? INT64_MAX : -k;
    ev_value r;
    if (k <= 0) {
        /* iter(iterable) is still called */
        ev_value it = ev_iter(I, iterable);
        if (EV_IS_ERR(it))
            r = it;
        else {
            ev_decref(I, it);
            r = ev_list_new(I, 0);
        }
    } else {
        r = n_general(I, k, n, iterable, key, largest);
    }
    ev_decref(I, order);
    return r;
}

static ev_value hq_nsmallest(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    return nfunc(I, "nsmallest", argc, argv, kw, false);
}

static ev_value hq_nlargest(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    return nfunc(I, "nlargest", argc, argv, kw, true);
}

/* ---- merge (heapq.py's generator) ----------------------------------------------------------- */

/* One entry of merge's heap: [key(value), order, value, next] (key is value
 * without a key function). */
typedef struct mentry {
    ev_value key, value, it;
    int64_t order;
} mentry;

enum { M_START, M_LOOP, M_TAIL, M_DONE };

typedef struct merge_state {
    ev_value iterables; /* the tuple of arguments, until the first next() */
    ev_value keyfn;
    bool reverse;
    int phase;
    bool running; /* a __lt__, key or iterator calling next() on it again */
    mentry *h;
    size_t n;
} merge_state;

static void mentry_clear(ev_interp *I, mentry *e)
{
    ev_decref(I, e->key);
    ev_decref(I, e->value);
    ev_decref(I, e->it);
}

static void merge_release(ev_interp *I, merge_state *m)
{
    for (size_t i = 0; i < m->n; i++)
        mentry_clear(I, &m->h[i]);
    ev_dealloc(I, m->h);
    m->h = NULL;
    m->n = 0;
    if (!EV_IS_ERR(m->iterables)) {
        ev_decref(I, m->iterables);
        m->iterables = EV_ERR;
    }
    if (!EV_IS_ERR(m->keyfn)) {
        ev_decref(I, m->keyfn);
        m->keyfn = EV_ERR;
    }
    m->phase = M_DONE;
}

/* a < b for two entries as lists compare them: key == key (identity
 * first) decides whether the keys or the orders (never equal) are asked */
static int mentry_lt(ev_interp *I, const mentry *a, const mentry *b)
{
    ev_value x = a->key, y = b->key;
    int k = plain_kind(x);
    if (k && k == plain_kind(y)) {
        int c = plain_cmp(k, x, y);
        if (c != 2)
            return ev_tick(I) ? -1 : c == 0 ? a->order < b->order : c < 0;
    }
    bool same = x.tag == y.tag && (x.tag == EV_T_OBJ ? x.u.o == y.u.o : false);
    if (same)
        return a->order < b->order;
    ev_incref(x);
    ev_incref(y);
    int r = ev_eq(I, x, y);
    if (r == 0)
        r = ev_compare(I, x, y, 0);
    else if (r > 0)
        r = a->order < b->order;
    ev_decref(I, x);
    ev_decref(I, y);
    return r;
}

/* siftup over the entries (the heap is the generator's own: no user code
 * can reach it, so it cannot change size under a comparison) */
static int msiftup(ev_interp *I, merge_state *m, size_t pos)
{
    mentry *h = m->h;
    size_t endpos = m->n, startpos = pos, limit = endpos >> 1;
    bool max = m->reverse;
    while (pos < limit) {
        size_t childpos = 2 * pos + 1;
        if (childpos + 1 < endpos) {
            int c = max ? mentry_lt(I, &h[childpos + 1], &h[childpos]) : mentry_lt(I, &h[childpos], &h[childpos + 1]);
            if (c < 0)
                return -1;
            childpos += (size_t)(c ^ 1);
        }
        mentry t = h[childpos];
        h[childpos] = h[pos];
        h[pos] = t;
        pos = childpos;
    }
    while (pos > startpos) {
        size_t parentpos = (pos - 1) >> 1;
        int c = max ? mentry_lt(I, &h[parentpos], &h[pos]) : mentry_lt(I, &h[pos], &h[parentpos]);
        if (c < 0)
            return -1;
        if (c == 0)
            break;
        mentry t = h[parentpos];
        h[parentpos] = h[pos];
        h[pos] = t;
        pos = parentpos;
    }
    return 0;
}

static int msift(ev_interp *I, void *m, size_t pos)
{
    return msiftup(I, m, pos);
}

/* _heappop(h): the last entry to the root, sifted */
static int mpop(ev_interp *I, merge_state *m)
{
    mentry last = m->h[--m->n];
    if (m->n == 0) {
        mentry_clear(I, &last);
        return 0;
    }
    mentry_clear(I, &m->h[0]);
    m->h[0] = last;
    return msiftup(I, m, 0);
}

/* The entry for the next item of `it` at the root: 1 done, 0 `it` is
 * exhausted (or a StopIteration was raised inside heapq.py's try), -1. */
static int madvance(ev_interp *I, merge_state *m, mentry *e)
{
    ev_value v;
    int got = ev_next(I, e->it, &v);
    if (got <= 0)
        return got;
    ev_value k = v;
    if (!EV_IS_ERR(m->keyfn) && m->keyfn.tag != EV_T_NONE) {
        k = ev_call(I, m->keyfn, 1, &v, 0, NULL, NULL);
        if (EV_IS_ERR(k)) {
            ev_decref(I, v);
            return catch2(I, &ev_type_StopIteration, NULL) ? 0 : -1;
        }
    } else {
        ev_incref(k);
    }
    ev_decref(I, e->key);
    ev_decref(I, e->value);
    e->key = k;
    e->value = v;
    return 1;
}

/* heapq.py's set-up: the first item of each iterable, then _heapify */
static int mstart(ev_interp *I, merge_state *m)
{
    ev_tuple *its = ev_as_tuple(m->iterables);
    if (its->len) {
        m->h = ev_alloc(I, its->len * sizeof *m->h);
        if (!m->h) {
            ev_raise_nomem(I);
            return -1;
        }
    }
    for (size_t i = 0; i < its->len; i++) {
        ev_value it = ev_iter(I, its->items[i]);
        if (EV_IS_ERR(it))
            return -1;
        mentry *e = &m->h[m->n];
        *e = (mentry){.key = EV_NONE, .value = EV_NONE, .it = it,
                      .order = m->reverse ? -(int64_t)i : (int64_t)i};
        int r = madvance(I, m, e);
        if (r <= 0) {
            ev_decref(I, it);
            if (r < 0)
                return -1;
            continue;
        }
        m->n++;
    }
    ev_decref(I, m->iterables);
    m->iterables = EV_ERR;
    return heapify_order(I, m->n, msift, m);
}

static int merge_step(ev_interp *I, merge_state *m, ev_value *out);

static int merge_next(ev_interp *I, ev_iterobj *self, ev_value *out)
{
    merge_state *m = self->state;
    if (m->phase == M_DONE)
        return 0;
    if (m->running) {
        ev_raise(I, &ev_type_ValueError, "generator already executing");
        return -1;
    }
    m->running = true;
    int r = merge_step(I, m, out);
    m->running = false;
    return r;
}

static int merge_step(ev_interp *I, merge_state *m, ev_value *out)
{
    if (m->phase == M_TAIL) {
        /* yield from next.__self__ */
        int got = ev_next(I, m->h[0].it, out);
        if (got <= 0)
            merge_release(I, m);
        return got;
    }
    if (m->phase == M_START) {
        m->phase = M_LOOP;
        if (mstart(I, m))
            goto fail;
    } else {
        /* s[0] = next() (and the key), _heapreplace(h, s); a StopIteration: _heappop(h) */
        int r = madvance(I, m, &m->h[0]);
        if (r > 0 && msiftup(I, m, 0) < 0)
            r = catch2(I, &ev_type_StopIteration, NULL) ? 0 : -1;
        if (r < 0)
            goto fail;
        if (r == 0 && mpop(I, m))
            goto fail;
    }
    if (m->n == 0) {
        merge_release(I, m);
        return 0;
    }
    if (m->n == 1)
        m->phase = M_TAIL;
    *out = ev_dup(m->h[0].value);
    return 1;
fail:
    merge_release(I, m);
    return -1;
}

static void merge_free(ev_interp *I, ev_iterobj *self)
{
    merge_state *m = self->state;
    if (m)
        merge_release(I, m);
}

static void merge_traverse(ev_interp *I, ev_iterobj *self, ev_visit_fn visit, void *arg)
{
    merge_state *m = self->state;
    if (!EV_IS_ERR(m->iterables))
        visit(I, m->iterables, arg);
    if (!EV_IS_ERR(m->keyfn))
        visit(I, m->keyfn, arg);
    for (size_t i = 0; i < m->n; i++) {
        visit(I, m->h[i].key, arg);
        visit(I, m->h[i].value, arg);
        visit(I, m->h[i].it, arg);
    }
}

static ev_value merge_repr(ev_interp *I, ev_iterobj *self)
{
    char buf[64];
    snprintf(buf, sizeof buf, "<generator object merge at %p>", (void *)self);
    return ev_str_from_cstr(I, buf);
}

static const ev_native_iter_type merge_type = {"generator", merge_next, merge_free, merge_repr,
                                               &ev_type_generator, merge_traverse};

/* merge(*iterables, key=None, reverse=False) */
static ev_value hq_merge(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    ev_value key = EV_NONE, reverse = EV_ERR;
    for (int k = 0; k < EV_KW_N(kw); k++) {
        const char *kn = kw->names[k]->data;
        if (strcmp(kn, "key") == 0)
            key = kw->vals[k];
        else if (strcmp(kn, "reverse") == 0)
            reverse = kw->vals[k];
        else
            return ev_raise(I, &ev_type_TypeError, "merge() got an unexpected keyword argument '%s'", kn);
    }
    ev_value args = ev_tuple_new(I, (size_t)argc);
    if (EV_IS_ERR(args))
        return args;
    for (int i = 0; i < argc; i++)
        ev_as_tuple(args)->items[i] = ev_dup(argv[i]);
    /* `if reverse:` runs at the first next(); its truth is taken now, which
     * differs only for a reverse whose __bool__ has effects */
    int rev = EV_IS_ERR(reverse) ? 0 : ev_truth(I, reverse);
    if (rev < 0) {
        ev_decref(I, args);
        return EV_ERR;
    }
    ev_value g = ev_native_iter_new(I, &merge_type, sizeof(merge_state));
    if (EV_IS_ERR(g)) {
        ev_decref(I, args);
        return g;
    }
    merge_state *m = ((ev_iterobj *)g.u.o)->state;
    m->iterables = args;
    m->keyfn = ev_dup(key);
    m->reverse = rev;
    m->phase = M_START;
    return g;
}

/* ---- the module ------------------------------------------------------------------------------ */

#define ANY 0, -1, EV_BF_KWANY

static const ev_builtin_def functions[] = {
    {"heappush", hq_heappush, ANY},
    {"heappop", hq_heappop, ANY},
    {"heapify", hq_heapify, ANY},
    {"heapreplace", hq_heapreplace, ANY},
    {"heappushpop", hq_heappushpop, ANY},
    {"merge", hq_merge, ANY},
    {"nlargest", hq_nlargest, ANY},
    {"nsmallest", hq_nsmallest, ANY},
    {"_heapify_max", hq_heapify_max, ANY},
    {"_heappop_max", hq_heappop_max, ANY},
    {"_heapreplace_max", hq_heapreplace_max, ANY},
    {NULL, NULL, 0, 0, 0},
};

static const char *const all[] = {"heappush", "heappop", "heapify", "heapreplace", "merge",
                                  "nlargest", "nsmallest", "heappushpop", NULL};

const ev_module_def ev_module_heapq = {"heapq", functions, NULL, all};
