/*
 * typing_io.c - the aliases and classes of CPython 3.11's Lib/typing.py
 * that stand for other modules' types: IO, TextIO and BinaryIO (generic
 * classes whose methods and properties are abstract and do nothing),
 * Pattern and Match (aliases of re's types) and ContextManager and
 * AsyncContextManager (aliases of contextlib's ABCs, which typing imports
 * as CPython's does -- when the operator allows contextlib; otherwise they
 * are objects whose every use raises NotImplementedError saying so, since
 * typing must not open a module the program may not import).
 *
 * IO is made as `class IO(Generic[AnyStr])` is: a class of typing with
 * __orig_bases__ (Generic[AnyStr],), so Generic's __init_subclass__ gives
 * it its __parameters__, and IO[str] and `class F(IO[str])` work as for a
 * program's generic class.  The methods are C functions flagged abstract
 * (their __isabstractmethod__), each returning None as CPython's `pass`.
 */
#include <string.h>

#include "evaluator/modules/typing_int.h"

extern ev_type ev_type_re_Pattern, ev_type_re_Match; /* re.c */

static ev_value io_pass(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return EV_NONE;
}

/* a def of the class body: name, parameters after self; kind 'p' a property */
typedef struct io_member {
    const char *name;
    char kind;
} io_member;

#define IO_DEF(name) {name, io_pass, 0, -1, EV_BF_KWANY | EV_BF_PYFUNC | EV_BF_ABSTRACT, NULL}
static const ev_builtin_def io_defs[] = {
    IO_DEF("mode"),     IO_DEF("name"),     IO_DEF("close"),      IO_DEF("closed"),   IO_DEF("fileno"),
    IO_DEF("flush"),    IO_DEF("isatty"),   IO_DEF("read"),       IO_DEF("readable"), IO_DEF("readline"),
    IO_DEF("readlines"), IO_DEF("seek"),    IO_DEF("seekable"),   IO_DEF("tell"),     IO_DEF("truncate"),
    IO_DEF("writable"), IO_DEF("write"),    IO_DEF("writelines"), IO_DEF("__enter__"), IO_DEF("__exit__"),
    {NULL, NULL, 0, 0, 0, NULL},
};
static const char io_props[] = "mode name closed ";

static const ev_builtin_def binary_defs[] = {IO_DEF("write"), IO_DEF("__enter__"), {NULL, NULL, 0, 0, 0, NULL}};

static const ev_builtin_def text_defs[] = {
    IO_DEF("buffer"), IO_DEF("encoding"), IO_DEF("errors"), IO_DEF("line_buffering"), IO_DEF("newlines"),
    {NULL, NULL, 0, 0, 0, NULL},
};

/* name in the space-separated list */
static bool listed(const char *list, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = list; (p = strstr(p, name)) != NULL; p += n)
        if ((p == list || p[-1] == ' ') && p[n] == ' ')
            return true;
    return false;
}

static int dict_put(ev_interp *I, ev_value d, const char *key, ev_value v_steal)
{
    if (EV_IS_ERR(v_steal))
        return -1;
    ev_str *k = ev_intern(I, key, strlen(key));
    int r = !k || ev_dict_set_str(I, ev_as_dict(d), k, v_steal) ? -1 : 0;
    ev_decref(I, v_steal);
    return r;
}

static ev_value member(ev_interp *I, const ev_builtin_def *d, bool prop)
{
    /* unbound, as a def read through its class: any first argument (EV_BF_PYFUNC) */
    ev_value f = ev_builtin_new(I, d, ev_obj_val(&ev_type_object.h));
    if (EV_IS_ERR(f))
        return f;
    ((ev_builtin *)f.u.o)->unbound = true;
    if (!prop)
        return f;
    ev_value p = ev_call(I, ev_obj_val(&ev_type_property.h), 1, &f, 0, NULL, NULL);
    ev_decref(I, f);
    return p;
}

/* class name(orig_base) in typing: base the class __mro_entries__ gives
 * (Generic or IO), orig the subscripted base */
static int io_class(ev_interp *I, ev_dict *ns, const char *name, ev_value base, ev_value orig,
                    const ev_builtin_def *defs, const char *props)
{
    ev_value d = ev_dict_new(I), bases = EV_ERR, ob = EV_ERR, nm = EV_ERR, cls = EV_ERR;
    int r = -1;
    if (EV_IS_ERR(d) || EV_IS_ERR(bases = tp_tupleize(I, base)) || EV_IS_ERR(ob = tp_tupleize(I, orig)) ||
        EV_IS_ERR(nm = ev_str_from_cstr(I, name)))
        goto out;
    if (dict_put(I, d, "__module__", ev_str_from_cstr(I, "typing")) || dict_put(I, d, "__slots__", ev_tuple_new(I, 0)))
        goto out;
    for (const ev_builtin_def *m = defs; m->name; m++)
        if (dict_put(I, d, m->name, member(I, m, listed(props, m->name))))
            goto out;
    if (dict_put(I, d, "__orig_bases__", ev_dup(ob)))
        goto out;
    ev_value a3[3] = {nm, bases, d};
    cls = ev_call(I, ev_obj_val(&ev_type_type.h), 3, a3, 0, NULL, NULL);
    if (EV_IS_ERR(cls))
        goto out;
    ((ev_type *)cls.u.o)->module = "typing";
    r = ev_module_set(I, ns, name, cls);
out:;
    ev_value held[] = {d, bases, ob, nm, cls};
    for (int i = 0; i < 5; i++)
        if (!EV_IS_ERR(held[i]))
            ev_decref(I, held[i]);
    return r;
}

/* cls[arg] through the class's __class_getitem__: a new reference */
static ev_value subscript(ev_interp *I, ev_value cls, ev_value arg) { return ev_getitem(I, cls, arg); }

/* _alias(origin, 1, name=name) */
static int alias(ev_interp *I, ev_dict *ns, const char *name, ev_value origin)
{
    ev_value a = tp_alias_new(I, "_SpecialGenericAlias", origin, ev_tuple_new(I, 0), name, true);
    if (EV_IS_ERR(a))
        return -1;
    int r = tp_set_attr(I, a, "_nparams", ev_int(1)) || ev_module_set(I, ns, name, a);
    ev_decref(I, a);
    return r;
}

/* contextlib.<name>, borrowed (the module holds it); EV_NONE (nothing
 * raised) when the operator did not allow contextlib: typing must not
 * open a module the program may not import */
static ev_value contextlib_class(ev_interp *I, const char *name)
{
    bool allowed = false;
    for (size_t i = 0; ev_module_table[i]; i++)
        if (strcmp(ev_module_table[i]->name, "contextlib") == 0)
            allowed = (I->modules_allowed >> i & 1) != 0;
    if (!allowed)
        return EV_NONE;
    ev_value m = ev_import_submodule(I, "contextlib");
    if (EV_IS_ERR(m))
        return m;
    ev_str *k = ev_intern(I, name, strlen(name));
    ev_value *c = k ? ev_dict_lookup_str(((ev_module *)m.u.o)->ns, k) : NULL;
    ev_decref(I, m);
    if (!c)
        return ev_raise(I, &ev_type_RuntimeError, "contextlib.%s is gone", name);
    return *c;
}

/* typing.ContextManager without contextlib: every use refused, naming why */
static ev_value needs_raise(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value n = tp_getattr_or(I, self, "_name", EV_NONE);
    if (EV_IS_ERR(n))
        return n;
    ev_raise(I, &ev_type_NotImplementedError,
             "typing.%s stands for a contextlib class, and this safepy does not allow the contextlib module "
             "(the operator allows it with --allow-module contextlib)",
             ev_is(n, EV_O_STR) ? ev_as_str(n)->data : "?");
    ev_decref(I, n);
    return EV_ERR;
}

static ev_value needs_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value n = tp_getattr_or(I, self, "_name", EV_NONE);
    if (EV_IS_ERR(n))
        return n;
    ev_buf b = {0};
    int e = ev_buf_puts(I, &b, "typing.") || ev_buf_puts(I, &b, ev_is(n, EV_O_STR) ? ev_as_str(n)->data : "?");
    ev_decref(I, n);
    if (e) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

static const tp_method needs_methods[] = {
    TP_M("__repr__", needs_repr),
    TP_M("__getitem__", needs_raise),
    TP_M("__call__", needs_raise),
    TP_M("__instancecheck__", needs_raise),
    TP_M("__subclasscheck__", needs_raise),
    TP_M("__mro_entries__", needs_raise),
    TP_END,
};

static int cm_alias(ev_interp *I, ev_dict *ns, const char *name, const char *cls)
{
    ev_value c = contextlib_class(I, cls);
    if (EV_IS_ERR(c))
        return -1;
    if (c.tag != EV_T_NONE)
        return alias(I, ns, name, c);
    ev_value nc = tp_get(I, "_NeedsContextlib");
    ev_value f = EV_IS_ERR(nc) ? nc : ev_call(I, nc, 0, NULL, 0, NULL, NULL);
    if (EV_IS_ERR(f))
        return -1;
    int r = tp_set_attr(I, f, "_name", ev_str_from_cstr(I, name)) || ev_module_set(I, ns, name, f);
    ev_decref(I, f);
    return r;
}

int tp_io_init(ev_interp *I, ev_dict *ns)
{
    ev_value gen = tp_get(I, "Generic"), anystr = tp_get(I, "AnyStr");
    if (EV_IS_ERR(gen) || EV_IS_ERR(anystr))
        return -1;
    ev_value ga = subscript(I, gen, anystr);
    if (EV_IS_ERR(ga))
        return -1;
    int e = io_class(I, ns, "IO", gen, ga, io_defs, io_props);
    ev_decref(I, ga);
    ev_value io = e ? EV_ERR : tp_get(I, "IO");
    if (EV_IS_ERR(io))
        return -1;
    ev_value ios = subscript(I, io, ev_obj_val(&ev_type_str.h));
    if (EV_IS_ERR(ios))
        return -1;
    e = io_class(I, ns, "TextIO", io, ios, text_defs, "buffer encoding errors line_buffering newlines ");
    ev_decref(I, ios);
    ev_value iob = e ? EV_ERR : subscript(I, io, ev_obj_val(&ev_type_bytes.h));
    if (EV_IS_ERR(iob))
        return -1;
    e = io_class(I, ns, "BinaryIO", io, iob, binary_defs, "");
    ev_decref(I, iob);
    if (e || alias(I, ns, "Pattern", ev_obj_val(&ev_type_re_Pattern.h)) ||
        alias(I, ns, "Match", ev_obj_val(&ev_type_re_Match.h)))
        return -1;
    ev_value c;
    return tp_class(I, ns, "_NeedsContextlib", EV_NONE, NULL, needs_methods, false, &c) ||
                   cm_alias(I, ns, "ContextManager", "AbstractContextManager") ||
                   cm_alias(I, ns, "AsyncContextManager", "AbstractAsyncContextManager")
               ? -1
               : 0;
}
