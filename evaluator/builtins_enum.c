/*
 * builtins_enum.c - enumerate(): its keyword checks (CPython's
 * enum_vectorcall, before any binding), the fast counter and the one that
 * counts with int objects past int64.  Split from builtins.c, whose table
 * and type call use these.
 */
#include <stdbool.h>
#include <string.h>

#include "evaluator/ev.h"

/* enumerate() counting past int64: the count is an int object. */
typedef struct {
    ev_value src, count;
} bigenum_state;

static int bigenum_next(ev_interp *I, ev_iterobj *it, ev_value *out)
{
    bigenum_state *st = it->state;
    ev_value x;
    int r = ev_next(I, st->src, &x);
    if (r <= 0)
        return r;
    ev_value next = ev_binary(I, EV_OP_ADD, st->count, ev_int(1));
    ev_value t = EV_IS_ERR(next) ? next : ev_tuple_new(I, 2);
    if (EV_IS_ERR(t)) {
        if (!EV_IS_ERR(next))
            ev_decref(I, next);
        ev_decref(I, x);
        return -1;
    }
    ev_as_tuple(t)->items[0] = st->count; /* the reference moves to the tuple */
    ev_as_tuple(t)->items[1] = x;
    st->count = next;
    *out = t;
    return 1;
}

static void bigenum_free(ev_interp *I, ev_iterobj *it)
{
    bigenum_state *st = it->state;
    ev_decref(I, st->src);
    ev_decref(I, st->count);
}

static void bigenum_traverse(ev_interp *I, ev_iterobj *it, ev_visit_fn visit, void *arg)
{
    bigenum_state *st = it->state;
    visit(I, st->src, arg);
    visit(I, st->count, arg);
}

static const ev_native_iter_type bigenum_type = {"enumerate", bigenum_next, bigenum_free, NULL,
                                                  &ev_iter_kind_types[EV_IT_ENUMERATE], bigenum_traverse};

ev_value ev_enumerate_impl(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    if (EV_IS_ERR(argv[0]))
        return ev_raise(I, &ev_type_TypeError, "enumerate() missing required argument 'iterable'");
    int64_t start = 0;
    ev_value sv = argv[1]; /* "iterable, start" */
    bool big = ev_is(sv, EV_O_INT); /* an int past int64 */
    if (!EV_IS_ERR(sv) && !big && ev_index(I, sv, &start, NULL))
        return EV_ERR;
    ev_value inner = ev_iter(I, argv[0]);
    if (EV_IS_ERR(inner))
        return inner;
    /* a start near the int64 edge counts with int objects too, so the fast
     * counter below can never overflow (2^40 items would take hours) */
    if (big || start > INT64_MAX - ((int64_t)1 << 40)) {
        ev_value it = ev_native_iter_new(I, &bigenum_type, sizeof(bigenum_state));
        if (EV_IS_ERR(it)) {
            ev_decref(I, inner);
            return it;
        }
        bigenum_state *st = ((ev_iterobj *)it.u.o)->state;
        st->src = inner;
        st->count = big ? ev_dup(sv) : ev_int(start);
        return it;
    }
    ev_value it = ev_iter_new(I, EV_IT_ENUMERATE, inner);
    ev_decref(I, inner);
    if (!EV_IS_ERR(it))
        ((ev_iterobj *)it.u.o)->pos = start;
    return it;
}

/* enum_vectorcall's keyword checks, which come before any binding */
static bool enum_kw_is(const ev_kw *kw, int i, const char *name)
{
    return strcmp(kw->names[i]->data, name) == 0;
}

int ev_enumerate_kw_check(ev_interp *I, int argc, const ev_kw *kw)
{
    int nkw = EV_KW_N(kw), bad = -1;
    if (nkw == 0)
        return 0;
    if (argc + nkw == 2) {
        if (nkw == 1)
            bad = enum_kw_is(kw, 0, "start") ? -1 : 0;
        else if (enum_kw_is(kw, 0, "start"))
            bad = enum_kw_is(kw, 1, "iterable") ? -1 : 1;
        else
            bad = !enum_kw_is(kw, 0, "iterable") ? 0 : !enum_kw_is(kw, 1, "start") ? 1 : -1;
    } else if (argc + nkw == 1) {
        bad = enum_kw_is(kw, 0, "iterable") ? -1 : 0;
    } else if (argc == 0) {
        ev_raise(I, &ev_type_TypeError, "enumerate() missing required argument 'iterable'");
        return -1;
    } else {
        ev_raise(I, &ev_type_TypeError, "enumerate() takes at most 2 arguments (%d given)", argc + nkw);
        return -1;
    }
    if (bad < 0)
        return 0;
    ev_raise(I, &ev_type_TypeError, "'%s' is an invalid keyword argument for enumerate()", kw->names[bad]->data);
    return -1;
}
