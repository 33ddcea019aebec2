/*
 * bisect.c - the bisect module, CPython 3.11 behaviour (Lib/bisect.py with
 * Modules/_bisectmodule.c under it).
 *
 * bisect_left, bisect_right, insort_left, insort_right with lo, hi and the
 * keyword-only key (3.10+), and the aliases bisect = bisect_right and
 * insort = insort_right (the same function objects, as bisect.py binds them).
 * As _bisectmodule.c: lo must be non-negative, hi None (or -1) means
 * len(a), items are read by a[mid] each step (any sequence: __len__ and
 * __getitem__), the key is applied to the items and not to x when
 * bisecting but to x too when inserting, and insort inserts with
 * list.insert for an exact list and by calling a.insert(i, x) otherwise.
 *
 * Speed: an exact list is read in place (its length and the item re-read
 * after every comparison, since a __lt__ may shrink it), and two ints, two
 * floats or two exact strs are compared in C.
 */
#include <string.h>

#include "evaluator/modules/modules.h"

/* a < b, answered in C for two plain values of one kind: 1, 0, or -2 */
static int fast_lt(ev_value a, ev_value b)
{
    if (a.tag == EV_T_INT && b.tag == EV_T_INT)
        return a.u.i < b.u.i;
    if (a.tag == EV_T_FLOAT && b.tag == EV_T_FLOAT)
        return a.u.f < b.u.f;
    if (a.tag == EV_T_OBJ && b.tag == EV_T_OBJ && a.u.o->kind == EV_O_STR && b.u.o->kind == EV_O_STR &&
        !((a.u.o->flags | b.u.o->flags) & EV_OBJ_SUB))
        return ev_str_cmp(ev_as_str(a), ev_as_str(b)) < 0;
    return -2;
}

/* PyObject_RichCompareBool(a, b, Py_LT); the caller holds a and b */
static int lt(ev_interp *I, ev_value a, ev_value b)
{
    int r = fast_lt(a, b);
    if (r >= 0)
        return ev_tick(I) ? -1 : r;
    return ev_compare(I, a, b, 0);
}

/* PySequence_GetItem(a, i): a set or a user class without __getitem__
 * does not support indexing, and a dict is not a sequence */
static ev_value seq_item(ev_interp *I, ev_value a, int64_t i)
{
    bool no = ev_is(a, EV_O_SET) || ev_is(a, EV_O_FROZENSET);
    if (ev_is(a, EV_O_DICT) && !(a.u.o->flags & EV_OBJ_SUB))
        return ev_raise(I, &ev_type_TypeError, "'dict' object is not a sequence");
    if (ev_is(a, EV_O_INSTANCE) && !ev_type_lookup(ev_type_of(a), I->dn[EV_DN_GETITEM]))
        no = true;
    if (no)
        return ev_raise(I, &ev_type_TypeError, "'%s' object does not support indexing", ev_type_name(a));
    return ev_getitem(I, a, ev_int(i));
}

/* internal_bisect_left / _right: the insertion point of x in a[lo:hi]
 * (x already keyed by the caller when inserting), -1 raised */
static int64_t bisect_impl(ev_interp *I, ev_value a, ev_value x, int64_t lo, int64_t hi, ev_value key, bool right)
{
    if (lo < 0) {
        ev_raise(I, &ev_type_ValueError, "lo must be non-negative");
        return -1;
    }
    if (hi == -1 && ev_len(I, a, &hi))
        return -1;
    bool exact = ev_is(a, EV_O_LIST) && !(a.u.o->flags & EV_OBJ_SUB);
    bool keyed = key.tag != EV_T_NONE;
    while (lo < hi) {
        int64_t mid = (int64_t)(((uint64_t)lo + (uint64_t)hi) / 2);
        ev_value item;
        if (exact) {
            ev_list *L = ev_as_list(a);
            if ((uint64_t)mid >= L->len) {
                ev_raise(I, &ev_type_IndexError, "list index out of range");
                return -1;
            }
            item = ev_dup(L->items[mid]);
        } else {
            item = seq_item(I, a, mid);
            if (EV_IS_ERR(item))
                return -1;
        }
        if (keyed) {
            ev_value k = ev_call(I, key, 1, &item, 0, NULL, NULL);
            ev_decref(I, item);
            if (EV_IS_ERR(k))
                return -1;
            item = k;
        }
        int c = right ? lt(I, x, item) : lt(I, item, x);
        ev_decref(I, item);
        if (c < 0)
            return -1;
        if (c == right)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

/* The bound arguments a, x, lo, hi, key (EV_ERR where not given) to
 * C values: clinic's Py_ssize_t for lo, an optional one for hi. */
static int read_bounds(ev_interp *I, const ev_value *argv, int64_t *lo, int64_t *hi, ev_value *key)
{
    *lo = 0;
    *hi = -1;
    *key = EV_IS_ERR(argv[4]) ? EV_NONE : argv[4];
    if (!EV_IS_ERR(argv[2]) && ev_ssize_arg(I, argv[2], lo))
        return -1;
    ev_value h = argv[3];
    if (EV_IS_ERR(h) || h.tag == EV_T_NONE)
        return 0;
    /* _Py_convert_optional_to_ssize_t: an index, clamped past 64 bits */
    ev_value iv = EV_ERR;
    if (!ev_is_int(h)) {
        int r = ev_index_try(I, h, &iv);
        if (r < 0)
            return -1;
        if (r == 0) {
            ev_raise(I, &ev_type_TypeError, "argument should be integer or None, not '%s'", ev_type_name(h));
            return -1;
        }
        h = iv;
    }
    int e = ev_slice_index(I, h, false, hi);
    if (!EV_IS_ERR(iv))
        ev_decref(I, iv);
    if (e)
        return -1;
    return 0;
}

static ev_value bisect_common(ev_interp *I, const ev_value *argv, bool right)
{
    int64_t lo, hi;
    ev_value key;
    if (read_bounds(I, argv, &lo, &hi, &key))
        return EV_ERR;
    int64_t r = bisect_impl(I, argv[0], argv[1], lo, hi, key, right);
    return r < 0 ? EV_ERR : ev_int(r);
}

static ev_value insort_common(ev_interp *I, const ev_value *argv, bool right)
{
    int64_t lo, hi;
    ev_value key;
    if (read_bounds(I, argv, &lo, &hi, &key))
        return EV_ERR;
    ev_value a = argv[0], x = argv[1];
    ev_value kx = ev_dup(x);
    if (key.tag != EV_T_NONE) {
        ev_decref(I, kx);
        kx = ev_call(I, key, 1, &x, 0, NULL, NULL);
        if (EV_IS_ERR(kx))
            return kx;
    }
    int64_t i = bisect_impl(I, a, kx, lo, hi, key, right);
    ev_decref(I, kx);
    if (i < 0)
        return EV_ERR;
    if (ev_is(a, EV_O_LIST) && !(a.u.o->flags & EV_OBJ_SUB)) {
        /* PyList_Insert: the index clamped to the list as it is now */
        ev_list *L = ev_as_list(a);
        if ((uint64_t)i > L->len)
            i = (int64_t)L->len;
        /* the move of the tail costs time, as list.insert charges it */
        if (ev_charge(I, (int64_t)(L->len / 256)) || ev_list_reserve(I, L, L->len + 1))
            return EV_ERR;
        size_t n = L->len;
        ev_list_set_len(L, n + 1); /* the slot opened before the move writes it */
        memmove(&L->items[i + 1], &L->items[i], (n - (size_t)i) * sizeof(ev_value));
        L->items[i] = ev_dup(x);
        return EV_NONE;
    }
    ev_str *name = ev_intern(I, "insert", 6);
    if (!name)
        return ev_raise_nomem(I);
    ev_value fn = ev_getattr(I, a, name);
    if (EV_IS_ERR(fn))
        return fn;
    ev_value args[2] = {ev_int(i), x};
    ev_value r = ev_call(I, fn, 2, args, 0, NULL, NULL);
    ev_decref(I, fn);
    if (EV_IS_ERR(r))
        return r;
    ev_decref(I, r);
    return EV_NONE;
}

static ev_value b_bisect_left(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self, (void)argc, (void)kw;
    return bisect_common(I, argv, false);
}

static ev_value b_bisect_right(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self, (void)argc, (void)kw;
    return bisect_common(I, argv, true);
}

static ev_value b_insort_left(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self, (void)argc, (void)kw;
    return insort_common(I, argv, false);
}

static ev_value b_insort_right(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self, (void)argc, (void)kw;
    return insort_common(I, argv, true);
}

#define SIG 2, 5, 0, "a, x, lo, hi, *, key"

static const ev_builtin_def functions[] = {
    {"bisect_left", b_bisect_left, SIG},
    {"bisect_right", b_bisect_right, SIG},
    {"insort_left", b_insort_left, SIG},
    {"insort_right", b_insort_right, SIG},
    {NULL, NULL, 0, 0, 0},
};

/* bisect = bisect_right, insort = insort_right: the same objects */
static int init(ev_interp *I, ev_dict *ns)
{
    static const char *const alias[][2] = {{"bisect", "bisect_right"}, {"insort", "insort_right"}};
    for (size_t i = 0; i < 2; i++) {
        ev_str *src = ev_intern(I, alias[i][1], strlen(alias[i][1]));
        if (!src) {
            ev_raise_nomem(I);
            return -1;
        }
        ev_value *fn = ev_dict_lookup_str(ns, src);
        if (!fn) {
            ev_raise(I, &ev_type_SystemError, "bisect: %s missing", alias[i][1]);
            return -1;
        }
        if (ev_module_set(I, ns, alias[i][0], *fn))
            return -1;
    }
    return 0;
}

const ev_module_def ev_module_bisect = {"bisect", functions, init, NULL};
