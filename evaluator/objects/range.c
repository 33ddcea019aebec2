/*
 * range.c - the attributes and methods of range objects (start, stop, step,
 * index, count) and their hash, for machine-size ranges (ev_range) and the
 * big ones of bigrange.c alike, as CPython 3.11's Objects/rangeobject.c.
 */
#include <stdio.h>

#include "evaluator/ev.h"

static ev_value ctor_range(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);

/* 0 start, 1 stop, 2 step, 3 len, as Python ints */
static ev_value field(ev_interp *I, ev_value self, int which)
{
    if (ev_is(self, EV_O_BIGRANGE))
        return ev_bigrange_field(I, self, which);
    ev_range *r = (ev_range *)self.u.o;
    return ev_int(which == 0 ? r->start : which == 1 ? r->stop : which == 2 ? r->step : r->len);
}

static ev_value m_start(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return field(I, self, 0);
}

static ev_value m_stop(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return field(I, self, 1);
}

static ev_value m_step(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return field(I, self, 2);
}

/* A value that is not an int is looked for item by item with ==, as
 * CPython's _PySequence_IterSearch: 1 found (*index), 0 not, -1 error;
 * with count, *index is the number of equal items. */
static int search(ev_interp *I, ev_value self, ev_value x, bool count, int64_t *index)
{
    ev_value it = ev_iter(I, self);
    if (EV_IS_ERR(it))
        return -1;
    int64_t i = 0, n = 0;
    int found = 0;
    for (;;) {
        ev_value v;
        int r = ev_tick(I) ? -1 : ev_next(I, it, &v);
        if (r <= 0) {
            found = r < 0 ? -1 : found;
            break;
        }
        int eq = ev_eq(I, v, x);
        ev_decref(I, v);
        if (eq < 0) {
            found = -1;
            break;
        }
        if (eq) {
            n++;
            if (!count) {
                *index = i;
                found = 1;
                break;
            }
        }
        i++;
    }
    ev_decref(I, it);
    if (count && found == 0)
        *index = n;
    return found;
}

static ev_value m_index(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value x = argv[0];
    if (ev_is_int(x)) {
        int in = ev_contains(I, self, x);
        if (in < 0)
            return EV_ERR;
        if (!in) {
            ev_value r = ev_repr(I, x);
            if (EV_IS_ERR(r))
                return r;
            ev_raise(I, &ev_type_ValueError, "%s is not in range", ev_as_str(r)->data);
            ev_decref(I, r);
            return EV_ERR;
        }
        /* (x - start) // step */
        ev_value start = field(I, self, 0), step = field(I, self, 2);
        ev_value d = EV_IS_ERR(start) || EV_IS_ERR(step) ? EV_ERR : ev_binary(I, EV_OP_SUB, x, start);
        ev_value q = EV_IS_ERR(d) ? d : ev_binary(I, EV_OP_FLOORDIV, d, step);
        ev_decref(I, start);
        ev_decref(I, step);
        ev_decref(I, d);
        return q;
    }
    int64_t i = 0;
    int r = search(I, self, x, false, &i);
    if (r < 0)
        return EV_ERR;
    if (!r)
        return ev_raise(I, &ev_type_ValueError, "sequence.index(x): x not in sequence");
    return ev_int(i);
}

static ev_value m_count(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (ev_is_int(argv[0])) {
        int in = ev_contains(I, self, argv[0]);
        return in < 0 ? EV_ERR : ev_int(in);
    }
    int64_t n = 0;
    return search(I, self, argv[0], true, &n) < 0 ? EV_ERR : ev_int(n);
}

/* hash((len, start, step)), with start and step None where they do not
 * matter (empty, or one item), so equal ranges hash alike */
int ev_range_hash(ev_interp *I, ev_value self, int64_t *out)
{
    ev_value t = ev_tuple_new(I, 3);
    if (EV_IS_ERR(t))
        return -1;
    ev_tuple *tp = ev_as_tuple(t);
    int rc = 0;
    for (int i = 0; i < 3 && rc == 0; i++) {
        ev_value f = field(I, self, i == 0 ? 3 : i == 1 ? 0 : 2);
        if (EV_IS_ERR(f))
            rc = -1;
        else
            tp->items[i] = f;
    }
    if (rc == 0) {
        int empty = ev_truth(I, self) ? 0 : 1;
        ev_value one = ev_int(1);
        int single = empty ? 0 : ev_eq(I, tp->items[0], one);
        if (single < 0)
            rc = -1;
        for (int i = single ? 2 : empty ? 1 : 3; rc == 0 && i < 3; i++) {
            ev_decref(I, tp->items[i]);
            tp->items[i] = EV_NONE;
        }
    }
    if (rc == 0)
        rc = ev_hash(I, t, out);
    ev_decref(I, t);
    return rc;
}

const ev_builtin_def ev_range_methods[] = {
    {"start", m_start, 0, 0, EV_BF_PROP},
    {"stop", m_stop, 0, 0, EV_BF_PROP},
    {"step", m_step, 0, 0, EV_BF_PROP},
    {"index", m_index, 1, 1, 0},
    {"count", m_count, 1, 1, 0},
    {NULL, NULL, 0, 0, 0},
};

/* ---- range -------------------------------------------------------------------------------- */

ev_value ev_range_new(ev_interp *I, int64_t start, int64_t stop, int64_t step)
{
    ev_range *r = ev_alloc(I, sizeof *r);
    if (!r)
        return ev_raise_nomem(I);
    r->h.refcnt = 1;
    r->h.kind = EV_O_RANGE;
    r->h.flags = 0;
    r->start = start;
    r->stop = stop;
    r->step = step;
    __int128 len = 0;
    if (step > 0 && start < stop)
        len = ((__int128)stop - start - 1) / step + 1;
    else if (step < 0 && start > stop)
        len = ((__int128)start - stop - 1) / (-(__int128)step) + 1;
    r->len = (int64_t)len;
    return ev_obj_val(&r->h);
}

static ev_value ctor_range(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    int64_t a[3] = {0, 0, 1};
    for (int i = 0; i < argc; i++) {
        ev_value ix;
        int got = ev_index_try(I, argv[i], &ix);
        if (got < 0)
            return EV_ERR;
        if (got) { /* range(Idx(2), Idx(6)): the same range over their __index__ */
            ev_value conv[3];
            for (int k = 0; k < argc; k++)
                conv[k] = k == i ? ix : argv[k];
            ev_value r = ctor_range(I, self, argc, conv, kw);
            ev_decref(I, ix);
            return r;
        }
        if (!ev_is_int(argv[i]))
            return ev_raise(I, &ev_type_TypeError, "'%s' object cannot be interpreted as an integer",
                            ev_type_name(argv[i]));
    }
    for (int i = 0; i < argc; i++)
        if (argv[i].tag == EV_T_OBJ) {
            ev_value st = argc == 3 ? argv[2] : ev_int(1);
            if (st.tag != EV_T_OBJ && st.u.i == 0)
                return ev_raise(I, &ev_type_ValueError, "range() arg 3 must not be zero");
            return ev_bigrange_new(I, argc == 1 ? ev_int(0) : argv[0], argc == 1 ? argv[0] : argv[1], st);
        }
    if (argc == 1) {
        a[1] = argv[0].u.i;
    } else {
        a[0] = argv[0].u.i;
        a[1] = argv[1].u.i;
        if (argc == 3)
            a[2] = argv[2].u.i;
    }
    if (a[2] == 0)
        return ev_raise(I, &ev_type_ValueError, "range() arg 3 must not be zero");
    return ev_range_new(I, a[0], a[1], a[2]);
}

ev_type ev_type_range = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC}, .name = "range",
    .call = ctor_range, .methods = ev_range_methods, .min_args = 1, .max_args = 3};

/* ---- the kind table's row (ev_obj.h) ---------------------------------------------------- */

static ev_value range_repr(ev_interp *I, ev_value v)
{
    char tmp[128];
    ev_range *r = (ev_range *)v.u.o;
    if (r->step == 1)
        snprintf(tmp, sizeof tmp, "range(%lld, %lld)", (long long)r->start, (long long)r->stop);
    else
        snprintf(tmp, sizeof tmp, "range(%lld, %lld, %lld)", (long long)r->start, (long long)r->stop,
                 (long long)r->step);
    return ev_str_from_cstr(I, tmp);
}

static bool range_truth(ev_value v) { return ((ev_range *)v.u.o)->len != 0; }

const ev_kind_ops ev_range_ops = {
    .name = "range",
    .repr = range_repr,
    .truth = range_truth,
    .hash = ev_range_hash,
};
