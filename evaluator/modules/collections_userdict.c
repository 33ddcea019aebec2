/*
 * collections_userdict.c - collections.UserDict as CPython 3.11's
 * Lib/collections/__init__.py writes it, with the Mapping and MutableMapping
 * mixin methods of Lib/_collections_abc.py (get, keys/items/values, __eq__,
 * pop, popitem, clear, update, setdefault) and the KeysView, ItemsView and
 * ValuesView those return (Set's operators for the first two).  See
 * collections_user.c for the design: heap classes whose C methods go through
 * the object protocol wherever CPython's Python code does.
 */
#include <string.h>

#include "evaluator/modules/collections_int.h"

/* CPython writes these methods in Python: each call is a frame that counts
 * against the recursion limit (a UserList whose data is itself recurses
 * through them), so each C method enters one level around its body. */
#define US_FN(name)                                                                                           \
    static ev_value name##_body(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw); \
    static ev_value name(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)        \
    {                                                                                                         \
        if (ev_recursion_enter(I, ""))                                                                        \
            return EV_ERR;                                                                                    \
        ev_value r_ = name##_body(I, self, argc, argv, kw);                                                   \
        ev_recursion_leave(I);                                                                                \
        return r_;                                                                                            \
    }                                                                                                         \
    static ev_value name##_body(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
#define BIND(sig, a)                                       \
    ev_value a[EV_US_MAXP];                                \
    if (ev_us_bind(I, &(sig), argc, argv, kw, a))          \
        return EV_ERR

/* ---- helpers ------------------------------------------------------------------------------------ */
/* key, value = item, with the unpacking's messages */
static int unpack2(ev_interp *I, ev_value item, ev_value *k, ev_value *v)
{
    if ((ev_is(item, EV_O_TUPLE) || ev_is(item, EV_O_LIST)) && !ev_is_slice(item)) {
        size_t n = ev_is(item, EV_O_TUPLE) ? ev_as_tuple(item)->len : ev_as_list(item)->len;
        const ev_value *it = ev_is(item, EV_O_TUPLE) ? ev_as_tuple(item)->items : ev_as_list(item)->items;
        if (n == 2) {
            *k = ev_dup(it[0]);
            *v = ev_dup(it[1]);
            return 0;
        }
        if (n < 2)
            ev_raise(I, &ev_type_ValueError, "not enough values to unpack (expected 2, got %zu)", n);
        else
            ev_raise(I, &ev_type_ValueError, "too many values to unpack (expected 2)");
        return -1;
    }
    ev_value iter = ev_iter(I, item);
    if (EV_IS_ERR(iter)) {
        if (ev_us_catch(I, &ev_type_TypeError))
            ev_raise(I, &ev_type_TypeError, "cannot unpack non-iterable %s object", ev_type_name(item));
        return -1;
    }
    ev_value got[3] = {EV_ERR, EV_ERR, EV_ERR};
    int n = 0, r = 0;
    while (n < 3 && (r = ev_next(I, iter, &got[n])) == 1)
        n++;
    ev_decref(I, iter);
    if (r >= 0 && n == 2) {
        *k = got[0];
        *v = got[1];
        return 0;
    }
    for (int i = 0; i < n; i++)
        ev_decref(I, got[i]);
    if (r >= 0 && n < 2)
        ev_raise(I, &ev_type_ValueError, "not enough values to unpack (expected 2, got %d)", n);
    else if (r >= 0)
        ev_raise(I, &ev_type_ValueError, "too many values to unpack (expected 2)");
    return -1;
}

/* isinstance(v, collections.abc.Mapping) as CPython's registrations give it
 * for safepy's types: dict and its subclasses (Counter, OrderedDict,
 * defaultdict), mappingproxy, ChainMap and UserDict. */
static bool is_mapping(ev_interp *I, ev_value v)
{
    return ev_is(v, EV_O_DICT) || ev_is_mappingproxy(v) || ev_type_is_subclass(ev_type_of(v), &ev_type_ChainMap) ||
           ev_us_isinstance(I, v, "UserDict");
}

/* isinstance(v, collections.abc.Set): set, frozenset, dict_keys and
 * dict_items, KeysView and ItemsView */
static bool is_abc_set(ev_interp *I, ev_value v)
{
    return ev_is_anyset(v) || ev_is_setview(v) || ev_us_isinstance(I, v, "_KeysView") ||
           ev_us_isinstance(I, v, "_ItemsView");
}

/* isinstance(v, collections.abc.Iterable): the type defines __iter__ */
static bool is_iterable(ev_interp *I, ev_value v)
{
    if (ev_is_user(v) && ev_user_has_special(I, v, "__iter__"))
        return true;
    if (v.tag != EV_T_OBJ)
        return false;
    switch ((ev_kind)v.u.o->kind) {
    case EV_O_STR: case EV_O_LIST: case EV_O_TUPLE: case EV_O_DICT: case EV_O_RANGE: case EV_O_ITER:
    case EV_O_VIEW: case EV_O_GEN: case EV_O_BIGRANGE: case EV_O_SET: case EV_O_FROZENSET: case EV_O_DEQUE:
    case EV_O_BYTES: case EV_O_BYTEARRAY:
        return true;
    case EV_O_INSTANCE: {
        ev_str *k = ev_intern(I, "__iter__", 8);
        return k && ev_builtin_method(ev_type_of(v), k) != NULL; /* ChainMap, Queue... */
    }
    default:
        return ev_is_mappingproxy(v);
    }
}

/* for x in it: fn(x); 0 or -1 */
typedef int (*each_fn)(ev_interp *I, ev_value x, void *ctx);
static int for_each(ev_interp *I, ev_value iterable, each_fn fn, void *ctx)
{
    ev_value it = ev_iter(I, iterable), x;
    if (EV_IS_ERR(it))
        return -1;
    int r;
    while ((r = ev_next(I, it, &x)) == 1) {
        r = fn(I, x, ctx);
        ev_decref(I, x);
        if (r < 0)
            break;
    }
    ev_decref(I, it);
    return r < 0 ? -1 : 0;
}

/* ---- UserDict -------------------------------------------------------------------------------- */

/* a dict of the call's keywords (**kwargs) */
static ev_value kw_dict(ev_interp *I, const ev_kw *kw)
{
    ev_value d = ev_dict_new(I);
    for (int k = 0; !EV_IS_ERR(d) && k < EV_KW_N(kw); k++)
        if (ev_dict_set(I, ev_as_dict(d), ev_obj_val(&kw->names[k]->h), kw->vals[k])) {
            ev_decref(I, d);
            d = EV_ERR;
        }
    return d;
}

US_FN(ud_init)
{
    static const ev_us_sig sig = {"UserDict.__init__", {"dict", NULL}, 0, 1, false, true};
    BIND(sig, a);
    ev_value d = ev_dict_new(I);
    if (EV_IS_ERR(d))
        return d;
    int r = ev_us_setattr(I, self, "data", d);
    ev_decref(I, d);
    if (r)
        return EV_ERR;
    if (!EV_IS_ERR(a[0]) && a[0].tag != EV_T_NONE && ev_us_callm_void(I, self, "update", 1, a))
        return EV_ERR;
    if (EV_KW_N(kw)) {
        ev_value kd = kw_dict(I, kw);
        if (EV_IS_ERR(kd))
            return kd;
        r = ev_us_callm_void(I, self, "update", 1, &kd);
        ev_decref(I, kd);
        if (r)
            return EV_ERR;
    }
    return EV_NONE;
}

US_FN(ud_len)
{
    static const ev_us_sig sig = {"UserDict.__len__", {NULL}, 0, 0, false, false};
    BIND(sig, a);
    ev_value d = ev_us_data(I, self);
    if (EV_IS_ERR(d))
        return d;
    ev_value r = ev_len_value(I, d);
    ev_decref(I, d);
    return r;
}

/* self.data[key] if key in self.data, else self.__class__.__missing__(self, key) if the class has one */
US_FN(ud_getitem)
{
    static const ev_us_sig sig = {"UserDict.__getitem__", {"key", NULL}, 1, 0, false, false};
    BIND(sig, a);
    ev_value d = ev_us_data(I, self);
    if (EV_IS_ERR(d))
        return d;
    int in = ev_contains(I, d, a[0]);
    ev_value r = in < 0 ? EV_ERR : in ? ev_getitem(I, d, a[0]) : EV_NONE;
    ev_decref(I, d);
    if (in)
        return r;
    ev_value m = ev_us_getattr(I, ev_obj_val(&ev_type_of(self)->h), "__missing__");
    if (EV_IS_ERR(m))
        return ev_us_catch(I, &ev_type_AttributeError) ? ev_raise_key_error(I, a[0]) : m;
    ev_value args[2] = {self, a[0]};
    r = ev_call(I, m, 2, args, 0, NULL, NULL);
    ev_decref(I, m);
    return r;
}

US_FN(ud_setitem)
{
    static const ev_us_sig sig = {"UserDict.__setitem__", {"key", "item", NULL}, 2, 0, false, false};
    BIND(sig, a);
    ev_value d = ev_us_data(I, self);
    if (EV_IS_ERR(d))
        return d;
    int r = ev_setitem(I, d, a[0], a[1]);
    ev_decref(I, d);
    return r ? EV_ERR : EV_NONE;
}

US_FN(ud_delitem)
{
    static const ev_us_sig sig = {"UserDict.__delitem__", {"key", NULL}, 1, 0, false, false};
    BIND(sig, a);
    ev_value d = ev_us_data(I, self);
    if (EV_IS_ERR(d))
        return d;
    int r = ev_delitem(I, d, a[0]);
    ev_decref(I, d);
    return r ? EV_ERR : EV_NONE;
}

US_FN(ud_iter)
{
    static const ev_us_sig sig = {"UserDict.__iter__", {NULL}, 0, 0, false, false};
    BIND(sig, a);
    ev_value d = ev_us_data(I, self);
    if (EV_IS_ERR(d))
        return d;
    ev_value r = ev_iter(I, d);
    ev_decref(I, d);
    return r;
}

US_FN(ud_contains)
{
    static const ev_us_sig sig = {"UserDict.__contains__", {"key", NULL}, 1, 0, false, false};
    BIND(sig, a);
    ev_value d = ev_us_data(I, self);
    if (EV_IS_ERR(d))
        return d;
    int r = ev_contains(I, d, a[0]);
    ev_decref(I, d);
    return r < 0 ? EV_ERR : ev_bool(r);
}

US_FN(ud_repr) { return ev_us_data_repr(I, self, "UserDict.__repr__", argc, argv, kw); }

/* self.data | other.data (or | other for a dict) wrapped in self's class;
 * reflected: other... | self.data */
static ev_value ud_or_common(ev_interp *I, ev_value self, ev_value other, bool reflected)
{
    ev_value o;
    if (ev_us_isinstance(I, other, "UserDict"))
        o = ev_us_data(I, other);
    else if (ev_is(other, EV_O_DICT))
        o = ev_dup(other);
    else
        return EV_NOTIMPL;
    if (EV_IS_ERR(o))
        return o;
    ev_value d = ev_us_data(I, self);
    ev_value r = EV_IS_ERR(d) ? d : reflected ? ev_binary(I, EV_OP_OR, o, d) : ev_binary(I, EV_OP_OR, d, o);
    ev_decref(I, d);
    ev_decref(I, o);
    return ev_us_wrap(I, self, r);
}

US_FN(ud_or)
{
    static const ev_us_sig sig = {"UserDict.__or__", {"other", NULL}, 1, 0, false, false};
    BIND(sig, a);
    return ud_or_common(I, self, a[0], false);
}

US_FN(ud_ror)
{
    static const ev_us_sig sig = {"UserDict.__ror__", {"other", NULL}, 1, 0, false, false};
    BIND(sig, a);
    return ud_or_common(I, self, a[0], true);
}

US_FN(ud_ior)
{
    static const ev_us_sig sig = {"UserDict.__ior__", {"other", NULL}, 1, 0, false, false};
    BIND(sig, a);
    if (!ev_us_isinstance(I, a[0], "UserDict"))
        return ev_us_data_inplace(I, self, EV_OP_OR, a[0]);
    ev_value o = ev_us_data(I, a[0]);
    if (EV_IS_ERR(o))
        return o;
    ev_value r = ev_us_data_inplace(I, self, EV_OP_OR, o);
    ev_decref(I, o);
    return r;
}

US_FN(ud_copy_dunder)
{
    static const ev_us_sig sig = {"UserDict.__copy__", {NULL}, 0, 0, false, false};
    BIND(sig, a);
    return ev_us_copy(I, self, false);
}

/* UserDict(self.data.copy()) for UserDict itself; for a subclass what
 * copy.copy(self) makes with self.data emptied meanwhile (type(self).__copy__,
 * which keeps the other attributes), then updated from self */
US_FN(ud_copy)
{
    static const ev_us_sig sig = {"UserDict.copy", {NULL}, 0, 0, false, false};
    BIND(sig, a);
    ev_type *ud = ev_us_global(I, "UserDict");
    ev_type *t = ev_type_of(self);
    ev_value d = ev_us_data(I, self);
    if (EV_IS_ERR(d))
        return d;
    if (t == ud) {
        ev_value c = ev_us_callm(I, d, "copy", 0, NULL, NULL);
        ev_decref(I, d);
        if (EV_IS_ERR(c))
            return c;
        ev_value r = ev_call(I, ev_obj_val(&ud->h), 1, &c, 0, NULL, NULL);
        ev_decref(I, c);
        return r;
    }
    ev_value empty = ev_dict_new(I), c = EV_ERR;
    if (EV_IS_ERR(empty)) {
        ev_decref(I, d);
        return empty;
    }
    int e = ev_us_setattr(I, self, "data", empty);
    ev_decref(I, empty);
    if (e == 0) {
        ev_value cls = ev_obj_val(&t->h);
        ev_value copier = ev_us_getattr(I, cls, "__copy__");
        if (!EV_IS_ERR(copier)) {
            c = ev_call(I, copier, 1, &self, 0, NULL, NULL);
            ev_decref(I, copier);
        }
    }
    /* finally: self.data = data, keeping what the try raised */
    ev_value pending = I->exc;
    I->exc = EV_NONE;
    e = I->limit ? 0 : ev_us_setattr(I, self, "data", d);
    ev_decref(I, d);
    if (e) {
        ev_decref(I, pending);
        ev_decref(I, c);
        return EV_ERR;
    }
    if (EV_IS_ERR(c)) {
        I->exc = pending;
        return c;
    }
    ev_decref(I, pending);
    if (ev_us_callm_void(I, c, "update", 1, &self)) {
        ev_decref(I, c);
        return EV_ERR;
    }
    return c;
}

/* classmethod fromkeys(cls, iterable, value=None): d = cls(); d[key] = value for each */
static int set_to_value(ev_interp *I, ev_value key, void *ctx)
{
    ev_value *dv = ctx;
    return ev_setitem(I, dv[0], key, dv[1]);
}

US_FN(ud_fromkeys)
{
    static const ev_us_sig sig = {"UserDict.fromkeys", {"iterable", "value", NULL}, 1, 0, false, false};
    if (argc < 1)
        return ev_raise(I, &ev_type_TypeError, "UserDict.fromkeys() needs the class");
    ev_value cls = argv[0];
    argv++;
    argc--;
    BIND(sig, a);
    ev_value d = ev_call(I, cls, 0, NULL, 0, NULL, NULL);
    if (EV_IS_ERR(d))
        return d;
    ev_value dv[2] = {d, EV_IS_ERR(a[1]) ? EV_NONE : a[1]};
    if (for_each(I, a[0], set_to_value, dv)) {
        ev_decref(I, d);
        return EV_ERR;
    }
    return d;
}

/* -- Mapping and MutableMapping mixins -- */

US_FN(mm_get)
{
    static const ev_us_sig sig = {"Mapping.get", {"key", "default", NULL}, 1, 0, false, false};
    BIND(sig, a);
    ev_value r = ev_getitem(I, self, a[0]);
    if (EV_IS_ERR(r) && ev_us_catch(I, &ev_type_KeyError))
        return EV_IS_ERR(a[1]) ? EV_NONE : ev_dup(a[1]);
    return r;
}

static ev_value make_view(ev_interp *I, ev_value self, const char *cls, const char *qual, int argc,
                          const ev_value *argv, const ev_kw *kw)
{
    ev_us_sig sig = {qual, {NULL}, 0, 0, false, false};
    BIND(sig, a);
    ev_type *t = ev_us_global(I, cls);
    if (!t)
        return ev_raise(I, &ev_type_NameError, "name '%s' is not defined", cls + 1);
    return ev_call(I, ev_obj_val(&t->h), 1, &self, 0, NULL, NULL);
}

US_FN(mm_keys) { return make_view(I, self, "_KeysView", "Mapping.keys", argc, argv, kw); }
US_FN(mm_items) { return make_view(I, self, "_ItemsView", "Mapping.items", argc, argv, kw); }
US_FN(mm_values) { return make_view(I, self, "_ValuesView", "Mapping.values", argc, argv, kw); }

/* dict(m.items()) */
static ev_value items_dict(ev_interp *I, ev_value m)
{
    ev_value it = ev_us_callm(I, m, "items", 0, NULL, NULL);
    if (EV_IS_ERR(it))
        return it;
    ev_value d = ev_call(I, ev_obj_val(&ev_type_dict.h), 1, &it, 0, NULL, NULL);
    ev_decref(I, it);
    return d;
}

/* Mapping.__eq__: dict(self.items()) == dict(other.items()) for a mapping */
US_FN(mm_eq)
{
    static const ev_us_sig sig = {"Mapping.__eq__", {"other", NULL}, 1, 0, false, false};
    BIND(sig, a);
    if (!is_mapping(I, a[0]))
        return EV_NOTIMPL;
    ev_value x = items_dict(I, self);
    ev_value y = EV_IS_ERR(x) ? x : items_dict(I, a[0]);
    int r = EV_IS_ERR(y) ? -1 : ev_eq(I, x, y);
    ev_decref(I, x);
    ev_decref(I, y);
    return r < 0 ? EV_ERR : ev_bool(r);
}

US_FN(mm_pop)
{
    static const ev_us_sig sig = {"MutableMapping.pop", {"key", "default", NULL}, 1, 0, false, false};
    BIND(sig, a);
    ev_value v = ev_getitem(I, self, a[0]);
    if (EV_IS_ERR(v))
        return !EV_IS_ERR(a[1]) && ev_us_catch(I, &ev_type_KeyError) ? ev_dup(a[1]) : v;
    if (ev_delitem(I, self, a[0])) {
        ev_decref(I, v);
        return EV_ERR;
    }
    return v;
}

/* raise KeyError from None */
static ev_value bare_key_error(ev_interp *I)
{
    ev_value args = ev_tuple_new(I, 0);
    ev_value e = EV_IS_ERR(args) ? args : ev_exc_new(I, &ev_type_KeyError, args);
    if (EV_IS_ERR(e))
        return e;
    ((ev_exc *)e.u.o)->suppress_context = true;
    return ev_raise_value(I, e);
}

US_FN(mm_popitem)
{
    static const ev_us_sig sig = {"MutableMapping.popitem", {NULL}, 0, 0, false, false};
    BIND(sig, a);
    ev_value it = ev_iter(I, self), key, v = EV_ERR;
    if (EV_IS_ERR(it))
        return it;
    int got = ev_next(I, it, &key);
    ev_decref(I, it);
    if (got <= 0)
        return got < 0 ? EV_ERR : bare_key_error(I);
    v = ev_getitem(I, self, key);
    if (EV_IS_ERR(v) || ev_delitem(I, self, key))
        goto fail;
    ev_value t = ev_tuple_new(I, 2);
    if (EV_IS_ERR(t))
        goto fail;
    ev_as_tuple(t)->items[0] = key;
    ev_as_tuple(t)->items[1] = v;
    return t;
fail:
    ev_decref(I, key);
    ev_decref(I, v);
    return EV_ERR;
}

/* self.popitem() until KeyError */
US_FN(mm_clear)
{
    static const ev_us_sig sig = {"MutableMapping.clear", {NULL}, 0, 0, false, false};
    BIND(sig, a);
    for (;;) {
        ev_value r = ev_us_callm(I, self, "popitem", 0, NULL, NULL);
        if (EV_IS_ERR(r))
            return ev_us_catch(I, &ev_type_KeyError) ? EV_NONE : r;
        ev_decref(I, r);
        if (ev_tick(I))
            return EV_ERR;
    }
}

/* self[key] = src[key] for each key */
static int copy_key(ev_interp *I, ev_value key, void *ctx)
{
    ev_value *sd = ctx;
    ev_value v = ev_getitem(I, sd[1], key);
    if (EV_IS_ERR(v))
        return -1;
    int r = ev_setitem(I, sd[0], key, v);
    ev_decref(I, v);
    return r;
}

static int store_pair(ev_interp *I, ev_value item, void *ctx)
{
    ev_value k, v;
    if (unpack2(I, item, &k, &v))
        return -1;
    int r = ev_setitem(I, *(ev_value *)ctx, k, v);
    ev_decref(I, k);
    ev_decref(I, v);
    return r;
}

/* MutableMapping.update: a Mapping by iteration and [], else anything with
 * keys() by keys() and [], else (key, value) pairs; then the keywords */
US_FN(mm_update)
{
    static const ev_us_sig sig = {"MutableMapping.update", {"other", NULL}, 0, 1, false, true};
    BIND(sig, a);
    ev_value other = a[0];
    if (EV_IS_ERR(other)) {
        /* other=() */
    } else if (is_mapping(I, other)) {
        ev_value sd[2] = {self, other};
        if (for_each(I, other, copy_key, sd))
            return EV_ERR;
    } else {
        ev_value keys = ev_us_getattr(I, other, "keys");
        if (EV_IS_ERR(keys) && !ev_us_catch(I, &ev_type_AttributeError))
            return keys;
        int r;
        if (!EV_IS_ERR(keys)) {
            ev_value ks = ev_call(I, keys, 0, NULL, 0, NULL, NULL);
            ev_decref(I, keys);
            if (EV_IS_ERR(ks))
                return ks;
            ev_value sd[2] = {self, other};
            r = for_each(I, ks, copy_key, sd);
            ev_decref(I, ks);
        } else {
            r = for_each(I, other, store_pair, &self);
        }
        if (r)
            return EV_ERR;
    }
    for (int k = 0; k < EV_KW_N(kw); k++)
        if (ev_setitem(I, self, ev_obj_val(&kw->names[k]->h), kw->vals[k]))
            return EV_ERR;
    return EV_NONE;
}

US_FN(mm_setdefault)
{
    static const ev_us_sig sig = {"MutableMapping.setdefault", {"key", "default", NULL}, 1, 0, false, false};
    BIND(sig, a);
    ev_value r = ev_getitem(I, self, a[0]);
    if (!EV_IS_ERR(r) || !ev_us_catch(I, &ev_type_KeyError))
        return r;
    ev_value dflt = EV_IS_ERR(a[1]) ? EV_NONE : a[1];
    if (ev_setitem(I, self, a[0], dflt))
        return EV_ERR;
    return ev_dup(dflt);
}

/* ChainMap's update and setdefault (MutableMapping's, as in CPython) */
ev_value ev_coll_mm_update(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return mm_update(I, self, argc, argv, kw);
}

ev_value ev_coll_mm_setdefault(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return mm_setdefault(I, self, argc, argv, kw);
}

static const ev_us_method userdict_methods[] = {
    EV_US_M("__init__", ud_init),
    EV_US_M("__len__", ud_len),
    EV_US_M("__getitem__", ud_getitem),
    EV_US_M("__setitem__", ud_setitem),
    EV_US_M("__delitem__", ud_delitem),
    EV_US_M("__iter__", ud_iter),
    EV_US_M("__contains__", ud_contains),
    EV_US_M("__repr__", ud_repr),
    EV_US_M("__or__", ud_or),
    EV_US_M("__ror__", ud_ror),
    EV_US_M("__ior__", ud_ior),
    EV_US_M("__copy__", ud_copy_dunder),
    EV_US_M("copy", ud_copy),
    EV_US_C("fromkeys", ud_fromkeys),
    /* Mapping */
    EV_US_M("get", mm_get),
    EV_US_M("keys", mm_keys),
    EV_US_M("items", mm_items),
    EV_US_M("values", mm_values),
    EV_US_M("__eq__", mm_eq),
    EV_US_NONE("__reversed__"),
    /* MutableMapping */
    EV_US_M("pop", mm_pop),
    EV_US_M("popitem", mm_popitem),
    EV_US_M("clear", mm_clear),
    EV_US_M("update", mm_update),
    EV_US_M("setdefault", mm_setdefault),
    EV_US_C("__class_getitem__", ev_us_class_getitem),
    {{NULL, NULL, 0, 0, 0, NULL}, 0},
};

/* ---- KeysView, ItemsView, ValuesView (collections.abc) -------------------------------------- */

static ev_value mapping_of(ev_interp *I, ev_value view) { return ev_us_getattr(I, view, "_mapping"); }

US_FN(mv_init)
{
    static const ev_us_sig sig = {"MappingView.__init__", {"mapping", NULL}, 1, 0, false, false};
    BIND(sig, a);
    return ev_us_setattr(I, self, "_mapping", a[0]) ? EV_ERR : EV_NONE;
}

US_FN(mv_len)
{
    static const ev_us_sig sig = {"MappingView.__len__", {NULL}, 0, 0, false, false};
    BIND(sig, a);
    ev_value m = mapping_of(I, self);
    if (EV_IS_ERR(m))
        return m;
    ev_value r = ev_len_value(I, m);
    ev_decref(I, m);
    return r;
}

/* '{0.__class__.__name__}({0._mapping!r})' */
US_FN(mv_repr)
{
    static const ev_us_sig sig = {"MappingView.__repr__", {NULL}, 0, 0, false, false};
    BIND(sig, a);
    ev_value m = mapping_of(I, self);
    if (EV_IS_ERR(m))
        return m;
    ev_buf b = {0};
    int e = ev_buf_printf(I, &b, "%s(", ev_type_of(self)->name) || ev_buf_repr(I, &b, m) || ev_buf_put(I, &b, ")", 1);
    ev_decref(I, m);
    if (e) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

/* The views' generators: yield from mapping / (key, mapping[key]) / mapping[key] */
typedef struct viewit {
    ev_value view, mapping, it;
    char kind; /* 'k', 'i', 'v' */
    bool started, done;
} viewit;

static int viewit_next(ev_interp *I, ev_iterobj *io, ev_value *out)
{
    viewit *s = io->state;
    if (s->done)
        return 0;
    if (!s->started) {
        s->started = true;
        s->mapping = mapping_of(I, s->view);
        s->it = EV_IS_ERR(s->mapping) ? EV_ERR : ev_iter(I, s->mapping);
        if (EV_IS_ERR(s->it)) {
            s->done = true;
            return -1;
        }
    }
    ev_value key, v;
    int r = ev_next(I, s->it, &key);
    if (r <= 0) {
        s->done = true;
        return r;
    }
    if (s->kind == 'k') {
        *out = key;
        return 1;
    }
    v = ev_getitem(I, s->mapping, key);
    if (EV_IS_ERR(v)) {
        ev_decref(I, key);
        s->done = true;
        return ev_us_gen_fail(I);
    }
    if (s->kind == 'v') {
        ev_decref(I, key);
        *out = v;
        return 1;
    }
    ev_value t = ev_tuple_new(I, 2);
    if (EV_IS_ERR(t)) {
        ev_decref(I, key);
        ev_decref(I, v);
        s->done = true;
        return -1;
    }
    ev_as_tuple(t)->items[0] = key;
    ev_as_tuple(t)->items[1] = v;
    *out = t;
    return 1;
}

static void viewit_free(ev_interp *I, ev_iterobj *io)
{
    viewit *s = io->state;
    if (!s)
        return;
    ev_decref(I, s->view);
    ev_decref(I, s->mapping);
    ev_decref(I, s->it);
}

static void viewit_traverse(ev_interp *I, ev_iterobj *io, ev_visit_fn visit, void *arg)
{
    viewit *s = io->state;
    visit(I, s->view, arg);
    visit(I, s->mapping, arg);
    visit(I, s->it, arg);
}

static ev_value viewit_repr(ev_interp *I, ev_iterobj *io)
{
    viewit *s = io->state;
    char k = s ? s->kind : 'k';
    return ev_us_gen_repr(I, io, k == 'k' ? "KeysView.__iter__" : k == 'i' ? "ItemsView.__iter__" : "ValuesView.__iter__");
}

static const ev_native_iter_type viewit_type = {"generator", viewit_next, viewit_free, viewit_repr,
                                                 &ev_type_generator, viewit_traverse};

static ev_value view_iter(ev_interp *I, ev_value self, char kind, const char *qual, int argc,
                          const ev_value *argv, const ev_kw *kw)
{
    ev_us_sig sig = {qual, {NULL}, 0, 0, false, false};
    BIND(sig, a);
    ev_value it = ev_native_iter_new(I, &viewit_type, sizeof(viewit));
    if (EV_IS_ERR(it))
        return it;
    viewit *s = ((ev_iterobj *)it.u.o)->state;
    s->view = ev_dup(self);
    s->mapping = s->it = EV_ERR;
    s->kind = kind;
    return it;
}

US_FN(kv_iter) { return view_iter(I, self, 'k', "KeysView.__iter__", argc, argv, kw); }
US_FN(iv_iter) { return view_iter(I, self, 'i', "ItemsView.__iter__", argc, argv, kw); }
US_FN(vv_iter) { return view_iter(I, self, 'v', "ValuesView.__iter__", argc, argv, kw); }

US_FN(kv_contains)
{
    static const ev_us_sig sig = {"KeysView.__contains__", {"key", NULL}, 1, 0, false, false};
    BIND(sig, a);
    ev_value m = mapping_of(I, self);
    if (EV_IS_ERR(m))
        return m;
    int r = ev_contains(I, m, a[0]);
    ev_decref(I, m);
    return r < 0 ? EV_ERR : ev_bool(r);
}

/* v is value or v == value */
static int same_or_eq(ev_interp *I, ev_value v, ev_value value)
{
    if (v.tag == value.tag && v.tag == EV_T_OBJ && v.u.o == value.u.o)
        return 1;
    return ev_eq(I, v, value);
}

US_FN(iv_contains)
{
    static const ev_us_sig sig = {"ItemsView.__contains__", {"item", NULL}, 1, 0, false, false};
    BIND(sig, a);
    ev_value key, value;
    if (unpack2(I, a[0], &key, &value))
        return EV_ERR;
    ev_value m = mapping_of(I, self);
    ev_value v = EV_IS_ERR(m) ? m : ev_getitem(I, m, key);
    ev_decref(I, m);
    ev_decref(I, key);
    if (EV_IS_ERR(v)) {
        ev_decref(I, value);
        return ev_us_catch(I, &ev_type_KeyError) ? EV_FALSE : EV_ERR;
    }
    int r = same_or_eq(I, v, value);
    ev_decref(I, v);
    ev_decref(I, value);
    return r < 0 ? EV_ERR : ev_bool(r);
}

US_FN(vv_contains)
{
    static const ev_us_sig sig = {"ValuesView.__contains__", {"value", NULL}, 1, 0, false, false};
    BIND(sig, a);
    /* iterating the view itself runs the same loop as CPython's for key in mapping: mapping[key] */
    ev_value it = view_iter(I, self, 'v', "ValuesView.__iter__", 0, NULL, NULL), v;
    if (EV_IS_ERR(it))
        return it;
    int r, found = 0;
    while (!found && (r = ev_next(I, it, &v)) == 1) {
        r = same_or_eq(I, v, a[0]);
        ev_decref(I, v);
        if (r < 0)
            break;
        found = r;
    }
    ev_decref(I, it);
    return r < 0 ? EV_ERR : ev_bool(found);
}

/* -- Set mixins (KeysView and ItemsView); _from_iterable is set() -- */

typedef struct setop {
    ev_value res;     /* the set being built */
    ev_value against; /* what membership is tested in */
    bool keep_in;     /* keep the items found in `against` (else those not found) */
} setop;

static int setop_add(ev_interp *I, ev_value x, void *ctx)
{
    setop *s = ctx;
    if (s->against.tag != EV_T_ERR) {
        int in = ev_contains(I, s->against, x);
        if (in < 0)
            return -1;
        if ((in != 0) != s->keep_in)
            return 0;
    }
    return ev_set_add(I, (ev_set *)s->res.u.o, x);
}

/* set(x for x in src if (x in against) == keep_in); against EV_ERR: all */
static ev_value set_filter(ev_interp *I, ev_value src, ev_value against, bool keep_in)
{
    setop s = {ev_set_new(I, false), against, keep_in};
    if (EV_IS_ERR(s.res))
        return s.res;
    if (for_each(I, src, setop_add, &s)) {
        ev_decref(I, s.res);
        return EV_ERR;
    }
    return s.res;
}

static int set_len(ev_interp *I, ev_value v, int64_t *n) { return ev_len(I, v, n); }

/* every elem of a is in b */
static ev_value all_in(ev_interp *I, ev_value a, ev_value b)
{
    setop s = {ev_set_new(I, false), b, false};
    if (EV_IS_ERR(s.res))
        return s.res;
    int r = for_each(I, a, setop_add, &s); /* collects the ones missing from b */
    size_t missing = ((ev_set *)s.res.u.o)->used;
    ev_decref(I, s.res);
    return r ? EV_ERR : ev_bool(missing == 0);
}

/* Set.__le__ / __ge__: len(a) <= len(b) and every elem of a in b (ge: swapped) */
static ev_value set_le(ev_interp *I, ev_value self, ev_value other, bool ge)
{
    if (!is_abc_set(I, other))
        return EV_NOTIMPL;
    int64_t ns, no;
    if (set_len(I, self, &ns) || set_len(I, other, &no))
        return EV_ERR;
    if (ge ? ns < no : ns > no)
        return EV_FALSE;
    return ge ? all_in(I, other, self) : all_in(I, self, other);
}

/* Set.__lt__ / __gt__ / __eq__: the lengths, then self.__le__ / __ge__ */
static ev_value set_cmp_len(ev_interp *I, ev_value self, ev_value other, char op)
{
    if (!is_abc_set(I, other))
        return EV_NOTIMPL;
    int64_t ns, no;
    if (set_len(I, self, &ns) || set_len(I, other, &no))
        return EV_ERR;
    if (!(op == '<' ? ns < no : op == '>' ? ns > no : ns == no))
        return EV_FALSE;
    return ev_us_callm(I, self, op == '>' ? "__ge__" : "__le__", 1, &other, NULL);
}

#define SET_CMP(fn, qual, body)                                                                  \
    US_FN(fn)                                                                                    \
    {                                                                                            \
        static const ev_us_sig sig = {qual, {"other", NULL}, 1, 0, false, false};              \
        BIND(sig, a);                                                                            \
        return body;                                                                             \
    }
SET_CMP(set_m_le, "Set.__le__", set_le(I, self, a[0], false))
SET_CMP(set_m_ge, "Set.__ge__", set_le(I, self, a[0], true))
SET_CMP(set_m_lt, "Set.__lt__", set_cmp_len(I, self, a[0], '<'))
SET_CMP(set_m_gt, "Set.__gt__", set_cmp_len(I, self, a[0], '>'))
SET_CMP(set_m_eq, "Set.__eq__", set_cmp_len(I, self, a[0], '='))

/* The Set operators build their result with self._from_iterable(...), which
 * is set() here: a view subclass overriding it is refused, not ignored. */
static ev_value set_from_iterable(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
static bool own_from_iterable(ev_interp *I, ev_value self)
{
    ev_str *k = ev_intern(I, "_from_iterable", 14);
    ev_value *f = k ? ev_type_lookup(ev_type_of(self), k) : NULL;
    ev_value fn = f && ev_is(*f, EV_O_WRAPPER) ? ((ev_wrapper *)f->u.o)->a : EV_NONE;
    if (ev_is(fn, EV_O_BUILTIN) && ((ev_builtin *)fn.u.o)->def->fn == set_from_iterable)
        return true;
    ev_raise(I, &ev_type_NotImplementedError,
             "overriding _from_iterable() in a subclass of %s is not supported by safepy", ev_type_of(self)->name);
    return false;
}

/* Set.__and__ (and __rand__): set(v for v in other if v in self) */
US_FN(set_m_and)
{
    static const ev_us_sig sig = {"Set.__and__", {"other", NULL}, 1, 0, false, false};
    BIND(sig, a);
    if (!is_iterable(I, a[0]))
        return EV_NOTIMPL;
    if (!own_from_iterable(I, self))
        return EV_ERR;
    return set_filter(I, a[0], self, true);
}

/* Set.__or__ (and __ror__): set(e for s in (self, other) for e in s) */
US_FN(set_m_or)
{
    static const ev_us_sig sig = {"Set.__or__", {"other", NULL}, 1, 0, false, false};
    BIND(sig, a);
    if (!is_iterable(I, a[0]))
        return EV_NOTIMPL;
    if (!own_from_iterable(I, self))
        return EV_ERR;
    ev_value r = set_filter(I, self, EV_ERR, true);
    if (!EV_IS_ERR(r)) {
        setop s = {r, EV_ERR, true};
        if (for_each(I, a[0], setop_add, &s)) {
            ev_decref(I, r);
            return EV_ERR;
        }
    }
    return r;
}

/* other as a Set: itself, or set(other) when it is another iterable; EV_NOTIMPL when neither */
static ev_value as_abc_set(ev_interp *I, ev_value self, ev_value other)
{
    if (!own_from_iterable(I, self))
        return EV_ERR;
    if (is_abc_set(I, other))
        return ev_dup(other);
    if (!is_iterable(I, other))
        return EV_NOTIMPL;
    return set_filter(I, other, EV_ERR, true);
}

/* Set.__sub__: set(v for v in self if v not in other); reflected: v in other not in self */
static ev_value set_sub(ev_interp *I, ev_value self, ev_value other, bool reflected)
{
    ev_value o = as_abc_set(I, self, other);
    if (EV_IS_ERR(o) || ev_is_notimpl(o))
        return o;
    ev_value r = reflected ? set_filter(I, o, self, false) : set_filter(I, self, o, false);
    ev_decref(I, o);
    return r;
}

SET_CMP(set_m_sub, "Set.__sub__", set_sub(I, self, a[0], false))
SET_CMP(set_m_rsub, "Set.__rsub__", set_sub(I, self, a[0], true))

/* Set.__xor__ (and __rxor__): (self - other) | (other - self) through the operators */
US_FN(set_m_xor)
{
    static const ev_us_sig sig = {"Set.__xor__", {"other", NULL}, 1, 0, false, false};
    BIND(sig, a);
    ev_value o = as_abc_set(I, self, a[0]);
    if (EV_IS_ERR(o) || ev_is_notimpl(o))
        return o;
    ev_value x = ev_binary(I, EV_OP_SUB, self, o);
    ev_value y = EV_IS_ERR(x) ? x : ev_binary(I, EV_OP_SUB, o, self);
    ev_value r = EV_IS_ERR(y) ? y : ev_binary(I, EV_OP_OR, x, y);
    ev_decref(I, x);
    ev_decref(I, y);
    ev_decref(I, o);
    return r;
}

US_FN(set_m_isdisjoint)
{
    static const ev_us_sig sig = {"Set.isdisjoint", {"other", NULL}, 1, 0, false, false};
    BIND(sig, a);
    ev_value common = set_filter(I, a[0], self, true);
    if (EV_IS_ERR(common))
        return common;
    bool none = ((ev_set *)common.u.o)->used == 0;
    ev_decref(I, common);
    return ev_bool(none);
}

/* Set._hash: frozenset's hash algorithm over the elements, in Python ints
 * masked to 64 bits, which is uint64_t arithmetic */
static int hash_one(ev_interp *I, ev_value x, void *ctx)
{
    int64_t hx;
    if (ev_hash(I, x, &hx))
        return -1;
    uint64_t *h = ctx, u = (uint64_t)hx;
    *h ^= (u ^ (u << 16) ^ 89869747u) * 3644798167u;
    return 0;
}

US_FN(set_m_hash)
{
    static const ev_us_sig sig = {"Set._hash", {NULL}, 0, 0, false, false};
    BIND(sig, a);
    int64_t n;
    if (ev_len(I, self, &n))
        return EV_ERR;
    uint64_t h = 1927868237u * ((uint64_t)n + 1);
    if (for_each(I, self, hash_one, &h))
        return EV_ERR;
    h ^= (h >> 11) ^ (h >> 25);
    h = h * 69069u + 907133923u;
    int64_t r = (int64_t)h;
    return ev_int(r == -1 ? 590923713 : r);
}

/* classmethod _from_iterable(cls, it): set(it) */
static ev_value set_from_iterable(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const ev_us_sig sig = {"KeysView._from_iterable", {"it", NULL}, 1, 0, false, false};
    if (argc < 1)
        return ev_raise(I, &ev_type_TypeError, "_from_iterable() needs the class");
    argc--;
    argv++;
    BIND(sig, a);
    return set_filter(I, a[0], EV_ERR, true);
}

#define VIEW_COMMON                                                                              \
    EV_US_M("__init__", mv_init), EV_US_M("__len__", mv_len), EV_US_M("__repr__", mv_repr),      \
        EV_US_C("__class_getitem__", ev_us_class_getitem)
#define SET_MIXINS                                                                               \
    EV_US_M("__le__", set_m_le), EV_US_M("__lt__", set_m_lt), EV_US_M("__gt__", set_m_gt),       \
        EV_US_M("__ge__", set_m_ge), EV_US_M("__eq__", set_m_eq), EV_US_M("__and__", set_m_and), \
        EV_US_M("__rand__", set_m_and), EV_US_M("isdisjoint", set_m_isdisjoint),                 \
        EV_US_M("__or__", set_m_or), EV_US_M("__ror__", set_m_or), EV_US_M("__sub__", set_m_sub), \
        EV_US_M("__rsub__", set_m_rsub), EV_US_M("__xor__", set_m_xor),                          \
        EV_US_M("__rxor__", set_m_xor), EV_US_C("_from_iterable", set_from_iterable),           \
        EV_US_M("_hash", set_m_hash)

static const ev_us_method keysview_methods[] = {
    VIEW_COMMON, SET_MIXINS,
    EV_US_M("__contains__", kv_contains),
    EV_US_M("__iter__", kv_iter),
    {{NULL, NULL, 0, 0, 0, NULL}, 0},
};
static const ev_us_method itemsview_methods[] = {
    VIEW_COMMON, SET_MIXINS,
    EV_US_M("__contains__", iv_contains),
    EV_US_M("__iter__", iv_iter),
    {{NULL, NULL, 0, 0, 0, NULL}, 0},
};
static const ev_us_method valuesview_methods[] = {
    VIEW_COMMON,
    EV_US_M("__contains__", vv_contains),
    EV_US_M("__iter__", vv_iter),
    {{NULL, NULL, 0, 0, 0, NULL}, 0},
};

int ev_coll_userdict_init(ev_interp *I, ev_dict *ns)
{
    ev_value c;
    return ev_us_class(I, ns, "UserDict", "collections", "UserDict", NULL, NULL, userdict_methods, &c) ||
           ev_us_class(I, ns, "_KeysView", "collections.abc", "KeysView", NULL, "_mapping", keysview_methods, &c) ||
           ev_us_class(I, ns, "_ItemsView", "collections.abc", "ItemsView", NULL, "_mapping", itemsview_methods,
                       &c) ||
           ev_us_class(I, ns, "_ValuesView", "collections.abc", "ValuesView", NULL, "_mapping",
                       valuesview_methods, &c);
}
