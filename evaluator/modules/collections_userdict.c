/*
 * collections_userdict.c - collections.UserDict as CPython 3.11's
 * Lib/collections/__init__.py writes it: a subclass of
 * collections.abc.MutableMapping, whose mixin methods (get, keys/items/
 * values, __eq__, pop, popitem, clear, update, setdefault) it inherits
 * from collections_abc_mixins.c.  See collections_user.c for the design:
 * heap classes whose C methods go through the object protocol wherever
 * CPython's Python code does.
 */
#include <string.h>

#include "evaluator/modules/collections_int.h"

/* ---- helpers ------------------------------------------------------------------------------------ */
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
    {{NULL, NULL, 0, 0, 0, NULL}, 0},
};

int ev_coll_userdict_init(ev_interp *I, ev_dict *ns)
{
    ev_value c;
    return ev_us_class_abc(I, ns, "UserDict", "collections", "UserDict", NULL, NULL, userdict_methods,
                           "MutableMapping", &c);
}
