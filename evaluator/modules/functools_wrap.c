/*
 * functools_wrap.c - the parts of functools CPython 3.11 writes in Python
 * (Lib/functools.py): update_wrapper and wraps, total_ordering,
 * cached_property, singledispatch, partialmethod and singledispatchmethod,
 * as C functions and heap classes whose methods reach everything through
 * the object protocol (getattr, setattr, calls), where CPython's Python
 * code does, so user overrides and descriptors take effect the same way.
 *
 * cached_property, partialmethod and singledispatchmethod keep their state
 * in the instance's __dict__ under CPython's names (func, attrname, args,
 * keywords, dispatcher); the singledispatch wrapper keeps its registry in
 * C slots and shows it as a mappingproxy, as CPython's `registry`.
 *
 * Known differences, loud where they could matter: singledispatch walks
 * the class's MRO and then the registered classes it is a subclass of
 * (ABCs), without CPython's _compose_mro ambiguity check.
 */
#include <stdio.h>
#include <string.h>

#include "evaluator/modules/functools_int.h"
#include "evaluator/objects/class_int.h"

static ev_value str_tuple(ev_interp *I, const char *const *names, size_t n)
{
    ev_value t = ev_tuple_new(I, n);
    for (size_t i = 0; !EV_IS_ERR(t) && i < n; i++) {
        ev_value s = ev_str_from_cstr(I, names[i]);
        if (EV_IS_ERR(s)) {
            ev_decref(I, t);
            return s;
        }
        ev_as_tuple(t)->items[i] = s;
    }
    return t;
}

static const char *const assignments[] = {"__module__", "__name__", "__qualname__", "__doc__", "__annotations__"};
static const char *const updates[] = {"__dict__"};

/* ---- update_wrapper, wraps ------------------------------------------------------------------ */

/* binds (wrapper, wrapped, assigned, updated) by position or keyword (wraps: without wrapper) */
static int bind_uw(ev_interp *I, const char *fname, int first, int argc, const ev_value *argv, const ev_kw *kw,
                   ev_value *out)
{
    static const char *const names[] = {"wrapper", "wrapped", "assigned", "updated"};
    ev_defsig sig = {fname, {NULL}, (int8_t)(2 - first), .func = true};
    for (int i = first; i < 4; i++)
        sig.names[i - first] = names[i];
    return ev_def_bind(I, &sig, argc, argv, kw, out);
}

/* for each name of an iterable: fn(name) */
static int each_name(ev_interp *I, ev_value names, ev_value wrapper, ev_value wrapped, bool update)
{
    ev_value it = ev_iter(I, names);
    if (EV_IS_ERR(it))
        return -1;
    for (;;) {
        ev_value name;
        int got = ev_next(I, it, &name);
        if (got <= 0) {
            ev_decref(I, it);
            return got;
        }
        int e = 0;
        if (!ev_is(name, EV_O_STR)) {
            ev_raise(I, &ev_type_TypeError, "attribute name must be string, not '%s'", ev_type_name(name));
            e = -1;
        } else if (!update) {
            ev_value v = ev_getattr(I, wrapped, ev_as_str(name));
            if (EV_IS_ERR(v))
                e = fn_catch(I, &ev_type_AttributeError) ? 0 : -1;
            else {
                e = ev_setattr(I, wrapper, ev_as_str(name), v);
                ev_decref(I, v);
            }
        } else {
            ev_value target = ev_getattr(I, wrapper, ev_as_str(name));
            ev_value src = EV_IS_ERR(target) ? EV_ERR : ev_getattr(I, wrapped, ev_as_str(name));
            if (!EV_IS_ERR(target) && EV_IS_ERR(src) && fn_catch(I, &ev_type_AttributeError))
                src = ev_dict_new(I);
            ev_value r = EV_IS_ERR(src) ? EV_ERR : ({
                ev_str *u = ev_intern(I, "update", 6);
                ev_value m = u ? ev_getattr(I, target, u) : EV_ERR;
                ev_value rr = EV_IS_ERR(m) ? m : ev_call(I, m, 1, &src, 0, NULL, NULL);
                if (!EV_IS_ERR(m))
                    ev_decref(I, m);
                rr;
            });
            if (!EV_IS_ERR(target))
                ev_decref(I, target);
            if (!EV_IS_ERR(src))
                ev_decref(I, src);
            if (EV_IS_ERR(r))
                e = -1;
            else
                ev_decref(I, r);
        }
        ev_decref(I, name);
        if (e) {
            ev_decref(I, it);
            return -1;
        }
    }
}

ev_value fn_update_wrapper(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value a[4];
    if (bind_uw(I, "update_wrapper", 0, argc, argv, kw, a))
        return EV_ERR;
    ev_value assigned = EV_IS_ERR(a[2]) ? str_tuple(I, assignments, 5) : ev_dup(a[2]);
    ev_value updated = EV_IS_ERR(a[3]) ? str_tuple(I, updates, 1) : ev_dup(a[3]);
    ev_value wrapper = ev_dup(a[0]), wrapped = ev_dup(a[1]);
    int e = EV_IS_ERR(assigned) || EV_IS_ERR(updated) || each_name(I, assigned, wrapper, wrapped, false) ||
            each_name(I, updated, wrapper, wrapped, true) || fn_setattr(I, wrapper, "__wrapped__", wrapped);
    if (!EV_IS_ERR(assigned))
        ev_decref(I, assigned);
    if (!EV_IS_ERR(updated))
        ev_decref(I, updated);
    ev_decref(I, wrapped);
    if (e) {
        ev_decref(I, wrapper);
        return EV_ERR;
    }
    return wrapper;
}

const ev_builtin_def fn_update_wrapper_def = {"update_wrapper", fn_update_wrapper, 0, -1, EV_BF_KWANY, NULL};

/* wraps(wrapped, assigned=..., updated=...): partial(update_wrapper, wrapped=..., assigned=..., updated=...) */
static ev_value ft_wraps(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value a[4];
    if (bind_uw(I, "wraps", 1, argc, argv, kw, a))
        return EV_ERR;
    ev_value assigned = EV_IS_ERR(a[1]) ? str_tuple(I, assignments, 5) : ev_dup(a[1]);
    ev_value updated = EV_IS_ERR(a[2]) ? str_tuple(I, updates, 1) : ev_dup(a[2]);
    ev_value uw = ev_builtin_new(I, &fn_update_wrapper_def, EV_NONE);
    ev_value d = ev_dict_new(I), r = EV_ERR;
    if (!EV_IS_ERR(assigned) && !EV_IS_ERR(updated) && !EV_IS_ERR(uw) && !EV_IS_ERR(d) &&
        !ev_module_set(I, ev_as_dict(d), "wrapped", a[0]) && !ev_module_set(I, ev_as_dict(d), "assigned", assigned) &&
        !ev_module_set(I, ev_as_dict(d), "updated", updated))
        r = fn_partial_new(I, uw, 0, NULL, d);
    ev_value held[4] = {assigned, updated, uw, d};
    for (int i = 0; i < 4; i++)
        if (!EV_IS_ERR(held[i]))
            ev_decref(I, held[i]);
    return r;
}

/* ---- total_ordering --------------------------------------------------------------------------- */

/* The derived methods: from the root op, r = type(self).<root>(self, other);
 * NotImplemented passes through, else one of the forms:
 * 'A' not r and self != other, 'B' r or self == other, 'C' not r,
 * 'D' not r or self == other, 'E' r and self != other */
typedef struct order_fn {
    const char *name, *root;
    char form;
} order_fn;
static const order_fn order_fns[] = {
    {"__gt__", "__lt__", 'A'}, {"__le__", "__lt__", 'B'}, {"__ge__", "__lt__", 'C'},
    {"__ge__", "__le__", 'D'}, {"__lt__", "__le__", 'E'}, {"__gt__", "__le__", 'C'},
    {"__lt__", "__gt__", 'A'}, {"__ge__", "__gt__", 'B'}, {"__le__", "__gt__", 'C'},
    {"__le__", "__ge__", 'D'}, {"__gt__", "__ge__", 'E'}, {"__lt__", "__ge__", 'C'},
};

static ev_value order_apply(ev_interp *I, int which, ev_value self, int argc, const ev_value *argv,
                            const ev_kw *kw)
{
    const order_fn *o = &order_fns[which];
    if (EV_KW_N(kw) || argc != 1)
        return ev_raise(I, &ev_type_TypeError, "_%.2s_from_%.2s() takes 2 positional arguments but %d were given",
                        o->name + 2, o->root + 2, argc + 1);
    ev_value other = argv[0];
    ev_value both[2] = {self, other};
    ev_value m = fn_getattr(I, ev_obj_val(&ev_type_of(self)->h), o->root);
    if (EV_IS_ERR(m))
        return m;
    ev_value r = ev_call(I, m, 2, both, 0, NULL, NULL);
    ev_decref(I, m);
    if (EV_IS_ERR(r) || ev_is_notimpl(r))
        return r;
    int t = ev_truth(I, r);
    if (t < 0) {
        ev_decref(I, r);
        return EV_ERR;
    }
    switch (o->form) {
    case 'C':
        ev_decref(I, r);
        return ev_bool(!t);
    case 'A': /* not r and self != other */
        ev_decref(I, r);
        if (t)
            return EV_FALSE;
        {
            int ne = ev_compare(I, self, other, 3);
            return ne < 0 ? EV_ERR : ev_bool(ne);
        }
    case 'E': /* r and self != other */
        if (!t)
            return r;
        ev_decref(I, r);
        {
            int ne = ev_compare(I, self, other, 3);
            return ne < 0 ? EV_ERR : ev_bool(ne);
        }
    case 'B': /* r or self == other */
        if (t)
            return r;
        ev_decref(I, r);
        {
            int eq = ev_compare(I, self, other, 2);
            return eq < 0 ? EV_ERR : ev_bool(eq);
        }
    default: /* 'D': not r or self == other */
        ev_decref(I, r);
        if (!t)
            return EV_TRUE;
        {
            int eq = ev_compare(I, self, other, 2);
            return eq < 0 ? EV_ERR : ev_bool(eq);
        }
    }
}

#define ORDER_FN(i)                                                                                       \
    static ev_value order_##i(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) \
    {                                                                                                     \
        return order_apply(I, i, self, argc, argv, kw);                                                         \
    }
ORDER_FN(0)
ORDER_FN(1)
ORDER_FN(2)
ORDER_FN(3)
ORDER_FN(4)
ORDER_FN(5)
ORDER_FN(6)
ORDER_FN(7)
ORDER_FN(8)
ORDER_FN(9)
ORDER_FN(10)
ORDER_FN(11)
static const ev_builtin_def order_defs[] = {
    {"__gt__", order_0, 0, -1, EV_BF_KWANY | EV_BF_PYFUNC, NULL},  {"__le__", order_1, 0, -1, EV_BF_KWANY | EV_BF_PYFUNC, NULL},
    {"__ge__", order_2, 0, -1, EV_BF_KWANY | EV_BF_PYFUNC, NULL},  {"__ge__", order_3, 0, -1, EV_BF_KWANY | EV_BF_PYFUNC, NULL},
    {"__lt__", order_4, 0, -1, EV_BF_KWANY | EV_BF_PYFUNC, NULL},  {"__gt__", order_5, 0, -1, EV_BF_KWANY | EV_BF_PYFUNC, NULL},
    {"__lt__", order_6, 0, -1, EV_BF_KWANY | EV_BF_PYFUNC, NULL},  {"__ge__", order_7, 0, -1, EV_BF_KWANY | EV_BF_PYFUNC, NULL},
    {"__le__", order_8, 0, -1, EV_BF_KWANY | EV_BF_PYFUNC, NULL},  {"__le__", order_9, 0, -1, EV_BF_KWANY | EV_BF_PYFUNC, NULL},
    {"__gt__", order_10, 0, -1, EV_BF_KWANY | EV_BF_PYFUNC, NULL}, {"__lt__", order_11, 0, -1, EV_BF_KWANY | EV_BF_PYFUNC, NULL},
};

/* total_ordering(cls): the roots are the comparisons cls's MRO defines
 * apart from object's; the largest name is the root */
static ev_value ft_total_ordering(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value cls = argv[0];
    static const char *const ops[] = {"__lt__", "__le__", "__gt__", "__ge__"};
    bool roots[4] = {false};
    int nroots = 0;
    /* getattr(cls, op) is not object's: every builtin value and type but
     * object itself defines its own comparisons */
    if (!ev_is(cls, EV_O_TYPE) || (!ev_is_heaptype((ev_type *)cls.u.o) && cls.u.o != &ev_type_object.h))
        return ev_dup(cls);
    for (int i = 0; i < 4; i++) {
        ev_str *nm = ev_intern(I, ops[i], 6);
        if (!nm)
            return EV_ERR;
        ev_type *t = (ev_type *)cls.u.o;
        ev_value *f = ev_is_heaptype(t) ? ev_type_lookup(t, nm) : NULL;
        /* a class laid out as a builtin value type (class B(int)) has its comparisons */
        ev_type *solid = ev_is_heaptype(t) ? ev_solid_base(t) : NULL;
        roots[i] = f != NULL || (solid && solid != &ev_type_object && !(t->tflags & EV_TYPE_EXC));
        nroots += roots[i];
    }
    if (!nroots)
        return ev_raise(I, &ev_type_ValueError, "must define at least one ordering operation: < > <= >=");
    /* max(roots) by name: __lt__ > __le__ > __gt__ > __ge__ */
    int root = roots[0] ? 0 : roots[1] ? 1 : roots[2] ? 2 : 3;
    for (int k = 0; k < 12; k++) {
        if (strcmp(order_fns[k].root, ops[root]) != 0)
            continue;
        int idx = 0;
        while (strcmp(ops[idx], order_fns[k].name) != 0)
            idx++;
        if (roots[idx])
            continue;
        ev_value f = ev_builtin_new(I, &order_defs[k], cls);
        if (EV_IS_ERR(f))
            return f;
        ((ev_builtin *)f.u.o)->unbound = true;
        int e = fn_setattr(I, cls, order_fns[k].name, f);
        ev_decref(I, f);
        if (e)
            return EV_ERR;
    }
    return ev_dup(cls);
}

/* ---- cached_property ------------------------------------------------------------------------- */

static ev_value cp_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc != 1 || EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError,
                        argc ? "cached_property.__init__() takes 2 positional arguments but %d were given"
                             : "cached_property.__init__() missing 1 required positional argument: 'func'",
                        argc + 1);
    if (fn_setattr(I, self, "func", argv[0]) || fn_setattr(I, self, "attrname", EV_NONE))
        return EV_ERR;
    ev_value doc = fn_getattr(I, argv[0], "__doc__");
    if (EV_IS_ERR(doc)) {
        if (!fn_catch(I, &ev_type_AttributeError))
            return doc;
        doc = EV_NONE;
    }
    int e = fn_setattr(I, self, "__doc__", doc);
    ev_decref(I, doc);
    return e ? EV_ERR : EV_NONE;
}

static ev_value cp_set_name(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc != 2)
        return ev_raise(I, &ev_type_TypeError, "cached_property.__set_name__() takes 3 positional arguments but %d were given", argc + 1);
    ev_value cur = fn_getattr(I, self, "attrname");
    if (EV_IS_ERR(cur))
        return cur;
    ev_value r = EV_NONE;
    if (cur.tag == EV_T_NONE) {
        if (fn_setattr(I, self, "attrname", argv[1]))
            r = EV_ERR;
    } else {
        int ne = ev_compare(I, argv[1], cur, 3);
        if (ne < 0)
            r = EV_ERR;
        else if (ne) {
            ev_value a = ev_repr(I, cur), b = EV_IS_ERR(a) ? EV_ERR : ev_repr(I, argv[1]);
            if (!EV_IS_ERR(b))
                ev_raise(I, &ev_type_TypeError,
                         "Cannot assign the same cached_property to two different names (%s and %s).",
                         ev_as_str(a)->data, ev_as_str(b)->data);
            if (!EV_IS_ERR(a))
                ev_decref(I, a);
            if (!EV_IS_ERR(b))
                ev_decref(I, b);
            r = EV_ERR;
        }
    }
    ev_decref(I, cur);
    return r;
}

static ev_value cp_get(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc < 1 || argc > 2)
        return ev_raise(I, &ev_type_TypeError, "cached_property.__get__() takes from 2 to 3 positional arguments but %d were given", argc + 1);
    ev_value inst = argv[0];
    if (inst.tag == EV_T_NONE)
        return ev_dup(self);
    ev_value name = fn_getattr(I, self, "attrname");
    if (EV_IS_ERR(name))
        return name;
    if (name.tag == EV_T_NONE)
        return ev_raise(I, &ev_type_TypeError, "Cannot use cached_property instance without calling __set_name__ on it.");
    ev_value r = EV_ERR, cache = fn_getattr(I, inst, "__dict__"), nrepr = ev_repr(I, name);
    if (EV_IS_ERR(nrepr))
        goto out;
    if (EV_IS_ERR(cache)) {
        if (fn_catch(I, &ev_type_AttributeError))
            ev_raise(I, &ev_type_TypeError, "No '__dict__' attribute on '%s' instance to cache %s property.",
                     ev_type_of(inst)->name, ev_as_str(nrepr)->data);
        goto out;
    }
    /* cache.get(attrname, _NOT_FOUND) */
    ev_value got = ev_getitem(I, cache, name);
    if (!EV_IS_ERR(got)) {
        r = got;
        goto out;
    }
    if (!fn_catch(I, &ev_type_KeyError))
        goto out;
    ev_value func = fn_getattr(I, self, "func");
    if (EV_IS_ERR(func))
        goto out;
    ev_value val = ev_call(I, func, 1, &inst, 0, NULL, NULL);
    ev_decref(I, func);
    if (EV_IS_ERR(val))
        goto out;
    if (ev_setitem(I, cache, name, val)) {
        ev_decref(I, val);
        if (fn_catch(I, &ev_type_TypeError))
            ev_raise(I, &ev_type_TypeError,
                     "The '__dict__' attribute on '%s' instance does not support item assignment for caching %s property.",
                     ev_type_of(inst)->name, ev_as_str(nrepr)->data);
        goto out;
    }
    r = val;
out:
    if (!EV_IS_ERR(nrepr))
        ev_decref(I, nrepr);
    if (!EV_IS_ERR(cache))
        ev_decref(I, cache);
    ev_decref(I, name);
    return r;
}

static ev_value fn_class_getitem(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc != 2)
        return ev_raise(I, &ev_type_TypeError, "__class_getitem__() takes exactly one argument");
    return ev_generic_alias(I, argv[0], argv[1]);
}

static const fn_method cp_methods[] = {
    FN_M("__init__", cp_init),
    FN_M("__set_name__", cp_set_name),
    FN_M("__get__", cp_get),
    FN_C("__class_getitem__", fn_class_getitem),
    {{NULL, NULL, 0, 0, 0, NULL}, 0},
};

/* ---- singledispatch -------------------------------------------------------------------------- */

enum { SD_FUNC, SD_REGISTRY, SD_NAME, SD_NSLOTS };

static ev_value sd_cnew(ev_interp *I, ev_type *t) { return ev_cinstance_new(I, t, SD_NSLOTS); }

static ev_type sd_root = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC},
                          .name = "functools._singledispatch_base", .module = "functools",
                          .tflags = EV_TYPE_CSLOTS, .cnew = sd_cnew};

/* dispatch(cls): the registry's entry for the first class of cls's MRO,
 * else for a registered class cls derives from (an ABC), else object's */
static ev_value sd_find(ev_interp *I, ev_value self, ev_value cls)
{
    if (!ev_is(cls, EV_O_TYPE))
        return ev_raise(I, &ev_type_TypeError, "Invalid first argument to `dispatch()`: %s is not a class",
                        ev_type_name(cls));
    ev_value reg = ev_dup(ev_as_cinstance(self)->slots[SD_REGISTRY]);
    ev_value r = EV_ERR;
    ev_value mro = cls_mro_of(I, (ev_type *)cls.u.o);
    if (EV_IS_ERR(mro))
        goto out;
    ev_tuple *m = ev_as_tuple(mro);
    for (size_t i = 0; i < m->len; i++) {
        if (m->items[i].u.o == &ev_type_object.h)
            continue;
        int got = ev_dict_get(I, ev_as_dict(reg), m->items[i], &r);
        if (got < 0)
            goto out;
        if (got)
            goto out;
    }
    /* registered ABCs and other classes cls is a virtual subclass of */
    ev_dict *d = ev_as_dict(reg);
    for (size_t i = 0; i < d->nentries; i++) {
        ev_value k = d->entries[i].key;
        if (EV_IS_ERR(k) || !ev_is(k, EV_O_TYPE) || k.u.o == &ev_type_object.h)
            continue;
        ev_value kk = ev_dup(k), vv = ev_dup(d->entries[i].value);
        int sub = ev_issubclass(I, (ev_type *)cls.u.o, kk);
        ev_decref(I, kk);
        if (sub != 0) {
            if (sub > 0)
                r = vv;
            else
                ev_decref(I, vv);
            goto out;
        }
        ev_decref(I, vv);
        if (d != ev_as_dict(reg) || i >= d->nentries)
            break;
    }
    int got = ev_dict_get(I, d, ev_obj_val(&ev_type_object.h), &r);
    if (got == 0)
        ev_raise(I, &ev_type_RuntimeError, "no implementation found for %s", ((ev_type *)cls.u.o)->name);
out:
    if (!EV_IS_ERR(mro))
        ev_decref(I, mro);
    ev_decref(I, reg);
    return r;
}

static ev_value sd_dispatch(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc != 1 || EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError, "dispatch() takes 1 positional argument but %d were given", argc);
    return sd_find(I, self, argv[0]);
}

static ev_value sd_call(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc < 1) {
        ev_value n = ev_as_cinstance(self)->slots[SD_NAME];
        return ev_raise(I, &ev_type_TypeError, "%s requires at least 1 positional argument",
                        ev_is(n, EV_O_STR) ? ev_as_str(n)->data : "singledispatch function");
    }
    ev_value cls = fn_getattr(I, argv[0], "__class__");
    if (EV_IS_ERR(cls))
        return cls;
    ev_value f = sd_find(I, self, cls);
    ev_decref(I, cls);
    if (EV_IS_ERR(f))
        return f;
    ev_value r = ev_call(I, f, argc, argv, EV_KW_N(kw), kw ? kw->names : NULL, kw ? kw->vals : NULL);
    ev_decref(I, f);
    return r;
}

static int sd_is_class(ev_value v) { return ev_is(v, EV_O_TYPE); }

static ev_value sd_register(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);

static ev_value sd_register_later(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    /* self: (wrapper, cls) */
    ev_value a[2] = {ev_as_tuple(self)->items[1], argv[0]};
    return sd_register(I, ev_as_tuple(self)->items[0], 2, a, NULL);
}

static const ev_builtin_def sd_later_def = {"<lambda>", sd_register_later, 1, 1, 0, "f"};

/* the classes of an annotation: a class, or a union of classes (3.11) */
static ev_value sd_ann_classes(ev_interp *I, ev_value ann)
{
    if (sd_is_class(ann)) {
        ev_value t = ev_tuple_new(I, 1);
        if (!EV_IS_ERR(t))
            ev_as_tuple(t)->items[0] = ev_dup(ann);
        return t;
    }
    ev_value members = ev_union_members(ann);
    if (!EV_IS_ERR(members)) {
        ev_tuple *m = ev_as_tuple(members);
        for (size_t i = 0; i < m->len; i++)
            if (!sd_is_class(m->items[i]))
                return EV_NONE;
        return ev_dup(members);
    }
    return EV_NONE;
}

/* register(cls, func=None) */
static ev_value sd_register(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value cls = argc > 0 ? argv[0] : EV_ERR, func = argc > 1 ? argv[1] : EV_NONE;
    for (int k = 0; k < EV_KW_N(kw); k++) {
        if (strcmp(kw->names[k]->data, "cls") == 0 && EV_IS_ERR(cls))
            cls = kw->vals[k];
        else if (strcmp(kw->names[k]->data, "func") == 0 && argc < 2)
            func = kw->vals[k];
        else
            return ev_raise(I, &ev_type_TypeError, "register() got an unexpected keyword argument '%s'",
                            kw->names[k]->data);
    }
    if (EV_IS_ERR(cls))
        return ev_raise(I, &ev_type_TypeError, "register() missing 1 required positional argument: 'cls'");
    if (argc > 2)
        return ev_raise(I, &ev_type_TypeError, "register() takes from 2 to 3 positional arguments but %d were given",
                        argc + 1);
    ev_value classes = EV_ERR;
    if (sd_is_class(cls) || !EV_IS_ERR(ev_union_members(cls))) {
        if (func.tag == EV_T_NONE) {
            if (!sd_is_class(cls)) {
                ev_value rr = ev_repr(I, cls);
                if (!EV_IS_ERR(rr)) {
                    ev_raise(I, &ev_type_TypeError,
                             "Invalid first argument to `register()`. %s is not a class or union type.",
                             ev_as_str(rr)->data);
                    ev_decref(I, rr);
                }
                return EV_ERR;
            }
            ev_value t = ev_tuple_new(I, 2);
            if (EV_IS_ERR(t))
                return t;
            ev_as_tuple(t)->items[0] = ev_dup(self);
            ev_as_tuple(t)->items[1] = ev_dup(cls);
            ev_value l = ev_builtin_new(I, &sd_later_def, t);
            ev_decref(I, t);
            return l;
        }
        classes = sd_ann_classes(I, cls);
        if (classes.tag == EV_T_NONE) {
            ev_value rr = ev_repr(I, cls);
            if (!EV_IS_ERR(rr)) {
                ev_raise(I, &ev_type_TypeError,
                         "Invalid first argument to `register()`. %s is not a class or union type.",
                         ev_as_str(rr)->data);
                ev_decref(I, rr);
            }
            return EV_ERR;
        }
    } else {
        if (func.tag != EV_T_NONE)
            return ev_raise(I, &ev_type_TypeError, "Invalid first argument to `register()`: %s. Use either "
                            "`@register(some_class)` or plain `@register` on an annotated function.", ev_type_name(cls));
        func = cls;
        /* a classmethod or staticmethod shows its function's annotations */
        ev_value annsrc = ev_is(func, EV_O_WRAPPER) ? ((ev_wrapper *)func.u.o)->a : func;
        ev_value ann = fn_getattr(I, annsrc, "__annotations__");
        if (EV_IS_ERR(ann) && !fn_catch(I, &ev_type_AttributeError))
            return ann;
        bool empty = EV_IS_ERR(ann) || !ev_is(ann, EV_O_DICT) || ev_as_dict(ann)->used == 0;
        if (empty) {
            if (!EV_IS_ERR(ann))
                ev_decref(I, ann);
            ev_value rr = ev_repr(I, func);
            if (!EV_IS_ERR(rr)) {
                ev_raise(I, &ev_type_TypeError,
                         "Invalid first argument to `register()`: %s. Use either `@register(some_class)` or "
                         "plain `@register` on an annotated function.",
                         ev_as_str(rr)->data);
                ev_decref(I, rr);
            }
            return EV_ERR;
        }
        ev_dict *ad = ev_as_dict(ann);
        ev_value argname = EV_ERR, typ = EV_ERR;
        for (size_t i = 0; i < ad->nentries; i++)
            if (!EV_IS_ERR(ad->entries[i].key)) {
                argname = ev_dup(ad->entries[i].key);
                typ = ev_dup(ad->entries[i].value);
                break;
            }
        ev_decref(I, ann);
        if (ev_is(typ, EV_O_STR)) {
            ev_decref(I, argname);
            ev_decref(I, typ);
            return ev_raise(I, &ev_type_NotImplementedError,
                            "functools.singledispatch: a string annotation is not supported by safepy; "
                            "register with the class itself");
        }
        classes = sd_ann_classes(I, typ);
        if (classes.tag == EV_T_NONE) {
            ev_value ar = ev_repr(I, argname), tr = EV_IS_ERR(ar) ? EV_ERR : ev_repr(I, typ);
            if (!EV_IS_ERR(tr))
                ev_raise(I, &ev_type_TypeError, "Invalid annotation for %s. %s is not a class.", ev_as_str(ar)->data,
                         ev_as_str(tr)->data);
            if (!EV_IS_ERR(ar))
                ev_decref(I, ar);
            if (!EV_IS_ERR(tr))
                ev_decref(I, tr);
            ev_decref(I, argname);
            ev_decref(I, typ);
            return EV_ERR;
        }
        ev_decref(I, argname);
        ev_decref(I, typ);
    }
    if (EV_IS_ERR(classes))
        return classes;
    ev_value reg = ev_dup(ev_as_cinstance(self)->slots[SD_REGISTRY]);
    int e = 0;
    for (size_t i = 0; !e && i < ev_as_tuple(classes)->len; i++)
        e = ev_dict_set(I, ev_as_dict(reg), ev_as_tuple(classes)->items[i], func);
    ev_decref(I, reg);
    ev_decref(I, classes);
    return e ? EV_ERR : ev_dup(func);
}

static ev_value sd_clear_cache(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return EV_NONE; /* no dispatch cache: every call looks up the registry */
}

static ev_value sd_get(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc < 1 || argv[0].tag == EV_T_NONE)
        return ev_dup(self);
    return cls_method_new(I, self, argv[0]);
}

static const fn_method sd_methods[] = {
    FN_M("__call__", sd_call),
    FN_M("__get__", sd_get),
    FN_M("register", sd_register),
    FN_M("dispatch", sd_dispatch),
    FN_M("_clear_cache", sd_clear_cache),
    {{NULL, NULL, 0, 0, 0, NULL}, 0},
};

static ev_value sd_make(ev_interp *I, ev_value func)
{
    ev_type *t = fn_global(I, "_singledispatch_function");
    if (!t)
        return ev_raise(I, &ev_type_RuntimeError, "functools singledispatch is gone");
    ev_value w = sd_cnew(I, t);
    if (EV_IS_ERR(w))
        return w;
    ev_cinstance *c = ev_as_cinstance(w);
    ev_value reg = ev_dict_new(I);
    if (EV_IS_ERR(reg)) {
        ev_decref(I, w);
        return reg;
    }
    c->slots[SD_REGISTRY] = reg;
    c->slots[SD_FUNC] = ev_dup(func);
    ev_value name = fn_getattr(I, func, "__name__");
    if (EV_IS_ERR(name)) {
        if (!fn_catch(I, &ev_type_AttributeError)) {
            ev_decref(I, w);
            return name;
        }
        name = ev_str_from_cstr(I, "singledispatch function");
    }
    c->slots[SD_NAME] = name;
    ev_value proxy = EV_IS_ERR(name) ? EV_ERR : ev_mappingproxy_new(I, ev_as_dict(reg));
    int e = EV_IS_ERR(proxy) || ev_dict_set(I, ev_as_dict(reg), ev_obj_val(&ev_type_object.h), func) ||
            fn_setattr(I, w, "registry", proxy);
    if (!EV_IS_ERR(proxy))
        ev_decref(I, proxy);
    if (e) {
        ev_decref(I, w);
        return EV_ERR;
    }
    ev_value a[2] = {w, func};
    ev_value r = fn_update_wrapper(I, EV_NONE, 2, a, NULL);
    ev_decref(I, w);
    return r;
}

static ev_value ft_singledispatch(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return sd_make(I, argv[0]);
}

/* f.__get__(obj, cls) where f has one (a function, a classmethod or
 * staticmethod, a user descriptor), else EV_NONE-tagged *has false: the
 * binding the attribute policy keeps from Python code (__get__ is refused
 * there) */
static ev_value bind_desc(ev_interp *I, ev_value f, ev_value obj, ev_value cls, bool *has)
{
    *has = true;
    if (cls_user_defines(I, f, EV_DN_GET)) {
        ev_value args[2] = {obj, cls}, out;
        int got = ev_dunder(I, f, EV_DN_GET, 2, args, &out);
        return got < 0 ? EV_ERR : got ? out : ev_dup(f);
    }
    if (ev_is(f, EV_O_FUNC))
        return obj.tag == EV_T_NONE ? ev_dup(f) : cls_method_new(I, f, obj);
    if (ev_is(f, EV_O_WRAPPER)) {
        ev_wrapper *w = (ev_wrapper *)f.u.o;
        if (w->type == &ev_type_staticmethod)
            return ev_dup(w->a);
        if (w->type == &ev_type_classmethod)
            return cls_method_new(I, w->a, cls.tag == EV_T_NONE ? ev_obj_val(&ev_type_of(obj)->h) : cls);
    }
    *has = false;
    return EV_NONE;
}

/* ---- partialmethod, singledispatchmethod ---------------------------------------------------- */

static int callable_or_descriptor(ev_interp *I, ev_value f)
{
    ev_value c = ev_builtin_apply(I, "callable", 1, &f);
    if (EV_IS_ERR(c))
        return -1;
    if (c.tag == EV_T_BOOL && c.u.i)
        return 1;
    /* hasattr(func, "__get__"), which the attribute policy refuses to
     * Python code: the descriptors there are */
    if (ev_is(f, EV_O_WRAPPER) || cls_user_defines(I, f, EV_DN_GET))
        return 1;
    ev_value r = ev_repr(I, f);
    if (!EV_IS_ERR(r)) {
        ev_raise(I, &ev_type_TypeError, "%s is not callable or a descriptor", ev_as_str(r)->data);
        ev_decref(I, r);
    }
    return -1;
}

static bool is_instance_of(ev_interp *I, ev_value v, const char *name)
{
    ev_type *t = fn_global(I, name);
    return t && ev_type_is_subclass(ev_type_of(v), t);
}

static ev_value pm_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc < 1)
        return ev_raise(I, &ev_type_TypeError,
                        "partialmethod.__init__() missing 1 required positional argument: 'func'");
    if (callable_or_descriptor(I, argv[0]) < 0)
        return EV_ERR;
    ev_value func = ev_dup(argv[0]), args = EV_ERR, d = ev_dict_new(I);
    ev_value pargs = EV_NONE;
    if (EV_IS_ERR(d))
        goto fail;
    if (is_instance_of(I, func, "partialmethod")) {
        ev_value f2 = fn_getattr(I, func, "func");
        pargs = EV_IS_ERR(f2) ? EV_ERR : fn_getattr(I, func, "args");
        ev_value pkw = EV_IS_ERR(pargs) ? EV_ERR : fn_getattr(I, func, "keywords");
        if (EV_IS_ERR(pkw) || !ev_is(pargs, EV_O_TUPLE) || !ev_is(pkw, EV_O_DICT) ||
            ev_dict_merge(I, ev_as_dict(d), ev_as_dict(pkw))) {
            if (!EV_IS_ERR(f2))
                ev_decref(I, f2);
            if (!EV_IS_ERR(pkw))
                ev_decref(I, pkw);
            goto fail;
        }
        ev_decref(I, pkw);
        ev_decref(I, func);
        func = f2;
    }
    size_t np = ev_is(pargs, EV_O_TUPLE) ? ev_as_tuple(pargs)->len : 0;
    args = ev_tuple_new(I, np + (size_t)argc - 1);
    if (EV_IS_ERR(args))
        goto fail;
    for (size_t i = 0; i < np; i++)
        ev_as_tuple(args)->items[i] = ev_dup(ev_as_tuple(pargs)->items[i]);
    for (int i = 1; i < argc; i++)
        ev_as_tuple(args)->items[np + (size_t)i - 1] = ev_dup(argv[i]);
    for (int k = 0; k < EV_KW_N(kw); k++)
        if (ev_dict_set_str(I, ev_as_dict(d), kw->names[k], kw->vals[k]))
            goto fail;
    int e = fn_setattr(I, self, "func", func) || fn_setattr(I, self, "args", args) ||
            fn_setattr(I, self, "keywords", d);
    ev_decref(I, func);
    ev_decref(I, args);
    ev_decref(I, d);
    if (!EV_IS_ERR(pargs))
        ev_decref(I, pargs);
    return e ? EV_ERR : EV_NONE;
fail:
    ev_decref(I, func);
    if (!EV_IS_ERR(args))
        ev_decref(I, args);
    if (!EV_IS_ERR(d))
        ev_decref(I, d);
    if (!EV_IS_ERR(pargs))
        ev_decref(I, pargs);
    return EV_ERR;
}

static ev_value pm_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value f = fn_getattr(I, self, "func");
    ev_value a = EV_IS_ERR(f) ? EV_ERR : fn_getattr(I, self, "args");
    ev_value d = EV_IS_ERR(a) ? EV_ERR : fn_getattr(I, self, "keywords");
    ev_buf b = {0};
    int e = EV_IS_ERR(d) || !ev_is(a, EV_O_TUPLE) || !ev_is(d, EV_O_DICT);
    if (!e) {
        ev_type *t = ev_type_of(self);
        const char *mod = ev_type_modname(I, t);
        e = ev_buf_printf(I, &b, "%s.%s(", mod ? mod : "builtins", ev_type_qualname(t)) || ev_buf_repr(I, &b, f);
        for (size_t i = 0; !e && i < ev_as_tuple(a)->len; i++)
            e = ev_buf_puts(I, &b, ", ") || ev_buf_repr(I, &b, ev_as_tuple(a)->items[i]);
        ev_dict *dd = ev_as_dict(d);
        for (size_t i = 0; !e && i < dd->nentries; i++) {
            if (EV_IS_ERR(dd->entries[i].key) || !ev_is(dd->entries[i].key, EV_O_STR))
                continue;
            e = ev_buf_printf(I, &b, ", %s=", ev_as_str(dd->entries[i].key)->data) ||
                ev_buf_repr(I, &b, dd->entries[i].value);
        }
        e = e || ev_buf_puts(I, &b, ")");
    }
    ev_value held[3] = {f, a, d};
    for (int i = 0; i < 3; i++)
        if (!EV_IS_ERR(held[i]))
            ev_decref(I, held[i]);
    if (e) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

/* the unbound method: func(cls_or_self, *self.args, *args, **{**self.keywords, **keywords}) */
static ev_value pm_unbound_call(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc < 1)
        return ev_raise(I, &ev_type_TypeError, "_method() missing 1 required positional argument: 'cls_or_self'");
    ev_value f = fn_getattr(I, self, "func");
    ev_value a = EV_IS_ERR(f) ? EV_ERR : fn_getattr(I, self, "args");
    ev_value d = EV_IS_ERR(a) ? EV_ERR : fn_getattr(I, self, "keywords");
    ev_value r = EV_ERR;
    if (!EV_IS_ERR(d)) {
        ev_value pre = ev_tuple_new(I, 1 + (ev_is(a, EV_O_TUPLE) ? ev_as_tuple(a)->len : 0));
        if (!EV_IS_ERR(pre)) {
            ev_as_tuple(pre)->items[0] = ev_dup(argv[0]);
            for (size_t i = 0; ev_is(a, EV_O_TUPLE) && i < ev_as_tuple(a)->len; i++)
                ev_as_tuple(pre)->items[i + 1] = ev_dup(ev_as_tuple(a)->items[i]);
            r = fn_call_parts(I, f, pre, argc - 1, argv + 1, d, kw);
            ev_decref(I, pre);
        }
    }
    ev_value held[3] = {f, a, d};
    for (int i = 0; i < 3; i++)
        if (!EV_IS_ERR(held[i]))
            ev_decref(I, held[i]);
    return r;
}

static const ev_builtin_def pm_unbound_def = {"_method", pm_unbound_call, 0, -1, EV_BF_KWANY, NULL};

static bool same(ev_value a, ev_value b) { return a.tag == b.tag && (a.tag != EV_T_OBJ || a.u.o == b.u.o); }

static ev_value pm_get(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value obj = argc > 0 ? argv[0] : EV_NONE, cls = argc > 1 ? argv[1] : EV_NONE;
    ev_value f = fn_getattr(I, self, "func");
    if (EV_IS_ERR(f))
        return f;
    ev_value result = EV_NONE;
    bool has;
    ev_value nf = bind_desc(I, f, obj, cls, &has);
    if (EV_IS_ERR(nf)) {
        ev_decref(I, f);
        return nf;
    }
    if (has) {
        if (!same(nf, f)) {
            ev_value a = fn_getattr(I, self, "args");
            ev_value d = EV_IS_ERR(a) ? EV_ERR : fn_getattr(I, self, "keywords");
            if (!EV_IS_ERR(d) && ev_is(a, EV_O_TUPLE))
                result = fn_partial_new(I, nf, (int)ev_as_tuple(a)->len, ev_as_tuple(a)->items, d);
            else
                result = EV_ERR;
            if (!EV_IS_ERR(a))
                ev_decref(I, a);
            if (!EV_IS_ERR(d))
                ev_decref(I, d);
        }
        ev_decref(I, nf);
    }
    ev_decref(I, f);
    if (result.tag != EV_T_NONE)
        return result;
    /* self._make_unbound_method().__get__(obj, cls) */
    ev_value m = ev_builtin_new(I, &pm_unbound_def, self);
    if (EV_IS_ERR(m) || obj.tag == EV_T_NONE)
        return m;
    ev_value b = ev_call(I, ev_obj_val(&ev_type_method.h), 2, (ev_value[]){m, obj}, 0, NULL, NULL);
    if (EV_IS_ERR(b) && fn_catch(I, &ev_type_TypeError)) {
        /* a bound method of the C callable: partial over the object */
        b = fn_partial_new(I, m, 1, &obj, EV_NONE);
    }
    ev_decref(I, m);
    return b;
}

static const fn_method pm_methods[] = {
    FN_M("__init__", pm_init),
    FN_M("__repr__", pm_repr),
    FN_M("__get__", pm_get),
    FN_C("__class_getitem__", fn_class_getitem),
    {{NULL, NULL, 0, 0, 0, NULL}, 0},
};

static ev_value sdm_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc != 1 || EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError, "singledispatchmethod.__init__() takes 2 positional arguments but %d were given", argc + 1);
    if (callable_or_descriptor(I, argv[0]) < 0)
        return EV_ERR;
    ev_value d = sd_make(I, argv[0]);
    if (EV_IS_ERR(d))
        return d;
    int e = fn_setattr(I, self, "dispatcher", d) || fn_setattr(I, self, "func", argv[0]);
    ev_decref(I, d);
    return e ? EV_ERR : EV_NONE;
}

static ev_value sdm_register(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value d = fn_getattr(I, self, "dispatcher");
    if (EV_IS_ERR(d))
        return d;
    ev_str *rn = ev_intern(I, "register", 8);
    ev_value m = rn ? ev_getattr(I, d, rn) : EV_ERR;
    ev_decref(I, d);
    if (EV_IS_ERR(m))
        return m;
    ev_value cls = argc > 0 ? argv[0] : EV_ERR, method = argc > 1 ? argv[1] : EV_NONE;
    for (int k = 0; k < EV_KW_N(kw); k++) {
        if (strcmp(kw->names[k]->data, "method") == 0)
            method = kw->vals[k];
        else if (strcmp(kw->names[k]->data, "cls") == 0)
            cls = kw->vals[k];
    }
    ev_value r;
    if (EV_IS_ERR(cls))
        r = ev_raise(I, &ev_type_TypeError,
                     "singledispatchmethod.register() missing 1 required positional argument: 'cls'");
    else {
        ev_value a[2] = {cls, method};
        r = ev_call(I, m, 2, a, 0, NULL, NULL);
    }
    ev_decref(I, m);
    return r;
}

/* _method(*args, **kwargs) of __get__: self is (sdm, obj, cls) */
static ev_value sdm_method_call(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_tuple *t = ev_as_tuple(self);
    if (argc < 1)
        return ev_raise(I, &ev_type_TypeError, "_method requires at least 1 positional argument");
    ev_value d = fn_getattr(I, t->items[0], "dispatcher");
    if (EV_IS_ERR(d))
        return d;
    ev_value cls = fn_getattr(I, argv[0], "__class__");
    ev_value a1 = cls;
    ev_value method = EV_IS_ERR(cls) ? EV_ERR : ({
        ev_str *dn = ev_intern(I, "dispatch", 8);
        ev_value dm = dn ? ev_getattr(I, d, dn) : EV_ERR;
        ev_value rr = EV_IS_ERR(dm) ? dm : ev_call(I, dm, 1, &a1, 0, NULL, NULL);
        if (!EV_IS_ERR(dm))
            ev_decref(I, dm);
        rr;
    });
    ev_decref(I, d);
    if (!EV_IS_ERR(cls))
        ev_decref(I, cls);
    if (EV_IS_ERR(method))
        return method;
    bool has;
    ev_value bound = bind_desc(I, method, t->items[1], t->items[2], &has);
    if (!EV_IS_ERR(bound) && !has)
        bound = ev_dup(method);
    ev_decref(I, method);
    if (EV_IS_ERR(bound))
        return bound;
    ev_value r = ev_call(I, bound, argc, argv, EV_KW_N(kw), kw ? kw->names : NULL, kw ? kw->vals : NULL);
    ev_decref(I, bound);
    return r;
}

static const ev_builtin_def sdm_method_def = {"_method", sdm_method_call, 0, -1, EV_BF_KWANY, NULL};

static ev_value sdm_get(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value t = ev_tuple_new(I, 3);
    if (EV_IS_ERR(t))
        return t;
    ev_as_tuple(t)->items[0] = ev_dup(self);
    ev_as_tuple(t)->items[1] = argc > 0 ? ev_dup(argv[0]) : EV_NONE;
    ev_as_tuple(t)->items[2] = argc > 1 ? ev_dup(argv[1]) : EV_NONE;
    ev_value m = ev_builtin_new(I, &sdm_method_def, t);
    ev_decref(I, t);
    return m;
}

static const fn_method sdm_methods[] = {
    FN_M("__init__", sdm_init),
    FN_M("register", sdm_register),
    FN_M("__get__", sdm_get),
    {{NULL, NULL, 0, 0, 0, NULL}, 0},
};

/* ---- the module's part ---------------------------------------------------------------------- */

const ev_builtin_def fn_wrap_functions[] = {
    {"update_wrapper", fn_update_wrapper, 0, -1, EV_BF_KWANY, NULL},
    {"wraps", ft_wraps, 0, -1, EV_BF_KWANY, NULL},
    {"total_ordering", ft_total_ordering, 1, 1, 0, "cls"},
    {"singledispatch", ft_singledispatch, 1, 1, 0, "func"},
    {NULL, NULL, 0, 0, 0, NULL},
};

int fn_wrap_init(ev_interp *I, ev_dict *ns)
{
    ev_value cls, a = str_tuple(I, assignments, 5), u = str_tuple(I, updates, 1);
    int e = EV_IS_ERR(a) || EV_IS_ERR(u) || ev_module_set(I, ns, "WRAPPER_ASSIGNMENTS", a) ||
            ev_module_set(I, ns, "WRAPPER_UPDATES", u);
    if (!EV_IS_ERR(a))
        ev_decref(I, a);
    if (!EV_IS_ERR(u))
        ev_decref(I, u);
    if (e)
        return -1;
    return fn_class(I, ns, "cached_property", NULL, cp_methods, &cls) ||
           fn_class(I, ns, "_singledispatch_function", &sd_root, sd_methods, &cls) ||
           fn_class(I, ns, "partialmethod", NULL, pm_methods, &cls) ||
           fn_class(I, ns, "singledispatchmethod", NULL, sdm_methods, &cls);
}
