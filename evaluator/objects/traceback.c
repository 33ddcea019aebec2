/*
 * traceback.c - traceback objects: what e.__traceback__ and the third
 * argument of __exit__ are.  safepy keeps an exception's traceback as its
 * own array of entries (innermost first, one per frame the exception left);
 * a traceback object names one entry of one exception: tb_lineno is that
 * entry's line.  Its frame and the next entry (tb_frame, tb_next) lead to
 * other frames' variables and are refused by the attribute policy
 * (rules/policy.json), as the rules refuse them.
 */
#include <string.h>

#include "evaluator/ev.h"

ev_type ev_type_traceback = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC},
                             .name = "traceback"};

bool ev_is_traceback(ev_value v)
{
    return ev_is(v, EV_O_WRAPPER) && ((ev_wrapper *)v.u.o)->type == &ev_type_traceback;
}

/* The traceback object of exc's outermost entry so far (the frame that is
 * handling it), or None when it has none (an exception never raised). */
ev_value ev_traceback_new(ev_interp *I, ev_value exc)
{
    ev_exc *e = (ev_exc *)exc.u.o;
    if (e->ntb == 0)
        return EV_NONE;
    ev_wrapper *w = ev_alloc_gc(I, sizeof *w);
    if (!w)
        return ev_raise_nomem(I);
    w->h = (ev_obj){.refcnt = 1, .kind = EV_O_WRAPPER};
    w->type = &ev_type_traceback;
    w->a = ev_dup(exc);
    w->b = ev_int((int64_t)e->ntb - 1);
    w->c = w->doc = EV_NONE;
    ev_gc_track(I, &w->h);
    return ev_obj_val(&w->h);
}

static const ev_tb *tb_entry(ev_value tb)
{
    ev_wrapper *w = (ev_wrapper *)tb.u.o;
    ev_exc *e = (ev_exc *)w->a.u.o;
    size_t k = (size_t)w->b.u.i;
    return k < e->ntb ? &e->tb[k] : NULL;
}

ev_value ev_traceback_getattr(ev_interp *I, ev_value tb, ev_str *name)
{
    if (strcmp(name->data, "tb_lineno") == 0) {
        const ev_tb *t = tb_entry(tb);
        return t ? ev_int(t->line) : EV_NONE;
    }
    if (strcmp(name->data, "tb_lasti") == 0)
        return ev_raise(I, &ev_type_AttributeError,
                        "traceback.tb_lasti (a bytecode offset) does not exist in safepy, which runs no "
                        "bytecode; use tb_lineno");
    return ev_raise(I, &ev_type_AttributeError, "'traceback' object has no attribute '%s'", name->data);
}

/* e.__traceback__ = tb and e.with_traceback(tb): None drops the entries
 * (a later raise starts afresh, as in CPython); a traceback object gives
 * e the entries from that one inward. */
int ev_exc_set_traceback(ev_interp *I, ev_exc *e, ev_value tb)
{
    if (tb.tag != EV_T_NONE && !ev_is_traceback(tb)) {
        ev_raise(I, &ev_type_TypeError, "__traceback__ must be a traceback or None");
        return -1;
    }
    ev_tb *copy = NULL;
    size_t n = 0;
    if (tb.tag != EV_T_NONE) {
        ev_wrapper *w = (ev_wrapper *)tb.u.o;
        ev_exc *src = (ev_exc *)w->a.u.o;
        n = (size_t)w->b.u.i + 1;
        if (n > src->ntb)
            n = src->ntb;
        if (n && !(copy = ev_alloc(I, n * sizeof *copy))) {
            ev_raise_nomem(I);
            return -1;
        }
        for (size_t i = 0; i < n; i++) {
            copy[i] = src->tb[i];
            ev_program_retain(copy[i].prog);
        }
    }
    for (size_t i = 0; i < e->ntb; i++)
        ev_program_release(I, e->tb[i].prog);
    ev_dealloc(I, e->tb);
    e->tb = copy;
    e->ntb = e->captb = n;
    e->tb_skip = NULL;
    return 0;
}
