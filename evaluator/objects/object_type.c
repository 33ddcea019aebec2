/*
 * object_type.c - the methods of `object` itself (__init__, __new__,
 * __repr__, __eq__, __hash__, __setattr__, __format__, __init_subclass__,
 * __dir__, __getattribute__...) and the Python-visible methods every
 * exception inherits from BaseException (__init__, add_note,
 * with_traceback): CPython's object_* functions of Objects/typeobject.c and
 * BaseException's of Objects/exceptions.c.  Split from class.c, whose
 * ev_class_install puts the two tables on their types.
 */
#include <string.h>

#include "evaluator/objects/class_int.h"
#include "evaluator/objects/str_int.h"

static ev_value obj_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    /* object.__init__ ignores its arguments only when __init__ is not overridden... CPython
     * refuses extra arguments when the class defines __init__ itself (the usual case here) */
    if (argc || EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError,
                        "object.__init__() takes exactly one argument (the instance to initialize)");
    return EV_NONE;
}

static ev_value exc_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (!ev_is(self, EV_O_EXC))
        return ev_raise(I, &ev_type_TypeError, "descriptor '__init__' requires a 'BaseException' object");
    if (EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError, "%s() takes no keyword arguments", ev_type_name(self));
    ev_value args = ev_tuple_new(I, (size_t)argc);
    if (EV_IS_ERR(args))
        return args;
    for (int i = 0; i < argc; i++)
        ev_as_tuple(args)->items[i] = ev_dup(argv[i]);
    ev_exc *e = (ev_exc *)self.u.o;
    ev_decref(I, e->args);
    e->args = args;
    return EV_NONE;
}

/* The methods of object and BaseException that subclasses reach through
 * super() or Base.method(self): the behaviour without the class's overrides. */
static ev_value obj_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (ev_is(self, EV_O_EXC))
        return ev_exc_repr(I, (ev_exc *)self.u.o);
    if (ev_is(self, EV_O_INSTANCE))
        return ev_object_repr(I, self);
    return ev_repr(I, self);
}

static ev_value obj_str(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (ev_is(self, EV_O_EXC))
        return ev_exc_str(I, (ev_exc *)self.u.o);
    return ev_repr(I, self); /* type(self).__repr__(self) */
}

static ev_value obj_eq(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return self.tag == argv[0].tag && self.u.o == argv[0].u.o ? EV_TRUE : EV_NOTIMPL;
}

static ev_value obj_ne(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value r;
    int got = ev_dunder(I, self, EV_DN_EQ, 1, argv, &r);
    if (got < 0)
        return EV_ERR;
    if (!got)
        r = obj_eq(I, self, 1, argv, NULL);
    if (ev_is_notimpl(r))
        return r;
    int t = ev_truth(I, r);
    ev_decref(I, r);
    return t < 0 ? EV_ERR : ev_bool(!t);
}

static ev_value obj_hash(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    uintptr_t p = (uintptr_t)self.u.o;
    return ev_int((int64_t)((p >> 4) | (p << (8 * sizeof p - 4))));
}

static ev_value obj_setattr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (!ev_is(argv[0], EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "attribute name must be string, not '%s'",
                        ev_type_name(argv[0]));
    ev_str *n = ev_intern(I, ev_as_str(argv[0])->data, ev_as_str(argv[0])->len);
    if (!n || ev_object_setattr(I, self, n, argc > 1 ? argv[1] : EV_ERR))
        return EV_ERR;
    return EV_NONE;
}

static ev_value obj_delattr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return obj_setattr(I, self, 1, argv, NULL);
}

static ev_value obj_format(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (!ev_is(argv[0], EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "__format__() argument must be str, not %s",
                        argv[0].tag == EV_T_NONE ? "None" : ev_type_name(argv[0]));
    if (ev_as_str(argv[0])->len)
        return ev_raise(I, &ev_type_TypeError, "unsupported format string passed to %s.__format__",
                        ev_type_name(self));
    return ev_to_str(I, self);
}

static ev_value obj_init_subclass(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError, "%s.__init_subclass__() takes no keyword arguments",
                        ev_is(self, EV_O_TYPE) ? ((ev_type *)self.u.o)->name : "object");
    return EV_NONE;
}

/* object's comparisons other than ==: nothing to compare, so the other
 * operand is asked (a class reaches them through super().__lt__) */
static ev_value obj_notimpl(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)I; (void)self; (void)argc; (void)argv; (void)kw;
    return EV_NOTIMPL;
}

static ev_value obj_dir(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    return ev_object_dir(I, self); /* not the class's own __dir__, which may be what called it */
}

static ev_value obj_getattribute(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)kw;
    if (!ev_is(argv[0], EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "attribute name must be string, not '%s'", ev_type_name(argv[0]));
    ev_str *n = ev_intern(I, ev_as_str(argv[0])->data, ev_as_str(argv[0])->len);
    return n ? ev_getattr_generic(I, self, n) : EV_ERR;
}

/* Pickling and memory-size hooks exist (dir() lists them and code that
 * walks dir() reads them) but mean nothing here: calling one says so. */
static ev_value obj_unsupported(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)argc; (void)argv; (void)kw;
    return ev_raise(I, &ev_type_NotImplementedError,
                    "pickling and object sizes (__reduce__, __reduce_ex__, __getstate__, __sizeof__) "
                    "are not supported by safepy");
}

const ev_builtin_def ev_object_methods[] = {
    {"__lt__", obj_notimpl, 1, 1, EV_BF_SLOT},
    {"__le__", obj_notimpl, 1, 1, EV_BF_SLOT},
    {"__gt__", obj_notimpl, 1, 1, EV_BF_SLOT},
    {"__ge__", obj_notimpl, 1, 1, EV_BF_SLOT},
    {"__dir__", obj_dir, 0, 0},
    {"__getattribute__", obj_getattribute, 1, 1, EV_BF_SLOT},
    /* a classmethod in CPython: C.__subclasshook__(D) takes any class */
    {"__subclasshook__", obj_notimpl, 0, -1, EV_BF_PYFUNC},
    {"__sizeof__", obj_unsupported, 0, 0},
    {"__reduce__", obj_unsupported, 0, 0},
    {"__reduce_ex__", obj_unsupported, 1, 1},
    {"__getstate__", obj_unsupported, 0, 0},
    {"__init__", obj_init, 0, -1, EV_BF_KWANY},
    {"__repr__", obj_repr, 0, 0, EV_BF_SLOT},
    {"__str__", obj_str, 0, 0, EV_BF_SLOT},
    {"__eq__", obj_eq, 1, 1, EV_BF_SLOT},
    {"__ne__", obj_ne, 1, 1, EV_BF_SLOT},
    {"__hash__", obj_hash, 0, 0, EV_BF_SLOT},
    {"__setattr__", obj_setattr, 2, 2, EV_BF_SLOT},
    {"__delattr__", obj_delattr, 1, 1, EV_BF_SLOT},
    {"__new__", cls_object_new_method, 0, -1, EV_BF_KWANY},
    {"__format__", obj_format, 1, 1},
    {"__init_subclass__", obj_init_subclass, 0, 0, EV_BF_KWANY},
    {NULL},
};
static ev_value exc_add_note(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (!ev_is(argv[0], EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "note must be a str, not '%s'", ev_type_name(argv[0]));
    ev_exc *e = (ev_exc *)self.u.o;
    if (e->notes.tag == EV_T_NONE) {
        e->notes = ev_list_new(I, 1);
        if (EV_IS_ERR(e->notes)) {
            e->notes = EV_NONE;
            return EV_ERR;
        }
    }
    if (!ev_is(e->notes, EV_O_LIST))
        return ev_raise(I, &ev_type_TypeError, "Cannot add note: __notes__ is not a list");
    return ev_list_append(I, ev_as_list(e->notes), argv[0]) ? EV_ERR : EV_NONE;
}

static ev_value exc_with_traceback(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_exc_set_traceback(I, (ev_exc *)self.u.o, argv[0]) ? EV_ERR : ev_dup(self);
}

const ev_builtin_def ev_exc_methods[] = {
    {"__init__", exc_init, 0, -1, EV_BF_KWANY},
    {"__str__", obj_str, 0, 0},
    {"__repr__", obj_repr, 0, 0},
    {"add_note", exc_add_note, 1, 1},
    {"with_traceback", exc_with_traceback, 1, 1},
    {NULL},
};
