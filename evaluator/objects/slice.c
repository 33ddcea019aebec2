/*
 * slice.c - slice objects.  The interpreter makes obj[a:b:c] keys as
 * laid out as 3-tuples, kind EV_O_SLICE (every sequence type reads them directly);
 * this gives them their own type for Python code: slice(...), isinstance(k,
 * slice), k.start/stop/step, k.indices(n), and CPython's repr.
 */
#include <string.h>

#include "evaluator/ev.h"

static ev_value slice_ctor(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
static ev_value slice_indices(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);

static const ev_builtin_def slice_methods[] = {
    {"indices", slice_indices, 1, 1},
    {NULL},
};

ev_type ev_type_slice = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC},
                         .name = "slice", .call = slice_ctor, .min_args = 1, .max_args = 3,
                         .methods = slice_methods};

ev_value ev_slice_new(ev_interp *I, ev_value start, ev_value stop, ev_value step)
{
    ev_value t = ev_tuple_new(I, 3);
    if (EV_IS_ERR(t))
        return t;
    t.u.o->kind = EV_O_SLICE;
    ev_as_tuple(t)->items[0] = ev_dup(start);
    ev_as_tuple(t)->items[1] = ev_dup(stop);
    ev_as_tuple(t)->items[2] = ev_dup(step);
    return t;
}

/* slice(stop) or slice(start, stop[, step]) */
static ev_value slice_ctor(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc == 1)
        return ev_slice_new(I, EV_NONE, argv[0], EV_NONE);
    return ev_slice_new(I, argv[0], argv[1], argc > 2 ? argv[2] : EV_NONE);
}

/* s.indices(length): (start, stop, step) clipped as for a sequence of that length */
static ev_value slice_indices(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int64_t len;
    if (ev_index(I, argv[0], &len, NULL))
        return EV_ERR;
    if (len < 0)
        return ev_raise(I, &ev_type_ValueError, "length should not be negative");
    ev_tuple *s = ev_as_tuple(self);
    int64_t start, stop, step, count;
    if (ev_slice_indices(I, s->items[0], s->items[1], s->items[2], len, &start, &stop, &step, &count))
        return EV_ERR;
    ev_value r = ev_tuple_new(I, 3);
    if (EV_IS_ERR(r))
        return r;
    ev_as_tuple(r)->items[0] = ev_int(start);
    ev_as_tuple(r)->items[1] = ev_int(stop);
    ev_as_tuple(r)->items[2] = ev_int(step);
    return r;
}

ev_value ev_slice_repr(ev_interp *I, ev_value v)
{
    ev_tuple *s = ev_as_tuple(v);
    ev_buf b = {0};
    int e = ev_buf_puts(I, &b, "slice(") || ev_buf_repr(I, &b, s->items[0]) || ev_buf_puts(I, &b, ", ") ||
            ev_buf_repr(I, &b, s->items[1]) || ev_buf_puts(I, &b, ", ") || ev_buf_repr(I, &b, s->items[2]) ||
            ev_buf_puts(I, &b, ")");
    if (e) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

/* start / stop / step: 1 found (*out), 0 not a slice attribute */
int ev_slice_getattr(ev_interp *I, ev_value v, ev_str *name, ev_value *out)
{
    static const char *const names[] = {"start", "stop", "step"};
    for (int i = 0; i < 3; i++)
        if (strcmp(name->data, names[i]) == 0) {
            *out = ev_dup(ev_as_tuple(v)->items[i]);
            return 1;
        }
    (void)I;
    return 0;
}

/* ---- the kind table's row (ev_obj.h) ---------------------------------------------------- */

static int slice_repr_buf(ev_interp *I, ev_buf *b, ev_value v) { return ev_buf_put_strval(I, b, ev_slice_repr(I, v)); }

/* laid out as a 3-tuple: the tuple's hooks; no hash, ev_hash refuses a
 * slice before the table (unhashable in 3.11) */
const ev_kind_ops ev_slice_ops = {
    .name = "slice",
    .free = ev_tuple_free,
    .traverse = ev_tuple_traverse,
    .clear = ev_tuple_clear,
    .repr_buf = slice_repr_buf,
};
