/*
 * typing.c - what annotations evaluate to: list[int] (types.GenericAlias),
 * int | None (types.UnionType), and __class_getitem__ for user classes.
 * Models annotate constantly; the values print, compare and hash as in
 * CPython 3.11, and a GenericAlias called makes its origin.
 */
#include <string.h>

#include "evaluator/ev.h"

static ev_value alias_call(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);

ev_type ev_type_GenericAlias = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC},
                                .name = "GenericAlias", .module = "types"};
ev_type ev_type_UnionType = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC},
                             .name = "UnionType", .module = "types"};

static bool is_alias(ev_value v, ev_type *t)
{
    return ev_is(v, EV_O_WRAPPER) && ((ev_wrapper *)v.u.o)->type == t;
}

static ev_value wrap(ev_interp *I, ev_type *t, ev_value a_steal, ev_value b_steal)
{
    ev_value w = ev_call(I, ev_obj_val(&ev_type_property.h), 0, NULL, 0, NULL, NULL);
    if (EV_IS_ERR(w)) {
        ev_decref(I, a_steal);
        ev_decref(I, b_steal);
        return w;
    }
    ev_wrapper *x = (ev_wrapper *)w.u.o;
    x->type = t;
    x->a = a_steal;
    x->b = b_steal;
    return w;
}

/* origin[args]: args a tuple (a single argument becomes a 1-tuple) */
ev_value ev_generic_alias(ev_interp *I, ev_value origin, ev_value key)
{
    ev_value args;
    if (ev_is(key, EV_O_TUPLE) && !(key.u.o->flags & EV_OBJ_SUB)) {
        args = ev_dup(key);
    } else {
        args = ev_tuple_new(I, 1);
        if (EV_IS_ERR(args))
            return args;
        ev_as_tuple(args)->items[0] = ev_dup(key);
    }
    return wrap(I, &ev_type_GenericAlias, ev_dup(origin), args);
}

/* How typing shows a type argument: builtins bare, others module-qualified. */
static int put_arg(ev_interp *I, ev_buf *b, ev_value v)
{
    if (v.tag == EV_T_NONE || (ev_is(v, EV_O_TYPE) && v.u.o == &ev_type_NoneType.h))
        return ev_buf_puts(I, b, "None");
    if (v.tag == EV_T_OBJ && v.u.o == &ev_ellipsis.h)
        return ev_buf_puts(I, b, "...");
    if (ev_is(v, EV_O_TYPE)) {
        ev_type *t = (ev_type *)v.u.o;
        if (!t->module || strchr(t->name, '.'))
            return ev_buf_puts(I, b, t->name);
        return ev_buf_printf(I, b, "%s.%s", t->module, t->name);
    }
    if (v.tag == EV_T_NONE)
        return ev_buf_puts(I, b, "None");
    return ev_buf_repr(I, b, v);
}

ev_value ev_typing_repr(ev_interp *I, ev_value v)
{
    ev_wrapper *w = (ev_wrapper *)v.u.o;
    ev_buf b = {0};
    int e = 0;
    if (w->type == &ev_type_GenericAlias) {
        e = put_arg(I, &b, w->a) || ev_buf_put(I, &b, "[", 1);
        ev_tuple *args = ev_as_tuple(w->b);
        if (args->len == 0)
            e = e || ev_buf_puts(I, &b, "()");
        for (size_t i = 0; e == 0 && i < args->len; i++)
            e = (i && ev_buf_puts(I, &b, ", ")) || put_arg(I, &b, args->items[i]);
        e = e || ev_buf_put(I, &b, "]", 1);
    } else {
        ev_tuple *args = ev_as_tuple(w->a);
        for (size_t i = 0; e == 0 && i < args->len; i++)
            e = (i && ev_buf_puts(I, &b, " | ")) || put_arg(I, &b, args->items[i]);
    }
    if (e) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

/* a | b where either is a type, None, or a union: a flattened union without repeats */
static bool unionable(ev_value v)
{
    return ev_is(v, EV_O_TYPE) || v.tag == EV_T_NONE || is_alias(v, &ev_type_UnionType) ||
           is_alias(v, &ev_type_GenericAlias);
}

static int union_add(ev_interp *I, ev_list *l, ev_value v)
{
    if (is_alias(v, &ev_type_UnionType)) {
        ev_tuple *t = ev_as_tuple(((ev_wrapper *)v.u.o)->a);
        for (size_t i = 0; i < t->len; i++)
            if (union_add(I, l, t->items[i]))
                return -1;
        return 0;
    }
    if (v.tag == EV_T_NONE)
        v = ev_obj_val(&ev_type_NoneType.h);
    for (size_t i = 0; i < l->len; i++)
        if (l->items[i].u.o == v.u.o)
            return 0;
    return ev_list_append(I, l, v);
}

int ev_typing_or(ev_interp *I, ev_value a, ev_value b, ev_value *out)
{
    if (!unionable(a) || !unionable(b) || (!ev_is(a, EV_O_TYPE) && !ev_is(b, EV_O_TYPE) &&
                                           !is_alias(a, &ev_type_UnionType) && !is_alias(b, &ev_type_UnionType) &&
                                           !is_alias(a, &ev_type_GenericAlias) && !is_alias(b, &ev_type_GenericAlias)))
        return 0;
    ev_value l = ev_list_new(I, 2);
    if (EV_IS_ERR(l) || union_add(I, ev_as_list(l), a) || union_add(I, ev_as_list(l), b)) {
        if (!EV_IS_ERR(l))
            ev_decref(I, l);
        *out = EV_ERR;
        return -1;
    }
    if (ev_as_list(l)->len == 1) {
        *out = ev_dup(ev_as_list(l)->items[0]);
        ev_decref(I, l);
        return 1;
    }
    ev_value t = ev_tuple_from_iterable(I, l);
    ev_decref(I, l);
    if (EV_IS_ERR(t)) {
        *out = t;
        return -1;
    }
    *out = wrap(I, &ev_type_UnionType, t, EV_NONE);
    return EV_IS_ERR(*out) ? -1 : 1;
}

/* list[int] == list[int]; int | str == str | int (unions compare as sets).
 * 2: not two annotation values. */
int ev_typing_eq(ev_interp *I, ev_value a, ev_value b)
{
    bool ga = is_alias(a, &ev_type_GenericAlias), gb = is_alias(b, &ev_type_GenericAlias);
    bool ua = is_alias(a, &ev_type_UnionType), ub = is_alias(b, &ev_type_UnionType);
    if (!(ga || ua) || !(gb || ub))
        return (ga || ua || gb || ub) ? 0 : 2;
    if (ga != gb)
        return 0;
    ev_wrapper *x = (ev_wrapper *)a.u.o, *y = (ev_wrapper *)b.u.o;
    if (ga) {
        int e = ev_eq(I, x->a, y->a);
        return e <= 0 ? e : ev_eq(I, x->b, y->b);
    }
    ev_tuple *p = ev_as_tuple(x->a), *q = ev_as_tuple(y->a);
    if (p->len != q->len)
        return 0;
    for (size_t i = 0; i < p->len; i++) {
        bool found = false;
        for (size_t j = 0; j < q->len && !found; j++)
            found = p->items[i].u.o == q->items[j].u.o;
        if (!found)
            return 0;
    }
    return 1;
}

/* isinstance(x, int | str) reads the union's members. */
ev_value ev_union_members(ev_value v)
{
    return is_alias(v, &ev_type_UnionType) ? ((ev_wrapper *)v.u.o)->a : EV_ERR;
}

bool ev_is_generic_alias(ev_value v) { return is_alias(v, &ev_type_GenericAlias); }

/* list[int](...) makes a list */
static ev_value alias_call(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_call(I, ((ev_wrapper *)self.u.o)->a, argc, argv, EV_KW_N(kw), kw ? kw->names : NULL,
                   kw ? kw->vals : NULL);
}

ev_value ev_generic_alias_call(ev_interp *I, ev_value alias, int argc, const ev_value *argv, const ev_kw *kw)
{
    return alias_call(I, alias, argc, argv, kw);
}

/* origin.__origin__ / __args__ */
int ev_typing_getattr(ev_interp *I, ev_value v, ev_str *name, ev_value *out)
{
    if (is_alias(v, &ev_type_GenericAlias)) {
        if (strcmp(name->data, "__origin__") == 0) {
            *out = ev_dup(((ev_wrapper *)v.u.o)->a);
            return 1;
        }
        if (strcmp(name->data, "__args__") == 0) {
            *out = ev_dup(((ev_wrapper *)v.u.o)->b);
            return 1;
        }
    }
    if (is_alias(v, &ev_type_UnionType) && strcmp(name->data, "__args__") == 0) {
        *out = ev_dup(((ev_wrapper *)v.u.o)->a);
        return 1;
    }
    return 0;
}
