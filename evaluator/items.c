/*
 * items.c - the generic item, length, iteration, containment and index
 * protocols: obj[key], len(), iter(), `in`, and __index__ conversions,
 * dispatching to the builtin types or to a user class's methods.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "evaluator/node.h"
#include "evaluator/modules/modules.h"
#include "evaluator/gen.h"

/* ---- items, length, iteration -------------------------------------------------------------- */

ev_value ev_getitem(ev_interp *I, ev_value obj, ev_value key)
{
    obj = ev_mappingproxy_target(obj);
    if (ev_is(obj, EV_O_DATETIME) && !EV_IS_ERR(ev_dt_as_tuple(obj)))
        obj = ev_dt_as_tuple(obj); /* IsoCalendarDate is a tuple */
    if (ev_is_user(obj)) {
        ev_value r;
        int got = ev_dunder(I, obj, EV_DN_GETITEM, 1, &key, &r);
        if (got)
            return got < 0 ? EV_ERR : r;
        if (obj.u.o->kind == EV_O_INSTANCE)
            return ev_raise(I, &ev_type_TypeError, "'%s' object is not subscriptable", ev_type_name(obj));
    }
    if (obj.tag == EV_T_OBJ) {
        switch ((ev_kind)obj.u.o->kind) {
        case EV_O_LIST:
        case EV_O_TUPLE:
        case EV_O_RANGE:
            return ev_seq_getitem(I, obj, key);
        case EV_O_STR:
            return ev_str_getitem(I, ev_as_str(obj), key);
        case EV_O_BIGRANGE:
            return ev_bigrange_getitem(I, obj, key);
        case EV_O_DEQUE:
            return ev_deque_getitem(I, obj, key);
        case EV_O_BYTES: case EV_O_BYTEARRAY: return ev_bytes_getitem(I, obj, key);
        case EV_O_REMATCH:
            return ev_re_getitem(I, obj, key);
        case EV_O_DICT: {
            ev_value out;
            int f = ev_dict_get(I, ev_as_dict(obj), key, &out);
            if (f < 0)
                return EV_ERR;
            if (f == 0 && (obj.u.o->flags & EV_OBJ_SUB)) {
                /* a dict subclass's __missing__ answers for absent keys */
                f = ev_dunder(I, obj, EV_DN_MISSING, 1, &key, &out);
                if (f < 0)
                    return EV_ERR;
            }
            if (f == 0 && ev_as_dict(obj)->type) {
                f = ev_coll_missing(I, obj, key, &out);
                if (f < 0)
                    return EV_ERR;
            }
            if (f == 0)
                return ev_raise_key_error(I, key);
            return out;
        }
        case EV_O_TYPE: {
            /* list[int]: the builtin generics; a class with __class_getitem__ */
            ev_type *t = (ev_type *)obj.u.o;
            if (ev_is_heaptype(t)) {
                ev_value *f = ev_type_lookup(t, I->dn[EV_DN_CLASS_GETITEM]);
                if (f) {
                    ev_value fn = ev_is(*f, EV_O_WRAPPER) ? ((ev_wrapper *)f->u.o)->a : *f;
                    ev_value args[2] = {obj, key};
                    return ev_call(I, fn, 2, args, 0, NULL, NULL);
                }
                return ev_raise(I, &ev_type_TypeError, "type '%s' is not subscriptable", t->name);
            }
            if (t == &ev_type_list || t == &ev_type_dict || t == &ev_type_tuple || t == &ev_type_set ||
                t == &ev_type_frozenset || t == &ev_type_type || ev_type_is_subclass(t, &ev_type_dict) ||
                t == &ev_type_deque)
                return ev_generic_alias(I, obj, key);
            return ev_raise(I, &ev_type_TypeError, "type '%s' is not subscriptable", t->name);
        }
        default:
            break;
        }
    }
    return ev_raise(I, &ev_type_TypeError, "'%s' object is not subscriptable", ev_type_name(obj));
}

int ev_setitem(ev_interp *I, ev_value obj, ev_value key, ev_value val)
{
    if (ev_is_user(obj)) {
        ev_value r, a[2] = {key, val};
        int got = ev_dunder(I, obj, EV_DN_SETITEM, 2, a, &r);
        if (got > 0)
            ev_decref(I, r);
        if (got)
            return got < 0 ? -1 : 0;
        if (ev_user_has_special(I, obj, "__delitem__")) {
            /* CPython's one slot for both: it looks __setitem__ up and fails */
            ev_raise(I, &ev_type_AttributeError, "__setitem__");
            return -1;
        }
    }
    if (ev_is(obj, EV_O_LIST))
        return ev_list_setitem(I, ev_as_list(obj), key, val);
    if (ev_is(obj, EV_O_DICT))
        return ev_dict_set(I, ev_as_dict(obj), key, val);
    if (ev_is(obj, EV_O_DEQUE))
        return ev_deque_setitem(I, obj, key, val);
    if (ev_is(obj, EV_O_BYTEARRAY)) return ev_bytes_setitem(I, obj, key, val);
    ev_raise(I, &ev_type_TypeError, "'%s' object does not support item assignment", ev_type_name(obj));
    return -1;
}

int ev_delitem(ev_interp *I, ev_value obj, ev_value key)
{
    if (ev_is_user(obj)) {
        ev_value r;
        int got = ev_dunder(I, obj, EV_DN_DELITEM, 1, &key, &r);
        if (got > 0)
            ev_decref(I, r);
        if (got)
            return got < 0 ? -1 : 0;
        if (ev_user_has_special(I, obj, "__setitem__")) {
            ev_raise(I, &ev_type_AttributeError, "__delitem__");
            return -1;
        }
    }
    if (ev_is(obj, EV_O_LIST))
        return ev_list_delitem(I, ev_as_list(obj), key);
    if (ev_is(obj, EV_O_DEQUE))
        return ev_deque_setitem(I, obj, key, EV_ERR);
    if (ev_is(obj, EV_O_BYTEARRAY)) return ev_bytes_setitem(I, obj, key, EV_ERR);
    if (ev_is(obj, EV_O_DICT)) {
        int r = ev_dict_del(I, ev_as_dict(obj), key);
        if (r == 1) {
            ev_raise_key_error(I, key);
            return -1;
        }
        return r;
    }
    ev_raise(I, &ev_type_TypeError, "'%s' object doesn't support item deletion", ev_type_name(obj));
    return -1;
}

int ev_len(ev_interp *I, ev_value v, int64_t *out)
{
    v = ev_mappingproxy_target(v);
    if (ev_is(v, EV_O_DATETIME) && !EV_IS_ERR(ev_dt_as_tuple(v)))
        v = ev_dt_as_tuple(v);
    if (ev_is_user(v)) {
        int got = ev_user_len(I, v, out);
        if (got)
            return got < 0 ? -1 : 0;
    }
    if (v.tag == EV_T_OBJ) {
        switch ((ev_kind)v.u.o->kind) {
        case EV_O_STR: *out = (int64_t)ev_as_str(v)->nchars; return 0;
        case EV_O_LIST: *out = (int64_t)ev_as_list(v)->len; return 0;
        case EV_O_TUPLE: *out = (int64_t)ev_as_tuple(v)->len; return 0;
        case EV_O_DICT: *out = (int64_t)ev_as_dict(v)->used; return 0;
        case EV_O_RANGE: *out = ((ev_range *)v.u.o)->len; return 0;
        case EV_O_BIGRANGE: return ev_bigrange_len(I, v, out);
        case EV_O_VIEW: *out = (int64_t)ev_as_dict(((ev_view *)v.u.o)->dict)->used; return 0;
        case EV_O_SET:
        case EV_O_FROZENSET: *out = (int64_t)((ev_set *)v.u.o)->used; return 0;
        case EV_O_DEQUE: *out = ev_deque_len(v); return 0;
        case EV_O_BYTES: case EV_O_BYTEARRAY: *out = (int64_t)ev_as_bytes(v)->len; return 0;
        default: break;
        }
    }
    ev_raise(I, &ev_type_TypeError, "object of type '%s' has no len()", ev_type_name(v));
    return -1;
}

ev_value ev_len_value(ev_interp *I, ev_value v)
{
    int64_t n;
    if (ev_len(I, v, &n))
        return EV_ERR;
    return ev_int(n);
}

ev_value ev_iter(ev_interp *I, ev_value v)
{
    v = ev_mappingproxy_target(v);
    if (ev_is(v, EV_O_DATETIME) && !EV_IS_ERR(ev_dt_as_tuple(v)))
        v = ev_dt_as_tuple(v);
    if (ev_is_user(v)) {
        ev_value r;
        int got = ev_dunder(I, v, EV_DN_ITER, 0, NULL, &r);
        if (got < 0)
            return EV_ERR;
        if (got) {
            if (!ev_is_user(r) && !ev_is(r, EV_O_ITER) && !ev_is(r, EV_O_GEN)) {
                ev_raise(I, &ev_type_TypeError, "iter() returned non-iterator of type '%s'", ev_type_name(r));
                ev_decref(I, r);
                return EV_ERR;
            }
            return r;
        }
        if (v.u.o->kind == EV_O_INSTANCE) {
            got = ev_user_seq_iter(I, v, &r);
            if (got)
                return got < 0 ? EV_ERR : r;
        }
    }
    if (v.tag == EV_T_OBJ) {
        switch ((ev_kind)v.u.o->kind) {
        case EV_O_LIST: return ev_iter_new(I, EV_IT_LIST, v);
        case EV_O_TUPLE: return ev_iter_new(I, EV_IT_TUPLE, v);
        case EV_O_STR: return ev_iter_new(I, EV_IT_STR, v);
        case EV_O_RANGE: return ev_iter_new(I, EV_IT_RANGE, v);
        case EV_O_DICT: return ev_iter_new(I, EV_IT_DICT_KEYS, v);
        case EV_O_VIEW: {
            ev_view *vw = (ev_view *)v.u.o;
            return ev_iter_new(I, vw->ik, vw->dict);
        }
        case EV_O_ITER: return ev_dup(v);
        case EV_O_GEN: return ev_dup(v);
        case EV_O_BIGRANGE: return ev_iter_new(I, EV_IT_BIGRANGE, v);
        case EV_O_SET:
        case EV_O_FROZENSET: return ev_iter_new(I, EV_IT_SET, v);
        case EV_O_DEQUE: return ev_deque_iter(I, v);
        case EV_O_BYTES: case EV_O_BYTEARRAY: return ev_bytes_iter(I, v);
        default: break;
        }
    }
    return ev_raise(I, &ev_type_TypeError, "'%s' object is not iterable", ev_type_name(v));
}

int ev_contains(ev_interp *I, ev_value c, ev_value item)
{
    c = ev_mappingproxy_target(c);
    if (ev_is_user(c)) {
        ev_value r;
        int got = ev_dunder(I, c, EV_DN_CONTAINS, 1, &item, &r);
        if (got < 0)
            return -1;
        if (got) {
            int t = ev_truth(I, r);
            ev_decref(I, r);
            return t;
        }
    }
    if (ev_is_user(c) && c.u.o->kind == EV_O_INSTANCE) {
        /* no __contains__: search what iteration yields */
        if (!ev_type_lookup(ev_type_of(c), I->dn[EV_DN_ITER]) &&
            !ev_type_lookup(ev_type_of(c), I->dn[EV_DN_GETITEM]) && ev_is_heaptype(ev_type_of(c))) {
            ev_raise(I, &ev_type_TypeError, "argument of type '%s' is not iterable", ev_type_name(c));
            return -1;
        }
        ev_value it = ev_iter(I, c);
        if (EV_IS_ERR(it))
            return -1;
        for (;;) {
            ev_value x;
            int n = ev_next(I, it, &x);
            if (n <= 0) {
                ev_decref(I, it);
                return n;
            }
            int e = (x.tag == item.tag && x.u.o == item.u.o) ? 1 : ev_eq(I, x, item);
            ev_decref(I, x);
            if (e != 0) {
                ev_decref(I, it);
                return e;
            }
        }
    }
    if (ev_is(c, EV_O_STR))
        return ev_str_contains(I, ev_as_str(c), item);
    if (ev_is_byteslike(c)) return ev_bytes_contains(I, c, item);
    if (ev_is(c, EV_O_DICT) || (ev_is(c, EV_O_VIEW) && ((ev_view *)c.u.o)->ik == EV_IT_DICT_KEYS)) {
        ev_dict *d = ev_is(c, EV_O_DICT) ? ev_as_dict(c) : ev_as_dict(((ev_view *)c.u.o)->dict);
        ev_value out;
        int f = ev_dict_get(I, d, item, &out);
        if (f == 1)
            ev_decref(I, out);
        return f;
    }
    if (ev_is_anyset(c))
        return ev_set_contains(I, (ev_set *)c.u.o, item);
    if (ev_is(c, EV_O_RANGE) && (item.tag == EV_T_INT || item.tag == EV_T_BOOL)) {
        ev_range *r = (ev_range *)c.u.o;
        int64_t x = item.u.i;
        if (r->step > 0 ? (x < r->start || x >= r->stop) : (x > r->start || x <= r->stop))
            return 0;
        return (x - r->start) % r->step == 0;
    }
    if (ev_is(c, EV_O_BIGRANGE)) {
        int r = ev_bigrange_contains(I, c, item);
        if (r != -2)
            return r;
    }
    if (ev_is(c, EV_O_LIST) || ev_is(c, EV_O_TUPLE)) {
        size_t n = ev_is(c, EV_O_LIST) ? ev_as_list(c)->len : ev_as_tuple(c)->len;
        for (size_t i = 0; i < n; i++) {
            /* re-read each time: __eq__ cannot mutate here, but keep it safe */
            const ev_value *items = ev_is(c, EV_O_LIST) ? ev_as_list(c)->items : ev_as_tuple(c)->items;
            if (ev_is(c, EV_O_LIST) && i >= ev_as_list(c)->len)
                break;
            if (ev_tick(I))
                return -1;
            int r = ev_eq(I, items[i], item);
            if (r != 0)
                return r;
        }
        return 0;
    }
    ev_value it = ev_iter(I, c);
    if (EV_IS_ERR(it)) {
        ev_decref(I, I->exc);
        I->exc = EV_NONE;
        ev_raise(I, &ev_type_TypeError, "argument of type '%s' is not iterable", ev_type_name(c));
        return -1;
    }
    int found = 0;
    for (;;) {
        ev_value x;
        int r = ev_next(I, it, &x);
        if (r <= 0) {
            found = r;
            break;
        }
        int e = ev_eq(I, x, item);
        ev_decref(I, x);
        if (e != 0) {
            found = e;
            break;
        }
    }
    ev_decref(I, it);
    return found;
}

int ev_index(ev_interp *I, ev_value v, int64_t *out, const char *what)
{
    if (v.tag == EV_T_INT || v.tag == EV_T_BOOL) {
        *out = v.u.i;
        return 0;
    }
    if (ev_is_subint(v)) {
        ev_value r;
        int got = ev_index_try(I, v, &r);
        if (got <= 0)
            return -1;
        int e = ev_index(I, r, out, what);
        ev_decref(I, r);
        return e;
    }
    if (ev_is(v, EV_O_INT)) {
        ev_raise(I, &ev_type_IndexError, "cannot fit 'int' into an index-sized integer");
        return -1;
    }
    if (ev_is_user(v)) {
        /* operator.index(): __index__ must give an int */
        ev_value r;
        int got = ev_dunder(I, v, EV_DN_INDEX, 0, NULL, &r);
        if (got < 0)
            return -1;
        if (got) {
            if (!ev_is_int(r)) {
                ev_raise(I, &ev_type_TypeError, "__index__ returned non-int (type %s)", ev_type_name(r));
                ev_decref(I, r);
                return -1;
            }
            int e = ev_index(I, r, out, what);
            ev_decref(I, r);
            return e;
        }
    }
    if (!what)
        ev_raise(I, &ev_type_TypeError, "'%s' object cannot be interpreted as an integer", ev_type_name(v));
    else
        ev_raise(I, &ev_type_TypeError, "%s must be integers or slices, not %s", what, ev_type_name(v));
    return -1;
}

/* operator.index() of a user object: 1 and the int its __index__ gives, 0
 * when it has none (the caller raises its own TypeError), -1 on error. */
int ev_index_try(ev_interp *I, ev_value v, ev_value *out)
{
    if (!ev_is_user(v))
        return 0;
    ev_value r;
    int got = ev_dunder(I, v, EV_DN_INDEX, 0, NULL, &r);
    if (got == 0 && ev_is_subint(v)) { /* an int subclass is its own index */
        *out = ev_int_unbox(I, v);
        return EV_IS_ERR(*out) ? -1 : 1;
    }
    if (got <= 0)
        return got;
    if (!ev_is_int(r)) {
        ev_raise(I, &ev_type_TypeError, "__index__ returned non-int (type %s)", ev_type_name(r));
        ev_decref(I, r);
        return -1;
    }
    *out = r.tag == EV_T_BOOL ? ev_int(r.u.i) : r;
    return 1;
}
