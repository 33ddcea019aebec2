/*
 * rawops.c - the special methods of the builtin container types as
 * callables: list.__setitem__, dict.__getitem__, str.__repr__...  A
 * subclass reaches them through super() or the type (`super().__setitem__(k,
 * v)`, `dict.__repr__(self)`) to extend the builtin behaviour, so each one
 * applies the builtin operation to the builtin part of the object and
 * never dispatches back to the subclass's overrides.
 */
#include <string.h>

#include "evaluator/ev.h"

static ev_value key_error(ev_interp *I, ev_value key)
{
    ev_value args = ev_tuple_new(I, 1);
    if (EV_IS_ERR(args))
        return args;
    ev_as_tuple(args)->items[0] = ev_dup(key);
    ev_value e = ev_exc_new(I, &ev_type_KeyError, args);
    return EV_IS_ERR(e) ? e : ev_raise_value(I, e);
}

static ev_value r_getitem(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (ev_is(self, EV_O_DICT)) {
        ev_value out;
        int f = ev_dict_get(I, ev_as_dict(self), argv[0], &out);
        return f < 0 ? EV_ERR : f ? out : key_error(I, argv[0]);
    }
    if (ev_is(self, EV_O_STR))
        return ev_str_getitem(I, ev_as_str(self), argv[0]);
    return ev_seq_getitem(I, self, argv[0]);
}

static ev_value r_setitem(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int r;
    if (ev_is(self, EV_O_DICT))
        r = ev_dict_set(I, ev_as_dict(self), argv[0], argv[1]);
    else if (ev_is(self, EV_O_LIST))
        r = ev_list_setitem(I, ev_as_list(self), argv[0], argv[1]);
    else
        return ev_raise(I, &ev_type_TypeError, "'%s' object does not support item assignment",
                        ev_type_name(self));
    return r ? EV_ERR : EV_NONE;
}

static ev_value r_delitem(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (ev_is(self, EV_O_DICT)) {
        int r = ev_dict_del(I, ev_as_dict(self), argv[0]);
        return r < 0 ? EV_ERR : r ? key_error(I, argv[0]) : EV_NONE;
    }
    if (ev_is(self, EV_O_LIST))
        return ev_list_delitem(I, ev_as_list(self), argv[0]) ? EV_ERR : EV_NONE;
    return ev_raise(I, &ev_type_TypeError, "'%s' object doesn't support item deletion", ev_type_name(self));
}

static ev_value r_len(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    switch ((ev_kind)self.u.o->kind) {
    case EV_O_LIST: return ev_int((int64_t)ev_as_list(self)->len);
    case EV_O_TUPLE: return ev_int((int64_t)ev_as_tuple(self)->len);
    case EV_O_STR: return ev_int((int64_t)ev_as_str(self)->nchars);
    case EV_O_DICT: return ev_int((int64_t)ev_as_dict(self)->used);
    case EV_O_SET:
    case EV_O_FROZENSET: return ev_int((int64_t)((ev_set *)self.u.o)->used);
    default: return ev_raise(I, &ev_type_TypeError, "object of type '%s' has no len()", ev_type_name(self));
    }
}

static ev_value r_contains(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value x = argv[0];
    if (ev_is(self, EV_O_DICT)) {
        ev_value out;
        int f = ev_dict_get(I, ev_as_dict(self), x, &out);
        if (f > 0)
            ev_decref(I, out);
        return f < 0 ? EV_ERR : ev_bool(f);
    }
    if (ev_is(self, EV_O_STR)) {
        int f = ev_str_contains(I, ev_as_str(self), x);
        return f < 0 ? EV_ERR : ev_bool(f);
    }
    if (ev_is_anyset(self)) {
        int f = ev_set_contains(I, (ev_set *)self.u.o, x);
        return f < 0 ? EV_ERR : ev_bool(f);
    }
    const ev_value *items = ev_is(self, EV_O_LIST) ? ev_as_list(self)->items : ev_as_tuple(self)->items;
    size_t n = ev_is(self, EV_O_LIST) ? ev_as_list(self)->len : ev_as_tuple(self)->len;
    for (size_t i = 0; i < n; i++) {
        ev_value it = ev_dup(items[i]);
        int e = (it.tag == x.tag && it.u.o == x.u.o) ? 1 : ev_eq(I, it, x);
        ev_decref(I, it);
        if (e)
            return e < 0 ? EV_ERR : EV_TRUE;
        if (ev_is(self, EV_O_LIST)) { /* the list may have shrunk */
            items = ev_as_list(self)->items;
            n = ev_as_list(self)->len;
        }
    }
    return EV_FALSE;
}

static ev_value r_iter(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    switch ((ev_kind)self.u.o->kind) {
    case EV_O_LIST: return ev_iter_new(I, EV_IT_LIST, self);
    case EV_O_TUPLE: return ev_iter_new(I, EV_IT_TUPLE, self);
    case EV_O_STR: return ev_iter_new(I, EV_IT_STR, self);
    case EV_O_DICT: return ev_iter_new(I, EV_IT_DICT_KEYS, self);
    case EV_O_SET:
    case EV_O_FROZENSET: return ev_iter_new(I, EV_IT_SET, self);
    default: return ev_raise(I, &ev_type_TypeError, "'%s' object is not iterable", ev_type_name(self));
    }
}

static ev_value r_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_buf b = {0};
    if (ev_buf_repr_builtin(I, &b, self)) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

static ev_value r_str(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (ev_is(self, EV_O_STR))
        return ev_str_new(I, ev_as_str(self)->data, ev_as_str(self)->len);
    return r_repr(I, self, argc, argv, kw);
}

static ev_value r_eq(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value o = argv[0];
    if (ev_type_of(o) != ev_type_of(self) && ev_solid_base(ev_type_of(o)) != ev_solid_base(ev_type_of(self)))
        return EV_NOTIMPL;
    int r;
    if (ev_is(self, EV_O_STR))
        r = ev_str_eq(ev_as_str(self), ev_as_str(o));
    else if (ev_is(self, EV_O_LIST) || ev_is(self, EV_O_TUPLE))
        r = ev_seq_compare(I, self, o, 2);
    else if (ev_is_anyset(self))
        r = ev_set_compare(I, self, o, 2);
    else
        return EV_NOTIMPL; /* dicts compare through the protocol */
    return r < 0 ? EV_ERR : ev_bool(r);
}

static ev_value r_hash(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int64_t h;
    if (ev_is(self, EV_O_STR))
        return ev_int(ev_str_hash(ev_as_str(self)));
    if (ev_is(self, EV_O_FROZENSET))
        return ev_set_hash(I, (ev_set *)self.u.o, &h) ? EV_ERR : ev_int(h);
    if (ev_is(self, EV_O_TUPLE)) {
        /* a plain tuple with the same items hashes the same */
        ev_value t = ev_tuple_from_iterable(I, self);
        if (EV_IS_ERR(t))
            return t;
        int e = ev_hash(I, t, &h);
        ev_decref(I, t);
        return e ? EV_ERR : ev_int(h);
    }
    return ev_raise(I, &ev_type_TypeError, "unhashable type: '%s'", ev_type_name(self));
}

static const ev_builtin_def raw_defs[] = {
    {"__getitem__", r_getitem, 1, 1},
    {"__setitem__", r_setitem, 2, 2},
    {"__delitem__", r_delitem, 1, 1},
    {"__len__", r_len, 0, 0},
    {"__contains__", r_contains, 1, 1},
    {"__iter__", r_iter, 0, 0},
    {"__repr__", r_repr, 0, 0},
    {"__str__", r_str, 0, 0},
    {"__eq__", r_eq, 1, 1},
    {"__hash__", r_hash, 0, 0},
    {NULL, NULL, 0, 0},
};

const ev_builtin_def *ev_raw_dunder(ev_type *root, ev_str *name)
{
    if (!(root == &ev_type_list || root == &ev_type_tuple || root == &ev_type_str || root == &ev_type_set ||
          root == &ev_type_frozenset || ev_type_is_subclass(root, &ev_type_dict)))
        return NULL;
    for (const ev_builtin_def *d = raw_defs; d->name; d++)
        if (strcmp(d->name, name->data) == 0) {
            bool mutating = d->fn == r_setitem || d->fn == r_delitem;
            bool immutable = root == &ev_type_tuple || root == &ev_type_str || root == &ev_type_frozenset;
            if ((mutating && immutable) || (d->fn == r_hash && (root == &ev_type_list || root == &ev_type_set ||
                                                               ev_type_is_subclass(root, &ev_type_dict))))
                return NULL;
            return d;
        }
    return NULL;
}
