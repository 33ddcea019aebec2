/*
 * collections_user.c - collections.UserList as CPython 3.11's
 * Lib/collections/__init__.py writes it, with the Sequence mixin methods of
 * Lib/_collections_abc.py, and what UserDict (collections_userdict.c) and
 * UserString (collections_userstring.c) share: the binder of a def's
 * arguments, the protocol helpers and the making of the classes.
 *
 * They are ordinary heap classes, made once a session when collections is
 * imported, whose methods are C functions stored in the class (unbound
 * builtins, bound like functions when read through an instance).  The state
 * is the instance attribute `data`, and every method reaches it and the
 * object itself through the object protocol (self.data, self[key],
 * self.update(...), self.__class__(...)) exactly where CPython's Python code
 * does, so a subclass's overrides take effect the same way: UserDict's
 * __init__ calls self.update, which stores through self[key] = value.
 *
 * As in CPython, UserDict derives from collections.abc.MutableMapping,
 * UserList from MutableSequence and UserString from Sequence, whose mixin
 * methods (collections_abc_mixins.c) they inherit.
 */
#include <stdio.h>
#include <string.h>

#include "evaluator/modules/collections_int.h"

/* ---- shared helpers -------------------------------------------------------------------------- */

static int nparams(const ev_us_sig *s)
{
    int n = 0;
    while (n < EV_US_MAXP && s->names[n])
        n++;
    return n;
}

int ev_us_bind(ev_interp *I, const ev_us_sig *s, int argc, const ev_value *argv, const ev_kw *kw,
               ev_value *out)
{
    /* every method binds first: the guard against C recursion (d.data = d; len(d)) */
    char probe;
    if ((uintptr_t)&probe < I->stack_limit) {
        ev_raise(I, &ev_type_RecursionError, "maximum recursion depth exceeded");
        return -1;
    }
    return ev_def_bind(I, s, argc, argv, kw, out);
}

ev_type *ev_us_global(ev_interp *I, const char *name)
{
    ev_str *mn = ev_intern(I, "collections", 11);
    ev_value *m = mn ? ev_dict_lookup_str(I->modules, mn) : NULL;
    if (!m || !ev_is(*m, EV_O_MODULE))
        return NULL;
    ev_str *k = ev_intern(I, name, strlen(name));
    ev_value *c = k ? ev_dict_lookup_str(((ev_module *)m->u.o)->ns, k) : NULL;
    return c && ev_is(*c, EV_O_TYPE) ? (ev_type *)c->u.o : NULL;
}

bool ev_us_isinstance(ev_interp *I, ev_value v, const char *name)
{
    ev_type *t = ev_us_global(I, name);
    return t && ev_type_is_subclass(ev_type_of(v), t);
}

bool ev_us_catch(ev_interp *I, ev_type *t)
{
    if (I->limit || !ev_is(I->exc, EV_O_EXC) || !ev_type_is_subclass(((ev_exc *)I->exc.u.o)->type, t))
        return false;
    ev_decref(I, I->exc);
    I->exc = EV_NONE;
    return true;
}

ev_value ev_us_getattr(ev_interp *I, ev_value obj, const char *name)
{
    ev_str *k = ev_intern(I, name, strlen(name));
    return k ? ev_getattr(I, obj, k) : EV_ERR;
}

int ev_us_setattr(ev_interp *I, ev_value obj, const char *name, ev_value v)
{
    ev_str *k = ev_intern(I, name, strlen(name));
    return k ? ev_setattr(I, obj, k, v) : -1;
}

ev_value ev_us_callm(ev_interp *I, ev_value obj, const char *name, int argc, const ev_value *argv,
                     const ev_kw *kw)
{
    ev_value f = ev_us_getattr(I, obj, name);
    if (EV_IS_ERR(f))
        return f;
    ev_value r = ev_call(I, f, argc, argv, EV_KW_N(kw), kw ? kw->names : NULL, kw ? kw->vals : NULL);
    ev_decref(I, f);
    return r;
}

ev_value ev_us_wrap(ev_interp *I, ev_value self, ev_value v_steal)
{
    if (EV_IS_ERR(v_steal))
        return v_steal;
    ev_value r = ev_call(I, ev_obj_val(&ev_type_of(self)->h), 1, &v_steal, 0, NULL, NULL);
    ev_decref(I, v_steal);
    return r;
}

/* obj.name(*argv) whose result is dropped: 0 or -1 */
int ev_us_callm_void(ev_interp *I, ev_value obj, const char *name, int argc, const ev_value *argv)
{
    ev_value r = ev_us_callm(I, obj, name, argc, argv, NULL);
    if (EV_IS_ERR(r))
        return -1;
    ev_decref(I, r);
    return 0;
}

ev_value ev_us_data(ev_interp *I, ev_value self) { return ev_us_getattr(I, self, "data"); }

/* self.data OP= x: the augmented assignment stores the result back */
ev_value ev_us_data_inplace(ev_interp *I, ev_value self, ev_binop op, ev_value x)
{
    ev_value d = ev_us_data(I, self);
    if (EV_IS_ERR(d))
        return d;
    ev_value r = ev_inplace(I, op, d, x);
    ev_decref(I, d);
    if (EV_IS_ERR(r))
        return r;
    int e = ev_us_setattr(I, self, "data", r);
    ev_decref(I, r);
    return e ? EV_ERR : ev_dup(self);
}

/* self.data.name(*argv, **kw) */
static ev_value data_call(ev_interp *I, ev_value self, const char *name, int argc, const ev_value *argv,
                          const ev_kw *kw)
{
    ev_value d = ev_us_data(I, self);
    if (EV_IS_ERR(d))
        return d;
    ev_value r = ev_us_callm(I, d, name, argc, argv, kw);
    ev_decref(I, d);
    return r;
}

/* self.data CMP other (cmp as ev_compare: 0 <, 1 <=, 2 ==, 4 >, 5 >=) */
static ev_value data_cmp(ev_interp *I, ev_value self, ev_value other, int cmp)
{
    ev_value d = ev_us_data(I, self);
    if (EV_IS_ERR(d))
        return d;
    int r = ev_compare(I, d, other, cmp);
    ev_decref(I, d);
    return r < 0 ? EV_ERR : ev_bool(r);
}

/* A generator whose body raised: a StopIteration becomes RuntimeError (PEP 479). -1 */
int ev_us_gen_fail(ev_interp *I)
{
    if (I->limit || !ev_is(I->exc, EV_O_EXC) ||
        !ev_type_is_subclass(((ev_exc *)I->exc.u.o)->type, &ev_type_StopIteration))
        return -1;
    ev_value stop = I->exc;
    I->exc = EV_NONE;
    ev_raise(I, &ev_type_RuntimeError, "generator raised StopIteration");
    if (ev_is(I->exc, EV_O_EXC)) {
        ev_exc *e = (ev_exc *)I->exc.u.o;
        ev_decref(I, e->cause);
        e->cause = ev_dup(stop);
        e->suppress_context = true; /* raised from the StopIteration, as _PyErr_FormatFromCause */
        ev_decref(I, e->context);
        e->context = stop;
    } else {
        ev_decref(I, stop);
    }
    return -1;
}

/* Sequence.__iter__ and __reversed__: generators in CPython, native
 * iterators here, lazy as the generator body is (len(self) is read at the
 * first next). */
typedef struct seqit {
    ev_value self;
    int64_t i;
    bool started, done, rev;
} seqit;

static int seqit_next(ev_interp *I, ev_iterobj *it, ev_value *out)
{
    seqit *s = it->state;
    if (s->done)
        return 0;
    if (s->rev && !s->started) {
        int64_t n;
        s->started = true;
        if (ev_len(I, s->self, &n)) {
            s->done = true;
            return -1;
        }
        s->i = n - 1;
    }
    s->started = true;
    if (s->rev && s->i < 0) {
        s->done = true;
        return 0;
    }
    ev_value v = ev_getitem(I, s->self, ev_int(s->i));
    if (EV_IS_ERR(v)) {
        s->done = true; /* a generator that raised is finished */
        return !s->rev && ev_us_catch(I, &ev_type_IndexError) ? 0 : ev_us_gen_fail(I);
    }
    s->i += s->rev ? -1 : 1;
    *out = v;
    return 1;
}

static void seqit_free(ev_interp *I, ev_iterobj *it)
{
    seqit *s = it->state;
    if (s)
        ev_decref(I, s->self);
}

/* a UserList holding its own iterator is a cycle */
static void seqit_traverse(ev_interp *I, ev_iterobj *it, ev_visit_fn visit, void *arg)
{
    visit(I, ((seqit *)it->state)->self, arg);
}

/* <generator object Sequence.__iter__ at 0x...> */
ev_value ev_us_gen_repr(ev_interp *I, const void *obj, const char *qual)
{
    char buf[128];
    snprintf(buf, sizeof buf, "<generator object %s at %p>", qual, obj);
    return ev_str_from_cstr(I, buf);
}

static ev_value seqit_repr(ev_interp *I, ev_iterobj *it)
{
    seqit *s = it->state;
    return ev_us_gen_repr(I, it, s && s->rev ? "Sequence.__reversed__" : "Sequence.__iter__");
}

/* CPython's UserList iterates with a generator (Sequence.__iter__) */
static const ev_native_iter_type seqit_type = {"generator", seqit_next, seqit_free, seqit_repr, &ev_type_generator,
                                               seqit_traverse};

ev_value ev_us_seq_iter(ev_interp *I, ev_value self, bool reversed)
{
    ev_value it = ev_native_iter_new(I, &seqit_type, sizeof(seqit));
    if (EV_IS_ERR(it))
        return it;
    seqit *s = ((ev_iterobj *)it.u.o)->state;
    s->self = ev_dup(self);
    s->rev = reversed;
    return it;
}

/* Type.__class_getitem__ = classmethod(GenericAlias) */
ev_value ev_us_class_getitem(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const ev_us_sig sig = {"GenericAlias", {"cls", "item", NULL}, 2, 2, false, false};
    BIND(sig, a);
    return ev_generic_alias(I, a[0], a[1]);
}

/* x[:] */
static ev_value full_slice(ev_interp *I, ev_value x)
{
    ev_value sl = ev_slice_new(I, EV_NONE, EV_NONE, EV_NONE);
    if (EV_IS_ERR(sl))
        return sl;
    ev_value r = ev_getitem(I, x, sl);
    ev_decref(I, sl);
    return r;
}

/* __copy__: inst = cls.__new__(cls); inst.__dict__.update(self.__dict__);
 * inst.__dict__["data"] = a copy of self.__dict__["data"] (its copy() for
 * UserDict, [:] for UserList) */
ev_value ev_us_copy(ev_interp *I, ev_value self, bool list)
{
    ev_type *t = ev_type_of(self);
    ev_value cls = ev_obj_val(&t->h);
    /* a class's own __new__ when its MRO defines one, else object.__new__
     * (read from object: safepy's Class.__new__ refuses a class argument) */
    ev_value *own = ev_type_lookup(t, I->dn[EV_DN_NEW]);
    ev_value inst = ev_us_callm(I, own ? cls : ev_obj_val(&ev_type_object.h), "__new__", 1, &cls, NULL);
    ev_value sd = EV_ERR, id = EV_ERR;
    ev_value key = EV_ERR, d = EV_ERR, c = EV_ERR;
    if (EV_IS_ERR(inst))
        return inst;
    sd = ev_us_getattr(I, self, "__dict__");
    if (EV_IS_ERR(sd))
        goto fail;
    id = ev_us_getattr(I, inst, "__dict__");
    if (EV_IS_ERR(id))
        goto fail;
    if (!ev_is(sd, EV_O_DICT) || !ev_is(id, EV_O_DICT)) {
        ev_raise(I, &ev_type_TypeError, "__copy__(): the instance has no attribute dict");
        goto fail;
    }
    /* inst.__dict__.update(self.__dict__): a key that is not a str may
     * run __hash__ and change either dict, so each pair is held while
     * stored and the entries re-read */
    ev_dict *s = ev_as_dict(sd);
    for (size_t i = 0; i < s->nentries; i++) {
        if (EV_IS_ERR(s->entries[i].key))
            continue;
        ev_value k = ev_dup(s->entries[i].key), v = ev_dup(s->entries[i].value);
        int e = ev_dict_set(I, ev_as_dict(id), k, v);
        ev_decref(I, k);
        ev_decref(I, v);
        if (e)
            goto fail;
    }
    key = ev_str_from_cstr(I, "data");
    if (EV_IS_ERR(key))
        goto fail;
    d = ev_getitem(I, sd, key);
    if (EV_IS_ERR(d))
        goto fail;
    c = list ? full_slice(I, d) : ev_us_callm(I, d, "copy", 0, NULL, NULL);
    if (EV_IS_ERR(c) || ev_dict_set(I, ev_as_dict(id), key, c))
        goto fail;
    ev_decref(I, c);
    ev_decref(I, d);
    ev_decref(I, key);
    ev_decref(I, id);
    ev_decref(I, sd);
    return inst;
fail:
    ev_decref(I, inst);
    ev_decref(I, sd);
    ev_decref(I, id);
    ev_decref(I, key);
    ev_decref(I, d);
    ev_decref(I, c);
    return EV_ERR;
}

/* repr(self.data): UserDict, UserList and UserString alike */
ev_value ev_us_data_repr(ev_interp *I, ev_value self, const char *qual, int argc, const ev_value *argv,
                          const ev_kw *kw)
{
    ev_us_sig sig = {qual, {NULL}, 0, 0, false, false};
    BIND(sig, a);
    ev_value d = ev_us_data(I, self);
    if (EV_IS_ERR(d))
        return d;
    ev_value r = ev_repr(I, d);
    ev_decref(I, d);
    return r;
}

/* a method of one parameter whose body is an expression over a[0] */
#define ONE_ARG(fn, qual, body)                                                                  \
    US_FN(fn)                                                                                    \
    {                                                                                            \
        static const ev_us_sig sig = {qual, {"other", NULL}, 1, 0, false, false};              \
        BIND(sig, a);                                                                            \
        return body;                                                                             \
    }

/* ---- UserList -------------------------------------------------------------------------------- */

US_FN(ul_init)
{
    static const ev_us_sig sig = {"UserList.__init__", {"initlist", NULL}, 0, 0, false, false};
    BIND(sig, a);
    ev_value l = ev_list_new(I, 0);
    if (EV_IS_ERR(l))
        return l;
    if (ev_us_setattr(I, self, "data", l)) {
        ev_decref(I, l);
        return EV_ERR;
    }
    ev_value init = a[0];
    int r = 0;
    if (EV_IS_ERR(init) || init.tag == EV_T_NONE) {
        /* self.data = [] */
    } else if (ev_type_of(init) == &ev_type_list) {
        r = ev_list_extend(I, ev_as_list(l), init); /* self.data[:] = initlist */
    } else if (ev_us_isinstance(I, init, "UserList")) {
        ev_value d = ev_us_data(I, init);
        ev_value c = EV_IS_ERR(d) ? d : full_slice(I, d);
        r = EV_IS_ERR(c) ? -1 : ev_list_extend(I, ev_as_list(l), c); /* self.data[:] = initlist.data[:] */
        ev_decref(I, d);
        ev_decref(I, c);
    } else {
        ev_value c = ev_list_from_iterable(I, init);
        r = EV_IS_ERR(c) ? -1 : ev_us_setattr(I, self, "data", c);
        ev_decref(I, c);
    }
    ev_decref(I, l);
    return r ? EV_ERR : EV_NONE;
}

US_FN(ul_repr) { return ev_us_data_repr(I, self, "UserList.__repr__", argc, argv, kw); }

/* other.data if a UserList, else other (new reference) */
static ev_value cast(ev_interp *I, ev_value other)
{
    return ev_us_isinstance(I, other, "UserList") ? ev_us_data(I, other) : ev_dup(other);
}

/* self.data OP self.__cast(other) */
static ev_value ul_cmp(ev_interp *I, ev_value self, const char *qual, int op, int argc, const ev_value *argv,
                       const ev_kw *kw)
{
    ev_us_sig sig = {qual, {"other", NULL}, 1, 0, false, false};
    BIND(sig, a);
    ev_value o = cast(I, a[0]);
    if (EV_IS_ERR(o))
        return o;
    ev_value r = data_cmp(I, self, o, op);
    ev_decref(I, o);
    return r;
}

US_FN(ul_lt) { return ul_cmp(I, self, "UserList.__lt__", 0, argc, argv, kw); }
US_FN(ul_le) { return ul_cmp(I, self, "UserList.__le__", 1, argc, argv, kw); }
US_FN(ul_eq) { return ul_cmp(I, self, "UserList.__eq__", 2, argc, argv, kw); }
US_FN(ul_gt) { return ul_cmp(I, self, "UserList.__gt__", 4, argc, argv, kw); }
US_FN(ul_ge) { return ul_cmp(I, self, "UserList.__ge__", 5, argc, argv, kw); }

US_FN(ul_contains)
{
    static const ev_us_sig sig = {"UserList.__contains__", {"item", NULL}, 1, 0, false, false};
    BIND(sig, a);
    ev_value d = ev_us_data(I, self);
    if (EV_IS_ERR(d))
        return d;
    int r = ev_contains(I, d, a[0]);
    ev_decref(I, d);
    return r < 0 ? EV_ERR : ev_bool(r);
}

US_FN(ul_len)
{
    static const ev_us_sig sig = {"UserList.__len__", {NULL}, 0, 0, false, false};
    BIND(sig, a);
    ev_value d = ev_us_data(I, self);
    if (EV_IS_ERR(d))
        return d;
    ev_value r = ev_len_value(I, d);
    ev_decref(I, d);
    return r;
}

/* a slice makes self.__class__(self.data[i]), an index the item */
US_FN(ul_getitem)
{
    static const ev_us_sig sig = {"UserList.__getitem__", {"i", NULL}, 1, 0, false, false};
    BIND(sig, a);
    ev_value d = ev_us_data(I, self);
    if (EV_IS_ERR(d))
        return d;
    ev_value r = ev_getitem(I, d, a[0]);
    ev_decref(I, d);
    return ev_is_slice(a[0]) ? ev_us_wrap(I, self, r) : r;
}

US_FN(ul_setitem)
{
    static const ev_us_sig sig = {"UserList.__setitem__", {"i", "item", NULL}, 2, 0, false, false};
    BIND(sig, a);
    ev_value d = ev_us_data(I, self);
    if (EV_IS_ERR(d))
        return d;
    int r = ev_setitem(I, d, a[0], a[1]);
    ev_decref(I, d);
    return r ? EV_ERR : EV_NONE;
}

US_FN(ul_delitem)
{
    static const ev_us_sig sig = {"UserList.__delitem__", {"i", NULL}, 1, 0, false, false};
    BIND(sig, a);
    ev_value d = ev_us_data(I, self);
    if (EV_IS_ERR(d))
        return d;
    int r = ev_delitem(I, d, a[0]);
    ev_decref(I, d);
    return r ? EV_ERR : EV_NONE;
}

/* other.data for a UserList, other for an instance of type(self.data), else list(other) */
static ev_value ul_operand(ev_interp *I, ev_value d, ev_value other)
{
    if (ev_us_isinstance(I, other, "UserList"))
        return ev_us_data(I, other);
    if (ev_type_is_subclass(ev_type_of(other), ev_type_of(d)))
        return ev_dup(other);
    return ev_list_from_iterable(I, other);
}

/* __add__: self.__class__(self.data + o); __radd__: (o + self.data); __iadd__: self.data += o */
static ev_value ul_add_common(ev_interp *I, ev_value self, ev_value other, char how)
{
    ev_value d = ev_us_data(I, self);
    if (EV_IS_ERR(d))
        return d;
    ev_value o = ul_operand(I, d, other);
    if (EV_IS_ERR(o)) {
        ev_decref(I, d);
        return o;
    }
    ev_value r;
    if (how == 'i') {
        ev_decref(I, d);
        r = ev_us_data_inplace(I, self, EV_OP_ADD, o);
    } else {
        r = how == 'r' ? ev_binary(I, EV_OP_ADD, o, d) : ev_binary(I, EV_OP_ADD, d, o);
        ev_decref(I, d);
        r = ev_us_wrap(I, self, r);
    }
    ev_decref(I, o);
    return r;
}

ONE_ARG(ul_add, "UserList.__add__", ul_add_common(I, self, a[0], '+'))
ONE_ARG(ul_radd, "UserList.__radd__", ul_add_common(I, self, a[0], 'r'))
ONE_ARG(ul_iadd, "UserList.__iadd__", ul_add_common(I, self, a[0], 'i'))

US_FN(ul_mul)
{
    static const ev_us_sig sig = {"UserList.__mul__", {"n", NULL}, 1, 0, false, false};
    BIND(sig, a);
    ev_value d = ev_us_data(I, self);
    if (EV_IS_ERR(d))
        return d;
    ev_value r = ev_binary(I, EV_OP_MUL, d, a[0]);
    ev_decref(I, d);
    return ev_us_wrap(I, self, r);
}

US_FN(ul_imul)
{
    static const ev_us_sig sig = {"UserList.__imul__", {"n", NULL}, 1, 0, false, false};
    BIND(sig, a);
    return ev_us_data_inplace(I, self, EV_OP_MUL, a[0]);
}

US_FN(ul_copy_dunder)
{
    static const ev_us_sig sig = {"UserList.__copy__", {NULL}, 0, 0, false, false};
    BIND(sig, a);
    return ev_us_copy(I, self, true);
}

/* self.data.NAME(bound parameters...), the given ones only (the defaults are the list method's) */
static ev_value ul_fwd(ev_interp *I, ev_value self, const ev_us_sig *sig, const char *name, int argc,
                       const ev_value *argv, const ev_kw *kw)
{
    ev_value a[EV_US_MAXP];
    if (ev_us_bind(I, sig, argc, argv, kw, a))
        return EV_ERR;
    int n = 0, np = nparams(sig);
    while (n < np && !EV_IS_ERR(a[n]))
        n++;
    if (sig->varargs && argc >= n)
        return data_call(I, self, name, argc, argv, NULL); /* index(item, *args): all as given */
    return data_call(I, self, name, n, a, NULL);
}

#define UL_FWD(fn, meth, ...)                                                                   \
    US_FN(fn)                                                                                    \
    {                                                                                            \
        static const ev_us_sig sig = {"UserList." meth, __VA_ARGS__};                           \
        return ul_fwd(I, self, &sig, meth, argc, argv, kw);                                     \
    }
UL_FWD(ul_append, "append", {"item", NULL}, 1, 0, false, false)
UL_FWD(ul_insert, "insert", {"i", "item", NULL}, 2, 0, false, false)
UL_FWD(ul_pop, "pop", {"i", NULL}, 0, 0, false, false)
UL_FWD(ul_remove, "remove", {"item", NULL}, 1, 0, false, false)
UL_FWD(ul_clear, "clear", {NULL}, 0, 0, false, false)
UL_FWD(ul_count, "count", {"item", NULL}, 1, 0, false, false)
UL_FWD(ul_index, "index", {"item", NULL}, 1, 0, true, false)
UL_FWD(ul_reverse, "reverse", {NULL}, 0, 0, false, false)

/* sort(self, /, *args, **kwds): everything goes to list.sort */
US_FN(ul_sort)
{
    static const ev_us_sig sig = {"UserList.sort", {NULL}, 0, 0, true, true};
    BIND(sig, a);
    return data_call(I, self, "sort", argc, argv, kw);
}

US_FN(ul_copy)
{
    static const ev_us_sig sig = {"UserList.copy", {NULL}, 0, 0, false, false};
    BIND(sig, a);
    return ev_us_wrap(I, self, ev_dup(self));
}

US_FN(ul_extend)
{
    static const ev_us_sig sig = {"UserList.extend", {"other", NULL}, 1, 0, false, false};
    BIND(sig, a);
    ev_value o = cast(I, a[0]);
    if (EV_IS_ERR(o))
        return o;
    ev_value r = data_call(I, self, "extend", 1, &o, NULL);
    ev_decref(I, o);
    return r;
}

/* Sequence.__iter__ and __reversed__: UserList and UserString share them */
static const ev_us_method userlist_methods[] = {
    EV_US_M("__init__", ul_init),
    EV_US_M("__repr__", ul_repr),
    EV_US_M("__lt__", ul_lt),
    EV_US_M("__le__", ul_le),
    EV_US_M("__eq__", ul_eq),
    EV_US_M("__gt__", ul_gt),
    EV_US_M("__ge__", ul_ge),
    EV_US_M("__contains__", ul_contains),
    EV_US_M("__len__", ul_len),
    EV_US_M("__getitem__", ul_getitem),
    EV_US_M("__setitem__", ul_setitem),
    EV_US_M("__delitem__", ul_delitem),
    EV_US_M("__add__", ul_add),
    EV_US_M("__radd__", ul_radd),
    EV_US_M("__iadd__", ul_iadd),
    EV_US_M("__mul__", ul_mul),
    EV_US_M("__rmul__", ul_mul),
    EV_US_M("__imul__", ul_imul),
    EV_US_M("__copy__", ul_copy_dunder),
    EV_US_M("append", ul_append),
    EV_US_M("insert", ul_insert),
    EV_US_M("pop", ul_pop),
    EV_US_M("remove", ul_remove),
    EV_US_M("clear", ul_clear),
    EV_US_M("copy", ul_copy),
    EV_US_M("count", ul_count),
    EV_US_M("index", ul_index),
    EV_US_M("reverse", ul_reverse),
    EV_US_M("sort", ul_sort),
    EV_US_M("extend", ul_extend),
    {{NULL, NULL, 0, 0, 0, NULL}, 0},
};

/* ---- making the classes ---------------------------------------------------------------------- */

static int ns_put(ev_interp *I, ev_dict *d, const char *key, ev_value v_steal)
{
    if (EV_IS_ERR(v_steal))
        return -1;
    ev_str *k = ev_intern(I, key, strlen(key));
    int r = k ? ev_dict_set_str(I, d, k, v_steal) : -1;
    ev_decref(I, v_steal);
    return r;
}

/* one entry of a methods table as the class attribute */
static ev_value method_value(ev_interp *I, const ev_us_method *m, ev_value cls)
{
    if (m->kind == 'n')
        return EV_NONE;
    ev_value b = ev_builtin_new(I, &m->d, m->kind == 'c' ? EV_NONE : cls);
    if (EV_IS_ERR(b) || m->kind != 'c') {
        if (!EV_IS_ERR(b))
            ((ev_builtin *)b.u.o)->unbound = true; /* bound like a function when read through an instance */
        return b;
    }
    ev_value cm = ev_call(I, ev_obj_val(&ev_type_classmethod.h), 1, &b, 0, NULL, NULL);
    ev_decref(I, b);
    return cm;
}

int ev_us_class_abc(ev_interp *I, ev_dict *ns, const char *ns_name, const char *module, const char *name,
                    const char *doc, const char *slots, const ev_us_method *methods, const char *abc,
                    ev_value *out)
{
    ev_value d = ev_dict_new(I), bases = EV_ERR, cls = EV_ERR;
    if (EV_IS_ERR(d))
        return -1;
    ev_str *nm = ev_intern(I, name, strlen(name));
    ev_value base = abc ? ev_abc_named(I, abc) : EV_NONE;
    bases = EV_IS_ERR(base) ? base : ev_tuple_new(I, abc ? 1 : 0);
    if (!EV_IS_ERR(bases) && abc)
        ev_as_tuple(bases)->items[0] = ev_dup(base);
    if (!nm || EV_IS_ERR(bases) || ns_put(I, ev_as_dict(d), "__module__", ev_str_from_cstr(I, module)) ||
        ns_put(I, ev_as_dict(d), "__doc__", doc ? ev_str_from_cstr(I, doc) : EV_NONE))
        goto fail;
    if (slots) {
        ev_value t = ev_tuple_new(I, 1);
        if (EV_IS_ERR(t))
            goto fail;
        ev_as_tuple(t)->items[0] = ev_str_from_cstr(I, slots);
        if (EV_IS_ERR(ev_as_tuple(t)->items[0])) {
            ev_as_tuple(t)->items[0] = EV_NONE;
            ev_decref(I, t);
            goto fail;
        }
        if (ns_put(I, ev_as_dict(d), "__slots__", t))
            goto fail;
    }
    cls = ev_class_new(I, NULL, nm, bases, ev_as_dict(d), NULL);
    if (EV_IS_ERR(cls))
        goto fail;
    /* the methods refer to the class, so they go in after it exists */
    ev_type *t = (ev_type *)cls.u.o;
    t->module = module; /* static text, what reprs outside the namespace show (GenericAlias) */
    for (const ev_us_method *m = methods; m->d.name; m++)
        if (ns_put(I, t->dict, m->d.name, method_value(I, m, cls)))
            goto fail;
    /* a class that defines __eq__ has __hash__ None, as type_new makes it */
    ev_str *hk = I->dn[EV_DN_HASH];
    if (ev_dict_lookup_str(t->dict, I->dn[EV_DN_EQ]) && !ev_dict_lookup_str(t->dict, hk) &&
        ev_dict_set_str(I, t->dict, hk, EV_NONE))
        goto fail;
    I->class_version++; /* the class's namespace grew after it was made */
    if (abc && ev_abc_class_init(I, t)) /* what ABCMeta.__new__ adds: __abstractmethods__, _abc_impl */
        goto fail;
    if (ev_module_set(I, ns, ns_name, cls))
        goto fail;
    *out = cls; /* ns holds it */
    ev_decref(I, cls);
    ev_decref(I, bases);
    ev_decref(I, d);
    return 0;
fail:
    ev_decref(I, cls);
    ev_decref(I, bases);
    ev_decref(I, d);
    return -1;
}

int ev_us_class(ev_interp *I, ev_dict *ns, const char *ns_name, const char *module, const char *name,
                const char *doc, const char *slots, const ev_us_method *methods, ev_value *out)
{
    return ev_us_class_abc(I, ns, ns_name, module, name, doc, slots, methods, NULL, out);
}

int ev_coll_user_init(ev_interp *I, ev_dict *ns)
{
    ev_value c;
    return ev_coll_userdict_init(I, ns) ||
           ev_us_class_abc(I, ns, "UserList", "collections", "UserList",
                           "A more or less complete user-defined wrapper around list objects.", NULL,
                           userlist_methods, "MutableSequence", &c) ||
           ev_coll_userstring_init(I, ns);
}
