/*
 * functools.c - the functools module after CPython 3.11's Lib/functools.py
 * and Modules/_functoolsmodule.c: reduce, partial, cmp_to_key and
 * lru_cache/cache here; update_wrapper, wraps, total_ordering,
 * cached_property, singledispatch, partialmethod and singledispatchmethod
 * in functools_wrap.c.
 *
 * partial and the lru_cache wrapper are heap classes (functools.partial,
 * functools._lru_cache_wrapper) over C types whose instance slots hold the
 * state (func/args/keywords; the cache dict and its counters): heap
 * classes so that the wrapper binds as a method when read through an
 * instance (its __get__) and so that user code may subclass partial.  Every
 * call into Python code (the wrapped function, a key's __eq__/__hash__)
 * may change or clear the cache: the state is re-read after each, and what
 * the code needs across the call is held by a reference.
 */
#include <stdio.h>
#include <string.h>

#include "evaluator/modules/functools_int.h"
#include "evaluator/objects/class_int.h"

/* ---- shared helpers -------------------------------------------------------------------------- */

ev_type *fn_global(ev_interp *I, const char *name)
{
    ev_str *mn = ev_intern(I, "functools", 9);
    ev_value *m = mn ? ev_dict_lookup_str(I->modules, mn) : NULL;
    if (!m || !ev_is(*m, EV_O_MODULE))
        return NULL;
    ev_str *k = ev_intern(I, name, strlen(name));
    ev_value *c = k ? ev_dict_lookup_str(((ev_module *)m->u.o)->ns, k) : NULL;
    return c && ev_is(*c, EV_O_TYPE) ? (ev_type *)c->u.o : NULL;
}

ev_value fn_getattr(ev_interp *I, ev_value obj, const char *name)
{
    ev_str *k = ev_intern(I, name, strlen(name));
    return k ? ev_getattr(I, obj, k) : EV_ERR;
}

int fn_setattr(ev_interp *I, ev_value obj, const char *name, ev_value v)
{
    ev_str *k = ev_intern(I, name, strlen(name));
    return k ? ev_setattr(I, obj, k, v) : -1;
}

bool fn_catch(ev_interp *I, ev_type *t)
{
    if (I->limit || !ev_is(I->exc, EV_O_EXC) || !ev_type_is_subclass(((ev_exc *)I->exc.u.o)->type, t))
        return false;
    ev_decref(I, I->exc);
    I->exc = EV_NONE;
    return true;
}

static int ns_put(ev_interp *I, ev_dict *d, const char *name, ev_value v_steal)
{
    if (EV_IS_ERR(v_steal))
        return -1;
    int e = ev_module_set(I, d, name, v_steal);
    ev_decref(I, v_steal);
    return e;
}

static ev_value method_value(ev_interp *I, const fn_method *m, ev_value cls)
{
    ev_value b = ev_builtin_new(I, &m->d, m->kind == 'c' ? EV_NONE : cls);
    if (EV_IS_ERR(b))
        return b;
    ((ev_builtin *)b.u.o)->unbound = m->kind != 'c';
    ev_type *wrap = m->kind == 'p' ? &ev_type_property : m->kind == 'c' ? &ev_type_classmethod : NULL;
    if (!wrap)
        return b;
    ev_value w = ev_call(I, ev_obj_val(&wrap->h), 1, &b, 0, NULL, NULL);
    ev_decref(I, b);
    return w;
}

int fn_class(ev_interp *I, ev_dict *ns, const char *name, ev_type *root, const fn_method *methods, ev_value *out)
{
    ev_value d = ev_dict_new(I), bases = EV_ERR, cls = EV_ERR;
    if (EV_IS_ERR(d))
        return -1;
    ev_str *nm = ev_intern(I, name, strlen(name));
    bases = ev_tuple_new(I, root ? 1 : 0);
    if (!EV_IS_ERR(bases) && root)
        ev_as_tuple(bases)->items[0] = ev_dup(ev_obj_val(&root->h));
    if (!nm || EV_IS_ERR(bases) || ns_put(I, ev_as_dict(d), "__module__", ev_str_from_cstr(I, "functools")))
        goto fail;
    cls = ev_class_new(I, NULL, nm, bases, ev_as_dict(d), NULL);
    if (EV_IS_ERR(cls))
        goto fail;
    ev_type *t = (ev_type *)cls.u.o;
    t->module = "functools";
    for (const fn_method *m = methods; m->d.name; m++)
        if (ns_put(I, t->dict, m->d.name, method_value(I, m, cls)))
            goto fail;
    I->class_version++; /* the namespace grew after the class was made */
    if (ev_module_set(I, ns, name, cls))
        goto fail;
    *out = cls;
    ev_decref(I, cls);
    ev_decref(I, bases);
    ev_decref(I, d);
    return 0;
fail:
    if (!EV_IS_ERR(cls))
        ev_decref(I, cls);
    if (!EV_IS_ERR(bases))
        ev_decref(I, bases);
    ev_decref(I, d);
    return -1;
}

ev_value fn_call_parts(ev_interp *I, ev_value f, ev_value pre, int argc, const ev_value *argv, ev_value kwdict,
                       const ev_kw *kw)
{
    size_t npre = ev_is(pre, EV_O_TUPLE) ? ev_as_tuple(pre)->len : 0;
    size_t nd = ev_is(kwdict, EV_O_DICT) ? ev_as_dict(kwdict)->used : 0;
    size_t nk = (size_t)EV_KW_N(kw);
    size_t na = npre + (size_t)argc, nkw = nd + nk;
    ev_value *args = ev_alloc(I, (na + nkw + 1) * sizeof *args);
    ev_str **names = ev_alloc(I, (nkw + 1) * sizeof *names);
    if (!args || !names) {
        ev_dealloc(I, args);
        ev_dealloc(I, names);
        return ev_raise_nomem(I);
    }
    for (size_t i = 0; i < npre; i++)
        args[i] = ev_as_tuple(pre)->items[i];
    for (int i = 0; i < argc; i++)
        args[npre + (size_t)i] = argv[i];
    ev_value *vals = args + na;
    size_t k = 0;
    if (nd) {
        /* the call's keywords replace the stored ones ({**self.keywords, **keywords}) */
        ev_dict *dd = ev_as_dict(kwdict);
        for (size_t i = 0; i < dd->nentries && k < nd; i++) {
            ev_value key = dd->entries[i].key;
            if (EV_IS_ERR(key))
                continue;
            if (!ev_is(key, EV_O_STR)) {
                ev_dealloc(I, args);
                ev_dealloc(I, names);
                return ev_raise(I, &ev_type_TypeError, "keywords must be strings");
            }
            bool dup = false;
            for (size_t j = 0; j < nk && !dup; j++)
                dup = ev_str_eq(kw->names[j], ev_as_str(key));
            if (dup)
                continue;
            ev_str *in = ev_intern(I, ev_as_str(key)->data, ev_as_str(key)->len);
            if (!in) {
                ev_dealloc(I, args);
                ev_dealloc(I, names);
                return EV_ERR;
            }
            names[k] = in;
            vals[k] = dd->entries[i].value;
            k++;
        }
    }
    for (size_t j = 0; j < nk; j++) {
        names[k] = kw->names[j];
        vals[k] = kw->vals[j];
        k++;
    }
    /* each value held across the call: kwdict is the partial's own
     * `keywords` dict, which the callee may clear while a C function it
     * was passed to still uses the values */
    for (size_t i = 0; i < na; i++)
        ev_incref(args[i]);
    for (size_t i = 0; i < k; i++)
        ev_incref(vals[i]);
    ev_value r = ev_call(I, f, (int)na, args, (int)k, names, vals);
    for (size_t i = 0; i < na; i++)
        ev_decref(I, args[i]);
    for (size_t i = 0; i < k; i++)
        ev_decref(I, vals[i]);
    ev_dealloc(I, args);
    ev_dealloc(I, names);
    return r;
}

/* ---- reduce ---------------------------------------------------------------------------------- */

/* reduce(function, iterable[, initial]): the iterator is taken once, so a
 * function that mutates the list sees list iteration's own semantics */
static ev_value ft_reduce(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError, "reduce() takes no keyword arguments");
    if (argc < 2)
        return ev_raise(I, &ev_type_TypeError, "reduce expected at least 2 arguments, got %d", argc);
    if (argc > 3)
        return ev_raise(I, &ev_type_TypeError, "reduce expected at most 3 arguments, got %d", argc);
    ev_value fn = ev_dup(argv[0]);
    ev_value it = ev_iter(I, argv[1]);
    if (EV_IS_ERR(it)) {
        ev_decref(I, fn);
        if (fn_catch(I, &ev_type_TypeError))
            return ev_raise(I, &ev_type_TypeError, "reduce() arg 2 must support iteration");
        return it;
    }
    ev_value acc = argc == 3 ? ev_dup(argv[2]) : EV_ERR;
    for (;;) {
        ev_value x;
        int got = ev_next(I, it, &x);
        if (got < 0)
            goto fail;
        if (got == 0)
            break;
        if (EV_IS_ERR(acc)) {
            acc = x;
            continue;
        }
        ev_value a[2] = {acc, x};
        ev_value r = ev_call(I, fn, 2, a, 0, NULL, NULL);
        ev_decref(I, acc);
        ev_decref(I, x);
        acc = r;
        if (EV_IS_ERR(r))
            goto fail;
    }
    ev_decref(I, it);
    ev_decref(I, fn);
    if (EV_IS_ERR(acc))
        return ev_raise(I, &ev_type_TypeError, "reduce() of empty iterable with no initial value");
    return acc;
fail:
    if (!EV_IS_ERR(acc))
        ev_decref(I, acc);
    ev_decref(I, it);
    ev_decref(I, fn);
    return EV_ERR;
}

/* ---- partial --------------------------------------------------------------------------------- */

enum { P_FUNC, P_ARGS, P_KW, P_NSLOTS };

static ev_value partial_cnew(ev_interp *I, ev_type *t) { return ev_cinstance_new(I, t, P_NSLOTS); }

static ev_type partial_root = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC},
                               .name = "functools.partial", .module = "functools",
                               .tflags = EV_TYPE_CSLOTS, .cnew = partial_cnew};

static bool is_partial(ev_value v)
{
    return ev_is(v, EV_O_INSTANCE) && ev_type_is_subclass(ev_type_of(v), &partial_root);
}

static bool callable(ev_interp *I, ev_value v)
{
    ev_value r = ev_builtin_apply(I, "callable", 1, &v);
    if (EV_IS_ERR(r)) {
        fn_catch(I, &ev_type_BaseException);
        return false;
    }
    return r.tag == EV_T_BOOL && r.u.i;
}

/* self.__init__(func, /, *args, **keywords): a partial of a partial
 * without instance attributes takes its function, arguments and keywords
 * (CPython's flattening) */
static ev_value partial_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc < 1)
        return ev_raise(I, &ev_type_TypeError, "type 'partial' takes at least one argument");
    if (!callable(I, argv[0]))
        return ev_raise(I, &ev_type_TypeError, "the first argument must be callable");
    ev_value func = argv[0], pargs = EV_NONE, pkw = EV_NONE;
    if (is_partial(func)) {
        ev_instance *in = (ev_instance *)func.u.o;
        if (!in->dict && !in->values) {
            ev_cinstance *c = ev_as_cinstance(func);
            pargs = c->slots[P_ARGS];
            pkw = c->slots[P_KW];
            func = c->slots[P_FUNC];
        }
    }
    size_t np = ev_is(pargs, EV_O_TUPLE) ? ev_as_tuple(pargs)->len : 0;
    ev_value args = ev_tuple_new(I, np + (size_t)(argc - 1));
    if (EV_IS_ERR(args))
        return args;
    for (size_t i = 0; i < np; i++)
        ev_as_tuple(args)->items[i] = ev_dup(ev_as_tuple(pargs)->items[i]);
    for (int i = 1; i < argc; i++)
        ev_as_tuple(args)->items[np + (size_t)i - 1] = ev_dup(argv[i]);
    ev_value d = ev_dict_new(I);
    if (EV_IS_ERR(d) || (ev_is(pkw, EV_O_DICT) && ev_dict_merge(I, ev_as_dict(d), ev_as_dict(pkw)))) {
        ev_decref(I, args);
        if (!EV_IS_ERR(d))
            ev_decref(I, d);
        return EV_ERR;
    }
    for (int k = 0; k < EV_KW_N(kw); k++)
        if (ev_dict_set_str(I, ev_as_dict(d), kw->names[k], kw->vals[k])) {
            ev_decref(I, args);
            ev_decref(I, d);
            return EV_ERR;
        }
    ev_cinstance *c = ev_as_cinstance(self);
    ev_value old[P_NSLOTS] = {c->slots[P_FUNC], c->slots[P_ARGS], c->slots[P_KW]};
    c->slots[P_FUNC] = ev_dup(func);
    c->slots[P_ARGS] = args;
    c->slots[P_KW] = d;
    for (int i = 0; i < P_NSLOTS; i++)
        ev_decref(I, old[i]);
    return EV_NONE;
}

ev_value fn_partial_new(ev_interp *I, ev_value func, int argc, const ev_value *argv, ev_value kwdict)
{
    ev_type *t = fn_global(I, "partial");
    if (!t)
        return ev_raise(I, &ev_type_RuntimeError, "functools.partial is gone");
    ev_value o = partial_cnew(I, t);
    if (EV_IS_ERR(o))
        return o;
    ev_value *a = ev_alloc(I, ((size_t)argc + 1) * sizeof *a);
    if (!a) {
        ev_decref(I, o);
        return ev_raise_nomem(I);
    }
    a[0] = func;
    for (int i = 0; i < argc; i++)
        a[i + 1] = argv[i];
    ev_value r = partial_init(I, o, argc + 1, a, NULL);
    ev_dealloc(I, a);
    if (!EV_IS_ERR(r) && ev_is(kwdict, EV_O_DICT))
        r = ev_dict_merge(I, ev_as_dict(ev_as_cinstance(o)->slots[P_KW]), ev_as_dict(kwdict)) ? EV_ERR : r;
    if (EV_IS_ERR(r)) {
        ev_decref(I, o);
        return r;
    }
    return o;
}

static ev_value partial_call(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_cinstance *c = ev_as_cinstance(self);
    if (EV_IS_ERR(c->slots[P_FUNC]) || c->slots[P_FUNC].tag == EV_T_NONE)
        return ev_raise(I, &ev_type_TypeError, "'NoneType' object is not callable");
    /* held: the call may replace the partial's state (partial.__setstate__) */
    ev_value f = ev_dup(c->slots[P_FUNC]), a = ev_dup(c->slots[P_ARGS]), d = ev_dup(c->slots[P_KW]);
    ev_value r = fn_call_parts(I, f, a, argc, argv, d, kw);
    ev_decref(I, f);
    ev_decref(I, a);
    ev_decref(I, d);
    return r;
}

static ev_value partial_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (self.u.o->flags & EV_OBJ_REPR)
        return ev_str_from_cstr(I, "...");
    if (ev_recursion_enter(I, " while getting the repr of an object"))
        return EV_ERR;
    self.u.o->flags |= EV_OBJ_REPR;
    ev_cinstance *c = ev_as_cinstance(self);
    ev_value f = ev_dup(c->slots[P_FUNC]), a = ev_dup(c->slots[P_ARGS]), d = ev_dup(c->slots[P_KW]);
    ev_type *t = ev_type_of(self);
    const char *name = t->name;
    ev_buf b = {0};
    int e = strcmp(name, "partial") == 0 && strcmp(ev_type_modname(I, t) ? ev_type_modname(I, t) : "", "functools") == 0
                ? ev_buf_puts(I, &b, "functools.partial(")
                : ev_buf_printf(I, &b, "%s(", name);
    e = e || ev_buf_repr(I, &b, f);
    for (size_t i = 0; !e && ev_is(a, EV_O_TUPLE) && i < ev_as_tuple(a)->len; i++)
        e = ev_buf_puts(I, &b, ", ") || ev_buf_repr(I, &b, ev_as_tuple(a)->items[i]);
    if (ev_is(d, EV_O_DICT)) {
        ev_dict *dd = ev_as_dict(d);
        for (size_t i = 0; !e && i < dd->nentries; i++) {
            ev_value k = dd->entries[i].key;
            if (EV_IS_ERR(k))
                continue;
            ev_value ks = ev_to_str(I, k);
            e = EV_IS_ERR(ks) || ev_buf_printf(I, &b, ", %s=", ev_as_str(ks)->data) ||
                ev_buf_repr(I, &b, dd->entries[i].value);
            if (!EV_IS_ERR(ks))
                ev_decref(I, ks);
        }
    }
    self.u.o->flags &= (uint16_t)~EV_OBJ_REPR;
    ev_recursion_leave(I);
    ev_decref(I, f);
    ev_decref(I, a);
    ev_decref(I, d);
    if (e || ev_buf_puts(I, &b, ")")) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

static ev_value partial_func(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value o = argc ? argv[0] : self;
    if (!is_partial(o))
        return ev_raise(I, &ev_type_TypeError, "descriptor for 'functools.partial' objects doesn't apply");
    return ev_dup(ev_as_cinstance(o)->slots[P_FUNC]);
}

static ev_value partial_args(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value o = argc ? argv[0] : self;
    if (!is_partial(o))
        return ev_raise(I, &ev_type_TypeError, "descriptor for 'functools.partial' objects doesn't apply");
    return ev_dup(ev_as_cinstance(o)->slots[P_ARGS]);
}

static ev_value partial_keywords(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value o = argc ? argv[0] : self;
    if (!is_partial(o))
        return ev_raise(I, &ev_type_TypeError, "descriptor for 'functools.partial' objects doesn't apply");
    return ev_dup(ev_as_cinstance(o)->slots[P_KW]);
}

static ev_value partial_class_getitem(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc != 2)
        return ev_raise(I, &ev_type_TypeError, "__class_getitem__() takes exactly one argument");
    return ev_generic_alias(I, argv[0], argv[1]);
}

static const fn_method partial_methods[] = {
    FN_M("__init__", partial_init),
    FN_M("__call__", partial_call),
    FN_M("__repr__", partial_repr),
    FN_P("func", partial_func),
    FN_P("args", partial_args),
    FN_P("keywords", partial_keywords),
    FN_C("__class_getitem__", partial_class_getitem),
    {{NULL, NULL, 0, 0, 0, NULL}, 0},
};

/* ---- cmp_to_key ------------------------------------------------------------------------------- */

extern ev_type fn_type_KeyWrapper;

/* slots: the comparison function, the wrapped object (EV_ERR in the
 * factory cmp_to_key returns) */
static ev_value key_make(ev_interp *I, ev_value cmp, ev_value obj)
{
    ev_value k = ev_cinstance_new(I, &fn_type_KeyWrapper, 2);
    if (EV_IS_ERR(k))
        return k;
    ev_as_cinstance(k)->slots[0] = ev_dup(cmp);
    ev_as_cinstance(k)->slots[1] = EV_IS_ERR(obj) ? EV_ERR : ev_dup(obj);
    return k;
}

static ev_value ft_cmp_to_key(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return key_make(I, argv[0], EV_ERR);
}

static ev_value key_call(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError, "K() takes no keyword arguments");
    if (argc != 1)
        return ev_raise(I, &ev_type_TypeError, "K() takes exactly 1 positional argument (%d given)", argc);
    return key_make(I, ev_as_cinstance(self)->slots[0], argv[0]);
}

static ev_value key_obj(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value o = ev_as_cinstance(self)->slots[1];
    if (EV_IS_ERR(o))
        return ev_raise(I, &ev_type_AttributeError, "obj");
    return ev_dup(o);
}

/* mycmp(self.obj, other.obj) OP 0 */
static ev_value key_compare(ev_interp *I, ev_value self, ev_value other, int op)
{
    if (!ev_is_cinstance(other, &fn_type_KeyWrapper))
        return ev_raise(I, &ev_type_TypeError, "other argument must be K instance");
    ev_cinstance *a = ev_as_cinstance(self), *b = ev_as_cinstance(other);
    if (EV_IS_ERR(a->slots[1]) || EV_IS_ERR(b->slots[1]))
        return ev_raise(I, &ev_type_AttributeError, "object");
    ev_value cmp = ev_dup(a->slots[0]);
    ev_value args[2] = {ev_dup(a->slots[1]), ev_dup(b->slots[1])};
    ev_value r = ev_call(I, cmp, 2, args, 0, NULL, NULL);
    ev_decref(I, cmp);
    ev_decref(I, args[0]);
    ev_decref(I, args[1]);
    if (EV_IS_ERR(r))
        return r;
    int c = ev_compare(I, r, ev_int(0), op);
    ev_decref(I, r);
    return c < 0 ? EV_ERR : ev_bool(c);
}

#define KEYCMP(nm, op)                                                                                     \
    static ev_value key_##nm(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) \
    {                                                                                                      \
        return key_compare(I, self, argv[0], op);                                                          \
    }
KEYCMP(lt, 0)
KEYCMP(le, 1)
KEYCMP(eq, 2)
KEYCMP(ne, 3)
KEYCMP(gt, 4)
KEYCMP(ge, 5)

static ev_value key_hash(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_raise(I, &ev_type_TypeError, "unhashable type: 'functools.KeyWrapper'");
}

static const ev_builtin_def key_methods[] = {
    {"__hash__", key_hash, 0, 0, 0},
    {"__call__", key_call, 0, -1, EV_BF_KWANY},
    {"obj", key_obj, 0, 0, EV_BF_PROP},
    {"__lt__", key_lt, 1, 1, 0},
    {"__le__", key_le, 1, 1, 0},
    {"__eq__", key_eq, 1, 1, 0},
    {"__ne__", key_ne, 1, 1, 0},
    {"__gt__", key_gt, 1, 1, 0},
    {"__ge__", key_ge, 1, 1, 0},
    {NULL, NULL, 0, 0, 0},
};

ev_type fn_type_KeyWrapper = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC},
                              .name = "functools.KeyWrapper", .methods = key_methods,
                              .module = "functools", .tflags = EV_TYPE_CSLOTS | EV_TYPE_FINAL | EV_TYPE_NODICT};

/* ---- lru_cache ------------------------------------------------------------------------------- */

/* the wrapper's slots: the user's function, the cache (a dict in recency
 * order, oldest first), hits, misses, maxsize (None or an int), typed, the
 * CacheInfo class */
enum { L_FUNC, L_CACHE, L_HITS, L_MISSES, L_MAXSIZE, L_TYPED, L_INFO, L_NSLOTS };

static ev_value lru_cnew(ev_interp *I, ev_type *t) { return ev_cinstance_new(I, t, L_NSLOTS); }

static ev_type lru_root = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC},
                           .name = "functools._lru_cache_wrapper", .module = "functools",
                           .tflags = EV_TYPE_CSLOTS, .cnew = lru_cnew};

/* The separator between positional and keyword arguments in a key: a
 * static object user code cannot reach (CPython's kwd_mark). */
static ev_type kwd_mark = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC},
                           .name = "kwd_mark", .module = "functools"};

/* _make_key: args + (kwd_mark,) + the keyword items, + the types when
 * typed; a lone int or str argument is its own key */
static ev_value make_key(ev_interp *I, int argc, const ev_value *argv, const ev_kw *kw, bool typed)
{
    int nk = EV_KW_N(kw);
    if (!nk && argc == 1 && !typed) {
        ev_value v = argv[0];
        if ((v.tag == EV_T_INT || (ev_is(v, EV_O_INT) && !ev_is_subint(v))) ||
            (ev_is(v, EV_O_STR) && !ev_is_user(v)))
            return ev_dup(v);
    }
    size_t n = (size_t)argc + (nk ? 1 + 2 * (size_t)nk : 0);
    if (typed)
        n += (size_t)argc + (size_t)nk;
    ev_value t = ev_tuple_new(I, n);
    if (EV_IS_ERR(t))
        return t;
    ev_value *it = ev_as_tuple(t)->items;
    size_t j = 0;
    for (int i = 0; i < argc; i++)
        it[j++] = ev_dup(argv[i]);
    if (nk) {
        it[j++] = ev_dup(ev_obj_val(&kwd_mark.h));
        for (int k = 0; k < nk; k++) {
            it[j++] = ev_dup(ev_obj_val(&kw->names[k]->h));
            it[j++] = ev_dup(kw->vals[k]);
        }
    }
    if (typed) {
        for (int i = 0; i < argc; i++)
            it[j++] = ev_dup(ev_obj_val(&ev_type_of(argv[i])->h));
        for (int k = 0; k < nk; k++)
            it[j++] = ev_dup(ev_obj_val(&ev_type_of(kw->vals[k])->h));
    }
    return t;
}

static ev_value lru_call(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_cinstance *c = ev_as_cinstance(self);
    ev_value maxsize = c->slots[L_MAXSIZE];
    bool typed = c->slots[L_TYPED].tag == EV_T_BOOL && c->slots[L_TYPED].u.i;
    ev_value func = ev_dup(c->slots[L_FUNC]);
    if (maxsize.tag == EV_T_INT && maxsize.u.i == 0) {
        /* no caching: only counts */
        c->slots[L_MISSES].u.i++;
        ev_value r = ev_call(I, func, argc, argv, EV_KW_N(kw), kw ? kw->names : NULL, kw ? kw->vals : NULL);
        ev_decref(I, func);
        return r;
    }
    ev_value key = make_key(I, argc, argv, kw, typed);
    if (EV_IS_ERR(key)) {
        ev_decref(I, func);
        return key;
    }
    int64_t h;
    ev_value r = EV_ERR;
    if (ev_hash(I, key, &h))
        goto done;
    /* the cache dict is held: a key's __eq__ may clear or replace it */
    ev_value cache = ev_dup(c->slots[L_CACHE]);
    int got = ev_dict_get_hashed(I, ev_as_dict(cache), key, h, &r);
    if (got < 0) {
        ev_decref(I, cache);
        r = EV_ERR;
        goto done;
    }
    if (got) {
        c->slots[L_HITS].u.i++;
        if (maxsize.tag != EV_T_NONE) {
            /* most recently used: moved to the end */
            if (ev_dict_del(I, ev_as_dict(cache), key) < 0 || ev_dict_set(I, ev_as_dict(cache), key, r)) {
                ev_decref(I, r);
                r = EV_ERR;
            }
        }
        ev_decref(I, cache);
        goto done;
    }
    ev_decref(I, cache);
    c->slots[L_MISSES].u.i++;
    r = ev_call(I, func, argc, argv, EV_KW_N(kw), kw ? kw->names : NULL, kw ? kw->vals : NULL);
    if (EV_IS_ERR(r))
        goto done;
    /* re-read: the call may have cleared the cache (a new dict) or filled it */
    cache = ev_dup(c->slots[L_CACHE]);
    ev_dict *d = ev_as_dict(cache);
    int e = 0;
    if (maxsize.tag == EV_T_NONE) {
        e = ev_dict_set(I, d, key, r);
    } else {
        ev_value dummy;
        got = ev_dict_get_hashed(I, d, key, h, &dummy);
        if (got < 0) {
            e = -1;
        } else if (got) {
            ev_decref(I, dummy); /* added while the function ran: nothing to do */
        } else {
            if (d->used >= (uint64_t)maxsize.u.i) {
                /* evict the least recently used: the first live entry */
                ev_value oldest = EV_ERR;
                for (size_t i = 0; i < d->nentries; i++)
                    if (!EV_IS_ERR(d->entries[i].key)) {
                        oldest = ev_dup(d->entries[i].key);
                        break;
                    }
                if (!EV_IS_ERR(oldest)) {
                    e = ev_dict_del(I, d, oldest) < 0;
                    ev_decref(I, oldest);
                }
            }
            if (!e)
                e = ev_dict_set(I, d, key, r);
        }
    }
    ev_decref(I, cache);
    if (e) {
        ev_decref(I, r);
        r = EV_ERR;
    }
done:
    ev_decref(I, key);
    ev_decref(I, func);
    return r;
}

static ev_value lru_cache_info(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc || EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError, "_lru_cache_wrapper.cache_info() takes no arguments (%d given)",
                        argc + EV_KW_N(kw));
    ev_cinstance *c = ev_as_cinstance(self);
    ev_value a[4] = {c->slots[L_HITS], c->slots[L_MISSES], c->slots[L_MAXSIZE],
                     ev_int(ev_as_dict(c->slots[L_CACHE])->used)};
    ev_value info = ev_dup(c->slots[L_INFO]);
    ev_value r = ev_call(I, info, 4, a, 0, NULL, NULL);
    ev_decref(I, info);
    return r;
}

static ev_value lru_cache_clear(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc || EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError, "_lru_cache_wrapper.cache_clear() takes no arguments (%d given)",
                        argc + EV_KW_N(kw));
    ev_cinstance *c = ev_as_cinstance(self);
    c->slots[L_HITS] = ev_int(0);
    c->slots[L_MISSES] = ev_int(0);
    /* a fresh dict: a call running now keeps the old one it holds */
    ev_value d = ev_dict_new(I);
    if (EV_IS_ERR(d))
        return d;
    ev_value old = c->slots[L_CACHE];
    c->slots[L_CACHE] = d;
    ev_decref(I, old);
    return EV_NONE;
}

static ev_value lru_cache_parameters(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc || EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError, "<lambda>() takes 0 positional arguments but %d were given", argc);
    ev_cinstance *c = ev_as_cinstance(self);
    ev_value d = ev_dict_new(I);
    if (EV_IS_ERR(d))
        return d;
    if (ev_module_set(I, ev_as_dict(d), "maxsize", c->slots[L_MAXSIZE]) ||
        ev_module_set(I, ev_as_dict(d), "typed", c->slots[L_TYPED])) {
        ev_decref(I, d);
        return EV_ERR;
    }
    return d;
}

static ev_value lru_get(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc < 1 || argv[0].tag == EV_T_NONE)
        return ev_dup(self);
    return cls_method_new(I, self, argv[0]);
}

static ev_value lru_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_object_repr(I, self);
}

static const fn_method lru_methods[] = {
    FN_M("__call__", lru_call),
    FN_M("__get__", lru_get),
    FN_M("__repr__", lru_repr),
    FN_M("cache_info", lru_cache_info),
    FN_M("cache_clear", lru_cache_clear),
    FN_M("cache_parameters", lru_cache_parameters),
    {{NULL, NULL, 0, 0, 0, NULL}, 0},
};

/* the wrapper of user_function, made as _lru_cache_wrapper and then
 * update_wrapper(wrapper, user_function) */
static ev_value lru_wrap(ev_interp *I, ev_value func, ev_value maxsize, bool typed)
{
    if (!callable(I, func))
        return ev_raise(I, &ev_type_TypeError, "the first argument must be callable");
    ev_type *t = fn_global(I, "_lru_cache_wrapper");
    ev_type *info = fn_global(I, "_CacheInfo");
    if (!t || !info)
        return ev_raise(I, &ev_type_RuntimeError, "functools._lru_cache_wrapper is gone");
    ev_value w = lru_cnew(I, t);
    if (EV_IS_ERR(w))
        return w;
    ev_value d = ev_dict_new(I);
    if (EV_IS_ERR(d)) {
        ev_decref(I, w);
        return d;
    }
    ev_cinstance *c = ev_as_cinstance(w);
    c->slots[L_FUNC] = ev_dup(func);
    c->slots[L_CACHE] = d;
    c->slots[L_HITS] = ev_int(0);
    c->slots[L_MISSES] = ev_int(0);
    c->slots[L_MAXSIZE] = ev_dup(maxsize);
    c->slots[L_TYPED] = ev_bool(typed);
    c->slots[L_INFO] = ev_dup(ev_obj_val(&info->h));
    ev_value a[2] = {w, func};
    ev_value r = fn_update_wrapper(I, EV_NONE, 2, a, NULL);
    ev_decref(I, w);
    return r;
}

/* lru_cache(maxsize=128, typed=False) */
static int lru_params(ev_interp *I, int argc, const ev_value *argv, const ev_kw *kw, ev_value *maxsize,
                      ev_value *typed)
{
    static const ev_defsig sig = {"lru_cache", {"maxsize", "typed"}, 0, .func = true};
    ev_value a[EV_DEF_MAXP];
    if (ev_def_bind(I, &sig, argc, argv, kw, a))
        return -1;
    *maxsize = EV_IS_ERR(a[0]) ? ev_int(128) : a[0];
    *typed = EV_IS_ERR(a[1]) ? EV_FALSE : a[1];
    return 0;
}

static const ev_builtin_def decorating_def;

static ev_value ft_lru_cache(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value maxsize, typed;
    if (lru_params(I, argc, argv, kw, &maxsize, &typed))
        return EV_ERR;
    int tt = ev_truth(I, typed);
    if (tt < 0)
        return EV_ERR;
    if (ev_is_int(maxsize)) {
        ev_value zero = ev_int(0);
        int neg = ev_compare(I, maxsize, zero, 0);
        if (neg < 0)
            return EV_ERR;
        if (neg)
            maxsize = zero;
        else if (maxsize.tag == EV_T_BOOL)
            maxsize = ev_int(maxsize.u.i);
    } else if (callable(I, maxsize) && typed.tag == EV_T_BOOL) {
        /* @lru_cache without parentheses */
        return lru_wrap(I, maxsize, ev_int(128), tt);
    } else if (maxsize.tag != EV_T_NONE) {
        return ev_raise(I, &ev_type_TypeError, "Expected first argument to be an integer, a callable, or None");
    }
    if (!ev_is_int(maxsize) && maxsize.tag != EV_T_NONE)
        return EV_ERR;
    if (ev_is(maxsize, EV_O_INT))
        return ev_raise(I, &ev_type_OverflowError, "Python int too large to convert to C ssize_t");
    ev_value params = ev_tuple_new(I, 2);
    if (EV_IS_ERR(params))
        return params;
    ev_as_tuple(params)->items[0] = ev_dup(maxsize);
    ev_as_tuple(params)->items[1] = ev_bool(tt);
    ev_value dec = ev_builtin_new(I, &decorating_def, params);
    ev_decref(I, params);
    return dec;
}

static ev_value ft_decorating(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_tuple *p = ev_as_tuple(self);
    return lru_wrap(I, argv[0], p->items[0], p->items[1].u.i);
}

static const ev_builtin_def decorating_def = {"decorating_function", ft_decorating, 1, 1, 0, "user_function"};

static ev_value ft_cache(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return lru_wrap(I, argv[0], EV_NONE, false);
}

/* ---- the module ------------------------------------------------------------------------------ */

static const ev_builtin_def functions[] = {
    {"reduce", ft_reduce, 0, -1, EV_BF_KWANY, NULL},
    {"cmp_to_key", ft_cmp_to_key, 1, 1, 0, "mycmp"},
    {"lru_cache", ft_lru_cache, 0, -1, EV_BF_KWANY, NULL},
    {"cache", ft_cache, 1, 1, 0, "user_function"},
    {NULL, NULL, 0, 0, 0, NULL},
};

static int init(ev_interp *I, ev_dict *ns)
{
    ev_value cls;
    if (fn_class(I, ns, "partial", &partial_root, partial_methods, &cls) ||
        fn_class(I, ns, "_lru_cache_wrapper", &lru_root, lru_methods, &cls) ||
        ev_module_set(I, ns, "KeyWrapper", ev_obj_val(&fn_type_KeyWrapper.h)))
        return -1;
    /* _CacheInfo = namedtuple("CacheInfo", ["hits", "misses", "maxsize", "currsize"]) */
    extern ev_value ev_namedtuple(ev_interp * I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
    ev_value a[2] = {ev_str_from_cstr(I, "CacheInfo"), ev_str_from_cstr(I, "hits misses maxsize currsize")};
    ev_value mod = ev_str_from_cstr(I, "functools");
    /* bound as its declared "typename, field_names, *, rename, defaults, module" */
    ev_value nargs[5] = {a[0], a[1], EV_ERR, EV_ERR, mod};
    ev_value info = EV_IS_ERR(a[0]) || EV_IS_ERR(a[1]) || EV_IS_ERR(mod) ? EV_ERR
                                                                         : ev_namedtuple(I, EV_NONE, 5, nargs, NULL);
    if (!EV_IS_ERR(mod))
        ev_decref(I, mod);
    for (int i = 0; i < 2; i++)
        if (!EV_IS_ERR(a[i]))
            ev_decref(I, a[i]);
    if (EV_IS_ERR(info))
        return -1;
    int e = ev_module_set(I, ns, "_CacheInfo", info);
    ev_decref(I, info);
    if (e)
        return -1;
    for (const ev_builtin_def *d = fn_wrap_functions; d->name; d++) {
        ev_value f = ev_builtin_new(I, d, EV_NONE);
        if (EV_IS_ERR(f))
            return -1;
        ((ev_builtin *)f.u.o)->owner = "functools";
        e = ev_module_set(I, ns, d->name, f);
        ev_decref(I, f);
        if (e)
            return -1;
    }
    return fn_wrap_init(I, ns);
}

/* CPython 3.11's __all__ */
static const char *const all_names[] = {
    "update_wrapper", "wraps", "WRAPPER_ASSIGNMENTS", "WRAPPER_UPDATES", "total_ordering", "cache",
    "cmp_to_key", "lru_cache", "reduce", "partial", "partialmethod", "singledispatch",
    "singledispatchmethod", "cached_property", NULL};

const ev_module_def ev_module_functools = {"functools", functions, init, all_names};
