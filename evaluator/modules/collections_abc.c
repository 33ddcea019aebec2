/*
 * collections_abc.c - collections.abc as CPython 3.11's
 * Lib/_collections_abc.py defines it, on the ABCMeta of Lib/abc.py and
 * Modules/_abc.c: the metaclass (isinstance/issubclass through
 * __subclasshook__, the registry and the caches; register();
 * __abstractmethods__ and the refusal to instantiate an abstract class)
 * and the classes, with their abstract methods and structural hooks.
 * The mixin methods the classes give their subclasses are in
 * collections_abc_mixins.c.
 *
 * The classes are ordinary heap classes of the session whose metaclass is
 * the heap class abc.ABCMeta, made when collections is first imported
 * (collections binds the module as its attribute abc, as CPython's
 * collections/__init__.py does), so `class M(Mapping)` runs ABCMeta.__new__
 * as any metaclass and subclasses, super() and overrides work as in
 * CPython.  Each class keeps its registry and caches in an _abc_data
 * object in its namespace as _abc_impl (CPython's _abc module does the
 * same): sets of classes, nothing a program can use to reach further; the
 * classes the mixins name as globals are held in ev_interp.abc_types.
 *
 * Where safepy differs: the registry and the caches hold their classes
 * strongly (CPython's are weak references: a registered class lives as
 * long as the ABC); there are no coroutines yet, so Coroutine and
 * AsyncGenerator have nothing registered and the async mixins raise
 * NotImplementedError.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evaluator/modules/collections_abc.h"

/* ---- _abc._abc_data ------------------------------------------------------------------------ */

enum { D_REGISTRY, D_CACHE, D_NEG, D_NEGVER, D_NSLOTS };

static ev_value data_cnew(ev_interp *I, ev_type *t) { return ev_cinstance_new(I, t, D_NSLOTS); }

static const ev_builtin_def data_methods[] = {{NULL, NULL, 0, 0, 0, NULL}};

static ev_value data_new(ev_interp *I);
/* _abc_data(): an empty state, as CPython's type allows */
static ev_value data_ctor(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return data_new(I);
}

ev_type ev_type_abc_data = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC},
                            .name = "_abc._abc_data", .module = "_abc", .methods = data_methods,
                            .call = data_ctor, .tflags = EV_TYPE_CSLOTS | EV_TYPE_FINAL, .cnew = data_cnew};

static ev_value data_new(ev_interp *I)
{
    ev_value d = data_cnew(I, &ev_type_abc_data);
    if (EV_IS_ERR(d))
        return d;
    ev_cinstance *c = ev_as_cinstance(d);
    for (int i = D_REGISTRY; i <= D_NEG; i++) {
        c->slots[i] = ev_set_new(I, false);
        if (EV_IS_ERR(c->slots[i])) {
            c->slots[i] = EV_NONE;
            ev_decref(I, d);
            return EV_ERR;
        }
    }
    c->slots[D_NEGVER] = ev_int((int64_t)I->abc_invalidation);
    return d;
}

/* cls._abc_impl as _abc.c's _get_impl: a borrowed pointer to its slots,
 * valid while the caller holds *held (a new reference). */
static ev_cinstance *get_impl(ev_interp *I, ev_value cls, ev_value *held)
{
    ev_value d = ev_us_getattr(I, cls, "_abc_impl");
    if (EV_IS_ERR(d))
        return NULL;
    if (!ev_is_cinstance(d, &ev_type_abc_data)) {
        ev_decref(I, d);
        ev_raise(I, &ev_type_TypeError, "_abc_impl is set to a wrong type");
        return NULL;
    }
    *held = d;
    return ev_as_cinstance(d);
}

static int set_add(ev_interp *I, ev_value set, ev_value v)
{
    return ev_set_add(I, (ev_set *)set.u.o, v);
}

static int set_has(ev_interp *I, ev_value set, ev_value v)
{
    return ev_set_contains(I, (ev_set *)set.u.o, v);
}

/* ---- the classes the module defines -------------------------------------------------------- */

ev_value ev_abc_get(ev_interp *I, ev_abc_id id)
{
    if (!I->abc_types || (size_t)id >= I->abc_types->len)
        return ev_raise(I, &ev_type_RuntimeError, "collections.abc is not initialized");
    return I->abc_types->items[id];
}

int ev_abc_isinstance(ev_interp *I, ev_value v, ev_abc_id id)
{
    ev_value cls = ev_abc_get(I, id);
    return EV_IS_ERR(cls) ? -1 : ev_isinstance(I, v, cls);
}

/* ---- structural checks --------------------------------------------------------------------- */

/* Does the builtin type t (not its bases) have the special or ordinary
 * method name, and is it None there (list.__hash__)? */
static bool builtin_defines(ev_interp *I, ev_type *t, ev_str *name, bool *is_none)
{
    *is_none = false;
    const char *n = name->data;
    bool hash = strcmp(n, "__hash__") == 0;
    /* the dict views: their iteration, length and membership are the
     * object kind's, not in a table; keys and items are set-like, so
     * unhashable (values is hashable) */
    ev_type *values_view = ev_type_odict_values.base, *items_view = ev_type_odict_items.base;
    if (t == &ev_type_view || t == values_view || t == items_view) {
        if (hash) {
            *is_none = t != values_view;
            return true;
        }
        if (strcmp(n, "__iter__") == 0 || strcmp(n, "__len__") == 0 || strcmp(n, "__contains__") == 0)
            return true;
    }
    if (hash) {
        /* the unhashable builtins: their __hash__ is None (a class
         * attribute CPython's type_new set beside __eq__) */
        static ev_type *const unhashable[] = {&ev_type_list, &ev_type_dict, &ev_type_set, &ev_type_bytearray,
                                              &ev_type_deque, &ev_type_slice, &ev_type_ChainMap, NULL};
        for (int i = 0; unhashable[i]; i++)
            if (t == unhashable[i]) {
                *is_none = true;
                return true;
            }
    }
    for (const ev_builtin_def *d = t->methods; d && d->name; d++)
        if (strcmp(d->name, name->data) == 0)
            return true;
    /* the special methods of the builtin root types (rawops.c): a
     * subclass of dict (OrderedDict) finds dict's through its base */
    if (!t->base || t == &ev_type_bool) {
        const ev_builtin_def *r = ev_raw_dunder(t, name);
        if (r)
            return true;
    }
    if (hash && (t == &ev_type_object || t == &ev_type_type))
        return true;
    if (strcmp(name->data, "__call__") == 0) {
        static ev_type *const callables[] = {&ev_type_type, &ev_type_function, &ev_type_builtin_function,
                                             &ev_type_method, &ev_type_method_descriptor,
                                             &ev_type_wrapper_descriptor, &ev_type_method_wrapper, NULL};
        for (int i = 0; callables[i]; i++)
            if (t == callables[i])
                return true;
    }
    if (strcmp(name->data, "__iter__") == 0 || strcmp(name->data, "__next__") == 0) {
        /* every native iterator and generator type shares the iterator methods */
        if (t->methods == ev_iterator_methods)
            return true;
    }
    (void)I;
    return false;
}

/* The MRO of t as CPython's C.__mro__: a heap class's tuple, a builtin's
 * base chain ending at object.  At most cap entries; returns the count. */
static size_t type_mro(ev_type *t, ev_type **out, size_t cap)
{
    size_t n = 0;
    if (ev_is_heaptype(t) && ev_is(t->mro, EV_O_TUPLE)) {
        ev_tuple *m = ev_as_tuple(t->mro);
        for (size_t i = 0; i < m->len && n < cap; i++)
            if (ev_is(m->items[i], EV_O_TYPE))
                out[n++] = (ev_type *)m->items[i].u.o;
        return n;
    }
    for (ev_type *k = t; k && n < cap; k = k->base)
        out[n++] = k;
    if (n < cap && out[n - 1] != &ev_type_object)
        out[n++] = &ev_type_object;
    return n;
}

/* _check_methods(C, *methods): True, or NotImplemented when one is
 * missing from every class of C's MRO or None where first found. */
static ev_value check_methods(ev_interp *I, ev_type *c, const char *const *methods)
{
    ev_type *mro[64];
    size_t n = type_mro(c, mro, 64);
    for (int i = 0; methods[i]; i++) {
        ev_str *name = ev_intern(I, methods[i], strlen(methods[i]));
        if (!name)
            return EV_ERR;
        bool found = false;
        for (size_t k = 0; k < n && !found; k++) {
            bool none = false;
            if (ev_is_heaptype(mro[k]) && mro[k]->dict) {
                ev_value *v = ev_dict_lookup_str(mro[k]->dict, name);
                if (!v)
                    continue;
                none = v->tag == EV_T_NONE;
                found = true;
            } else {
                found = builtin_defines(I, mro[k], name, &none);
            }
            if (found && none)
                return ev_dup(EV_NOTIMPL);
        }
        if (!found)
            return ev_dup(EV_NOTIMPL);
    }
    return EV_TRUE;
}

/* The structural checks, by class: the methods _check_methods asks for
 * when cls is exactly that ABC. */
static const char *const *hook_methods(ev_abc_id id)
{
#define M(...) {__VA_ARGS__, NULL}
    static const char *const hashable[] = M("__hash__"), *const awaitable[] = M("__await__"),
                             *const coroutine[] = M("__await__", "send", "throw", "close"),
                             *const aiterable[] = M("__aiter__"), *const aiterator[] = M("__anext__", "__aiter__"),
                             *const agen[] = M("__aiter__", "__anext__", "asend", "athrow", "aclose"),
                             *const iterable[] = M("__iter__"), *const iterator[] = M("__iter__", "__next__"),
                             *const reversible[] = M("__reversed__", "__iter__"),
                             *const generator[] = M("__iter__", "__next__", "send", "throw", "close"),
                             *const sized[] = M("__len__"), *const container[] = M("__contains__"),
                             *const collection[] = M("__len__", "__iter__", "__contains__"),
                             *const callable[] = M("__call__");
#undef M
    switch (id) {
    case ABC_Hashable: return hashable;
    case ABC_Awaitable: return awaitable;
    case ABC_Coroutine: return coroutine;
    case ABC_AsyncIterable: return aiterable;
    case ABC_AsyncIterator: return aiterator;
    case ABC_AsyncGenerator: return agen;
    case ABC_Iterable: return iterable;
    case ABC_Iterator: return iterator;
    case ABC_Reversible: return reversible;
    case ABC_Generator: return generator;
    case ABC_Sized: return sized;
    case ABC_Container: return container;
    case ABC_Collection: return collection;
    case ABC_Callable: return callable;
    default: return NULL;
    }
}

/* X.__subclasshook__(C) as a classmethod: cls comes first.  One function
 * for every class that defines one; which class is cls decides. */
static ev_value abc_subclasshook(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    /* the def's qualname: the class of cls's MRO that defines the hook */
    char qual[48] = "__subclasshook__";
    if (argc >= 1 && ev_is(argv[0], EV_O_TYPE) && I->abc_types) {
        ev_type *mro[64];
        size_t n = type_mro((ev_type *)argv[0].u.o, mro, 64);
        for (size_t k = 0; k < n && qual[0] == '_'; k++)
            for (int i = 0; i < ABC_META; i++)
                if (I->abc_types->items[i].u.o == &mro[k]->h && hook_methods((ev_abc_id)i)) {
                    snprintf(qual, sizeof qual, "%s.__subclasshook__", mro[k]->name);
                    break;
                }
    }
    const ev_us_sig sig = {qual, {"cls", "C", NULL}, 2, 0, false, false};
    ev_value a[EV_US_MAXP];
    if (ev_us_bind(I, &sig, argc, argv, kw, a))
        return EV_ERR;
    for (size_t i = 0; I->abc_types && i < I->abc_types->len; i++)
        if (I->abc_types->items[i].u.o == a[0].u.o && ev_is(a[0], EV_O_TYPE)) {
            const char *const *m = hook_methods((ev_abc_id)i);
            if (!m)
                break;
            if (!ev_is(a[1], EV_O_TYPE))
                return ev_raise(I, &ev_type_AttributeError, "'%s' object has no attribute '__mro__'",
                                ev_type_name(a[1]));
            return check_methods(I, (ev_type *)a[1].u.o, m);
        }
    return ev_dup(EV_NOTIMPL);
}

/* ---- ABCMeta -------------------------------------------------------------------------------- */

/* Is v an abstract method (getattr(v, "__isabstractmethod__", False))? */
static int is_abstract(ev_interp *I, ev_value v)
{
    if (ev_is(v, EV_O_BUILTIN))
        return (((ev_builtin *)v.u.o)->def->flags & EV_BF_ABSTRACT) != 0;
    if (ev_is(v, EV_O_WRAPPER) && ((ev_wrapper *)v.u.o)->type == &ev_type_property) {
        /* property.__isabstractmethod__: any of its accessors is (numbers.Complex.real) */
        ev_wrapper *w = (ev_wrapper *)v.u.o;
        if (ev_recursion_enter(I, "")) /* property(property(...)) nests as deep as a program makes it */
            return -1;
        ev_value acc[3] = {ev_dup(w->a), ev_dup(w->b), ev_dup(w->c)};
        int r = 0;
        for (int i = 0; i < 3 && r == 0; i++)
            r = acc[i].tag == EV_T_NONE ? 0 : is_abstract(I, acc[i]);
        for (int i = 0; i < 3; i++)
            ev_decref(I, acc[i]);
        ev_recursion_leave(I);
        return r;
    }
    if (!ev_is(v, EV_O_FUNC) && !ev_is(v, EV_O_INSTANCE) && !ev_is(v, EV_O_WRAPPER))
        return 0; /* no attribute of that name: ints, strs, classes... */
    ev_value f = ev_us_getattr(I, v, "__isabstractmethod__");
    if (EV_IS_ERR(f))
        return ev_us_catch(I, &ev_type_AttributeError) ? 0 : -1;
    int t = ev_truth(I, f);
    ev_decref(I, f);
    return t;
}

/* Sets cls.__abstractmethods__ to the frozenset of names and the
 * abstract flag with it (type_set_abstractmethods). */
static int set_abstracts(ev_interp *I, ev_type *t, ev_value names)
{
    ev_str *key = ev_intern(I, "__abstractmethods__", 19);
    if (!key || ev_dict_set_str(I, t->dict, key, names))
        return -1;
    if (((ev_set *)names.u.o)->used)
        t->tflags |= EV_TYPE_ABSTRACT;
    else
        t->tflags &= ~(uint32_t)EV_TYPE_ABSTRACT;
    I->class_version++;
    return 0;
}

/* _abc_init(cls): the abstract names of the namespace and the bases'
 * still-abstract ones, and (fresh_data) a fresh _abc_data; without it,
 * abc.update_abstractmethods's recount. */
static int abc_count(ev_interp *I, ev_type *t, bool fresh_data)
{
    ev_value cls = ev_obj_val(&t->h), names = ev_set_new(I, true), keys = EV_ERR, data = EV_ERR;
    if (EV_IS_ERR(names))
        return -1;
    /* the namespace's items, snapshot: __isabstractmethod__ may run code */
    keys = ev_list_new(I, 0);
    if (EV_IS_ERR(keys))
        goto fail;
    {
        ev_value items = ev_us_callm(I, ev_obj_val(&t->dict->h), "items", 0, NULL, NULL);
        if (EV_IS_ERR(items))
            goto fail;
        ev_value lst = ev_list_from_iterable(I, items);
        ev_decref(I, items);
        if (EV_IS_ERR(lst))
            goto fail;
        ev_decref(I, keys);
        keys = lst;
    }
    for (size_t i = 0; i < ev_as_list(keys)->len; i++) {
        ev_value kv = ev_as_list(keys)->items[i];
        ev_tuple *p = ev_as_tuple(kv);
        int ab = is_abstract(I, p->items[1]);
        if (ab < 0 || (ab && ev_set_add(I, (ev_set *)names.u.o, p->items[0])))
            goto fail;
    }
    ev_value bases = t->bases;
    for (size_t b = 0; ev_is(bases, EV_O_TUPLE) && b < ev_as_tuple(bases)->len; b++) {
        ev_value base = ev_as_tuple(bases)->items[b];
        ev_value am = ev_us_getattr(I, base, "__abstractmethods__");
        if (EV_IS_ERR(am)) {
            if (!ev_us_catch(I, &ev_type_AttributeError))
                goto fail;
            continue;
        }
        ev_value lst = ev_list_from_iterable(I, am);
        ev_decref(I, am);
        if (EV_IS_ERR(lst))
            goto fail;
        for (size_t i = 0; i < ev_as_list(lst)->len; i++) {
            ev_value nm = ev_as_list(lst)->items[i];
            if (!ev_is(nm, EV_O_STR)) {
                ev_decref(I, lst);
                ev_raise(I, &ev_type_TypeError, "attribute name must be string, not '%s'", ev_type_name(nm));
                goto fail;
            }
            ev_str *k = ev_intern(I, ev_as_str(nm)->data, ev_as_str(nm)->len);
            ev_value v = k ? ev_getattr(I, cls, k) : EV_ERR;
            int ab;
            if (EV_IS_ERR(v)) {
                ab = ev_us_catch(I, &ev_type_AttributeError) ? 0 : -1;
            } else {
                ab = is_abstract(I, v);
                ev_decref(I, v);
            }
            if (ab < 0 || (ab && ev_set_add(I, (ev_set *)names.u.o, nm))) {
                ev_decref(I, lst);
                goto fail;
            }
        }
        ev_decref(I, lst);
    }
    if (set_abstracts(I, t, names))
        goto fail;
    /* the collection flags: Mapping's and Sequence's own (their
     * __abc_tpflags__), else what the layout base has, as type_new
     * inherits them */
    const uint32_t coll = EV_TYPE_MAPPING | EV_TYPE_SEQUENCE;
    if (t->lbase && ev_is_heaptype(t->lbase))
        t->tflags |= t->lbase->tflags & coll;
    if (!fresh_data) {
        ev_decref(I, keys);
        ev_decref(I, names);
        return 0;
    }
    data = data_new(I);
    if (EV_IS_ERR(data))
        goto fail;
    ev_str *ik = ev_intern(I, "_abc_impl", 9);
    if (!ik || ev_dict_set_str(I, t->dict, ik, data))
        goto fail;
    I->class_version++;
    ev_decref(I, data);
    ev_decref(I, keys);
    ev_decref(I, names);
    return 0;
fail:
    ev_decref(I, data);
    ev_decref(I, keys);
    ev_decref(I, names);
    return -1;
}

static int abc_init(ev_interp *I, ev_type *t) { return abc_count(I, t, true); }

/* ABCMeta.__new__(mcls, name, bases, namespace, /, **kwargs) */
static ev_value meta_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const char *const missing[] = {
        "4 required positional arguments: 'mcls', 'name', 'bases', and 'namespace'",
        "3 required positional arguments: 'name', 'bases', and 'namespace'",
        "2 required positional arguments: 'bases' and 'namespace'",
        "1 required positional argument: 'namespace'",
    };
    if (argc < 4)
        return ev_raise(I, &ev_type_TypeError, "ABCMeta.__new__() missing %s", missing[argc]);
    if (argc > 4)
        return ev_raise(I, &ev_type_TypeError, "ABCMeta.__new__() takes 4 positional arguments but %d were given",
                        argc);
    if (!ev_is(argv[0], EV_O_TYPE))
        return ev_raise(I, &ev_type_TypeError, "type.__new__(X): X is not a type object (%s)", ev_type_name(argv[0]));
    ev_value cls = ev_meta_new(I, (ev_type *)argv[0].u.o, 3, argv + 1, kw);
    if (EV_IS_ERR(cls))
        return cls;
    if (!ev_is(cls, EV_O_TYPE) || abc_init(I, (ev_type *)cls.u.o)) {
        ev_decref(I, cls);
        return EV_ERR;
    }
    return cls;
}

static int subclasscheck(ev_interp *I, ev_value cls, ev_value sub);

/* issubclass(sub, c) through c's own __subclasscheck__ (PyObject_IsSubclass) */
static int issubclass_of(ev_interp *I, ev_value sub, ev_value c)
{
    return ev_issubclass(I, (ev_type *)sub.u.o, c);
}

/* The direct subclasses of cls among the session's classes, oldest
 * first (type.__subclasses__()): a list holding them. */
static ev_value direct_subclasses(ev_interp *I, ev_type *cls)
{
    ev_value out = ev_list_new(I, 0);
    if (EV_IS_ERR(out))
        return out;
    ev_type *last = I->classes;
    while (last && last->cnext)
        last = last->cnext;
    for (ev_type *t = last; t; t = t->cprev) {
        if (!ev_is(t->bases, EV_O_TUPLE))
            continue;
        ev_tuple *b = ev_as_tuple(t->bases);
        for (size_t i = 0; i < b->len; i++)
            if (b->items[i].u.o == &cls->h && ev_is(b->items[i], EV_O_TYPE)) {
                if (ev_list_append(I, ev_as_list(out), ev_obj_val(&t->h))) {
                    ev_decref(I, out);
                    return EV_ERR;
                }
                break;
            }
    }
    return out;
}

/* _abc__abc_subclasscheck_impl: 1, 0, or -1 raised */
static int subclasscheck(ev_interp *I, ev_value cls, ev_value sub)
{
    if (!ev_is(sub, EV_O_TYPE)) {
        ev_raise(I, &ev_type_TypeError, "issubclass() arg 1 must be a class");
        return -1;
    }
    ev_value held = EV_NONE, ok = EV_ERR, lst = EV_ERR;
    ev_cinstance *d = get_impl(I, cls, &held);
    if (!d)
        return -1;
    int r = set_has(I, d->slots[D_CACHE], sub);
    if (r)
        goto done;
    if (d->slots[D_NEGVER].tag != EV_T_INT || (uint64_t)d->slots[D_NEGVER].u.i < I->abc_invalidation) {
        ev_value fresh = ev_set_new(I, false);
        if (EV_IS_ERR(fresh)) {
            r = -1;
            goto done;
        }
        ev_decref(I, d->slots[D_NEG]);
        d->slots[D_NEG] = fresh;
        d->slots[D_NEGVER] = ev_int((int64_t)I->abc_invalidation);
    } else if ((r = set_has(I, d->slots[D_NEG], sub)) != 0) {
        r = r < 0 ? -1 : 0;
        goto done;
    }
    /* 4: the hook */
    ok = ev_us_callm(I, cls, "__subclasshook__", 1, &sub, NULL);
    if (EV_IS_ERR(ok)) {
        r = -1;
        goto done;
    }
    if (ok.u.o != EV_NOTIMPL.u.o || ok.tag != EV_NOTIMPL.tag) {
        if (ok.tag != EV_T_BOOL) {
            ev_raise(I, &ev_type_AssertionError, "__subclasshook__ must return either False, True, or NotImplemented");
            r = -1;
            goto done;
        }
        r = ok.u.i ? 1 : 0;
        if (set_add(I, d->slots[r ? D_CACHE : D_NEG], sub))
            r = -1;
        goto done;
    }
    /* 5: a real subclass (cls in sub.__mro__: self may be anything that
     * has an _abc_impl, when the method is called through ABCMeta) */
    if (ev_is(cls, EV_O_TYPE) && ev_type_is_subclass((ev_type *)sub.u.o, (ev_type *)cls.u.o)) {
        r = set_add(I, d->slots[D_CACHE], sub) ? -1 : 1;
        goto done;
    }
    /* 6: a subclass of a registered class (a snapshot: a check may register) */
    lst = ev_list_from_iterable(I, d->slots[D_REGISTRY]);
    if (EV_IS_ERR(lst)) {
        r = -1;
        goto done;
    }
    for (int step = 0; step < 2; step++) {
        for (size_t i = 0; i < ev_as_list(lst)->len; i++) {
            ev_value c = ev_dup(ev_as_list(lst)->items[i]);
            int s = ev_is(c, EV_O_TYPE) ? issubclass_of(I, sub, c) : 0;
            ev_decref(I, c);
            if (s) {
                r = s < 0 ? -1 : set_add(I, d->slots[D_CACHE], sub) ? -1 : 1;
                goto done;
            }
        }
        if (step == 0) {
            /* 7: a subclass of a subclass */
            ev_decref(I, lst);
            lst = ev_is(cls, EV_O_TYPE) ? direct_subclasses(I, (ev_type *)cls.u.o) : ev_list_new(I, 0);
            if (EV_IS_ERR(lst)) {
                r = -1;
                goto done;
            }
        }
    }
    /* 8: no */
    r = set_add(I, d->slots[D_NEG], sub) ? -1 : 0;
done:
    ev_decref(I, lst);
    ev_decref(I, ok);
    ev_decref(I, held);
    return r;
}

/* ABCMeta.__subclasscheck__(cls, subclass) */
static ev_value meta_subclasscheck(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const ev_us_sig sig = {"ABCMeta.__subclasscheck__", {"subclass", NULL}, 1, 0, false, false};
    ev_value a[EV_US_MAXP];
    if (ev_us_bind(I, &sig, argc, argv, kw, a))
        return EV_ERR;
    if (ev_recursion_enter(I, " in __subclasscheck__"))
        return EV_ERR;
    int r = subclasscheck(I, self, a[0]);
    ev_recursion_leave(I);
    return r < 0 ? EV_ERR : ev_bool(r);
}

/* ABCMeta.__instancecheck__(cls, instance) */
static ev_value meta_instancecheck(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const ev_us_sig sig = {"ABCMeta.__instancecheck__", {"instance", NULL}, 1, 0, false, false};
    ev_value a[EV_US_MAXP];
    if (ev_us_bind(I, &sig, argc, argv, kw, a))
        return EV_ERR;
    if (ev_recursion_enter(I, " in __instancecheck__"))
        return EV_ERR;
    ev_value held = EV_NONE, sub = EV_ERR, r = EV_ERR;
    ev_cinstance *d = get_impl(I, self, &held);
    if (!d)
        goto done;
    sub = ev_us_getattr(I, a[0], "__class__");
    if (EV_IS_ERR(sub))
        goto done;
    int in = set_has(I, d->slots[D_CACHE], sub);
    if (in) {
        r = in < 0 ? EV_ERR : EV_TRUE;
        goto done;
    }
    ev_value subtype = ev_obj_val(&ev_type_of(a[0])->h);
    if (subtype.u.o == sub.u.o) {
        if (d->slots[D_NEGVER].tag == EV_T_INT && (uint64_t)d->slots[D_NEGVER].u.i == I->abc_invalidation &&
            (in = set_has(I, d->slots[D_NEG], sub)) != 0) {
            r = in < 0 ? EV_ERR : EV_FALSE;
            goto done;
        }
        r = ev_us_callm(I, self, "__subclasscheck__", 1, &sub, NULL);
        goto done;
    }
    r = ev_us_callm(I, self, "__subclasscheck__", 1, &sub, NULL);
    if (EV_IS_ERR(r))
        goto done;
    int t = ev_truth(I, r);
    if (t != 0)
        goto done_t;
    ev_decref(I, r);
    ev_value st = ev_dup(subtype);
    r = ev_us_callm(I, self, "__subclasscheck__", 1, &st, NULL);
    ev_decref(I, st);
    goto done;
done_t:
    if (t < 0) {
        ev_decref(I, r);
        r = EV_ERR;
    }
done:
    ev_decref(I, sub);
    ev_decref(I, held);
    ev_recursion_leave(I);
    return r;
}

/* set_collection_flag_recursive: a registered heap class and its
 * subclasses match the patterns of the ABC (a builtin type keeps its own) */
static int set_collection_flag(ev_interp *I, ev_type *t, uint32_t flag, int depth)
{
    const uint32_t coll = EV_TYPE_MAPPING | EV_TYPE_SEQUENCE;
    if (!ev_is_heaptype(t) || (t->tflags & coll) == flag)
        return 0;
    if (depth > 200) /* a class hierarchy this deep: CPython's recursion would have failed */
        return 0;
    t->tflags = (t->tflags & ~coll) | flag;
    ev_value subs = direct_subclasses(I, t);
    if (EV_IS_ERR(subs))
        return -1;
    int r = 0;
    for (size_t i = 0; i < ev_as_list(subs)->len && r == 0; i++)
        r = set_collection_flag(I, (ev_type *)ev_as_list(subs)->items[i].u.o, flag, depth + 1);
    ev_decref(I, subs);
    return r;
}

static int do_register(ev_interp *I, ev_value cls, ev_value sub)
{
    if (!ev_is(sub, EV_O_TYPE)) {
        ev_raise(I, &ev_type_TypeError, "Can only register classes");
        return -1;
    }
    int r = issubclass_of(I, sub, cls);
    if (r)
        return r < 0 ? -1 : 0; /* already a subclass */
    if (!ev_is(cls, EV_O_TYPE)) {
        ev_raise(I, &ev_type_TypeError, "issubclass() arg 1 must be a class");
        return -1;
    }
    r = ev_issubclass(I, (ev_type *)cls.u.o, sub);
    if (r) {
        if (r > 0)
            ev_raise(I, &ev_type_RuntimeError, "Refusing to create an inheritance cycle");
        return -1;
    }
    ev_value held = EV_NONE;
    ev_cinstance *d = get_impl(I, cls, &held);
    if (!d)
        return -1;
    r = set_add(I, d->slots[D_REGISTRY], sub);
    ev_decref(I, held);
    if (r)
        return r;
    I->abc_invalidation++; /* every ABC's negative cache is stale */
    uint32_t flag = ((ev_type *)cls.u.o)->tflags & (EV_TYPE_MAPPING | EV_TYPE_SEQUENCE);
    return flag ? set_collection_flag(I, (ev_type *)sub.u.o, flag, 0) : 0;
}

/* ABCMeta.register(cls, subclass): returns subclass, so it decorates */
static ev_value meta_register(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const ev_us_sig sig = {"ABCMeta.register", {"subclass", NULL}, 1, 0, false, false};
    ev_value a[EV_US_MAXP];
    if (ev_us_bind(I, &sig, argc, argv, kw, a))
        return EV_ERR;
    if (ev_recursion_enter(I, ""))
        return EV_ERR;
    int r = do_register(I, self, a[0]);
    ev_recursion_leave(I);
    return r ? EV_ERR : ev_dup(a[0]);
}

/* _abc_registry_clear / _abc_caches_clear: empty the set(s) */
static ev_value clear_slots(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw,
                            const char *qual, int from, int to)
{
    const ev_us_sig sig = {qual, {NULL}, 0, 0, false, false};
    ev_value a[EV_US_MAXP];
    if (ev_us_bind(I, &sig, argc, argv, kw, a))
        return EV_ERR;
    ev_value held = EV_NONE;
    ev_cinstance *d = get_impl(I, self, &held);
    if (!d)
        return EV_ERR;
    for (int i = from; i <= to; i++) {
        ev_value fresh = ev_set_new(I, false);
        if (EV_IS_ERR(fresh)) {
            ev_decref(I, held);
            return fresh;
        }
        ev_decref(I, d->slots[i]);
        d->slots[i] = fresh;
    }
    ev_decref(I, held);
    return EV_NONE;
}

static ev_value meta_registry_clear(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return clear_slots(I, self, argc, argv, kw, "ABCMeta._abc_registry_clear", D_REGISTRY, D_REGISTRY);
}

static ev_value meta_caches_clear(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return clear_slots(I, self, argc, argv, kw, "ABCMeta._abc_caches_clear", D_CACHE, D_NEG);
}

static const ev_us_method meta_methods[] = {
    EV_ABC_M("register", meta_register),
    EV_ABC_M("__instancecheck__", meta_instancecheck),
    EV_ABC_M("__subclasscheck__", meta_subclasscheck),
    EV_ABC_M("_abc_registry_clear", meta_registry_clear),
    EV_ABC_M("_abc_caches_clear", meta_caches_clear),
    {{NULL, NULL, 0, 0, 0, NULL}, 0},
};

/* ---- making the classes --------------------------------------------------------------------- */

/* one methods-table entry as a class attribute */
static ev_value method_value(ev_interp *I, const ev_us_method *m, ev_value cls)
{
    if (m->kind == 'n')
        return EV_NONE;
    ev_value b = ev_builtin_new(I, &m->d, m->kind == 'm' ? cls : EV_NONE);
    if (EV_IS_ERR(b))
        return b;
    if (m->kind == 'm') {
        ((ev_builtin *)b.u.o)->unbound = true; /* bound like a function when read through an instance */
        return b;
    }
    ev_type *wrap = m->kind == 'c' ? &ev_type_classmethod : &ev_type_staticmethod;
    ev_value w = ev_call(I, ev_obj_val(&wrap->h), 1, &b, 0, NULL, NULL);
    ev_decref(I, b);
    return w;
}

static int put(ev_interp *I, ev_dict *d, const char *key, ev_value v_steal)
{
    if (EV_IS_ERR(v_steal))
        return -1;
    ev_str *k = ev_intern(I, key, strlen(key));
    int r = k ? ev_dict_set_str(I, d, k, v_steal) : -1;
    ev_decref(I, v_steal);
    return r;
}

static const struct abc_spec {
    const char *name;
    int8_t bases[3]; /* ids, -1 ends them; none: object */
    bool generic;    /* __class_getitem__ = classmethod(GenericAlias) */
    const char *slots; /* the one slot name, NULL: __slots__ = () */
    const char *doc;
} specs[ABC_META] = {
    [ABC_Hashable] = {"Hashable", {-1}, false, NULL, NULL},
    [ABC_Awaitable] = {"Awaitable", {-1}, true, NULL, NULL},
    [ABC_Coroutine] = {"Coroutine", {ABC_Awaitable, -1}, false, NULL, NULL},
    [ABC_AsyncIterable] = {"AsyncIterable", {-1}, true, NULL, NULL},
    [ABC_AsyncIterator] = {"AsyncIterator", {ABC_AsyncIterable, -1}, false, NULL, NULL},
    [ABC_AsyncGenerator] = {"AsyncGenerator", {ABC_AsyncIterator, -1}, false, NULL, NULL},
    [ABC_Iterable] = {"Iterable", {-1}, true, NULL, NULL},
    [ABC_Iterator] = {"Iterator", {ABC_Iterable, -1}, false, NULL, NULL},
    [ABC_Reversible] = {"Reversible", {ABC_Iterable, -1}, false, NULL, NULL},
    [ABC_Generator] = {"Generator", {ABC_Iterator, -1}, false, NULL, NULL},
    [ABC_Sized] = {"Sized", {-1}, false, NULL, NULL},
    [ABC_Container] = {"Container", {-1}, true, NULL, NULL},
    [ABC_Collection] = {"Collection", {ABC_Sized, ABC_Iterable, ABC_Container}, false, NULL, NULL},
    [ABC_Callable] = {"Callable", {-1}, true, NULL, NULL},
    [ABC_Set] = {"Set", {ABC_Collection, -1}, false, NULL,
                 "A set is a finite, iterable container.\n\n"
                 "    This class provides concrete generic implementations of all\n"
                 "    methods except for __contains__, __iter__ and __len__.\n\n"
                 "    To override the comparisons (presumably for speed, as the\n"
                 "    semantics are fixed), redefine __le__ and __ge__,\n"
                 "    then the other operations will automatically follow suit.\n    "},
    [ABC_MutableSet] = {"MutableSet", {ABC_Set, -1}, false, NULL,
                        "A mutable set is a finite, iterable container.\n\n"
                        "    This class provides concrete generic implementations of all\n"
                        "    methods except for __contains__, __iter__, __len__,\n"
                        "    add(), and discard().\n\n"
                        "    To override the comparisons (presumably for speed, as the\n"
                        "    semantics are fixed), all you have to do is redefine __le__ and\n"
                        "    then the other operations will automatically follow suit.\n    "},
    [ABC_Mapping] = {"Mapping", {ABC_Collection, -1}, false, NULL,
                     "A Mapping is a generic container for associating key/value\n"
                     "    pairs.\n\n"
                     "    This class provides concrete generic implementations of all\n"
                     "    methods except for __getitem__, __iter__, and __len__.\n    "},
    [ABC_MappingView] = {"MappingView", {ABC_Sized, -1}, true, "_mapping", NULL},
    [ABC_KeysView] = {"KeysView", {ABC_MappingView, ABC_Set, -1}, false, NULL, NULL},
    [ABC_ItemsView] = {"ItemsView", {ABC_MappingView, ABC_Set, -1}, false, NULL, NULL},
    [ABC_ValuesView] = {"ValuesView", {ABC_MappingView, ABC_Collection, -1}, false, NULL, NULL},
    [ABC_MutableMapping] = {"MutableMapping", {ABC_Mapping, -1}, false, NULL,
                            "A MutableMapping is a generic container for associating\n"
                            "    key/value pairs.\n\n"
                            "    This class provides concrete generic implementations of all\n"
                            "    methods except for __getitem__, __setitem__, __delitem__,\n"
                            "    __iter__, and __len__.\n    "},
    [ABC_Sequence] = {"Sequence", {ABC_Reversible, ABC_Collection, -1}, false, NULL,
                      "All the operations on a read-only sequence.\n\n"
                      "    Concrete subclasses must override __new__ or __init__,\n"
                      "    __getitem__, and __len__.\n    "},
    [ABC_ByteString] = {"ByteString", {ABC_Sequence, -1}, false, NULL,
                        "This unifies bytes and bytearray.\n\n    XXX Should add all their methods.\n    "},
    [ABC_MutableSequence] = {"MutableSequence", {ABC_Sequence, -1}, false, NULL,
                             "All the operations on a read-write sequence.\n\n"
                             "    Concrete subclasses must provide __new__ or __init__,\n"
                             "    __getitem__, __setitem__, __delitem__, __len__, and insert().\n    "},
};

static const ev_us_method hook_method = EV_US_C("__subclasshook__", abc_subclasshook);
static const ev_us_method getitem_method = EV_US_C("__class_getitem__", ev_us_class_getitem);

/* The class specs[id], made with metaclass meta (a reference in types). */
static int make_class(ev_interp *I, ev_tuple *types, ev_abc_id id, ev_type *meta)
{
    const struct abc_spec *sp = &specs[id];
    int nb = 0;
    while (nb < 3 && sp->bases[nb] >= 0)
        nb++;
    ev_value d = ev_dict_new(I), bases = ev_tuple_new(I, (size_t)nb), cls = EV_ERR, slots = EV_ERR;
    if (EV_IS_ERR(d) || EV_IS_ERR(bases))
        goto fail;
    for (int i = 0; i < nb; i++)
        ev_as_tuple(bases)->items[i] = ev_dup(types->items[sp->bases[i]]);
    slots = ev_tuple_new(I, sp->slots ? 1 : 0);
    if (EV_IS_ERR(slots))
        goto fail;
    if (sp->slots && EV_IS_ERR(ev_as_tuple(slots)->items[0] = ev_str_from_cstr(I, sp->slots))) {
        ev_as_tuple(slots)->items[0] = EV_NONE;
        goto fail;
    }
    if (put(I, ev_as_dict(d), "__module__", ev_str_from_cstr(I, "collections.abc")) ||
        put(I, ev_as_dict(d), "__doc__", sp->doc ? ev_str_from_cstr(I, sp->doc) : EV_NONE) ||
        put(I, ev_as_dict(d), "__slots__", ev_dup(slots)))
        goto fail;
    ev_str *nm = ev_intern(I, sp->name, strlen(sp->name));
    if (!nm)
        goto fail;
    cls = ev_class_new(I, meta, nm, bases, ev_as_dict(d), NULL);
    if (EV_IS_ERR(cls))
        goto fail;
    ev_type *t = (ev_type *)cls.u.o;
    t->module = "collections.abc"; /* static text, for GenericAlias reprs */
    for (const ev_us_method *m = ev_abc_methods[id]; m && m->d.name; m++)
        if (put(I, t->dict, m->d.name, method_value(I, m, cls)))
            goto fail;
    if ((hook_methods(id) && put(I, t->dict, "__subclasshook__", method_value(I, &hook_method, cls))) ||
        (sp->generic && put(I, t->dict, "__class_getitem__", method_value(I, &getitem_method, cls))))
        goto fail;
    /* a class that defines __eq__ has __hash__ None, as type_new makes it */
    ev_str *hk = I->dn[EV_DN_HASH];
    if (ev_dict_lookup_str(t->dict, I->dn[EV_DN_EQ]) && !ev_dict_lookup_str(t->dict, hk) &&
        ev_dict_set_str(I, t->dict, hk, EV_NONE))
        goto fail;
    I->class_version++;
    if (abc_init(I, t))
        goto fail;
    if (id == ABC_Mapping || id == ABC_Sequence) /* their __abc_tpflags__ */
        t->tflags |= id == ABC_Mapping ? EV_TYPE_MAPPING : EV_TYPE_SEQUENCE;
    types->items[id] = cls;
    ev_decref(I, slots);
    ev_decref(I, bases);
    ev_decref(I, d);
    return 0;
fail:
    ev_decref(I, cls);
    ev_decref(I, slots);
    ev_decref(I, bases);
    ev_decref(I, d);
    return -1;
}

static ev_value make_meta(ev_interp *I)
{
    ev_value d = ev_dict_new(I), bases = ev_tuple_new(I, 1), cls = EV_ERR;
    if (EV_IS_ERR(d) || EV_IS_ERR(bases))
        goto fail;
    ev_as_tuple(bases)->items[0] = ev_obj_val(&ev_type_type.h);
    static const ev_us_method new_method = {{"__new__", meta_new, 0, -1, EV_BF_KWANY, NULL}, 's'};
    if (put(I, ev_as_dict(d), "__module__", ev_str_from_cstr(I, "abc")) ||
        put(I, ev_as_dict(d), "__doc__",
            ev_str_from_cstr(I, "Metaclass for defining Abstract Base Classes (ABCs).\n\n"
                                "        Use this metaclass to create an ABC.  An ABC can be subclassed\n"
                                "        directly, and then acts as a mix-in class.  You can also register\n"
                                "        unrelated concrete classes (even built-in classes) and unrelated\n"
                                "        ABCs as 'virtual subclasses' -- these and their descendants will\n"
                                "        be considered subclasses of the registering ABC by the built-in\n"
                                "        issubclass() function, but the registering ABC won't show up in\n"
                                "        their MRO (Method Resolution Order) nor will method\n"
                                "        implementations defined by the registering ABC be callable (not\n"
                                "        even via super()).\n        ")) ||
        put(I, ev_as_dict(d), "__new__", method_value(I, &new_method, EV_NONE)))
        goto fail;
    ev_str *nm = ev_intern(I, "ABCMeta", 7);
    if (!nm)
        goto fail;
    cls = ev_class_new(I, NULL, nm, bases, ev_as_dict(d), NULL);
    if (EV_IS_ERR(cls))
        goto fail;
    ev_type *t = (ev_type *)cls.u.o;
    t->module = "abc";
    for (const ev_us_method *m = meta_methods; m->d.name; m++)
        if (put(I, t->dict, m->d.name, method_value(I, m, cls))) {
            ev_decref(I, cls);
            cls = EV_ERR;
            goto fail;
        }
    I->class_version++;
fail:
    ev_decref(I, bases);
    ev_decref(I, d);
    return cls;
}

ev_value ev_abc_named(ev_interp *I, const char *name)
{
    for (int i = 0; i < ABC_META; i++)
        if (strcmp(specs[i].name, name) == 0)
            return ev_abc_get(I, (ev_abc_id)i);
    return ev_raise(I, &ev_type_RuntimeError, "no class collections.abc.%s", name);
}

int ev_abc_class_init(ev_interp *I, ev_type *t) { return abc_init(I, t); }

int ev_abc_update_abstracts(ev_interp *I, ev_type *t) { return abc_count(I, t, false); }


/* A builtin type by an example value: type({}.keys()) */
static int register_type_of(ev_interp *I, ev_abc_id id, ev_value v_steal)
{
    if (EV_IS_ERR(v_steal))
        return -1;
    int r = do_register(I, I->abc_types->items[id], ev_obj_val(&ev_type_of(v_steal)->h));
    ev_decref(I, v_steal);
    return r;
}

static int register_builtins(ev_interp *I)
{
    static const struct { ev_abc_id id; ev_type *t; } regs[] = {
        {ABC_Set, &ev_type_frozenset},      {ABC_MutableSet, &ev_type_set},
        {ABC_Mapping, &ev_type_mappingproxy}, {ABC_MutableMapping, &ev_type_dict},
        {ABC_Sequence, &ev_type_tuple},     {ABC_Sequence, &ev_type_str},
        {ABC_Sequence, &ev_type_range},     {ABC_ByteString, &ev_type_bytes},
        {ABC_ByteString, &ev_type_bytearray}, {ABC_MutableSequence, &ev_type_list},
        {ABC_MutableSequence, &ev_type_bytearray}, {ABC_Generator, &ev_type_generator},
        {ABC_MutableSequence, &ev_type_deque}, {ABC_MutableMapping, &ev_type_ChainMap},
    };
    for (size_t i = 0; i < sizeof regs / sizeof regs[0]; i++)
        if (do_register(I, I->abc_types->items[regs[i].id], ev_obj_val(&regs[i].t->h)))
            return -1;
    ev_value d = ev_dict_new(I);
    if (EV_IS_ERR(d))
        return -1;
    int r = register_type_of(I, ABC_KeysView, ev_us_callm(I, d, "keys", 0, NULL, NULL)) ||
            register_type_of(I, ABC_ItemsView, ev_us_callm(I, d, "items", 0, NULL, NULL)) ||
            register_type_of(I, ABC_ValuesView, ev_us_callm(I, d, "values", 0, NULL, NULL));
    ev_decref(I, d);
    return r;
}

int ev_abc_register(ev_interp *I, ev_value cls, ev_value sub) { return do_register(I, cls, sub); }

/* The session's ABCMeta and collections.abc classes, made once: abc and
 * typing need them whether or not collections.abc was imported. */
int ev_abc_types_init(ev_interp *I)
{
    if (!I->abc_types) {
        ev_value tv = ev_tuple_new(I, ABC__COUNT);
        if (EV_IS_ERR(tv))
            return -1;
        ev_tuple *types = ev_as_tuple(tv);
        types->items[ABC_META] = make_meta(I);
        if (EV_IS_ERR(types->items[ABC_META])) {
            types->items[ABC_META] = EV_NONE;
            ev_decref(I, tv);
            return -1;
        }
        for (int i = 0; i < ABC_META; i++)
            if (make_class(I, types, (ev_abc_id)i, (ev_type *)types->items[ABC_META].u.o)) {
                ev_decref(I, tv);
                return -1;
            }
        I->abc_types = types;
        if (register_builtins(I))
            return -1;
    }
    return 0;
}

static int init(ev_interp *I, ev_dict *ns)
{
    if (ev_abc_types_init(I))
        return -1;
    for (int i = 0; i < ABC_META; i++)
        if (ev_module_set(I, ns, specs[i].name, I->abc_types->items[i]))
            return -1;
    return 0;
}

/* CPython 3.11's __all__ */
static const char *const all_names[] = {
    "Awaitable", "Coroutine", "AsyncIterable", "AsyncIterator", "AsyncGenerator", "Hashable", "Iterable",
    "Iterator", "Generator", "Reversible", "Sized", "Container", "Callable", "Collection", "Set", "MutableSet",
    "Mapping", "MutableMapping", "MappingView", "KeysView", "ItemsView", "ValuesView", "Sequence",
    "MutableSequence", "ByteString", NULL
};

const ev_module_def ev_module_collections_abc = {"collections.abc", NULL, init, all_names};
