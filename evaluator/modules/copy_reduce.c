/*
 * copy_reduce.c - the copy module's reduce protocol, CPython 3.11 behaviour
 * (Lib/copy.py's _reconstruct, Lib/copyreg.py's __newobj__, __newobj_ex__,
 * _slotnames and __reduce_ex__, Objects/typeobject.c's
 * object.__reduce_ex__(4) and object.__getstate__): what x reduces to (its
 * class's __reduce_ex__/__reduce__, else object.__reduce_ex__(4)'s answer
 * computed here, or a builtin type's own reduction) and the copy rebuilt
 * from it (func(*args), __setstate__ or the __dict__ update and the slot
 * setattrs, the list and dict items).  copy.c has the module (see there).
 */
#include <string.h>

#include "evaluator/modules/collections_int.h"
#include "evaluator/modules/copy_int.h"
#include "evaluator/modules/datetime_int.h"
#include "evaluator/objects/class_int.h"

extern ev_type ev_type_defaultdict; /* collections.c */

/* ---- reductions -------------------------------------------------------------------------------- */

/* What a __reduce_ex__ answered, or what object.__reduce_ex__(4) would:
 * func(*args) or, for copyreg's __newobj__ / __newobj_ex__, cls.__new__. */
enum { CP_CALL, CP_NEW, CP_NEW_EX, CP_BIND };
typedef struct cp_rv {
    int how;
    ev_value func, args, state, listiter, dictiter; /* owned; EV_NONE when absent */
} cp_rv;

static void rv_init(cp_rv *rv)
{
    rv->how = CP_CALL;
    rv->func = rv->args = rv->state = rv->listiter = rv->dictiter = EV_NONE;
}

static void rv_free(ev_interp *I, cp_rv *rv)
{
    ev_decref(I, rv->func);
    ev_decref(I, rv->args);
    ev_decref(I, rv->state);
    ev_decref(I, rv->listiter);
    ev_decref(I, rv->dictiter);
    rv_init(rv);
}

static ev_value tuple_of(ev_interp *I, int n, const ev_value *items)
{
    ev_value t = ev_tuple_new(I, (size_t)n);
    if (EV_IS_ERR(t))
        return t;
    for (int i = 0; i < n; i++)
        ev_as_tuple(t)->items[i] = ev_dup(items[i]);
    return t;
}

/* copyreg._slotnames(cls), through cls.__dict__['__slotnames__'] as
 * _PyType_GetSlotNames reads it first: a new list (or None) */
static ev_value slotnames(ev_interp *I, ev_type *t)
{
    if (!ev_is_heaptype(t))
        return ev_list_new(I, 0);
    ev_str *cached = ev_copy_name_of(I, "__slotnames__"), *slots_name = ev_copy_name_of(I, "__slots__");
    if (!cached || !slots_name)
        return EV_ERR;
    ev_value *c = ev_dict_lookup_str(t->dict, cached);
    if (c) {
        if (c->tag == EV_T_NONE || ev_copy_is_exact(*c, EV_O_LIST) || ev_is(*c, EV_O_LIST))
            return ev_dup(*c);
        return ev_raise(I, &ev_type_TypeError, "%s.__slotnames__ should be a list or None, not %s", t->name,
                        ev_type_name(*c));
    }
    ev_value names = ev_list_new(I, 0);
    if (EV_IS_ERR(names))
        return names;
    ev_value mro = ev_dup(t->mro);
    for (size_t i = 0; i < ev_as_tuple(mro)->len; i++) {
        ev_type *k = (ev_type *)ev_as_tuple(mro)->items[i].u.o;
        if (!ev_is_heaptype(k))
            continue;
        ev_value *sv = ev_dict_lookup_str(k->dict, slots_name);
        if (!sv)
            continue;
        ev_value slots = ev_is(*sv, EV_O_STR) ? tuple_of(I, 1, sv) : ev_tuple_from_iterable(I, *sv);
        if (EV_IS_ERR(slots))
            goto fail;
        for (size_t j = 0; j < ev_as_tuple(slots)->len; j++) {
            ev_value nm = ev_as_tuple(slots)->items[j];
            ev_value add = ev_dup(nm);
            if (ev_is(nm, EV_O_STR)) {
                const ev_str *s = ev_as_str(nm);
                if (strcmp(s->data, "__dict__") == 0 || strcmp(s->data, "__weakref__") == 0) {
                    ev_decref(I, add);
                    continue;
                }
                if (s->len >= 2 && s->data[0] == '_' && s->data[1] == '_' &&
                    !(s->len >= 2 && s->data[s->len - 1] == '_' && s->data[s->len - 2] == '_')) {
                    const char *cn = k->name;
                    while (*cn == '_')
                        cn++;
                    if (*cn) {
                        ev_decref(I, add);
                        ev_buf b = {0};
                        add = ev_buf_printf(I, &b, "_%s%s", cn, s->data) ? EV_ERR : ev_buf_to_str(I, &b);
                        if (EV_IS_ERR(add)) {
                            ev_buf_free(I, &b);
                            ev_decref(I, slots);
                            goto fail;
                        }
                    }
                }
            }
            int r = ev_list_append(I, ev_as_list(names), add);
            ev_decref(I, add);
            if (r) {
                ev_decref(I, slots);
                goto fail;
            }
        }
        ev_decref(I, slots);
    }
    ev_decref(I, mro);
    /* try: cls.__slotnames__ = names / except: pass */
    if (ev_setattr(I, ev_obj_val(&t->h), cached, names)) {
        if (I->limit) {
            ev_decref(I, names);
            return EV_ERR;
        }
        ev_decref(I, I->exc);
        I->exc = EV_NONE;
    }
    return names;
fail:
    ev_decref(I, mro);
    ev_decref(I, names);
    return EV_ERR;
}

/* the instance dict object.__getstate__ reads (borrowed), NULL when x has
 * none or it is empty: _PyObject_IsInstanceDictEmpty */
static int instance_dict(ev_interp *I, ev_value x, ev_dict **out)
{
    *out = NULL;
    if (ev_is(x, EV_O_INSTANCE) && !(x.u.o->flags & EV_OBJ_SUB)) {
        ev_instance *in = (ev_instance *)x.u.o;
        /* a __slots__ layout keeps the slots in values, apart from the dict */
        if (!in->dict && in->values && !(in->type->tflags & EV_TYPE_SLOTVALS) &&
            ev_instance_materialize(I, in))
            return -1;
        *out = in->dict;
    } else {
        ev_dict **ds = cls_dict_slot(x);
        *out = ds ? *ds : NULL;
    }
    if (*out && (*out)->used == 0)
        *out = NULL;
    return 0;
}

/* object_getstate(x): the class's __getstate__(), else the instance dict
 * (None when empty) with the __slots__ values set, as (dict, slots) */
static ev_value getstate(ev_interp *I, ev_value x)
{
    ev_value g;
    if (ev_copy_own_method(I, x, "__getstate__", &g))
        return EV_ERR;
    if (!EV_IS_ERR(g)) {
        ev_value r = ev_call(I, g, 0, NULL, 0, NULL, NULL);
        ev_decref(I, g);
        return r;
    }
    ev_dict *d;
    if (instance_dict(I, x, &d))
        return EV_ERR;
    ev_value state = d ? ev_dup(ev_obj_val(&d->h)) : EV_NONE;
    ev_value names = slotnames(I, ev_type_of(x));
    if (EV_IS_ERR(names)) {
        ev_decref(I, state);
        return EV_ERR;
    }
    if (names.tag == EV_T_NONE || ev_as_list(names)->len == 0) {
        ev_decref(I, names);
        return state;
    }
    ev_value slots = ev_dict_new(I);
    if (EV_IS_ERR(slots))
        goto fail;
    size_t n = ev_as_list(names)->len;
    for (size_t i = 0; i < ev_as_list(names)->len; i++) {
        ev_value nm = ev_as_list(names)->items[i], v;
        if (!ev_is(nm, EV_O_STR)) {
            ev_raise(I, &ev_type_TypeError, "attribute name must be string, not '%s'", ev_type_name(nm));
            goto fail;
        }
        ev_value held = ev_dup(nm);
        v = ev_getattr(I, x, ev_as_str(held));
        if (EV_IS_ERR(v)) {
            if (!ev_us_catch(I, &ev_type_AttributeError)) {
                ev_decref(I, held);
                goto fail;
            }
        } else {
            int r = ev_dict_set(I, ev_as_dict(slots), held, v);
            ev_decref(I, v);
            if (r) {
                ev_decref(I, held);
                goto fail;
            }
        }
        ev_decref(I, held);
        if (n != ev_as_list(names)->len) {
            ev_raise(I, &ev_type_RuntimeError, "__slotsname__ changed size during iteration");
            goto fail;
        }
    }
    ev_decref(I, names);
    if (ev_as_dict(slots)->used == 0) {
        ev_decref(I, slots);
        return state;
    }
    ev_value pair = tuple_of(I, 2, (ev_value[]){state, slots});
    ev_decref(I, state);
    ev_decref(I, slots);
    return pair;
fail:
    ev_decref(I, slots);
    ev_decref(I, names);
    ev_decref(I, state);
    return EV_ERR;
}

/* the builtin base's __getnewargs__ for a subclass of int, float, str,
 * bytes, tuple or complex: (the plain value,) (complex: (real, imag)); 0
 * with *out EV_ERR for other roots */
static int builtin_newargs(ev_interp *I, ev_value x, ev_value *out)
{
    *out = EV_ERR;
    if (!(x.u.o->flags & EV_OBJ_SUB))
        return 0;
    ev_value v = EV_ERR;
    switch (x.u.o->kind) {
    case EV_O_INT: v = ev_int_unbox(I, x); break;
    case EV_O_FLOAT: v = ev_float_unbox(x); break;
    case EV_O_STR: v = ev_str_new(I, ev_as_str(x)->data, ev_as_str(x)->len); break;
    case EV_O_BYTES: v = ev_bytes_new(I, EV_O_BYTES, ev_as_bytes(x)->data, ev_as_bytes(x)->len); break;
    case EV_O_TUPLE: v = tuple_of(I, (int)ev_as_tuple(x)->len, ev_as_tuple(x)->items); break;
    case EV_O_COMPLEX: {
        const ev_complex *c = (const ev_complex *)x.u.o;
        *out = tuple_of(I, 2, (ev_value[]){ev_float(c->re), ev_float(c->im)});
        return EV_IS_ERR(*out) ? -1 : 0;
    }
    default: return 0;
    }
    if (EV_IS_ERR(v))
        return -1;
    *out = tuple_of(I, 1, &v);
    ev_decref(I, v);
    return EV_IS_ERR(*out) ? -1 : 0;
}

/* __getnewargs_ex__() / __getnewargs__() checked as
 * _PyObject_GetNewArguments: *args (a tuple) and *kwargs (a dict), each
 * EV_ERR when not given */
static int newargs(ev_interp *I, ev_value x, ev_value *args, ev_value *kwargs)
{
    *args = *kwargs = EV_ERR;
    ev_value f, r;
    /* _PyObject_LookupSpecial: on the class, never through __getattr__ */
    if (ev_copy_own_method(I, x, "__getnewargs_ex__", &f))
        return -1;
    if (!EV_IS_ERR(f)) {
        r = ev_call(I, f, 0, NULL, 0, NULL, NULL);
        ev_decref(I, f);
        if (EV_IS_ERR(r))
            return -1;
        if (!ev_is(r, EV_O_TUPLE)) {
            ev_raise(I, &ev_type_TypeError, "__getnewargs_ex__ should return a tuple, not '%s'", ev_type_name(r));
        } else if (ev_as_tuple(r)->len != 2) {
            ev_raise(I, &ev_type_ValueError, "__getnewargs_ex__ should return a tuple of length 2, not %zu",
                     ev_as_tuple(r)->len);
        } else if (!ev_is(ev_as_tuple(r)->items[0], EV_O_TUPLE)) {
            ev_raise(I, &ev_type_TypeError,
                     "first item of the tuple returned by __getnewargs_ex__ must be a tuple, not '%s'",
                     ev_type_name(ev_as_tuple(r)->items[0]));
        } else if (!ev_is(ev_as_tuple(r)->items[1], EV_O_DICT)) {
            ev_raise(I, &ev_type_TypeError,
                     "second item of the tuple returned by __getnewargs_ex__ must be a dict, not '%s'",
                     ev_type_name(ev_as_tuple(r)->items[1]));
        } else {
            *args = ev_dup(ev_as_tuple(r)->items[0]);
            *kwargs = ev_dup(ev_as_tuple(r)->items[1]);
        }
        ev_decref(I, r);
        return EV_IS_ERR(*args) ? -1 : 0;
    }
    if (ev_copy_own_method(I, x, "__getnewargs__", &f))
        return -1;
    if (EV_IS_ERR(f))
        return builtin_newargs(I, x, args);
    r = ev_call(I, f, 0, NULL, 0, NULL, NULL);
    ev_decref(I, f);
    if (EV_IS_ERR(r))
        return -1;
    if (!ev_is(r, EV_O_TUPLE)) {
        ev_raise(I, &ev_type_TypeError, "__getnewargs__ should return a tuple, not '%s'", ev_type_name(r));
        ev_decref(I, r);
        return -1;
    }
    *args = r;
    return 0;
}

/* object.__reduce_ex__(4)'s reduce_newobj */
static int reduce_newobj(ev_interp *I, ev_value x, cp_rv *rv)
{
    ev_value args, kwargs;
    if (newargs(I, x, &args, &kwargs))
        return -1;
    ev_value cls = ev_obj_val(&ev_type_of(x)->h);
    if (EV_IS_ERR(args)) {
        args = ev_tuple_new(I, 0);
        if (EV_IS_ERR(args))
            return -1;
    }
    if (EV_IS_ERR(kwargs) || ev_as_dict(kwargs)->used == 0) {
        size_t n = ev_as_tuple(args)->len;
        rv->how = CP_NEW;
        rv->args = ev_tuple_new(I, n + 1);
        if (!EV_IS_ERR(rv->args)) {
            ev_as_tuple(rv->args)->items[0] = ev_dup(cls);
            for (size_t i = 0; i < n; i++)
                ev_as_tuple(rv->args)->items[i + 1] = ev_dup(ev_as_tuple(args)->items[i]);
        }
    } else {
        rv->how = CP_NEW_EX;
        rv->args = tuple_of(I, 3, (ev_value[]){cls, args, kwargs});
    }
    ev_decref(I, args);
    if (!EV_IS_ERR(kwargs))
        ev_decref(I, kwargs);
    if (EV_IS_ERR(rv->args)) {
        rv->args = EV_NONE;
        return -1;
    }
    rv->state = getstate(I, x);
    if (EV_IS_ERR(rv->state)) {
        rv->state = EV_NONE;
        return -1;
    }
    if (ev_is(x, EV_O_LIST)) {
        rv->listiter = ev_iter(I, x);
        if (EV_IS_ERR(rv->listiter)) {
            rv->listiter = EV_NONE;
            return -1;
        }
    } else if (ev_is(x, EV_O_DICT)) {
        ev_value items = ev_copy_call_method(I, x, "items", 0, NULL);
        rv->dictiter = EV_IS_ERR(items) ? items : ev_iter(I, items);
        ev_decref(I, items);
        if (EV_IS_ERR(rv->dictiter)) {
            rv->dictiter = EV_NONE;
            return -1;
        }
    }
    return 0;
}

/* (type(x), args) with the state and item iterators given */
static int reduce_call(ev_interp *I, ev_value x, ev_value args_steal, cp_rv *rv)
{
    if (EV_IS_ERR(args_steal))
        return -1;
    rv->func = ev_dup(ev_obj_val(&ev_type_of(x)->h));
    rv->args = args_steal;
    return 0;
}

/* the datetime values' reductions, as the constructor's arguments */
static int reduce_datetime(ev_interp *I, ev_value x, cp_rv *rv)
{
    static const char *const date_f[] = {"year", "month", "day", NULL};
    static const char *const dt_f[] = {"year", "month", "day", "hour", "minute", "second", "microsecond", "tzinfo", NULL};
    static const char *const time_f[] = {"hour", "minute", "second", "microsecond", "tzinfo", NULL};
    static const char *const td_f[] = {"days", "seconds", "microseconds", NULL};
    ev_type *t = ev_dt_type(x);
    if (t == &ev_type_dt_timezone) {
        /* timezone.__getinitargs__: (offset,) or (offset, name) */
        ev_value none = EV_NONE;
        ev_value off = ev_copy_call_method(I, x, "utcoffset", 1, &none);
        if (EV_IS_ERR(off))
            return -1;
        ev_value name = DT(x)->ref;
        ev_value args = tuple_of(I, name.tag == EV_T_NONE ? 1 : 2, (ev_value[]){off, name});
        ev_decref(I, off);
        return reduce_call(I, x, args, rv);
    }
    const char *const *f = t == &ev_type_dt_date ? date_f : t == &ev_type_dt_datetime ? dt_f
                         : t == &ev_type_dt_time ? time_f : t == &ev_type_dt_timedelta ? td_f : NULL;
    if (!f) {
        ev_raise(I, &ev_type_NotImplementedError, "copying '%s' objects is not supported by safepy", ev_type_name(x));
        return -1;
    }
    ev_value vals[8];
    int n = 0;
    for (; f[n]; n++) {
        ev_str *nm = ev_copy_name_of(I, f[n]);
        vals[n] = nm ? ev_getattr(I, x, nm) : EV_ERR;
        if (EV_IS_ERR(vals[n])) {
            while (n--)
                ev_decref(I, vals[n]);
            return -1;
        }
    }
    ev_value args = tuple_of(I, n, vals);
    for (int i = 0; i < n; i++)
        ev_decref(I, vals[i]);
    if (reduce_call(I, x, args, rv))
        return -1;
    if (t == &ev_type_dt_datetime || t == &ev_type_dt_time) {
        /* fold is part of the pickled state: a fold=1 value is a keyword */
        ev_str *nm = ev_copy_name_of(I, "fold");
        ev_value fold = nm ? ev_getattr(I, x, nm) : EV_ERR;
        if (EV_IS_ERR(fold))
            return -1;
        if (fold.tag == EV_T_INT && fold.u.i) {
            rv->how = CP_NEW_EX; /* (func, args, kwargs) called as func(*args, **kwargs) */
            ev_value kw = ev_dict_new(I);
            if (EV_IS_ERR(kw) || ev_dict_set(I, ev_as_dict(kw), ev_obj_val(&nm->h), fold)) {
                ev_decref(I, kw);
                return -1;
            }
            ev_value a3 = tuple_of(I, 3, (ev_value[]){rv->func, rv->args, kw});
            ev_decref(I, kw);
            if (EV_IS_ERR(a3))
                return -1;
            ev_decref(I, rv->args);
            rv->args = a3;
        }
    }
    return 0;
}

/* object.__reduce_ex__(4) for x whose class does not define __reduce_ex__
 * or __reduce__: the builtin types' own __reduce__, else reduce_newobj */
static int reduce_native(ev_interp *I, ev_value x, cp_rv *rv)
{
    ev_type *t = ev_type_of(x);
    ev_type *root = ev_solid_base(t);
    if (ev_is(x, EV_O_GEN) || ev_is(x, EV_O_MODULE) || ev_is(x, EV_O_CELL) || ev_is(x, EV_O_VIEW)) {
        ev_raise(I, &ev_type_TypeError, "cannot pickle '%s' object", ev_type_name(x));
        return -1;
    }
    if (ev_is(x, EV_O_SET) || ev_is(x, EV_O_FROZENSET)) {
        /* set_reduce: (type, (list(x),), state) */
        ev_value l = ev_list_from_iterable(I, x);
        if (reduce_call(I, x, EV_IS_ERR(l) ? l : tuple_of(I, 1, &l), rv)) {
            ev_decref(I, l);
            return -1;
        }
        ev_decref(I, l);
        rv->state = getstate(I, x);
        return EV_IS_ERR(rv->state) ? (rv->state = EV_NONE, -1) : 0;
    }
    if (ev_is(x, EV_O_BYTEARRAY)) {
        /* bytearray.__reduce_ex__(4): (type, (bytes(x),) or (), state) */
        ev_bytes *b = ev_as_bytes(x);
        ev_value args = EV_ERR;
        if (b->len == 0) {
            args = ev_tuple_new(I, 0);
        } else {
            ev_value bv = ev_bytes_new(I, EV_O_BYTES, b->data, b->len);
            if (!EV_IS_ERR(bv)) {
                args = tuple_of(I, 1, &bv);
                ev_decref(I, bv);
            }
        }
        if (reduce_call(I, x, args, rv))
            return -1;
        rv->state = getstate(I, x);
        return EV_IS_ERR(rv->state) ? (rv->state = EV_NONE, -1) : 0;
    }
    if (ev_is(x, EV_O_SLICE)) {
        ev_tuple *s = ev_as_tuple(x); /* laid out as (start, stop, step) */
        return reduce_call(I, x, tuple_of(I, 3, s->items), rv);
    }
    if (ev_is(x, EV_O_DEQUE)) {
        ev_value mx = ev_deque_maxlen_value(x);
        ev_value args;
        if (mx.tag == EV_T_NONE) {
            args = ev_tuple_new(I, 0);
        } else {
            ev_value empty = ev_tuple_new(I, 0);
            args = EV_IS_ERR(empty) ? empty : tuple_of(I, 2, (ev_value[]){empty, mx});
            ev_decref(I, empty);
        }
        if (reduce_call(I, x, args, rv))
            return -1;
        rv->state = getstate(I, x);
        if (EV_IS_ERR(rv->state)) {
            rv->state = EV_NONE;
            return -1;
        }
        rv->listiter = ev_iter(I, x);
        return EV_IS_ERR(rv->listiter) ? (rv->listiter = EV_NONE, -1) : 0;
    }
    if (ev_is(x, EV_O_DICT) && ev_as_dict(x)->type) {
        ev_type *dt = ev_as_dict(x)->type;
        if (ev_type_is_subclass(dt, &ev_type_Counter)) {
            /* Counter.__reduce__: (self.__class__, (dict(self),)) */
            ev_value d = ev_dict_new(I);
            if (EV_IS_ERR(d) || ev_dict_merge(I, ev_as_dict(d), ev_as_dict(x))) {
                ev_decref(I, d);
                return -1;
            }
            ev_value args = tuple_of(I, 1, &d);
            ev_decref(I, d);
            return reduce_call(I, x, args, rv);
        }
        bool dd = ev_type_is_subclass(dt, &ev_type_defaultdict);
        ev_value args;
        if (dd) {
            /* defdict_reduce: (type, (factory,) or (), None, None, items) */
            ev_value f = ev_as_dict(x)->factory;
            args = EV_IS_ERR(f) || f.tag == EV_T_NONE ? ev_tuple_new(I, 0) : tuple_of(I, 1, &f);
        } else {
            /* odict_reduce: (type, (), state, None, items) */
            args = ev_tuple_new(I, 0);
        }
        if (reduce_call(I, x, args, rv))
            return -1;
        if (!dd) {
            rv->state = getstate(I, x);
            if (EV_IS_ERR(rv->state)) {
                rv->state = EV_NONE;
                return -1;
            }
        }
        ev_value items = ev_copy_call_method(I, x, "items", 0, NULL);
        rv->dictiter = EV_IS_ERR(items) ? items : ev_iter(I, items);
        ev_decref(I, items);
        return EV_IS_ERR(rv->dictiter) ? (rv->dictiter = EV_NONE, -1) : 0;
    }
    if (ev_is(x, EV_O_DATETIME))
        return reduce_datetime(I, x, rv);
    if (ev_is(x, EV_O_METHOD)) {
        /* method.__reduce__: (getattr, (self, name)), a method of the same
         * function bound to the same object */
        ev_method *m = (ev_method *)x.u.o;
        rv->func = ev_dup(m->func);
        rv->how = CP_BIND;
        rv->args = tuple_of(I, 1, &m->self);
        return EV_IS_ERR(rv->args) ? (rv->args = EV_NONE, -1) : 0;
    }
    if (ev_is(x, EV_O_EXC)) {
        /* BaseException.__reduce__: (type, args[, __dict__]) */
        ev_str *an = ev_copy_name_of(I, "args");
        ev_value args = an ? ev_getattr(I, x, an) : EV_ERR;
        if (reduce_call(I, x, args, rv))
            return -1;
        ev_dict *d;
        if (instance_dict(I, x, &d))
            return -1;
        if (d)
            rv->state = ev_dup(ev_obj_val(&d->h));
        return 0;
    }
    if (ev_is_cinstance(x, &ev_type_ChainMap)) {
        /* a ChainMap is its maps (CPython's instance __dict__ {'maps': [...]});
         * rebuilt as ChainMap(*maps), each map copied */
        ev_str *mn = ev_copy_name_of(I, "maps");
        ev_value maps = mn ? ev_getattr(I, x, mn) : EV_ERR;
        ev_value args = EV_IS_ERR(maps) ? maps : ev_tuple_from_iterable(I, maps);
        ev_decref(I, maps);
        return reduce_call(I, x, args, rv);
    }
    bool plain = ev_is(x, EV_O_INSTANCE) && ev_is_heaptype(t) && !root->cnew;
    bool sub = (x.u.o->flags & EV_OBJ_SUB) && cls_container_root(root);
    if (plain || sub)
        return reduce_newobj(I, x, rv);
    ev_raise(I, &ev_type_NotImplementedError, "copying '%s' objects is not supported by safepy", ev_type_name(x));
    return -1;
}

/* copy.py: reductor = getattr(x, "__reduce_ex__"); rv = reductor(4), with
 * object.__reduce_ex__ calling a class's own __reduce__.  *is_str when rv
 * is a str (x is its own copy); else rv filled from the answer. */
static int reduce_x(ev_interp *I, ev_value x, cp_rv *rv, bool *is_str)
{
    *is_str = false;
    rv_init(rv);
    ev_value m, r;
    if (ev_copy_own_method(I, x, "__reduce_ex__", &m))
        return -1;
    if (!EV_IS_ERR(m)) {
        r = ev_call(I, m, 1, (ev_value[]){ev_int(4)}, 0, NULL, NULL);
    } else {
        if (ev_copy_own_method(I, x, "__reduce__", &m))
            return -1;
        if (EV_IS_ERR(m))
            return reduce_native(I, x, rv);
        r = ev_call(I, m, 0, NULL, 0, NULL, NULL);
    }
    ev_decref(I, m);
    if (EV_IS_ERR(r))
        return -1;
    if (ev_is(r, EV_O_STR)) {
        *is_str = true;
        ev_decref(I, r);
        return 0;
    }
    /* _reconstruct(x, memo, *rv) */
    ev_value t = ev_tuple_from_iterable(I, r);
    if (EV_IS_ERR(t)) {
        if (ev_us_catch(I, &ev_type_TypeError))
            ev_raise(I, &ev_type_TypeError, "Value after * must be an iterable, not %s", ev_type_name(r));
        ev_decref(I, r);
        return -1;
    }
    ev_decref(I, r);
    size_t n = ev_as_tuple(t)->len;
    /* _reconstruct(x, memo, func, args, state=None, listiter=None, dictiter=None, *, deepcopy=deepcopy) */
    static const ev_defsig sig = {"_reconstruct", {"x", "memo", "func", "args", "state", "listiter", "dictiter"}, 4,
                                  .func = true};
    ev_value call[7] = {EV_NONE, EV_NONE}, bound[EV_DEF_MAXP];
    for (size_t i = 0; i < n && i < 5; i++)
        call[2 + i] = ev_as_tuple(t)->items[i];
    if (ev_def_bind(I, &sig, (int)n + 2, call, NULL, bound)) {
        ev_decref(I, t);
        return -1;
    }
    ev_value *items = ev_as_tuple(t)->items;
    ev_value *slots[5] = {&rv->func, &rv->args, &rv->state, &rv->listiter, &rv->dictiter};
    for (size_t i = 0; i < n; i++)
        *slots[i] = ev_dup(items[i]);
    ev_decref(I, t);
    return 0;
}

/* ---- copying ----------------------------------------------------------------------------------- */

/* copyreg.__newobj__(cls, *args) and __newobj_ex__(cls, args, kwargs):
 * cls.__new__(cls, *args, **kwargs) */
static ev_value newobj(ev_interp *I, ev_value cls, int argc, const ev_value *argv, ev_value kwargs)
{
    if (!ev_is(cls, EV_O_TYPE))
        return ev_raise(I, &ev_type_AttributeError, "'%s' object has no attribute '__new__'", ev_type_name(cls));
    ev_type *t = (ev_type *)cls.u.o;
    ev_value *a = ev_alloc(I, (size_t)(argc + 1) * sizeof *a);
    if (!a)
        return ev_raise_nomem(I);
    a[0] = cls;
    for (int i = 0; i < argc; i++)
        a[i + 1] = argv[i];
    ev_str **kn = NULL;
    ev_value *kv = NULL;
    int nk = 0;
    ev_value r = EV_ERR;
    if (!EV_IS_ERR(kwargs) && ev_as_dict(kwargs)->used) {
        ev_dict *d = ev_as_dict(kwargs);
        kn = ev_alloc(I, d->used * sizeof *kn);
        kv = ev_alloc(I, d->used * sizeof *kv);
        if (!kn || !kv) {
            ev_raise_nomem(I);
            goto done;
        }
        for (uint32_t i = 0; i < d->nentries; i++) {
            ev_value k = d->entries[i].key;
            if (EV_IS_ERR(k))
                continue;
            if (!ev_is(k, EV_O_STR)) {
                ev_raise(I, &ev_type_TypeError, "keywords must be strings");
                goto done;
            }
            kn[nk] = ev_intern(I, ev_as_str(k)->data, ev_as_str(k)->len);
            if (!kn[nk])
                goto done;
            kv[nk++] = d->entries[i].value;
        }
    }
    ev_str *nn = I->dn[EV_DN_NEW];
    ev_value *own = nn ? ev_type_lookup(t, nn) : NULL;
    if (own) {
        ev_value fn = *own;
        if (ev_is(fn, EV_O_WRAPPER))
            fn = ((ev_wrapper *)fn.u.o)->a;
        fn = ev_dup(fn);
        r = ev_call(I, fn, argc + 1, a, nk, kn, kv);
        ev_decref(I, fn);
    } else if (ev_is_heaptype(t) && cls_container_root(ev_solid_base(t))) {
        ev_kw kw = {nk, kn, kv};
        r = ev_call_method_def(I, &cls_container_new_def, EV_NONE, argc + 1, a, nk ? &kw : NULL);
    } else {
        /* a plain class reaches object.__new__ (read on object itself: a
         * metaclass's own __new__ must not answer for the class) */
        ev_value on = ev_is_heaptype(t) && ev_solid_base(t) == &ev_type_object ? ev_obj_val(&ev_type_object.h) : cls;
        ev_value fn = nn ? ev_getattr(I, on, nn) : EV_ERR;
        if (!EV_IS_ERR(fn)) {
            r = ev_call(I, fn, argc + 1, a, nk, kn, kv);
            ev_decref(I, fn);
        }
    }
done:
    ev_dealloc(I, a);
    ev_dealloc(I, kn);
    ev_dealloc(I, kv);
    return r;
}

/* setattr(y, key, value) for a slot state's pair */
static int set_slot(ev_interp *I, ev_value y, ev_value key, ev_value value)
{
    if (!ev_is(key, EV_O_STR)) {
        ev_raise(I, &ev_type_TypeError, "attribute name must be string, not '%s'", ev_type_name(key));
        return -1;
    }
    ev_str *k = ev_as_str(key);
    ev_str *in = ev_intern(I, k->data, k->len);
    return in ? ev_setattr(I, y, in, value) : -1;
}

/* _reconstruct's state part: __setstate__, or the __dict__ update and the
 * slots' setattrs */
static int apply_state(ev_interp *I, ev_value y, ev_value state)
{
    ev_value f;
    if (ev_copy_getattr_opt(I, y, "__setstate__", &f))
        return -1;
    if (!EV_IS_ERR(f)) {
        ev_value r = ev_call(I, f, 1, &state, 0, NULL, NULL);
        ev_decref(I, f);
        if (EV_IS_ERR(r))
            return -1;
        ev_decref(I, r);
        return 0;
    }
    if (ev_is(y, EV_O_EXC)) {
        /* BaseException.__setstate__: a setattr for each item */
        if (state.tag == EV_T_NONE)
            return 0;
        if (!ev_is(state, EV_O_DICT)) {
            ev_raise(I, &ev_type_TypeError, "state is not a dictionary");
            return -1;
        }
        ev_coll_pairs pairs;
        if (ev_coll_pairs_take(I, ev_as_dict(state), &pairs))
            return -1;
        int r = 0;
        for (size_t i = 0; r == 0 && i < pairs.n; i++)
            r = set_slot(I, y, pairs.kv[2 * i], pairs.kv[2 * i + 1]);
        ev_coll_pairs_free(I, &pairs);
        return r;
    }
    ev_value slotstate = EV_NONE;
    state = ev_dup(state);
    if (ev_is(state, EV_O_TUPLE) && ev_as_tuple(state)->len == 2) {
        ev_value pair = state;
        state = ev_dup(ev_as_tuple(pair)->items[0]);
        slotstate = ev_dup(ev_as_tuple(pair)->items[1]);
        ev_decref(I, pair);
    }
    int rc = -1;
    ev_value it = EV_NONE;
    if (state.tag != EV_T_NONE) {
        ev_str *dn = I->dn[EV_DN_DICT];
        if (!ev_is(y, EV_O_INSTANCE) && !cls_dict_slot(y)) {
            /* a builtin object: CPython has no __dict__ to read (safepy
             * refuses the name on these, with another message) */
            ev_raise(I, &ev_type_AttributeError, "'%s' object has no attribute '__dict__'", ev_type_name(y));
            goto done;
        }
        ev_value d = dn ? ev_getattr(I, y, dn) : EV_ERR;
        if (EV_IS_ERR(d))
            goto done;
        ev_value r = ev_copy_call_method(I, d, "update", 1, &state);
        ev_decref(I, d);
        if (EV_IS_ERR(r))
            goto done;
        ev_decref(I, r);
    }
    if (slotstate.tag != EV_T_NONE) {
        ev_value items = ev_copy_call_method(I, slotstate, "items", 0, NULL);
        it = EV_IS_ERR(items) ? items : ev_iter(I, items);
        ev_decref(I, items);
        if (EV_IS_ERR(it)) {
            it = EV_NONE;
            goto done;
        }
        for (;;) {
            ev_value item, k, v;
            int got = ev_next(I, it, &item);
            if (got < 0)
                goto done;
            if (got == 0)
                break;
            int r = ev_copy_unpack2(I, item, &k, &v);
            ev_decref(I, item);
            if (r)
                goto done;
            r = set_slot(I, y, k, v);
            ev_decref(I, k);
            ev_decref(I, v);
            if (r)
                goto done;
        }
    }
    rc = 0;
done:
    ev_decref(I, it);
    ev_decref(I, state);
    ev_decref(I, slotstate);
    return rc;
}

/* func(*args) with args not iterable: CPython's message, naming the
 * function as _PyObject_FunctionStr does (module.qualname() outside builtins) */
static void star_error(ev_interp *I, ev_value func, ev_value args)
{
    ev_value q = EV_ERR, m = EV_ERR;
    if (ev_copy_getattr_opt(I, func, "__qualname__", &q) || ev_copy_getattr_opt(I, func, "__module__", &m)) {
        ev_decref(I, q);
        return;
    }
    if (EV_IS_ERR(q) || !ev_is(q, EV_O_STR)) {
        ev_raise(I, &ev_type_TypeError, "Value after * must be an iterable, not %s", ev_type_name(args));
    } else if (ev_is(m, EV_O_STR) && strcmp(ev_as_str(m)->data, "builtins") != 0) {
        ev_raise(I, &ev_type_TypeError, "%s.%s() argument after * must be an iterable, not %s", ev_as_str(m)->data,
                 ev_as_str(q)->data, ev_type_name(args));
    } else {
        ev_raise(I, &ev_type_TypeError, "%s() argument after * must be an iterable, not %s", ev_as_str(q)->data,
                 ev_type_name(args));
    }
    if (!EV_IS_ERR(q))
        ev_decref(I, q);
    if (!EV_IS_ERR(m))
        ev_decref(I, m);
}

/* copy._reconstruct(x, memo, *rv); memo EV_ERR for a shallow copy */
static ev_value reconstruct(ev_interp *I, ev_value x, ev_value memo, ev_value nil, cp_rv *rv)
{
    bool deep = !EV_IS_ERR(memo);
    ev_value args = EV_ERR, y = EV_ERR, it = EV_NONE;
    if (ev_recursion_enter(I, ""))
        return EV_ERR;
    int t = deep ? ev_truth(I, rv->args) : 1;
    if (t < 0)
        goto fail;
    if (deep && t) {
        /* args = (deepcopy(arg, memo) for arg in args) */
        ev_value src = ev_iter(I, rv->args);
        if (EV_IS_ERR(src))
            goto fail;
        ev_value l = ev_list_new(I, 0);
        for (;;) {
            ev_value a;
            int got = EV_IS_ERR(l) ? -1 : ev_next(I, src, &a);
            if (got <= 0) {
                if (got < 0) {
                    ev_decref(I, l);
                    l = EV_ERR;
                }
                break;
            }
            ev_value c = ev_copy_deepcopy_impl(I, a, memo, nil);
            ev_decref(I, a);
            if (EV_IS_ERR(c) || ev_list_append(I, ev_as_list(l), c)) {
                ev_decref(I, c);
                ev_decref(I, l);
                l = EV_ERR;
                break;
            }
            ev_decref(I, c);
        }
        ev_decref(I, src);
        args = EV_IS_ERR(l) ? l : ev_tuple_from_iterable(I, l);
        ev_decref(I, l);
    } else {
        args = ev_is(rv->args, EV_O_TUPLE) ? ev_dup(rv->args) : ev_tuple_from_iterable(I, rv->args);
        if (EV_IS_ERR(args) && rv->how == CP_CALL && ev_us_catch(I, &ev_type_TypeError))
            star_error(I, rv->func, rv->args);
    }
    if (EV_IS_ERR(args))
        goto fail;
    ev_tuple *at = ev_as_tuple(args);
    if (rv->how == CP_CALL) {
        y = ev_call(I, rv->func, (int)at->len, at->items, 0, NULL, NULL);
    } else if (rv->how == CP_BIND) {
        y = cls_method_new(I, rv->func, at->items[0]);
    } else if (rv->how == CP_NEW) {
        y = newobj(I, at->items[0], (int)at->len - 1, at->items + 1, EV_ERR);
    } else {
        ev_value ca = ev_tuple_from_iterable(I, at->items[1]);
        if (EV_IS_ERR(ca))
            goto fail;
        if (!ev_is(at->items[2], EV_O_DICT)) {
            ev_raise(I, &ev_type_TypeError, "argument after ** must be a mapping, not %s", ev_type_name(at->items[2]));
            ev_decref(I, ca);
            goto fail;
        }
        y = newobj(I, at->items[0], (int)ev_as_tuple(ca)->len, ev_as_tuple(ca)->items, at->items[2]);
        ev_decref(I, ca);
    }
    if (EV_IS_ERR(y))
        goto fail;
    if (deep && ev_setitem(I, memo, ev_int(ev_object_id(x)), y))
        goto fail;
    if (rv->state.tag != EV_T_NONE) {
        ev_value state = deep ? ev_copy_deepcopy_impl(I, rv->state, memo, nil) : ev_dup(rv->state);
        if (EV_IS_ERR(state))
            goto fail;
        int r = apply_state(I, y, state);
        ev_decref(I, state);
        if (r)
            goto fail;
    }
    if (rv->listiter.tag != EV_T_NONE) {
        it = ev_iter(I, rv->listiter);
        if (EV_IS_ERR(it)) {
            it = EV_NONE;
            goto fail;
        }
        for (;;) {
            ev_value item;
            int got = ev_next(I, it, &item);
            if (got < 0)
                goto fail;
            if (got == 0)
                break;
            if (deep) {
                ev_value c = ev_copy_deepcopy_impl(I, item, memo, nil);
                ev_decref(I, item);
                if (EV_IS_ERR(c))
                    goto fail;
                item = c;
            }
            ev_value r = ev_copy_call_method(I, y, "append", 1, &item);
            ev_decref(I, item);
            if (EV_IS_ERR(r))
                goto fail;
            ev_decref(I, r);
        }
        ev_decref(I, it);
        it = EV_NONE;
    }
    if (rv->dictiter.tag != EV_T_NONE) {
        it = ev_iter(I, rv->dictiter);
        if (EV_IS_ERR(it)) {
            it = EV_NONE;
            goto fail;
        }
        for (;;) {
            ev_value item, k, v;
            int got = ev_next(I, it, &item);
            if (got < 0)
                goto fail;
            if (got == 0)
                break;
            int r = ev_copy_unpack2(I, item, &k, &v);
            ev_decref(I, item);
            if (r)
                goto fail;
            if (deep) {
                ev_value ck = ev_copy_deepcopy_impl(I, k, memo, nil);
                ev_decref(I, k);
                if (EV_IS_ERR(ck)) {
                    ev_decref(I, v);
                    goto fail;
                }
                k = ck;
                ev_value cv = ev_copy_deepcopy_impl(I, v, memo, nil);
                ev_decref(I, v);
                if (EV_IS_ERR(cv)) {
                    ev_decref(I, k);
                    goto fail;
                }
                v = cv;
            }
            r = ev_setitem(I, y, k, v);
            ev_decref(I, k);
            ev_decref(I, v);
            if (r)
                goto fail;
        }
        ev_decref(I, it);
        it = EV_NONE;
    }
    ev_decref(I, args);
    ev_recursion_leave(I);
    return y;
fail:
    ev_decref(I, it);
    if (!EV_IS_ERR(args))
        ev_decref(I, args);
    if (!EV_IS_ERR(y))
        ev_decref(I, y);
    ev_recursion_leave(I);
    return EV_ERR;
}

/* the reduce protocol's copy of x (copy and deepcopy's common tail) */
ev_value ev_copy_by_reduce(ev_interp *I, ev_value x, ev_value memo, ev_value nil)
{
    cp_rv rv;
    bool is_str;
    if (reduce_x(I, x, &rv, &is_str)) {
        rv_free(I, &rv);
        return EV_ERR;
    }
    ev_value y = is_str ? ev_dup(x) : reconstruct(I, x, memo, nil, &rv);
    rv_free(I, &rv);
    return y;
}
