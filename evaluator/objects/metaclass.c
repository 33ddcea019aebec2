/*
 * metaclass.c - classes of classes: `class Meta(type)` and
 * `class A(metaclass=Meta)`, as CPython 3.11's type_new/type_call do them.
 *
 * A class made by a user metaclass keeps it in ev_type.meta, so type(A) is
 * Meta, isinstance(A, Meta) holds, and A's attribute lookup and special
 * methods fall back to Meta's (class_attr.c, ev_dunder).  The class
 * statement computes the most derived metaclass of the one it was given and
 * its bases' ones, then calls it with (name, bases, namespace, **kw): a
 * metaclass's __new__, __init__ and __call__ are ordinary Python methods,
 * and type.__new__/__init__/__call__ below are what super() reaches from
 * them.  A metaclass __prepare__ may only return an empty dict or
 * OrderedDict (no other subclass): the class body always fills a plain one
 * (anything else is refused, never ignored).
 */
#include <string.h>

#include "evaluator/ev.h"

int ev_meta_winner(ev_interp *I, ev_type *meta, const ev_tuple *bases, ev_type **out)
{
    ev_type *w = meta;
    for (size_t i = 0; i < bases->len; i++) {
        if (!ev_is(bases->items[i], EV_O_TYPE))
            continue;
        ev_type *bm = ev_meta_of((ev_type *)bases->items[i].u.o);
        if (ev_type_is_subclass(w, bm))
            continue;
        if (ev_type_is_subclass(bm, w)) {
            w = bm;
            continue;
        }
        ev_raise(I, &ev_type_TypeError, "metaclass conflict: the metaclass of a derived class must be a "
                                        "(non-strict) subclass of the metaclasses of all its bases");
        return -1;
    }
    *out = w;
    return 0;
}

/* f(first, *argv, **kw) */
static ev_value call_first(ev_interp *I, ev_value f, ev_value first, int argc, const ev_value *argv,
                           const ev_kw *kw)
{
    ev_value small[8], *a = small;
    if (argc + 1 > 8 && !(a = ev_alloc(I, (size_t)(argc + 1) * sizeof *a)))
        return ev_raise_nomem(I);
    a[0] = first;
    memcpy(a + 1, argv, (size_t)argc * sizeof *a);
    ev_incref(f); /* the call may rebind the class attribute it came from */
    ev_value r = ev_call(I, f, argc + 1, a, EV_KW_N(kw), kw ? kw->names : NULL, kw ? kw->vals : NULL);
    ev_decref(I, f);
    if (a != small)
        ev_dealloc(I, a);
    return r;
}

/* A user __new__ as stored in a class: the function inside its staticmethod. */
static ev_value *user_new(ev_interp *I, ev_type *t)
{
    ev_value *f = ev_is_heaptype(t) ? ev_type_find(I, t, I->dn[EV_DN_NEW]) : NULL;
    if (f && ev_is(*f, EV_O_WRAPPER) && ((ev_wrapper *)f->u.o)->type == &ev_type_staticmethod)
        return &((ev_wrapper *)f->u.o)->a;
    return f;
}

ev_value ev_meta_new(ev_interp *I, ev_type *mcs, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc != 3)
        return ev_raise(I, &ev_type_TypeError, "type.__new__() takes exactly 3 arguments (%d given)", argc);
    static const char *const kinds[] = {"str", "tuple", "dict"};
    const ev_kind want[] = {EV_O_STR, EV_O_TUPLE, EV_O_DICT};
    for (int i = 0; i < 3; i++)
        if (!ev_is(argv[i], want[i]))
            return ev_raise(I, &ev_type_TypeError, "type.__new__() argument %d must be %s, not %s", i + 1,
                            kinds[i], ev_type_name(argv[i]));
    const ev_tuple *bt = ev_as_tuple(argv[1]);
    for (size_t i = 0; i < bt->len; i++)
        if (!ev_is(bt->items[i], EV_O_TYPE))
            return ev_raise(I, &ev_type_TypeError, "metaclass conflict: the metaclass of a derived class must be "
                                                   "a (non-strict) subclass of the metaclasses of all its bases");
    ev_type *w;
    if (ev_meta_winner(I, mcs, bt, &w) < 0)
        return EV_ERR;
    ev_value *wn;
    if (w != mcs && (wn = user_new(I, w)))
        return call_first(I, *wn, ev_obj_val(&w->h), argc, argv, kw); /* the winner's own __new__ */
    ev_str *name = ev_intern(I, ev_as_str(argv[0])->data, ev_as_str(argv[0])->len);
    if (!name)
        return EV_ERR;
    return ev_class_new(I, w, name, argv[1], ev_as_dict(argv[2]), EV_KW_N(kw) ? kw : NULL);
}

ev_value ev_meta_type_call(ev_interp *I, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value cls = ev_meta_new(I, &ev_type_type, argc, argv, kw);
    if (EV_IS_ERR(cls) || !ev_is(cls, EV_O_TYPE) || !((ev_type *)cls.u.o)->meta)
        return cls;
    ev_value *f = ev_type_find(I, ((ev_type *)cls.u.o)->meta, I->dn[EV_DN_INIT]);
    if (!f)
        return cls;
    ev_value r = call_first(I, *f, cls, argc, argv, kw);
    if (EV_IS_ERR(r)) {
        ev_decref(I, cls);
        return r;
    }
    if (r.tag != EV_T_NONE) {
        ev_decref(I, cls);
        (void)ev_raise(I, &ev_type_TypeError, "__init__() should return None, not '%s'", ev_type_name(r));
        ev_decref(I, r);
        return EV_ERR;
    }
    return cls;
}

ev_value ev_meta_make_class(ev_interp *I, ev_value meta, ev_str *name, ev_value bases, ev_value ns,
                            const ev_kw *kw)
{
    ev_value args[3] = {ev_obj_val(&name->h), bases, ns};
    return ev_call(I, meta, 3, args, EV_KW_N(kw), kw ? kw->names : NULL, kw ? kw->vals : NULL);
}

int ev_meta_prepare(ev_interp *I, ev_type *meta, ev_str *name, ev_value bases, const ev_kw *kw)
{
    ev_str *pn = ev_intern(I, "__prepare__", 11);
    if (!pn)
        return -1;
    ev_value *f = ev_is_heaptype(meta) ? ev_type_find(I, meta, pn) : NULL;
    if (!f)
        return 0;
    ev_value fn = *f;
    ev_value args[2] = {ev_obj_val(&name->h), bases}, r;
    if (ev_is(fn, EV_O_WRAPPER) && ((ev_wrapper *)fn.u.o)->type == &ev_type_classmethod)
        r = call_first(I, ((ev_wrapper *)fn.u.o)->a, ev_obj_val(&meta->h), 2, args, kw);
    else if (ev_is(fn, EV_O_WRAPPER) && ((ev_wrapper *)fn.u.o)->type == &ev_type_staticmethod)
        r = call_first(I, ((ev_wrapper *)fn.u.o)->a, args[0], 1, args + 1, kw);
    else
        r = call_first(I, fn, args[0], 1, args + 1, kw); /* a plain function: CPython calls it unbound too */
    if (EV_IS_ERR(r))
        return -1;
    /* a dict or an OrderedDict (the body's dict keeps the order too), not a
     * subclass: its __setitem__ (enum's _EnumDict refusing a name assigned
     * twice) or __missing__ (defaultdict) would never run for the plain dict
     * the body fills */
    bool empty_dict = ev_is(r, EV_O_DICT) && !(r.u.o->flags & EV_OBJ_SUB) && ev_as_dict(r)->used == 0 &&
                      (!ev_as_dict(r)->type || ev_as_dict(r)->type == &ev_type_OrderedDict);
    ev_decref(I, r);
    if (!empty_dict) {
        ev_raise(I, &ev_type_NotImplementedError,
                 "metaclass __prepare__ returning anything but an empty dict (of type dict) is not "
                 "supported by safepy; "
                 "the class body always fills a plain dict");
        return -1;
    }
    return 0;
}

ev_value ev_meta_call(ev_interp *I, ev_type *t, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (t->meta) {
        ev_value *f = ev_type_find(I, t->meta, I->dn[EV_DN_CALL]);
        if (f)
            return call_first(I, *f, ev_obj_val(&t->h), argc, argv, kw);
    }
    return ev_class_call(I, t, argc, argv, kw);
}

/* ---- type's own methods, as super() reaches them from a metaclass -------------------- */

/* type.__new__(mcs, name, bases, ns): reached unbound, mcs arrives as self */
static ev_value type_new_m(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (!ev_is(self, EV_O_TYPE) || !ev_type_is_subclass((ev_type *)self.u.o, &ev_type_type))
        return ev_raise(I, &ev_type_TypeError, "type.__new__(X): X is not a type object (%s)", ev_type_name(self));
    return ev_meta_new(I, (ev_type *)self.u.o, argc, argv, kw);
}

/* type.__init__(cls, ...): the class is complete already */
static ev_value type_init_m(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)argv;
    if (argc == 1 && EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError, "type.__init__() takes no keyword arguments");
    if (argc != 1 && argc != 3)
        return ev_raise(I, &ev_type_TypeError, "type.__init__() takes 1 or 3 arguments");
    return EV_NONE;
}

/* type.__call__(cls, ...): make an instance, never asking the metaclass again */
static ev_value type_call_m(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (!ev_is(self, EV_O_TYPE))
        return ev_raise(I, &ev_type_TypeError, "descriptor '__call__' requires a 'type' object but received a '%s'",
                        ev_type_name(self));
    ev_type *t = (ev_type *)self.u.o;
    if (ev_is_heaptype(t))
        return ev_class_call(I, t, argc, argv, kw);
    return ev_call(I, self, argc, argv, EV_KW_N(kw), kw ? kw->names : NULL, kw ? kw->vals : NULL);
}

/* type.__setattr__(cls, name, value) / type.__delattr__(cls, name), as a
 * metaclass's own __setattr__ reaches them through super() */
static ev_value type_setattr_common(ev_interp *I, ev_value self, int argc, const ev_value *argv, bool del)
{
    const char *what = del ? "__delattr__" : "__setattr__";
    if (!ev_is(self, EV_O_TYPE))
        return ev_raise(I, &ev_type_TypeError, "descriptor '%s' requires a 'type' object but received a '%s'", what,
                        ev_type_name(self));
    if (argc != (del ? 1 : 2))
        return ev_raise(I, &ev_type_TypeError, "expected %d argument%s, got %d", del ? 1 : 2, del ? "" : "s", argc);
    if (!ev_is(argv[0], EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "attribute name must be string, not '%s'", ev_type_name(argv[0]));
    ev_str *name = ev_intern(I, ev_as_str(argv[0])->data, ev_as_str(argv[0])->len);
    if (!name)
        return ev_raise_nomem(I);
    if (ev_policy_check_attr(I, name))
        return EV_ERR;
    return ev_type_setattr(I, (ev_type *)self.u.o, name, del ? EV_ERR : argv[1]) ? EV_ERR : EV_NONE;
}

static ev_value type_setattr_m(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)kw;
    return type_setattr_common(I, self, argc, argv, false);
}

static ev_value type_delattr_m(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)kw;
    return type_setattr_common(I, self, argc, argv, true);
}

const ev_builtin_def ev_type_type_methods[] = { /* [0] __new__: super() binds it as a static method */
    {"__new__", type_new_m, 0, -1, EV_BF_KWANY},
    {"__init__", type_init_m, 0, -1, EV_BF_KWANY | EV_BF_SLOT},
    {"__call__", type_call_m, 0, -1, EV_BF_KWANY | EV_BF_SLOT},
    {"__setattr__", type_setattr_m, 2, 2, EV_BF_SLOT},
    {"__delattr__", type_delattr_m, 1, 1, EV_BF_SLOT},
    {NULL, NULL, 0, 0, 0},
};
