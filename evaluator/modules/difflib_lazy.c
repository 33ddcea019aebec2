/*
 * difflib_lazy.c - the generators of Lib/difflib.py and Lib/calendar.py
 * (ndiff, unified_diff, Differ.compare, Calendar.itermonthdates...), which
 * safepy computes in C as a list: a generator object that runs the body at
 * its first next(), so that what CPython's generator raises from its body
 * (restore's "unknown delta choice", unified_diff's type checks) comes at
 * the same moment.  The call binds the arguments first, as a generator
 * function's call does.  Shared by difflib_diff.c, difflib.c and
 * calendar.c through dl_lazy_new.
 */
#include <stdio.h>
#include <string.h>

#include "evaluator/modules/difflib_int.h"

typedef struct lazy_state {
    dl_body body;
    const char *qualname; /* static */
    ev_value self, args, kwnames, kwvals; /* EV_ERR once started */
    ev_value it;                          /* the body's iterator; EV_ERR before and after */
    bool started, running;
} lazy_state;

static void drop(ev_interp *I, ev_value *v)
{
    if (!EV_IS_ERR(*v)) {
        ev_value x = *v;
        *v = EV_ERR;
        ev_decref(I, x);
    }
}

static void lazy_free(ev_interp *I, ev_iterobj *it)
{
    lazy_state *s = it->state;
    drop(I, &s->self);
    drop(I, &s->args);
    drop(I, &s->kwnames);
    drop(I, &s->kwvals);
    drop(I, &s->it);
}

static void lazy_traverse(ev_interp *I, ev_iterobj *it, ev_visit_fn visit, void *arg)
{
    lazy_state *s = it->state;
    const ev_value *v[] = {&s->self, &s->args, &s->kwnames, &s->kwvals, &s->it};
    for (size_t i = 0; i < sizeof v / sizeof *v; i++)
        if (!EV_IS_ERR(*v[i]))
            visit(I, *v[i], arg);
}

/* the body, run once: its iterator into s->it (0), or -1 */
static int lazy_start(ev_interp *I, lazy_state *s)
{
    s->started = true;
    ev_value self = s->self, args = s->args, kwnames = s->kwnames, kwvals = s->kwvals;
    s->self = s->args = s->kwnames = s->kwvals = EV_ERR; /* held here while the body runs */
    ev_tuple *kn = ev_as_tuple(kwnames), *kv = ev_as_tuple(kwvals);
    ev_str **names = NULL;
    int r = -1;
    if (kn->len) {
        names = ev_alloc(I, kn->len * sizeof *names);
        if (!names)
            goto done;
        for (size_t i = 0; i < kn->len; i++)
            names[i] = ev_as_str(kn->items[i]);
    }
    ev_kw kw = {(int)kn->len, names, kv->items};
    ev_value it = s->body(I, self, (int)ev_as_tuple(args)->len, ev_as_tuple(args)->items, kn->len ? &kw : NULL);
    if (!EV_IS_ERR(it)) {
        s->it = it;
        r = 0;
    }
done:
    ev_dealloc(I, names);
    ev_decref(I, self);
    ev_decref(I, args);
    ev_decref(I, kwnames);
    ev_decref(I, kwvals);
    return r;
}

static int lazy_next(ev_interp *I, ev_iterobj *it, ev_value *out)
{
    lazy_state *s = it->state;
    if (s->running) {
        ev_raise(I, &ev_type_ValueError, "generator already executing");
        return -1;
    }
    if (s->started && EV_IS_ERR(s->it))
        return 0; /* finished, or the body raised: a finished generator */
    s->running = true;
    int r;
    if (!s->started && lazy_start(I, s))
        r = -1;
    else
        r = ev_next(I, s->it, out);
    s->running = false;
    if (r <= 0)
        drop(I, &s->it);
    return r;
}

static ev_value lazy_repr(ev_interp *I, ev_iterobj *it)
{
    char buf[256];
    snprintf(buf, sizeof buf, "<generator object %s at %p>", ((lazy_state *)it->state)->qualname, (void *)it);
    return ev_str_from_cstr(I, buf);
}

static ev_type lazy_type = EV_ITER_TYPE_INIT("generator", NULL);
static const ev_native_iter_type lazy_ntype = {"generator", lazy_next, lazy_free, lazy_repr, &lazy_type,
                                               lazy_traverse};

ev_value dl_lazy_new(ev_interp *I, dl_body body, const char *qualname, ev_value self, int argc,
                     const ev_value *argv, const ev_kw *kw)
{
    int nk = kw ? kw->n : 0;
    ev_value args = ev_tuple_new(I, (size_t)argc), kn = EV_ERR, kv = EV_ERR, g = EV_ERR;
    if (EV_IS_ERR(args))
        return args;
    for (int i = 0; i < argc; i++)
        ev_as_tuple(args)->items[i] = ev_dup(argv[i]);
    kn = ev_tuple_new(I, (size_t)nk);
    kv = EV_IS_ERR(kn) ? EV_ERR : ev_tuple_new(I, (size_t)nk);
    if (EV_IS_ERR(kv))
        goto fail;
    for (int i = 0; i < nk; i++) {
        ev_as_tuple(kn)->items[i] = ev_dup(ev_obj_val(&kw->names[i]->h));
        ev_as_tuple(kv)->items[i] = ev_dup(kw->vals[i]);
    }
    g = ev_native_iter_new(I, &lazy_ntype, sizeof(lazy_state));
    if (EV_IS_ERR(g))
        goto fail;
    lazy_state *s = ((ev_iterobj *)g.u.o)->state;
    s->body = body;
    s->qualname = qualname;
    s->self = ev_dup(self);
    s->args = args;
    s->kwnames = kn;
    s->kwvals = kv;
    s->it = EV_ERR;
    return g;
fail:
    ev_decref(I, args);
    if (!EV_IS_ERR(kn))
        ev_decref(I, kn);
    if (!EV_IS_ERR(kv))
        ev_decref(I, kv);
    return EV_ERR;
}
