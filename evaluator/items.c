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
            /* a module's generic class (asyncio.Queue[int]): its type method */
            const ev_builtin_def *cg = ev_builtin_typemethod(t, I->dn[EV_DN_CLASS_GETITEM]);
            if (cg)
                return ev_call_method_def(I, cg, obj, 1, &key, NULL);
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

/* CPython's two messages for del obj[key] on a type that cannot delete:
 * a type with sequence methods and an index key goes through
 * PySequence_DelItem ("doesn't"), anything else through PyObject_DelItem
 * ("does not").  Heap classes always have sequence methods. */
int ev_raise_no_delitem(ev_interp *I, ev_value obj, ev_value key)
{
    bool seq = ev_is(obj, EV_O_STR) || ev_is(obj, EV_O_TUPLE) || ev_is(obj, EV_O_BYTES) || ev_is(obj, EV_O_RANGE) ||
               ev_is(obj, EV_O_BIGRANGE) || ev_is(obj, EV_O_SET) || ev_is(obj, EV_O_FROZENSET) ||
               ev_is(obj, EV_O_VIEW) || ev_is_user(obj);
    bool index = ev_is_int(key) || (ev_is_user(key) && ev_user_has_special(I, key, "__index__"));
    ev_raise(I, &ev_type_TypeError, "'%s' object %s support item deletion", ev_type_name(obj),
             seq && index ? "doesn't" : "does not");
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
        /* Counter.__delitem__ ignores a missing key */
        if (r == 1 && ev_as_dict(obj)->type != &ev_type_Counter) {
            ev_raise_key_error(I, key);
            return -1;
        }
        return r < 0 ? -1 : 0;
    }
    return ev_raise_no_delitem(I, obj, key);
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

/* The builtin kinds ev_len answers for without running Python code. */
static bool builtin_sized(ev_value v)
{
    v = ev_mappingproxy_target(v);
    if (v.tag != EV_T_OBJ)
        return false;
    switch ((ev_kind)v.u.o->kind) {
    case EV_O_STR: case EV_O_LIST: case EV_O_TUPLE: case EV_O_DICT: case EV_O_RANGE: case EV_O_BIGRANGE:
    case EV_O_VIEW: case EV_O_SET: case EV_O_FROZENSET: case EV_O_DEQUE: case EV_O_BYTES: case EV_O_BYTEARRAY:
        return true;
    case EV_O_DATETIME:
        return !EV_IS_ERR(ev_dt_as_tuple(v));
    default:
        return false;
    }
}

static bool pending_type_error(ev_interp *I)
{
    if (I->limit || !ev_is(I->exc, EV_O_EXC) ||
        !ev_type_is_subclass(((ev_exc *)I->exc.u.o)->type, &ev_type_TypeError))
        return false;
    ev_decref(I, I->exc);
    I->exc = EV_NONE;
    return true;
}

int ev_length_hint(ev_interp *I, ev_value obj, int64_t dflt, int64_t *out)
{
    if (!ev_is_user(obj)) {
        /* nothing of a builtin's runs Python code or is observable; the
         * builtin iterators' own __length_hint__ is not modelled */
        if (builtin_sized(obj))
            return ev_len(I, obj, out);
        *out = dflt;
        return 0;
    }
    if (ev_user_has_special(I, obj, "__len__") || builtin_sized(obj)) {
        if (ev_len(I, obj, out) == 0)
            return 0;
        if (!pending_type_error(I))
            return -1;
    }
    if (!ev_user_has_special(I, obj, "__length_hint__")) {
        *out = dflt;
        return 0;
    }
    ev_str *nm = ev_intern(I, "__length_hint__", 15);
    ev_value m = nm ? ev_getattr(I, obj, nm) : EV_ERR;
    if (EV_IS_ERR(m))
        return -1;
    ev_value r = ev_call(I, m, 0, NULL, 0, NULL, NULL);
    ev_decref(I, m);
    if (EV_IS_ERR(r)) {
        if (!pending_type_error(I))
            return -1;
        *out = dflt;
        return 0;
    }
    if (ev_is_notimpl(r)) {
        *out = dflt;
        return 0;
    }
    if (!ev_is_int(r)) {
        ev_raise(I, &ev_type_TypeError, "__length_hint__ must be an integer, not %s", ev_type_name(r));
        ev_decref(I, r);
        return -1;
    }
    int64_t n;
    int e = ev_ssize_arg(I, r, &n);
    ev_decref(I, r);
    if (e)
        return -1;
    if (n < 0) {
        ev_raise(I, &ev_type_ValueError, "__length_hint__() should return >= 0");
        return -1;
    }
    *out = n;
    return 0;
}

int ev_hint_presize(ev_interp *I, int64_t hint, size_t itemsize, size_t cap, size_t *out)
{
    /* CPython allocates what the hint asks: past what any 64-bit process can
     * map its malloc fails on every machine (10**18 items: MemoryError);
     * below, the hint is trusted only up to cap, so a lying hint costs a
     * bounded transient block, never the session's memory */
    if ((uint64_t)hint >= EV_MEM_UNMAPPABLE / (itemsize ? itemsize : 1)) {
        ev_raise_memory_error(I);
        return -1;
    }
    *out = (size_t)hint < cap ? (size_t)hint : cap;
    return 0;
}

ev_value ev_iter_msg(ev_interp *I, ev_value v, const char *msg)
{
    ev_value it = ev_iter(I, v);
    if (EV_IS_ERR(it) && !I->limit && ev_is(I->exc, EV_O_EXC) &&
        ev_type_is_subclass(((ev_exc *)I->exc.u.o)->type, &ev_type_TypeError)) {
        ev_decref(I, I->exc);
        I->exc = EV_NONE;
        ev_raise(I, &ev_type_TypeError, "%s", msg);
    }
    return it;
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
            if (!ev_is_user(r) && !ev_is(r, EV_O_ITER) && !ev_is_plain_gen(r)) {
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
        case EV_O_GEN:
            if (ev_is_plain_gen(v))
                return ev_dup(v);
            break;
        case EV_O_WRAPPER:
            if (ev_is_awaiter(v))
                return ev_dup(v);
            break;
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
    if (ev_is(c, EV_O_VIEW) && ((ev_view *)c.u.o)->ik == EV_IT_DICT_ITEMS)
        return ev_dict_items_contains(I, ev_as_dict(((ev_view *)c.u.o)->dict), item);
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
        /* as CPython's list_contains: the length re-read after every
         * comparison, the item held across its __eq__ (which may empty the
         * list) */
        for (size_t i = 0;; i++) {
            size_t n = ev_is(c, EV_O_LIST) ? ev_as_list(c)->len : ev_as_tuple(c)->len;
            if (i >= n)
                return 0;
            if (ev_tick(I))
                return -1;
            ev_value x = ev_dup(ev_is(c, EV_O_LIST) ? ev_as_list(c)->items[i] : ev_as_tuple(c)->items[i]);
            int r = ev_eq(I, x, item);
            ev_decref(I, x);
            if (r != 0)
                return r;
        }
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

int ev_ssize_arg(ev_interp *I, ev_value v, int64_t *out)
{
    if (ev_is_user(v)) {
        /* the "n" converter: __index__, then the int must fit (OverflowError) */
        ev_value r;
        int got = ev_index_try(I, v, &r);
        if (got < 0)
            return -1;
        if (got) {
            int e = ev_ssize_arg(I, r, out);
            ev_decref(I, r);
            return e;
        }
    }
    if (ev_is(v, EV_O_INT) && !mpz_fits_slong_p(((ev_bigint *)v.u.o)->z)) {
        ev_raise(I, &ev_type_OverflowError, "Python int too large to convert to C ssize_t");
        return -1;
    }
    return ev_index(I, v, out, NULL);
}

/* The int an __index__ gave, as int64; too big for one, CPython's
 * PyNumber_AsSsize_t names the type of the object that was converted. */
static int index_result(ev_interp *I, ev_value v, ev_value r, int64_t *out, const char *what)
{
    if (ev_is(r, EV_O_INT) && !mpz_fits_slong_p(((ev_bigint *)r.u.o)->z)) {
        ev_raise(I, &ev_type_IndexError, "cannot fit '%s' into an index-sized integer", ev_type_name(v));
        return -1;
    }
    return ev_index(I, r, out, what);
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
        int e = index_result(I, v, r, out, what);
        ev_decref(I, r);
        return e;
    }
    if (ev_is(v, EV_O_INT)) {
        if (mpz_fits_slong_p(((ev_bigint *)v.u.o)->z)) { /* past the small ints, within 64 bits */
            *out = mpz_get_si(((ev_bigint *)v.u.o)->z);
            return 0;
        }
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
            int e = index_result(I, v, r, out, what);
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

/* ---- slicing and indexing ------------------------------------------------------------------- */

int ev_slice_index(ev_interp *I, ev_value v, bool none_ok, int64_t *out)
{
    if (v.tag == EV_T_INT || v.tag == EV_T_BOOL) {
        *out = v.u.i;
        return 0;
    }
    if (ev_is(v, EV_O_INT) && !ev_is_subint(v)) {
        *out = mpz_sgn(((ev_bigint *)v.u.o)->z) < 0 ? INT64_MIN / 2 : INT64_MAX / 2;
        return 0;
    }
    if (ev_is_user(v)) {
        ev_value r;
        int got = ev_index_try(I, v, &r);
        if (got < 0)
            return -1;
        if (got) {
            int e = ev_is_int(r) ? ev_slice_index(I, r, none_ok, out) : -1;
            if (e && !ev_is_int(r))
                ev_raise(I, &ev_type_TypeError, "__index__ returned non-int (type %s)", ev_type_name(r));
            ev_decref(I, r);
            return e;
        }
    }
    ev_raise(I, &ev_type_TypeError, "slice indices must be integers or %shave an __index__ method",
             none_ok ? "None or " : "");
    return -1;
}

static int slice_bound(ev_interp *I, ev_value v, int64_t *out)
{
    return ev_slice_index(I, v, true, out);
}

/* PySlice_Unpack: the three parts as integers, each through __index__
 * (step, start, stop, as CPython).  A missing bound becomes one far past
 * any length, so ev_slice_adjust clips it to the end the step points at.
 * The caller reads the sequence's length only after this: __index__ may
 * have changed it. */
int ev_slice_unpack(ev_interp *I, ev_value lo, ev_value hi, ev_value stepv, int64_t *start, int64_t *stop,
                    int64_t *stepp)
{
    int64_t step = 1;
    if (stepv.tag != EV_T_NONE) {
        if (slice_bound(I, stepv, &step))
            return -1;
        if (step == 0) {
            ev_raise(I, &ev_type_ValueError, "slice step cannot be zero");
            return -1;
        }
        if (step < -INT64_MAX / 2)
            step = -INT64_MAX / 2;
    }
    if (lo.tag == EV_T_NONE)
        *start = step < 0 ? INT64_MAX / 2 : 0;
    else if (slice_bound(I, lo, start))
        return -1;
    if (hi.tag == EV_T_NONE)
        *stop = step < 0 ? INT64_MIN / 2 : INT64_MAX / 2;
    else if (slice_bound(I, hi, stop))
        return -1;
    *stepp = step;
    return 0;
}

/* PySlice_AdjustIndices: unpacked bounds clipped to a length; the count
 * of items the slice selects. */
int64_t ev_slice_adjust(int64_t len, int64_t *start, int64_t *stop, int64_t step)
{
    int64_t a = *start, b = *stop;
    if (a < 0) {
        a += len;
        if (a < 0)
            a = step < 0 ? -1 : 0;
    } else if (a >= len) {
        a = step < 0 ? len - 1 : len;
    }
    if (b < 0) {
        b += len;
        if (b < 0)
            b = step < 0 ? -1 : 0;
    } else if (b >= len) {
        b = step < 0 ? len - 1 : len;
    }
    *start = a;
    *stop = b;
    if (step < 0)
        return b < a ? (a - b - 1) / (-step) + 1 : 0;
    return a < b ? (b - a - 1) / step + 1 : 0;
}

int ev_slice_indices(ev_interp *I, ev_value lo, ev_value hi, ev_value stepv, int64_t len,
                     int64_t *start, int64_t *stop, int64_t *stepp, int64_t *count)
{
    if (ev_slice_unpack(I, lo, hi, stepv, start, stop, stepp))
        return -1;
    *count = ev_slice_adjust(len, start, stop, *stepp);
    return 0;
}

static bool is_slice(ev_value v) { return ev_is_slice(v); }

/* A list's length can change under any call into Python code: read it
 * after the key's __index__, never before (as CPython's list_subscript). */
static int64_t seq_len(ev_value seq)
{
    ev_kind k = seq.u.o->kind;
    return k == EV_O_LIST ? (int64_t)ev_as_list(seq)->len
         : k == EV_O_TUPLE ? (int64_t)ev_as_tuple(seq)->len
                           : ((ev_range *)seq.u.o)->len;
}

ev_value ev_seq_getitem(ev_interp *I, ev_value seq, ev_value key)
{
    ev_kind k = seq.u.o->kind;
    const char *name = k == EV_O_LIST ? "list" : k == EV_O_TUPLE ? "tuple" : "range object";
    /* CPython's range says "range object index out of range" but "range indices must be..." */
    const char *iname = k == EV_O_RANGE ? "range" : name;
    if (is_slice(key)) {
        ev_tuple *s = ev_as_tuple(key);
        int64_t start, stop, step;
        if (ev_slice_unpack(I, s->items[0], s->items[1], s->items[2], &start, &stop, &step))
            return EV_ERR;
        int64_t len = seq_len(seq);
        int64_t count = ev_slice_adjust(len, &start, &stop, step);
        if (k == EV_O_RANGE) {
            ev_range *r = (ev_range *)seq.u.o;
            return ev_range_new(I, r->start + start * r->step, r->start + stop * r->step, r->step * step);
        }
        if (k == EV_O_TUPLE && step == 1 && count == len && !(seq.u.o->flags & EV_OBJ_SUB))
            return ev_dup(seq);
        if (ev_charge(I, count / 64))
            return EV_ERR;
        ev_value res = k == EV_O_LIST ? ev_list_new(I, (size_t)count) : ev_tuple_new(I, (size_t)count);
        if (EV_IS_ERR(res))
            return res;
        /* nothing below runs Python code: the items pointer stays good */
        const ev_value *items = k == EV_O_LIST ? ev_as_list(seq)->items : ev_as_tuple(seq)->items;
        ev_value *dst = k == EV_O_LIST ? ev_as_list(res)->items : ev_as_tuple(res)->items;
        if (k == EV_O_LIST)
            ev_list_set_len(ev_as_list(res), (size_t)count);
        for (int64_t i = 0, j = start; i < count; i++, j += step)
            dst[i] = ev_dup(items[j]);
        return res;
    }
    if (ev_is_user(key) && !ev_is_int(key)) {
        /* an object with __index__ indexes as its int */
        int64_t ix;
        ev_str *idx = I->dn[EV_DN_INDEX];
        if (!ev_type_lookup(ev_type_of(key), idx))
            return ev_raise(I, &ev_type_TypeError, "%s indices must be integers or slices, not %s",
                            iname, ev_type_name(key));
        if (ev_index(I, key, &ix, name))
            return EV_ERR;
        key = ev_int(ix);
    }
    if (!ev_is_int(key))
        return ev_raise(I, &ev_type_TypeError, "%s indices must be integers or slices, not %s",
                        iname, ev_type_name(key));
    if (k == EV_O_RANGE && key.tag == EV_T_OBJ) {
        /* range's index is any int: past 64 bits it is out of range, not
         * "cannot fit 'int' into an index-sized integer" as for lists */
        mpz_t z;
        mpz_init(z);
        ev_int_to_mpz(key, z);
        bool fits = mpz_fits_slong_p(z);
        mpz_clear(z);
        if (!fits)
            return ev_raise(I, &ev_type_IndexError, "%s index out of range", name);
    }
    int64_t i;
    if (ev_index(I, key, &i, name))
        return EV_ERR;
    int64_t len = seq_len(seq);
    if (i < 0)
        i += len;
    if (i < 0 || i >= len)
        return ev_raise(I, &ev_type_IndexError, "%s index out of range", name);
    if (k == EV_O_LIST)
        return ev_dup(ev_as_list(seq)->items[i]);
    if (k == EV_O_TUPLE)
        return ev_dup(ev_as_tuple(seq)->items[i]);
    ev_range *r = (ev_range *)seq.u.o;
    return ev_int(r->start + i * r->step);
}

/* PySequence_Fast(val, msg): a list of val's items; a TypeError from
 * getting its iterator (not one raised while iterating) becomes msg. */
static ev_value sequence_fast(ev_interp *I, ev_value val, const char *msg)
{
    if (ev_is(val, EV_O_LIST) || ev_is(val, EV_O_TUPLE))
        return ev_list_from_iterable(I, val);
    ev_value it = ev_iter(I, val);
    if (EV_IS_ERR(it)) {
        if (!I->limit && ev_is(I->exc, EV_O_EXC) &&
            ev_type_is_subclass(((ev_exc *)I->exc.u.o)->type, &ev_type_TypeError)) {
            ev_decref(I, I->exc);
            I->exc = EV_NONE;
            ev_raise(I, &ev_type_TypeError, "%s", msg);
        }
        return EV_ERR;
    }
    ev_value r = ev_sequence_list(I, it);
    ev_decref(I, it);
    return r;
}

/* l[lo:hi] = the items of src (a list of its own; NULL deletes), as
 * CPython's list_ass_slice: the bounds are clipped to the length as it is
 * now, after whatever made src ran, and the items replaced are released only
 * once the list is whole again (releasing one may run Python code). */
static int list_ass_slice(ev_interp *I, ev_list *l, int64_t lo, int64_t hi, const ev_value *src, size_t nsrc)
{
    int64_t len = (int64_t)l->len;
    if (lo < 0)
        lo = 0;
    else if (lo > len)
        lo = len;
    if (hi < lo)
        hi = lo;
    else if (hi > len)
        hi = len;
    size_t old = (size_t)(hi - lo), nw = src ? nsrc : 0;
    ev_value *garbage = NULL;
    if (old && !(garbage = ev_alloc(I, old * sizeof(ev_value)))) {
        ev_raise_nomem(I);
        return -1;
    }
    if (nw > old && ev_list_reserve(I, l, l->len + nw - old)) {
        ev_dealloc(I, garbage);
        return -1;
    }
    if (old)
        memcpy(garbage, &l->items[lo], old * sizeof(ev_value));
    /* the length grows before the tail moves into the new slots and shrinks
     * after it moved out of the old ones */
    size_t n = l->len, newlen = n - old + nw;
    if (newlen > n)
        ev_list_set_len(l, newlen);
    if (nw != old && n > (size_t)hi)
        memmove(&l->items[lo + (int64_t)nw], &l->items[hi], (n - (size_t)hi) * sizeof(ev_value));
    if (newlen < n)
        ev_list_set_len(l, newlen);
    for (size_t i = 0; i < nw; i++)
        l->items[lo + (int64_t)i] = ev_dup(src[i]);
    for (size_t i = old; i-- > 0;)
        ev_decref(I, garbage[i]);
    ev_dealloc(I, garbage);
    return 0;
}

/* obj[key] for a list: an int, an object with __index__, or a slice. */
static int list_index_key(ev_interp *I, ev_value key, int64_t *out)
{
    if (!ev_is_int(key) && !(ev_is_user(key) && ev_type_lookup(ev_type_of(key), I->dn[EV_DN_INDEX]))) {
        ev_raise(I, &ev_type_TypeError, "list indices must be integers or slices, not %s", ev_type_name(key));
        return -1;
    }
    return ev_index(I, key, out, "list");
}

int ev_list_setitem(ev_interp *I, ev_list *l, ev_value key, ev_value val)
{
    if (is_slice(key)) {
        ev_tuple *s = ev_as_tuple(key);
        int64_t lo, hi, start, stop, step;
        if (ev_slice_unpack(I, s->items[0], s->items[1], s->items[2], &lo, &hi, &step))
            return -1;
        start = lo;
        stop = hi;
        int64_t len = (int64_t)l->len;
        int64_t count = ev_slice_adjust(len, &start, &stop, step);
        /* making src may run Python code (a generator, __iter__, __next__)
         * that changes l: list_ass_slice clips again afterwards */
        /* An exact list or tuple lends its items, as CPython's
         * PySequence_Fast does: nothing runs between reading them and
         * holding each (the replaced items are released last).  A list
         * assigned into itself is copied first, as it moves under us. */
        ev_value src = EV_NONE;
        const ev_value *items;
        size_t nitems;
        if (ev_is(val, EV_O_TUPLE) && !(val.u.o->flags & EV_OBJ_SUB)) {
            items = ev_as_tuple(val)->items;
            nitems = ev_as_tuple(val)->len;
        } else if (ev_is(val, EV_O_LIST) && !(val.u.o->flags & EV_OBJ_SUB) && ev_as_list(val) != l) {
            items = ev_as_list(val)->items;
            nitems = ev_as_list(val)->len;
        } else {
            src = sequence_fast(I, val, step == 1 ? "can only assign an iterable"
                                                  : "must assign iterable to extended slice");
            if (EV_IS_ERR(src))
                return -1;
            items = ev_as_list(src)->items;
            nitems = ev_as_list(src)->len;
        }
        int rc = -1;
        if (step == 1) {
            rc = list_ass_slice(I, l, start, stop, items, nitems);
            goto done;
        }
        int64_t top = count ? (step > 0 ? start + (count - 1) * step : start) : -1;
        if ((int64_t)l->len != len && top >= (int64_t)l->len) {
            /* CPython 3.11 keeps the slice it measured before making src
             * (so do we, while its places are still in the list); past the
             * list's end it would write out of bounds: the slice is taken
             * again on the list as it now is */
            start = lo;
            stop = hi;
            count = ev_slice_adjust((int64_t)l->len, &start, &stop, step);
        }
        if ((int64_t)nitems != count) {
            ev_raise(I, &ev_type_ValueError,
                     "attempt to assign sequence of size %zu to extended slice of size %lld",
                     nitems, (long long)count);
            goto done;
        }
        ev_value *garbage = count ? ev_alloc(I, (size_t)count * sizeof(ev_value)) : NULL;
        if (count && !garbage) {
            ev_raise_nomem(I);
            goto done;
        }
        for (int64_t i = 0, j = start; i < count; i++, j += step) {
            garbage[i] = l->items[j];
            l->items[j] = ev_dup(items[i]);
        }
        for (int64_t i = 0; i < count; i++)
            ev_decref(I, garbage[i]);
        ev_dealloc(I, garbage);
        rc = 0;
    done:
        ev_decref(I, src);
        return rc;
    }
    int64_t i;
    if (list_index_key(I, key, &i))
        return -1;
    /* the length after __index__ ran */
    if (i < 0)
        i += (int64_t)l->len;
    if (i < 0 || i >= (int64_t)l->len) {
        ev_raise(I, &ev_type_IndexError, "list assignment index out of range");
        return -1;
    }
    ev_value old = l->items[i];
    l->items[i] = ev_dup(val);
    ev_decref(I, old);
    return 0;
}

int ev_list_delitem(ev_interp *I, ev_list *l, ev_value key)
{
    if (is_slice(key)) {
        ev_tuple *s = ev_as_tuple(key);
        int64_t start, stop, step;
        if (ev_slice_unpack(I, s->items[0], s->items[1], s->items[2], &start, &stop, &step))
            return -1;
        /* the length after the bounds' __index__ ran */
        int64_t count = ev_slice_adjust((int64_t)l->len, &start, &stop, step);
        if (count == 0)
            return 0;
        if (step == 1)
            return list_ass_slice(I, l, start, stop, NULL, 0);
        if (step < 0) {
            start = start + (count - 1) * step;
            step = -step;
        }
        ev_value *garbage = ev_alloc(I, (size_t)count * sizeof(ev_value));
        if (!garbage) {
            ev_raise_nomem(I);
            return -1;
        }
        size_t w = (size_t)start, g = 0;
        for (size_t r = (size_t)start; r < l->len; r++) {
            bool del = ((int64_t)r - start) % step == 0 && ((int64_t)r - start) / step < count;
            if (del)
                garbage[g++] = l->items[r];
            else
                l->items[w++] = l->items[r];
        }
        ev_list_set_len(l, w);
        for (size_t i = 0; i < g; i++)
            ev_decref(I, garbage[i]);
        ev_dealloc(I, garbage);
        return 0;
    }
    int64_t i;
    if (list_index_key(I, key, &i))
        return -1;
    if (i < 0)
        i += (int64_t)l->len;
    if (i < 0 || i >= (int64_t)l->len) {
        ev_raise(I, &ev_type_IndexError, "list assignment index out of range");
        return -1;
    }
    ev_value old = l->items[i];
    memmove(&l->items[i], &l->items[i + 1], (l->len - (size_t)i - 1) * sizeof(ev_value));
    ev_list_set_len(l, l->len - 1);
    ev_decref(I, old);
    return 0;
}

ev_value ev_seq_concat(ev_interp *I, ev_value a, ev_value b)
{
    bool list = ev_is(a, EV_O_LIST);
    size_t na = list ? ev_as_list(a)->len : ev_as_tuple(a)->len;
    size_t nb = list ? ev_as_list(b)->len : ev_as_tuple(b)->len;
    const ev_value *ia = list ? ev_as_list(a)->items : ev_as_tuple(a)->items;
    const ev_value *ib = list ? ev_as_list(b)->items : ev_as_tuple(b)->items;
    if (ev_mem_reserve(I, (na + nb) * sizeof(ev_value)) || ev_charge(I, (int64_t)((na + nb) / 64)))
        return EV_ERR;
    ev_value r = list ? ev_list_new(I, na + nb) : ev_tuple_new(I, na + nb);
    if (EV_IS_ERR(r))
        return r;
    ev_value *d = list ? ev_as_list(r)->items : ev_as_tuple(r)->items;
    if (list)
        ev_list_set_len(ev_as_list(r), na + nb);
    for (size_t i = 0; i < na; i++)
        d[i] = ev_dup(ia[i]);
    for (size_t i = 0; i < nb; i++)
        d[na + i] = ev_dup(ib[i]);
    return r;
}

ev_value ev_seq_repeat(ev_interp *I, ev_value seq, int64_t n)
{
    bool list = ev_is(seq, EV_O_LIST);
    size_t len = list ? ev_as_list(seq)->len : ev_as_tuple(seq)->len;
    if (n < 0)
        n = 0;
    /* past PY_SSIZE_T_MAX / sizeof(PyObject *) items CPython raises a
     * catchable MemoryError before allocating; below that, our limit stops it */
    if (len && (uint64_t)n > (uint64_t)INT64_MAX / 8 / len)
        return ev_raise_memory_error(I);
    if (ev_mem_reserve_n(I, (uint64_t)n * len, sizeof(ev_value)))
        return EV_ERR;
    size_t total = len * (size_t)n;
    if (ev_charge(I, (int64_t)(total / 1024)))
        return EV_ERR;
    ev_value r = list ? ev_list_new(I, total) : ev_tuple_new(I, total);
    if (EV_IS_ERR(r))
        return r;
    const ev_value *src = list ? ev_as_list(seq)->items : ev_as_tuple(seq)->items;
    ev_value *d = list ? ev_as_list(r)->items : ev_as_tuple(r)->items;
    if (list)
        ev_list_set_len(ev_as_list(r), total);
    for (size_t i = 0; i < total; i++)
        d[i] = ev_dup(src[i % len]);
    return r;
}

/* Lexicographic comparison as CPython's list_richcompare: both lengths
 * re-read after every __eq__ (which may change either list), the two items
 * held across each comparison. */
static size_t seq_n(ev_value v)
{
    return ev_is(v, EV_O_LIST) ? ev_as_list(v)->len : ev_as_tuple(v)->len;
}

static ev_value seq_item(ev_value v, size_t i)
{
    return ev_is(v, EV_O_LIST) ? ev_as_list(v)->items[i] : ev_as_tuple(v)->items[i];
}

static int seq_compare(ev_interp *I, ev_value a, ev_value b, int op);

/* Nested lists compare by recursion in C: bounded by the depth limit as
 * CPython's PyObject_RichCompare (" in comparison"). */
int ev_seq_compare(ev_interp *I, ev_value a, ev_value b, int op)
{
    return seq_compare(I, a, b, op);
}

static int seq_compare(ev_interp *I, ev_value a, ev_value b, int op)
{
    if ((op == 2 || op == 3) && seq_n(a) != seq_n(b))
        return op == 3;
    size_t i;
    for (i = 0; i < seq_n(a) && i < seq_n(b); i++) {
        if (ev_charge(I, 1))
            return -1;
        ev_value x = ev_dup(seq_item(a, i)), y = ev_dup(seq_item(b, i));
        int e = ev_eq(I, x, y);
        ev_decref(I, x);
        ev_decref(I, y);
        if (e < 0)
            return -1;
        if (!e)
            break;
    }
    size_t na = seq_n(a), nb = seq_n(b);
    if (i >= na || i >= nb) {
        switch (op) {
        case 0: return na < nb;
        case 1: return na <= nb;
        case 2: return na == nb;
        case 3: return na != nb;
        case 4: return na > nb;
        default: return na >= nb;
        }
    }
    if (op == 2)
        return 0;
    if (op == 3)
        return 1;
    ev_value x = ev_dup(seq_item(a, i)), y = ev_dup(seq_item(b, i));
    int r = ev_compare(I, x, y, op);
    ev_decref(I, x);
    ev_decref(I, y);
    return r;
}
