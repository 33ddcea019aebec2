/*
 * mappingproxy.c - a class's __dict__ and vars(cls): a read-only view of
 * the class's own namespace.  The proxy holds the class's dict itself, so
 * it sees later assignments to the class, as CPython's does; reading
 * operations (subscript, len, iteration, `in`, ==, keys/values/items/get/
 * copy) are the dict's, and nothing writes through it.
 */
#include <string.h>

#include "evaluator/ev.h"

ev_type ev_type_mappingproxy = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC},
                                .name = "mappingproxy"};

ev_value ev_mappingproxy_new(ev_interp *I, ev_dict *d)
{
    ev_wrapper *w = ev_alloc(I, sizeof *w);
    if (!w)
        return ev_raise_nomem(I);
    w->h = (ev_obj){.refcnt = 1, .kind = EV_O_WRAPPER};
    w->type = &ev_type_mappingproxy;
    w->a = ev_dup(ev_obj_val(&d->h));
    w->b = w->c = w->doc = EV_NONE;
    return ev_obj_val(&w->h);
}

bool ev_is_mappingproxy(ev_value v)
{
    return ev_is(v, EV_O_WRAPPER) && ((ev_wrapper *)v.u.o)->type == &ev_type_mappingproxy;
}

ev_value ev_mappingproxy_target(ev_value v)
{
    return ev_is_mappingproxy(v) ? ((ev_wrapper *)v.u.o)->a : v;
}

ev_value ev_mappingproxy_repr(ev_interp *I, ev_value v)
{
    ev_buf b = {0};
    if (ev_buf_puts(I, &b, "mappingproxy(") || ev_buf_repr(I, &b, ev_mappingproxy_target(v)) ||
        ev_buf_puts(I, &b, ")")) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

/* The reading methods, bound to the dict; anything else is missing. */
ev_value ev_mappingproxy_getattr(ev_interp *I, ev_value v, ev_str *name)
{
    static const char *const methods[] = {"keys", "values", "items", "get", "copy", NULL};
    for (int i = 0; methods[i]; i++)
        if (strcmp(methods[i], name->data) == 0)
            return ev_getattr(I, ev_mappingproxy_target(v), name);
    return ev_raise(I, &ev_type_AttributeError, "'mappingproxy' object has no attribute '%s'", name->data);
}
