/*
 * abc.c - the abc module of CPython 3.11 (Lib/abc.py over Modules/_abc.c):
 * ABCMeta, ABC, abstractmethod and its deprecated companions,
 * get_cache_token and update_abstractmethods.
 *
 * There is one ABCMeta per session, the one collections.abc's classes
 * have (collections_abc.c): its __new__ counts __abstractmethods__,
 * register() keeps the virtual subclasses isinstance/issubclass consult
 * with __subclasshook__, and the class machinery refuses to instantiate a
 * class whose __abstractmethods__ is not empty with CPython's message.
 * This file adds the names Lib/abc.py defines around it.
 *
 * Where safepy differs: classmethod, staticmethod and property are not
 * subclassable here, so abstractclassmethod(f), abstractstaticmethod(f)
 * and abstractproperty(...) return a plain classmethod, staticmethod or
 * property over f marked abstract (CPython's are subclasses of those
 * whose instances behave the same; type() of one shows the difference).
 * get_cache_token() counts the registrations of this session, which start
 * from a different number than CPython's (only its changes compare).
 */
#include <string.h>

#include "evaluator/modules/collections_abc.h"

/* f.__isabstractmethod__ = True.  A def's attribute goes into its own
 * dict (the attribute syntax refuses the name as an internal one). */
static int mark_abstract(ev_interp *I, ev_value f)
{
    ev_str *k = ev_intern(I, "__isabstractmethod__", 20);
    if (!k)
        return -1;
    if (ev_is(f, EV_O_FUNC)) {
        ev_func *fn = (ev_func *)f.u.o;
        if (!fn->dict) {
            ev_value d = ev_dict_new(I);
            if (EV_IS_ERR(d))
                return -1;
            fn->dict = ev_as_dict(d);
        }
        return ev_dict_set_str(I, fn->dict, k, EV_TRUE);
    }
    return ev_setattr(I, f, k, EV_TRUE);
}

/* abstractmethod(funcobj): funcobj, marked */
static ev_value abc_abstractmethod(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (EV_KW_N(kw) == 1 && argc == 0 && strcmp(kw->names[0]->data, "funcobj") == 0) {
        argc = 1;
        argv = kw->vals;
        kw = NULL;
    }
    if (EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError, "abstractmethod() got an unexpected keyword argument '%s'",
                        kw->names[0]->data);
    if (argc != 1)
        return argc ? ev_raise(I, &ev_type_TypeError, "abstractmethod() takes 1 positional argument but %d were given",
                               argc)
                    : ev_raise(I, &ev_type_TypeError,
                               "abstractmethod() missing 1 required positional argument: 'funcobj'");
    if (mark_abstract(I, argv[0]))
        return EV_ERR;
    return ev_dup(argv[0]);
}

/* wrap(callable) with callable marked, for the three deprecated classes */
static ev_value wrapped(ev_interp *I, ev_type *wrap, const char *cls, int argc, const ev_value *argv,
                        const ev_kw *kw)
{
    if (EV_KW_N(kw) == 1 && argc == 0 && strcmp(kw->names[0]->data, "callable") == 0) {
        argc = 1;
        argv = kw->vals;
        kw = NULL;
    }
    if (EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError, "%s.__init__() got an unexpected keyword argument '%s'", cls,
                        kw->names[0]->data);
    if (argc == 0)
        return ev_raise(I, &ev_type_TypeError, "%s.__init__() missing 1 required positional argument: 'callable'",
                        cls);
    if (argc > 1)
        return ev_raise(I, &ev_type_TypeError, "%s.__init__() takes 2 positional arguments but %d were given", cls,
                        argc + 1);
    if (mark_abstract(I, argv[0]))
        return EV_ERR;
    return ev_call(I, ev_obj_val(&wrap->h), 1, argv, 0, NULL, NULL);
}

static ev_value abc_abstractclassmethod(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return wrapped(I, &ev_type_classmethod, "abstractclassmethod", argc, argv, kw);
}

static ev_value abc_abstractstaticmethod(ev_interp *I, ev_value self, int argc, const ev_value *argv,
                                         const ev_kw *kw)
{
    return wrapped(I, &ev_type_staticmethod, "abstractstaticmethod", argc, argv, kw);
}

/* abstractproperty(fget=None, fset=None, fdel=None, doc=None): a property
 * whose getter is marked, which makes the property abstract as CPython's
 * class attribute does */
static ev_value abc_abstractproperty(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value p = ev_call(I, ev_obj_val(&ev_type_property.h), argc, argv, EV_KW_N(kw), kw ? kw->names : NULL,
                         kw ? kw->vals : NULL);
    if (EV_IS_ERR(p))
        return p;
    ev_str *k = ev_intern(I, "fget", 4);
    ev_value g = k ? ev_getattr(I, p, k) : EV_ERR;
    if (EV_IS_ERR(g)) {
        ev_decref(I, p);
        return g;
    }
    if (g.tag == EV_T_NONE) {
        ev_decref(I, p);
        return ev_raise(I, &ev_type_NotImplementedError,
                        "abc.abstractproperty without a getter is not supported by safepy");
    }
    int r = mark_abstract(I, g);
    ev_decref(I, g);
    if (r) {
        ev_decref(I, p);
        return EV_ERR;
    }
    return p;
}

/* get_cache_token(): the count of ABCMeta.register() calls, which
 * invalidates every ABC's caches */
static ev_value abc_get_cache_token(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_int((int64_t)I->abc_invalidation);
}

/* update_abstractmethods(cls): recounts an ABC's abstract methods after
 * they were added or implemented after the class statement */
static ev_value abc_update_abstractmethods(ev_interp *I, ev_value self, int argc, const ev_value *argv,
                                           const ev_kw *kw)
{
    ev_value cls = argv[0];
    ev_str *k = ev_intern(I, "__abstractmethods__", 19);
    if (!k)
        return EV_ERR;
    ev_value am = ev_getattr(I, cls, k);
    if (EV_IS_ERR(am)) {
        if (!ev_us_catch(I, &ev_type_AttributeError))
            return EV_ERR;
        return ev_dup(cls);
    }
    ev_decref(I, am);
    if (!ev_is(cls, EV_O_TYPE) || !ev_is_heaptype((ev_type *)cls.u.o))
        return ev_raise(I, &ev_type_NotImplementedError,
                        "abc.update_abstractmethods of a builtin type is not supported by safepy");
    if (ev_abc_update_abstracts(I, (ev_type *)cls.u.o))
        return EV_ERR;
    return ev_dup(cls);
}

static const ev_builtin_def abc_functions[] = {
    {"abstractmethod", abc_abstractmethod, 0, -1, EV_BF_KWANY, NULL},
    {"abstractclassmethod", abc_abstractclassmethod, 0, -1, EV_BF_KWANY, NULL},
    {"abstractstaticmethod", abc_abstractstaticmethod, 0, -1, EV_BF_KWANY, NULL},
    {"abstractproperty", abc_abstractproperty, 0, -1, EV_BF_KWANY, NULL},
    {"get_cache_token", abc_get_cache_token, 0, 0, 0, NULL},
    {"update_abstractmethods", abc_update_abstractmethods, 1, 1, 0, "cls"},
    {NULL, NULL, 0, 0, 0, NULL},
};

static int put(ev_interp *I, ev_dict *d, const char *key, ev_value v_steal)
{
    if (EV_IS_ERR(v_steal))
        return -1;
    ev_str *k = ev_intern(I, key, strlen(key));
    int r = k ? ev_dict_set_str(I, d, k, v_steal) : -1;
    ev_decref(I, v_steal);
    return r;
}

/* class ABC(metaclass=ABCMeta): __slots__ = () */
static ev_value make_abc(ev_interp *I, ev_value meta)
{
    ev_value d = ev_dict_new(I), bases = ev_tuple_new(I, 0), cls = EV_ERR;
    if (EV_IS_ERR(d) || EV_IS_ERR(bases))
        goto fail;
    if (put(I, ev_as_dict(d), "__module__", ev_str_from_cstr(I, "abc")) ||
        put(I, ev_as_dict(d), "__doc__",
            ev_str_from_cstr(I, "Helper class that provides a standard way to create an ABC using\n"
                                "    inheritance.\n    ")) ||
        put(I, ev_as_dict(d), "__slots__", ev_tuple_new(I, 0)))
        goto fail;
    ev_str *nm = ev_intern(I, "ABC", 3);
    if (!nm)
        goto fail;
    cls = ev_class_new(I, (ev_type *)meta.u.o, nm, bases, ev_as_dict(d), NULL);
    if (EV_IS_ERR(cls))
        goto fail;
    ((ev_type *)cls.u.o)->module = "abc";
    if (ev_abc_class_init(I, (ev_type *)cls.u.o)) {
        ev_decref(I, cls);
        cls = EV_ERR;
    }
fail:
    if (!EV_IS_ERR(bases))
        ev_decref(I, bases);
    if (!EV_IS_ERR(d))
        ev_decref(I, d);
    return cls;
}

static int init(ev_interp *I, ev_dict *ns)
{
    if (ev_abc_types_init(I))
        return -1;
    ev_value meta = ev_abc_get(I, ABC_META);
    if (EV_IS_ERR(meta) || ev_module_set(I, ns, "ABCMeta", meta))
        return -1;
    ev_value abc = make_abc(I, meta);
    if (EV_IS_ERR(abc))
        return -1;
    int r = ev_module_set(I, ns, "ABC", abc);
    ev_decref(I, abc);
    return r;
}

const ev_module_def ev_module_abc = {"abc", abc_functions, init, NULL};
