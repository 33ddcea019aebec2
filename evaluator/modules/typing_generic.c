/*
 * typing_generic.c - the part of CPython 3.11's Lib/typing.py past the
 * aliases (typing.c): TypeVar, Generic (subscripting a user class,
 * __parameters__ from __orig_bases__), Protocol with runtime_checkable's
 * structural isinstance, NamedTuple and TypedDict (class syntax through
 * __mro_entries__ and their metaclasses, and the functional forms),
 * NewType, and the functions: cast, overload, final, no_type_check,
 * get_origin, get_args, get_type_hints, assert_never, assert_type,
 * is_typeddict, dataclass_transform.
 *
 * get_type_hints resolves string annotations (and every annotation under
 * `from __future__ import annotations`) without eval: a small reader of
 * type expressions (names, dotted attributes, subscriptions, |, None,
 * literals) looks names up in the module's globals and the builtins.  A
 * name or attribute that starts with "__" is refused with the attribute
 * policy's reason, and any other syntax (a call, a lambda, an operator)
 * raises NotImplementedError naming the annotation: CPython would eval()
 * it, safepy never runs an annotation's code.
 */
#include <ctype.h>
#include <string.h>

#include "evaluator/modules/collections_abc.h"
#include "evaluator/modules/typing_int.h"


int tp_set_attr(ev_interp *I, ev_value obj, const char *name, ev_value v_steal)
{
    if (EV_IS_ERR(v_steal))
        return -1;
    int r = ev_us_setattr(I, obj, name, v_steal);
    ev_decref(I, v_steal);
    return r;
}

/* obj.name through the class (getattr), or dflt (borrowed) when missing: a new reference */
ev_value tp_getattr_or(ev_interp *I, ev_value obj, const char *name, ev_value dflt)
{
    ev_value v = ev_us_getattr(I, obj, name);
    if (EV_IS_ERR(v) && ev_us_catch(I, &ev_type_AttributeError))
        return ev_dup(dflt);
    return v;
}

/* the class's own namespace entry, borrowed, or NULL */
ev_value *tp_own(ev_interp *I, ev_value cls, const char *name)
{
    if (!ev_is(cls, EV_O_TYPE) || !ev_is_heaptype((ev_type *)cls.u.o))
        return NULL;
    ev_str *k = ev_intern(I, name, strlen(name));
    return k ? ev_dict_lookup_str(((ev_type *)cls.u.o)->dict, k) : NULL;
}

/* "<what> <repr(v)>" as a TypeError: the messages that end in a repr */
static int raise_repr(ev_interp *I, const char *what, ev_value v)
{
    ev_value r = ev_repr(I, v);
    if (EV_IS_ERR(r))
        return -1;
    ev_raise(I, &ev_type_TypeError, "%s%s", what, ev_as_str(r)->data);
    ev_decref(I, r);
    return -1;
}

/* ---- TypeVar ------------------------------------------------------------------------------- */

/* TypeVar(name, *constraints, bound=None, covariant=False, contravariant=False) */
static ev_value tv_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value bound = EV_NONE, cov = EV_FALSE, contra = EV_FALSE;
    for (int i = 0; i < EV_KW_N(kw); i++) {
        const char *n = kw->names[i]->data;
        if (strcmp(n, "bound") == 0)
            bound = kw->vals[i];
        else if (strcmp(n, "covariant") == 0)
            cov = kw->vals[i];
        else if (strcmp(n, "contravariant") == 0)
            contra = kw->vals[i];
        else if (strcmp(n, "name") == 0 && argc == 0)
            return ev_raise(I, &ev_type_NotImplementedError, "TypeVar(name=...) by keyword is not supported by safepy");
        else
            return ev_raise(I, &ev_type_TypeError, "TypeVar.__init__() got an unexpected keyword argument '%s'", n);
    }
    if (argc < 1)
        return ev_raise(I, &ev_type_TypeError, "TypeVar.__init__() missing 1 required positional argument: 'name'");
    int c = ev_truth(I, cov), k = c < 0 ? -1 : ev_truth(I, contra);
    if (k < 0)
        return EV_ERR;
    if (c && k)
        return ev_raise(I, &ev_type_ValueError, "Bivariant types are not supported.");
    if (tp_set_attr(I, self, "__covariant__", ev_bool(c)) || tp_set_attr(I, self, "__contravariant__", ev_bool(k)))
        return EV_ERR;
    int bt = ev_truth(I, bound);
    if (bt < 0)
        return EV_ERR;
    ev_value b = bt ? tp_type_check(I, bound, "Bound must be a type.", false) : EV_NONE;
    if (EV_IS_ERR(b) || tp_set_attr(I, self, "__bound__", b))
        return EV_ERR;
    if (argc > 1 && bound.tag != EV_T_NONE)
        return ev_raise(I, &ev_type_TypeError, "Constraints cannot be combined with bound=...");
    if (argc == 2)
        return ev_raise(I, &ev_type_TypeError, "A single constraint is not allowed");
    ev_value cons = ev_tuple_new(I, (size_t)(argc - 1));
    if (EV_IS_ERR(cons))
        return cons;
    for (int i = 1; i < argc; i++) {
        ev_value x = tp_type_check(I, argv[i], "TypeVar(name, constraint, ...): constraints must be types.", false);
        if (EV_IS_ERR(x)) {
            ev_decref(I, cons);
            return x;
        }
        ev_as_tuple(cons)->items[i - 1] = x;
    }
    if (tp_set_attr(I, self, "__constraints__", cons) || ev_us_setattr(I, self, "__name__", argv[0]) ||
        tp_set_attr(I, self, "__module__", ev_str_from_cstr(I, "__main__")))
        return EV_ERR;
    return EV_NONE;
}

static ev_value tv_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value n = tp_getattr_or(I, self, "__name__", EV_NONE), c = tp_getattr_or(I, self, "__covariant__", EV_FALSE),
             k = tp_getattr_or(I, self, "__contravariant__", EV_FALSE);
    ev_buf b = {0};
    int e = EV_IS_ERR(n) || EV_IS_ERR(c) || EV_IS_ERR(k) ||
            ev_buf_puts(I, &b, ev_truth(I, c) == 1 ? "+" : ev_truth(I, k) == 1 ? "-" : "~") ||
            (ev_is(n, EV_O_STR) ? ev_buf_puts(I, &b, ev_as_str(n)->data) : ev_buf_repr(I, &b, n));
    ev_decref(I, n);
    ev_decref(I, c);
    ev_decref(I, k);
    if (e) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

/* callable(v), the builtin's answer */
static int is_callable(ev_interp *I, ev_value v)
{
    ev_str *k = ev_intern(I, "callable", 8);
    ev_value *f = k ? ev_dict_lookup_str(I->builtins, k) : NULL;
    if (!f)
        return ev_raise(I, &ev_type_RuntimeError, "callable is gone"), -1;
    ev_value r = ev_call(I, *f, 1, &v, 0, NULL, NULL);
    if (EV_IS_ERR(r))
        return -1;
    int t = ev_truth(I, r);
    ev_decref(I, r);
    return t;
}

static ev_value pair_union(ev_interp *I, ev_value a, ev_value b)
{
    ev_value t = ev_tuple_new(I, 2);
    if (EV_IS_ERR(t))
        return t;
    ev_as_tuple(t)->items[0] = ev_dup(a);
    ev_as_tuple(t)->items[1] = ev_dup(b);
    ev_value u = tp_union(I, t);
    ev_decref(I, t);
    return u;
}

static ev_value tv_or(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc != 1)
        return ev_raise(I, &ev_type_TypeError, "__or__ expects 1 argument");
    return pair_union(I, self, argv[0]);
}

static ev_value tv_ror(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc != 1)
        return ev_raise(I, &ev_type_TypeError, "__ror__ expects 1 argument");
    return pair_union(I, argv[0], self);
}

static ev_value tv_mro_entries(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_raise(I, &ev_type_TypeError, "Cannot subclass an instance of TypeVar");
}

static const tp_method tv_methods[] = {
    TP_M("__init__", tv_init), TP_M("__repr__", tv_repr), TP_M("__or__", tv_or),
    TP_M("__ror__", tv_ror),   TP_M("__mro_entries__", tv_mro_entries), TP_END,
};

/* ---- Generic ------------------------------------------------------------------------------- */

bool tp_is_cls(ev_interp *I, ev_value v, const char *name)
{
    ev_value c = tp_get(I, name);
    if (EV_IS_ERR(c)) {
        ev_us_catch(I, &ev_type_Exception);
        return false;
    }
    return v.u.o == c.u.o && v.tag == EV_T_OBJ;
}

/* Generic.__class_getitem__(cls, params) */
static ev_value gen_class_getitem(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc != 2 || EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError, "__class_getitem__ expects 1 argument");
    ev_value cls = argv[0];
    ev_value t = tp_tupleize(I, argv[1]);
    if (EV_IS_ERR(t))
        return t;
    ev_value params = ev_tuple_new(I, ev_as_tuple(t)->len);
    for (size_t i = 0; !EV_IS_ERR(params) && i < ev_as_tuple(t)->len; i++) {
        ev_value x = ev_as_tuple(t)->items[i];
        ev_value c = x.tag == EV_T_NONE ? ev_obj_val(&ev_type_NoneType.h) : x;
        if (ev_is(x, EV_O_STR)) {
            c = tp_type_check(I, x, "", false);
            if (EV_IS_ERR(c)) {
                ev_decref(I, params);
                params = c;
                break;
            }
            ev_as_tuple(params)->items[i] = c;
        } else {
            ev_as_tuple(params)->items[i] = ev_dup(c);
        }
    }
    ev_decref(I, t);
    if (EV_IS_ERR(params))
        return params;
    ev_tuple *p = ev_as_tuple(params);
    if (tp_is_cls(I, cls, "Generic") || tp_is_cls(I, cls, "Protocol")) {
        const char *nm = ((ev_type *)cls.u.o)->name;
        if (p->len == 0) {
            ev_decref(I, params);
            return ev_raise(I, &ev_type_TypeError, "Parameter list to %s[...] cannot be empty", nm);
        }
        for (size_t i = 0; i < p->len; i++)
            if (!tp_is_typevar_like(I, p->items[i])) {
                ev_decref(I, params);
                return ev_raise(I, &ev_type_TypeError,
                                "Parameters to %s[...] must all be type variables or parameter specification variables.",
                                nm);
            }
        /* len(set(params)) != len(params): Unpack[Ts] twice are two equal objects */
        for (size_t i = 0; i < p->len; i++)
            for (size_t j = i + 1; j < p->len; j++) {
                int same = p->items[i].u.o == p->items[j].u.o ? 1 : ev_eq(I, p->items[i], p->items[j]);
                if (same < 0) {
                    ev_decref(I, params);
                    return EV_ERR;
                }
                if (same) {
                    ev_decref(I, params);
                    return ev_raise(I, &ev_type_TypeError, "Parameters to %s[...] must all be unique", nm);
                }
            }
    } else {
        ev_value cp = tp_getattr_or(I, cls, "__parameters__", EV_NONE);
        if (EV_IS_ERR(cp)) {
            ev_decref(I, params);
            return cp;
        }
        if (tp_has_special_params(I, cp)) {
            ev_value np = tp_class_subst_special(I, cls, cp, params);
            ev_decref(I, cp);
            return EV_IS_ERR(np) ? np : tp_alias_new(I, "_GenericAlias", cls, np, NULL, true);
        }
        size_t n = ev_is(cp, EV_O_TUPLE) ? ev_as_tuple(cp)->len : 0;
        ev_decref(I, cp);
        if (tp_check_generic(I, cls, p->len, n)) {
            ev_decref(I, params);
            return EV_ERR;
        }
    }
    return tp_alias_new(I, "_GenericAlias", cls, params, NULL, true);
}

/* Generic.__init_subclass__(cls, *args, **kwargs): __parameters__ */
static ev_value gen_init_subclass(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc < 1 || !ev_is(argv[0], EV_O_TYPE))
        return ev_raise(I, &ev_type_TypeError, "__init_subclass__ expects a class");
    ev_value cls = argv[0];
    ev_type *t = (ev_type *)cls.u.o;
    if (EV_KW_N(kw) || argc > 1)
        return ev_raise(I, &ev_type_TypeError, "%s.__init_subclass__() takes no keyword arguments", t->name);
    ev_value g = tp_get(I, "Generic");
    if (EV_IS_ERR(g))
        return g;
    ev_value *ob = tp_own(I, cls, "__orig_bases__");
    bool error = false;
    if (ob && ev_is(*ob, EV_O_TUPLE)) {
        for (size_t i = 0; i < ev_as_tuple(*ob)->len; i++)
            error = error || ev_as_tuple(*ob)->items[i].u.o == g.u.o;
    } else if (ev_is(t->bases, EV_O_TUPLE)) {
        bool typeddict = t->meta && strcmp(t->meta->name, "_TypedDictMeta") == 0;
        for (size_t i = 0; i < ev_as_tuple(t->bases)->len; i++)
            error = error || (ev_as_tuple(t->bases)->items[i].u.o == g.u.o && strcmp(t->name, "Protocol") != 0 &&
                              !typeddict);
    }
    if (error)
        return ev_raise(I, &ev_type_TypeError, "Cannot inherit from plain Generic");
    ev_value tvars;
    if (ob && ev_is(*ob, EV_O_TUPLE)) {
        ev_value orig = ev_dup(*ob);
        tvars = tp_collect_params(I, orig);
        ev_value gvars = EV_ERR;
        for (size_t i = 0; !EV_IS_ERR(tvars) && i < ev_as_tuple(orig)->len; i++) {
            ev_value b = ev_as_tuple(orig)->items[i];
            if (!tp_is(I, b, "_GenericAlias"))
                continue;
            ev_value o = tp_getattr_or(I, b, "__origin__", EV_NONE);
            bool isg = !EV_IS_ERR(o) && o.u.o == g.u.o;
            if (!EV_IS_ERR(o))
                ev_decref(I, o);
            if (!isg)
                continue;
            if (!EV_IS_ERR(gvars)) {
                ev_decref(I, gvars);
                ev_decref(I, tvars);
                ev_decref(I, orig);
                return ev_raise(I, &ev_type_TypeError, "Cannot inherit from Generic[...] multiple times.");
            }
            gvars = ev_us_getattr(I, b, "__parameters__");
            if (EV_IS_ERR(gvars)) {
                ev_decref(I, tvars);
                ev_decref(I, orig);
                return gvars;
            }
        }
        ev_decref(I, orig);
        if (EV_IS_ERR(tvars)) {
            if (!EV_IS_ERR(gvars))
                ev_decref(I, gvars);
            return tvars;
        }
        if (!EV_IS_ERR(gvars)) {
            ev_buf sv = {0}, sa = {0};
            int e = 0;
            bool missing = false;
            for (size_t i = 0; e == 0 && i < ev_as_tuple(tvars)->len; i++) {
                ev_value x = ev_as_tuple(tvars)->items[i];
                bool in = false;
                for (size_t j = 0; j < ev_as_tuple(gvars)->len && !in; j++)
                    in = ev_as_tuple(gvars)->items[j].u.o == x.u.o;
                if (!in) {
                    e = (missing && ev_buf_puts(I, &sv, ", ")) || ev_buf_repr(I, &sv, x);
                    missing = true;
                }
            }
            for (size_t j = 0; e == 0 && missing && j < ev_as_tuple(gvars)->len; j++)
                e = (j && ev_buf_puts(I, &sa, ", ")) || ev_buf_repr(I, &sa, ev_as_tuple(gvars)->items[j]);
            if (e || missing) {
                if (!e) {
                    ev_value a = ev_buf_to_str(I, &sv), bb = ev_buf_to_str(I, &sa);
                    if (!EV_IS_ERR(a) && !EV_IS_ERR(bb))
                        ev_raise(I, &ev_type_TypeError, "Some type variables (%s) are not listed in Generic[%s]",
                                 ev_as_str(a)->data, ev_as_str(bb)->data);
                    if (!EV_IS_ERR(a))
                        ev_decref(I, a);
                    if (!EV_IS_ERR(bb))
                        ev_decref(I, bb);
                } else {
                    ev_buf_free(I, &sv);
                    ev_buf_free(I, &sa);
                }
                ev_decref(I, gvars);
                ev_decref(I, tvars);
                return EV_ERR;
            }
            ev_buf_free(I, &sv);
            ev_buf_free(I, &sa);
            ev_decref(I, tvars);
            tvars = gvars;
        }
    } else {
        tvars = ev_tuple_new(I, 0);
    }
    if (tp_set_attr(I, cls, "__parameters__", tvars))
        return EV_ERR;
    return EV_NONE;
}

static const tp_method generic_methods[] = {
    TP_C("__class_getitem__", gen_class_getitem),
    TP_C("__init_subclass__", gen_init_subclass),
    TP_END,
};

/* ---- Protocol ------------------------------------------------------------------------------ */

static bool excluded_attr(const char *n)
{
    static const char *const ex[] = {"__parameters__", "__orig_bases__", "__orig_class__", "_is_protocol",
                                     "_is_runtime_protocol", "__abstractmethods__", "__annotations__", "__dict__",
                                     "__doc__", "__init__", "__module__", "__new__", "__slots__", "__subclasshook__",
                                     "__weakref__", "__class_getitem__", "_MutableMapping__marker", "__qualname__",
                                     "__init_subclass__", NULL};
    if (strncmp(n, "_abc_", 5) == 0)
        return true;
    for (int i = 0; ex[i]; i++)
        if (strcmp(n, ex[i]) == 0)
            return true;
    return false;
}

/* _get_protocol_attrs(cls): a list of names */
static ev_value protocol_attrs(ev_interp *I, ev_type *t)
{
    ev_value out = ev_list_new(I, 0);
    if (EV_IS_ERR(out) || !ev_is(t->mro, EV_O_TUPLE))
        return out;
    ev_value mro = ev_dup(t->mro);
    for (size_t i = 0; i < ev_as_tuple(mro)->len; i++) {
        ev_type *b = (ev_type *)ev_as_tuple(mro)->items[i].u.o;
        if (!ev_is_heaptype(b) || strcmp(b->name, "Protocol") == 0 || strcmp(b->name, "Generic") == 0)
            continue;
        for (int pass = 0; pass < 2; pass++) {
            ev_dict *d = b->dict;
            if (pass) {
                ev_str *ak = ev_intern(I, "__annotations__", 15);
                ev_value *a = ak ? ev_dict_lookup_str(b->dict, ak) : NULL;
                if (!a || !ev_is(*a, EV_O_DICT))
                    continue;
                d = ev_as_dict(*a);
            }
            ev_value keys = ev_list_from_iterable(I, ev_obj_val(&d->h));
            if (EV_IS_ERR(keys))
                goto fail;
            for (size_t j = 0; j < ev_as_list(keys)->len; j++) {
                ev_value k = ev_as_list(keys)->items[j];
                if (!ev_is(k, EV_O_STR) || excluded_attr(ev_as_str(k)->data))
                    continue;
                int has = ev_contains(I, out, k);
                if (has < 0 || (!has && ev_list_append(I, ev_as_list(out), k))) {
                    ev_decref(I, keys);
                    goto fail;
                }
            }
            ev_decref(I, keys);
        }
    }
    ev_decref(I, mro);
    return out;
fail:
    ev_decref(I, mro);
    ev_decref(I, out);
    return EV_ERR;
}

static int flag(ev_interp *I, ev_value cls, const char *name)
{
    ev_value v = tp_getattr_or(I, cls, name, EV_FALSE);
    if (EV_IS_ERR(v))
        return -1;
    int r = ev_truth(I, v);
    ev_decref(I, v);
    return r;
}

/* Does obj have every protocol member (methods not None)? */
static int structural(ev_interp *I, ev_value cls, ev_value obj)
{
    ev_value attrs = protocol_attrs(I, (ev_type *)cls.u.o);
    if (EV_IS_ERR(attrs))
        return -1;
    int ok = 1;
    for (size_t i = 0; ok == 1 && i < ev_as_list(attrs)->len; i++) {
        ev_str *k = ev_as_str(ev_as_list(attrs)->items[i]);
        ev_value v = ev_getattr(I, obj, k);
        if (EV_IS_ERR(v)) {
            ok = ev_us_catch(I, &ev_type_AttributeError) ? 0 : -1;
            continue;
        }
        ev_value cv = ev_getattr(I, cls, k);
        if (EV_IS_ERR(cv)) {
            cv = EV_NONE;
            if (!ev_us_catch(I, &ev_type_AttributeError))
                ok = -1;
        }
        if (ok == 1 && v.tag == EV_T_NONE) {
            int c = is_callable(I, cv);
            ok = c < 0 ? -1 : c ? 0 : 1;
        }
        ev_decref(I, cv);
        ev_decref(I, v);
    }
    ev_decref(I, attrs);
    return ok;
}

/* _ProtocolMeta.__instancecheck__(cls, instance) */
static ev_value pm_instancecheck(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc != 1)
        return ev_raise(I, &ev_type_TypeError, "__instancecheck__ expects 1 argument");
    ev_value cls = self, inst = argv[0];
    int isp = flag(I, cls, "_is_protocol"), isr = isp < 0 ? -1 : flag(I, cls, "_is_runtime_protocol");
    if (isr < 0)
        return EV_ERR;
    if (isp && !isr)
        return ev_raise(I, &ev_type_TypeError,
                        "Instance and class checks can only be used with @runtime_checkable protocols");
    if (isp) {
        /* the members, else a real subclass: ABCMeta's check would ask
         * _proto_hook, which CPython lets off from inside abc (its
         * _allow_reckless_class_checks) */
        int s = structural(I, cls, inst);
        if (s)
            return s < 0 ? EV_ERR : EV_TRUE;
        return ev_bool(ev_type_is_subclass(ev_type_of(inst), (ev_type *)cls.u.o));
    }
    ev_value meta = ev_abc_get(I, ABC_META);
    if (EV_IS_ERR(meta))
        return meta;
    ev_str *k = I->dn[EV_DN_INSTANCECHECK];
    ev_value *m = ev_dict_lookup_str(((ev_type *)meta.u.o)->dict, k);
    if (!m)
        return ev_raise(I, &ev_type_RuntimeError, "ABCMeta.__instancecheck__ is gone");
    ev_value args[2] = {cls, inst};
    return ev_call(I, *m, 2, args, 0, NULL, NULL);
}

/* _proto_hook: issubclass(C, P) for a runtime protocol of methods only */
static ev_value proto_hook(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc != 2)
        return ev_raise(I, &ev_type_TypeError, "__subclasshook__ expects 1 argument");
    ev_value cls = argv[0], other = argv[1];
    ev_value *ip = tp_own(I, cls, "_is_protocol");
    if (!ip || ev_truth(I, *ip) != 1)
        return ev_obj_val(&ev_notimplemented.h);
    int isr = flag(I, cls, "_is_runtime_protocol");
    if (isr < 0)
        return EV_ERR;
    if (!isr)
        return ev_raise(I, &ev_type_TypeError,
                        "Instance and class checks can only be used with @runtime_checkable protocols");
    ev_value attrs = protocol_attrs(I, (ev_type *)cls.u.o);
    if (EV_IS_ERR(attrs))
        return attrs;
    ev_value r = EV_TRUE;
    for (size_t i = 0; i < ev_as_list(attrs)->len; i++) {
        ev_str *k = ev_as_str(ev_as_list(attrs)->items[i]);
        ev_value cv = ev_getattr(I, cls, k);
        if (EV_IS_ERR(cv)) {
            if (!ev_us_catch(I, &ev_type_AttributeError)) {
                ev_decref(I, attrs);
                return EV_ERR;
            }
            cv = EV_NONE;
        }
        int c = is_callable(I, cv);
        ev_decref(I, cv);
        if (c < 0) {
            ev_decref(I, attrs);
            return EV_ERR;
        }
        if (!c) {
            ev_decref(I, attrs);
            return ev_raise(I, &ev_type_TypeError, "Protocols with non-method members don't support issubclass()");
        }
    }
    if (!ev_is(other, EV_O_TYPE)) {
        ev_decref(I, attrs);
        return ev_raise(I, &ev_type_TypeError, "issubclass() arg 1 must be a class");
    }
    for (size_t i = 0; r.tag != EV_T_NONE && i < ev_as_list(attrs)->len; i++) {
        ev_str *k = ev_as_str(ev_as_list(attrs)->items[i]);
        ev_value v = ev_getattr(I, other, k);
        if (EV_IS_ERR(v)) {
            if (!ev_us_catch(I, &ev_type_AttributeError)) {
                ev_decref(I, attrs);
                return EV_ERR;
            }
            r = ev_obj_val(&ev_notimplemented.h);
            break;
        }
        if (v.tag == EV_T_NONE)
            r = ev_obj_val(&ev_notimplemented.h);
        ev_decref(I, v);
        if (r.tag != EV_TRUE.tag)
            break;
    }
    ev_decref(I, attrs);
    return r;
}

static const ev_builtin_def proto_hook_def = {"__subclasshook__", proto_hook, 0, -1, EV_BF_KWANY, NULL};

/* Protocols cannot be instantiated; their concrete subclasses take object's no arguments */
static ev_value no_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value cls = ev_obj_val(&ev_type_of(self)->h);
    int isp = flag(I, cls, "_is_protocol");
    if (isp < 0)
        return EV_ERR;
    if (isp)
        return ev_raise(I, &ev_type_TypeError, "Protocols cannot be instantiated");
    if (argc || EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError, "%s() takes no arguments", ev_type_of(self)->name);
    return EV_NONE;
}

static const ev_builtin_def no_init_def = {"_no_init_or_replace_init", no_init, 0, -1, EV_BF_KWANY | EV_BF_PYFUNC,
                                           NULL};

/* Protocol.__init_subclass__(cls, *args, **kwargs) */
static ev_value proto_init_subclass(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value r = gen_init_subclass(I, self, argc, argv, kw);
    if (EV_IS_ERR(r))
        return r;
    ev_value cls = argv[0];
    ev_type *t = (ev_type *)cls.u.o;
    ev_value *ip = tp_own(I, cls, "_is_protocol");
    int isp = ip ? ev_truth(I, *ip) : 0;
    if (isp < 0)
        return EV_ERR;
    if (!isp) {
        bool direct = false;
        for (size_t i = 0; ev_is(t->bases, EV_O_TUPLE) && i < ev_as_tuple(t->bases)->len; i++)
            direct = direct || tp_is_cls(I, ev_as_tuple(t->bases)->items[i], "Protocol");
        if (tp_set_attr(I, cls, "_is_protocol", ev_bool(direct)))
            return EV_ERR;
        isp = direct;
    }
    if (!tp_own(I, cls, "__subclasshook__")) {
        ev_value h = ev_builtin_new(I, &proto_hook_def, EV_NONE);
        ev_value cm = EV_IS_ERR(h) ? h : ev_call(I, ev_obj_val(&ev_type_classmethod.h), 1, &h, 0, NULL, NULL);
        if (!EV_IS_ERR(h))
            ev_decref(I, h);
        if (tp_set_attr(I, cls, "__subclasshook__", cm))
            return EV_ERR;
    }
    if (!isp)
        return EV_NONE;
    for (size_t i = 0; ev_is(t->bases, EV_O_TUPLE) && i < ev_as_tuple(t->bases)->len; i++) {
        ev_value b = ev_as_tuple(t->bases)->items[i];
        if (b.u.o == &ev_type_object.h || tp_is_cls(I, b, "Protocol") || tp_is_cls(I, b, "Generic"))
            continue;
        ev_value *bp = tp_own(I, b, "_is_protocol");
        if (!bp || ev_truth(I, *bp) != 1) {
            raise_repr(I, "Protocols can only inherit from other protocols, got ", b);
            return EV_ERR;
        }
    }
    if (!tp_own(I, cls, "__init__")) {
        ev_value f = ev_builtin_new(I, &no_init_def, cls);
        if (!EV_IS_ERR(f))
            ((ev_builtin *)f.u.o)->unbound = true;
        if (tp_set_attr(I, cls, "__init__", f))
            return EV_ERR;
    }
    return EV_NONE;
}

static const tp_method protocol_methods[] = {
    TP_C("__class_getitem__", gen_class_getitem),
    TP_C("__init_subclass__", proto_init_subclass),
    TP_END,
};

static const tp_method pmeta_methods[] = {TP_M("__instancecheck__", pm_instancecheck), TP_END};

/* runtime_checkable(cls) */
static ev_value f_runtime_checkable(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value cls = argv[0];
    ev_value g = tp_get(I, "Generic");
    if (EV_IS_ERR(g))
        return g;
    int sub = ev_is(cls, EV_O_TYPE) ? ev_issubclass(I, (ev_type *)cls.u.o, g) : 0;
    if (sub < 0)
        return EV_ERR;
    int isp = sub ? flag(I, cls, "_is_protocol") : 0;
    if (isp < 0)
        return EV_ERR;
    if (!isp) {
        raise_repr(I, "@runtime_checkable can be only applied to protocol classes, got ", cls);
        return EV_ERR;
    }
    if (ev_us_setattr(I, cls, "_is_runtime_protocol", EV_TRUE))
        return EV_ERR;
    return ev_dup(cls);
}

/* ---- NewType ------------------------------------------------------------------------------- */

static ev_value nty_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const ev_us_sig sig = {"NewType.__init__", {"name", "tp", NULL}, 2, 0, false, false};
    BIND(sig, a);
    ev_value nm = a[0];
    if (ev_is(nm, EV_O_STR)) {
        const char *s = ev_as_str(nm)->data, *dot = strrchr(s, '.');
        nm = dot ? ev_str_from_cstr(I, dot + 1) : ev_dup(nm);
    } else {
        nm = ev_dup(nm);
    }
    ev_value sup = ev_dup(a[1]);
    if (ev_us_setattr(I, self, "__qualname__", a[0]) || tp_set_attr(I, self, "__name__", nm) ||
        tp_set_attr(I, self, "__supertype__", sup) || tp_set_attr(I, self, "__module__", ev_str_from_cstr(I, "__main__")))
        return EV_ERR;
    return EV_NONE;
}

static ev_value nty_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value m = tp_getattr_or(I, self, "__module__", EV_NONE), q = EV_ERR;
    if (EV_IS_ERR(m))
        return m;
    q = tp_getattr_or(I, self, "__qualname__", EV_NONE);
    ev_buf b = {0};
    int e = EV_IS_ERR(q) || ev_buf_printf(I, &b, "%s.%s", ev_is(m, EV_O_STR) ? ev_as_str(m)->data : "?",
                                           ev_is(q, EV_O_STR) ? ev_as_str(q)->data : "?");
    ev_decref(I, m);
    if (!EV_IS_ERR(q))
        ev_decref(I, q);
    if (e) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

static ev_value nty_call(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc != 1 || EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError, "NewType.__call__() takes 2 positional arguments but %d were given",
                        argc + 1);
    return ev_dup(argv[0]);
}

/* class Sub(UserId): a base whose __init_subclass__ says what to write instead */
static ev_value nty_dummy_init_subclass(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc < 1 || !ev_is(argv[0], EV_O_TYPE))
        return ev_raise(I, &ev_type_TypeError, "__init_subclass__ expects a class");
    ev_value sup = tp_getattr_or(I, argv[0], "_superclass_name", EV_NONE);
    if (EV_IS_ERR(sup))
        return sup;
    ev_value sub = ev_str_from_cstr(I, ((ev_type *)argv[0].u.o)->name);
    ev_value sr = EV_IS_ERR(sub) ? sub : ev_repr(I, sub);
    ev_value ss = EV_IS_ERR(sr) ? sr : ev_to_str(I, sup);
    if (!EV_IS_ERR(ss))
        ev_raise(I, &ev_type_TypeError,
                 "Cannot subclass an instance of NewType. Perhaps you were looking for: `%s = NewType(%s, %s)`",
                 ev_as_str(sub)->data, ev_as_str(sr)->data, ev_as_str(ss)->data);
    ev_decref(I, sup);
    if (!EV_IS_ERR(sub))
        ev_decref(I, sub);
    if (!EV_IS_ERR(sr))
        ev_decref(I, sr);
    if (!EV_IS_ERR(ss))
        ev_decref(I, ss);
    return EV_ERR;
}

static const ev_builtin_def nty_dummy_def = {"__init_subclass__", nty_dummy_init_subclass, 0, -1, EV_BF_KWANY, NULL};

static ev_value nty_mro_entries(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value d = ev_dict_new(I), bases = ev_tuple_new(I, 0), nm = tp_getattr_or(I, self, "__name__", EV_NONE);
    ev_value cls = EV_ERR;
    ev_str *dk = ev_intern(I, "Dummy", 5), *sk = ev_intern(I, "_superclass_name", 16),
           *ik = ev_intern(I, "__init_subclass__", 17), *mk = ev_intern(I, "__module__", 10);
    ev_value f = ev_builtin_new(I, &nty_dummy_def, EV_NONE);
    ev_value cm = EV_IS_ERR(f) ? f : ev_call(I, ev_obj_val(&ev_type_classmethod.h), 1, &f, 0, NULL, NULL);
    ev_value mod = ev_str_from_cstr(I, "typing");
    if (!EV_IS_ERR(d) && !EV_IS_ERR(bases) && !EV_IS_ERR(nm) && !EV_IS_ERR(cm) && !EV_IS_ERR(mod) && dk && sk && ik &&
        mk && !ev_dict_set_str(I, ev_as_dict(d), sk, nm) && !ev_dict_set_str(I, ev_as_dict(d), ik, cm) &&
        !ev_dict_set_str(I, ev_as_dict(d), mk, mod))
        cls = ev_class_new(I, NULL, dk, bases, ev_as_dict(d), NULL);
    ev_value r = EV_IS_ERR(cls) ? cls : tp_tupleize(I, cls);
    ev_value held[] = {d, bases, nm, f, cm, mod, cls};
    for (size_t i = 0; i < sizeof held / sizeof held[0]; i++)
        if (!EV_IS_ERR(held[i]))
            ev_decref(I, held[i]);
    return r;
}

static const tp_method nty_methods[] = {
    TP_M("__init__", nty_init), TP_M("__repr__", nty_repr),         TP_M("__call__", nty_call),
    TP_M("__or__", tv_or),      TP_M("__ror__", tv_ror),            TP_M("__mro_entries__", nty_mro_entries),
    TP_END,
};

/* ---- functions ----------------------------------------------------------------------------- */

static ev_value f_cast(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_dup(argv[1]);
}

static ev_value f_assert_type(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_dup(argv[0]);
}

static ev_value f_assert_never(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value r = ev_repr(I, argv[0]);
    if (EV_IS_ERR(r))
        return r;
    ev_str *s = ev_as_str(r);
    /* the first 100 characters of the repr */
    size_t cut = s->len, chars = 0;
    for (size_t i = 0; i < s->len; i++) {
        if (((unsigned char)s->data[i] & 0xC0) != 0x80) {
            if (chars == 100) {
                cut = i;
                break;
            }
            chars++;
        }
    }
    if (cut < s->len)
        ev_raise(I, &ev_type_AssertionError, "Expected code to be unreachable, but got: %.*s...", (int)cut, s->data);
    else
        ev_raise(I, &ev_type_AssertionError, "Expected code to be unreachable, but got: %s", s->data);
    ev_decref(I, r);
    return EV_ERR;
}

/* the body of a Supports* protocol's abstract method: `pass` */
static ev_value abstract_pass(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return EV_NONE;
}

/* obj.name = True: a def's own dict, else setattr; a refusal is ignored as CPython's try/except does */
static int mark_with(ev_interp *I, ev_value obj, const char *name, ev_value v);

static int mark(ev_interp *I, ev_value obj, const char *name) { return mark_with(I, obj, name, EV_TRUE); }

/* obj.name = v: a def's own dict (the attribute syntax refuses dunders on
 * functions), else setattr; a refusal is ignored as CPython's try/except does */
static int mark_with(ev_interp *I, ev_value obj, const char *name, ev_value v)
{
    ev_str *k = ev_intern(I, name, strlen(name));
    if (!k)
        return -1;
    if (ev_is(obj, EV_O_FUNC)) {
        ev_func *fn = (ev_func *)obj.u.o;
        if (!fn->dict) {
            ev_value d = ev_dict_new(I);
            if (EV_IS_ERR(d))
                return -1;
            fn->dict = ev_as_dict(d);
        }
        return ev_dict_set_str(I, fn->dict, k, v);
    }
    if (ev_setattr(I, obj, k, v) && !ev_us_catch(I, &ev_type_AttributeError) &&
        !ev_us_catch(I, &ev_type_TypeError))
        return -1;
    return 0;
}

static ev_value f_final(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return mark(I, argv[0], "__final__") ? EV_ERR : ev_dup(argv[0]);
}

static ev_value f_no_type_check(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value arg = argv[0];
    if (ev_is(arg, EV_O_TYPE) && ev_is_heaptype((ev_type *)arg.u.o)) {
        ev_value vals = ev_list_from_iterable(I, ev_obj_val(&((ev_type *)arg.u.o)->dict->h));
        if (EV_IS_ERR(vals))
            return vals;
        for (size_t i = 0; i < ev_as_list(vals)->len; i++) {
            ev_value *v = ev_dict_lookup_str(((ev_type *)arg.u.o)->dict, ev_as_str(ev_as_list(vals)->items[i]));
            if (v && ev_is(*v, EV_O_FUNC) && mark(I, *v, "__no_type_check__")) {
                ev_decref(I, vals);
                return EV_ERR;
            }
        }
        ev_decref(I, vals);
    }
    return mark(I, arg, "__no_type_check__") ? EV_ERR : ev_dup(arg);
}

/* no_type_check_decorator(decorator): a decorator whose results are no_type_check'ed */
static ev_value ntcd_apply(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value r = ev_call(I, self, argc, argv, EV_KW_N(kw), kw ? kw->names : NULL, kw ? kw->vals : NULL);
    if (EV_IS_ERR(r))
        return r;
    ev_value out = f_no_type_check(I, EV_NONE, 1, &r, NULL);
    ev_decref(I, r);
    return out;
}

static const ev_builtin_def ntcd_apply_def = {"wrapped_decorator", ntcd_apply, 0, -1, EV_BF_KWANY, NULL};

static ev_value f_no_type_check_decorator(ev_interp *I, ev_value self, int argc, const ev_value *argv,
                                          const ev_kw *kw)
{
    return ev_builtin_new(I, &ntcd_apply_def, argv[0]);
}

static ev_value f_get_origin(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value tp = argv[0];
    if (tp_is(I, tp, "_AnnotatedAlias"))
        return ev_dup(tp_get(I, "Annotated"));
    if (tp_is_alias(I, tp) || ev_is_generic_alias(tp))
        return ev_us_getattr(I, tp, "__origin__");
    if (tp_is_cls(I, tp, "Generic"))
        return ev_dup(tp);
    if (!EV_IS_ERR(ev_union_members(tp)))
        return ev_dup(ev_obj_val(&ev_type_UnionType.h));
    return EV_NONE;
}

static ev_value f_get_args(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value tp = argv[0];
    if (tp_is(I, tp, "_AnnotatedAlias")) {
        ev_value o = ev_us_getattr(I, tp, "__origin__");
        ev_value md = EV_IS_ERR(o) ? o : ev_us_getattr(I, tp, "__metadata__");
        if (EV_IS_ERR(md)) {
            if (!EV_IS_ERR(o))
                ev_decref(I, o);
            return md;
        }
        ev_value out = ev_tuple_new(I, 1 + ev_as_tuple(md)->len);
        if (!EV_IS_ERR(out)) {
            ev_as_tuple(out)->items[0] = ev_dup(o);
            for (size_t i = 0; i < ev_as_tuple(md)->len; i++)
                ev_as_tuple(out)->items[i + 1] = ev_dup(ev_as_tuple(md)->items[i]);
        }
        ev_decref(I, o);
        ev_decref(I, md);
        return out;
    }
    bool special = tp_is(I, tp, "_SpecialGenericAlias") || tp_is(I, tp, "_CallableType") || tp_is(I, tp, "_TupleType");
    if ((tp_is_alias(I, tp) && !special) || ev_is_generic_alias(tp)) {
        ev_value a = ev_us_getattr(I, tp, "__args__");
        if (EV_IS_ERR(a) || !ev_is(a, EV_O_TUPLE))
            return a;
        ev_value o = ev_us_getattr(I, tp, "__origin__");
        if (EV_IS_ERR(o)) {
            ev_decref(I, a);
            return o;
        }
        ev_value call = ev_abc_get(I, ABC_Callable);
        bool unflatten = !EV_IS_ERR(call) && o.u.o == call.u.o && ev_as_tuple(a)->len >= 1 &&
                         !(ev_as_tuple(a)->len == 2 && tp_is_param_expr(I, ev_as_tuple(a)->items[0]));
        ev_decref(I, o);
        if (!unflatten)
            return a;
        size_t n = ev_as_tuple(a)->len;
        ev_value l = ev_list_new(I, n - 1), out = ev_tuple_new(I, 2);
        if (EV_IS_ERR(l) || EV_IS_ERR(out)) {
            if (!EV_IS_ERR(l))
                ev_decref(I, l);
            if (!EV_IS_ERR(out))
                ev_decref(I, out);
            ev_decref(I, a);
            return EV_ERR;
        }
        for (size_t i = 0; i + 1 < n; i++)
            if (ev_list_append(I, ev_as_list(l), ev_as_tuple(a)->items[i])) {
                ev_decref(I, l);
                ev_decref(I, out);
                ev_decref(I, a);
                return EV_ERR;
            }
        ev_as_tuple(out)->items[0] = l;
        ev_as_tuple(out)->items[1] = ev_dup(ev_as_tuple(a)->items[n - 1]);
        ev_decref(I, a);
        return out;
    }
    ev_value m = ev_union_members(tp);
    if (!EV_IS_ERR(m))
        return ev_dup(m);
    return ev_tuple_new(I, 0);
}

static ev_value f_is_typeddict(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value tp = argv[0];
    return ev_bool(ev_is(tp, EV_O_TYPE) && ((ev_type *)tp.u.o)->meta &&
                   strcmp(((ev_type *)tp.u.o)->meta->name, "_TypedDictMeta") == 0 &&
                   ((ev_type *)tp.u.o)->meta->module && strcmp(((ev_type *)tp.u.o)->meta->module, "typing") == 0);
}

static int mark_with(ev_interp *I, ev_value obj, const char *name, ev_value v);

static ev_value dt_apply(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc != 1)
        return ev_raise(I, &ev_type_TypeError, "decorator() takes 1 positional argument but %d were given", argc);
    if (mark_with(I, argv[0], "__dataclass_transform__", self))
        return EV_ERR;
    return ev_dup(argv[0]);
}

static const ev_builtin_def dt_apply_def = {"decorator", dt_apply, 0, -1, EV_BF_KWANY, NULL};

/* dataclass_transform(*, eq_default=True, order_default=False, kw_only_default=False, field_specifiers=(), **kwargs) */
static ev_value f_dataclass_transform(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc)
        return ev_raise(I, &ev_type_TypeError, "dataclass_transform() takes 0 positional arguments but %d were given",
                        argc);
    ev_value d = ev_dict_new(I), extra = ev_dict_new(I);
    if (EV_IS_ERR(d) || EV_IS_ERR(extra))
        goto fail;
    static const char *const names[] = {"eq_default", "order_default", "kw_only_default", "field_specifiers"};
    ev_value vals[4] = {EV_TRUE, EV_FALSE, EV_FALSE, EV_ERR};
    ev_value empty = ev_tuple_new(I, 0);
    if (EV_IS_ERR(empty))
        goto fail;
    vals[3] = empty;
    for (int i = 0; i < EV_KW_N(kw); i++) {
        bool known = false;
        for (int j = 0; j < 4; j++)
            if (strcmp(kw->names[i]->data, names[j]) == 0) {
                vals[j] = kw->vals[i];
                known = true;
            }
        if (!known && ev_setitem(I, extra, ev_obj_val(&kw->names[i]->h), kw->vals[i])) {
            ev_decref(I, empty);
            goto fail;
        }
    }
    for (int j = 0; j < 4; j++) {
        ev_str *k = ev_intern(I, names[j], strlen(names[j]));
        if (!k || ev_dict_set_str(I, ev_as_dict(d), k, vals[j])) {
            ev_decref(I, empty);
            goto fail;
        }
    }
    ev_decref(I, empty);
    ev_str *kk = ev_intern(I, "kwargs", 6);
    if (!kk || ev_dict_set_str(I, ev_as_dict(d), kk, extra))
        goto fail;
    ev_decref(I, extra);
    ev_value f = ev_builtin_new(I, &dt_apply_def, d);
    ev_decref(I, d);
    return f;
fail:
    if (!EV_IS_ERR(d))
        ev_decref(I, d);
    if (!EV_IS_ERR(extra))
        ev_decref(I, extra);
    return EV_ERR;
}

const ev_builtin_def tp_generic_functions[] = {
    {"cast", f_cast, 2, 2, 0, "typ, val"},
    {"assert_type", f_assert_type, 2, 2, 0, "val, typ, /"},
    {"assert_never", f_assert_never, 1, 1, 0, "arg, /"},
    {"reveal_type", tp_f_reveal_type, 0, -1, EV_BF_KWANY, NULL},
    {"overload", tp_f_overload, 0, -1, EV_BF_KWANY, NULL},
    {"get_overloads", tp_f_get_overloads, 0, -1, EV_BF_KWANY, NULL},
    {"clear_overloads", tp_f_clear_overloads, 0, -1, EV_BF_KWANY, NULL},
    {"final", f_final, 1, 1, 0, "f"},
    {"no_type_check", f_no_type_check, 1, 1, 0, "arg"},
    {"no_type_check_decorator", f_no_type_check_decorator, 1, 1, 0, "decorator"},
    {"runtime_checkable", f_runtime_checkable, 1, 1, 0, "cls"},
    {"get_origin", f_get_origin, 1, 1, 0, "tp"},
    {"get_args", f_get_args, 1, 1, 0, "tp"},
    {"is_typeddict", f_is_typeddict, 1, 1, 0, "tp"},
    {"dataclass_transform", f_dataclass_transform, 0, -1, EV_BF_KWANY, NULL},
    {"get_type_hints", tp_get_type_hints, 1, 4, 0, "obj, globalns, localns, include_extras"},
    {NULL, NULL, 0, 0, 0, NULL},
};

/* ---- the classes --------------------------------------------------------------------------- */

static int set_cls_attr(ev_interp *I, ev_value cls, const char *name, ev_value v)
{
    ev_str *k = ev_intern(I, name, strlen(name));
    if (!k || ev_dict_set_str(I, ((ev_type *)cls.u.o)->dict, k, v))
        return -1;
    I->class_version++;
    return 0;
}

/* class Name(Protocol[...]) with one abstract method, runtime_checkable */
static int make_supports(ev_interp *I, ev_dict *ns, const char *name, const char *method, ev_value params)
{
    ev_value meta = tp_get(I, "_ProtocolMeta"), proto = tp_get(I, "Protocol");
    if (EV_IS_ERR(meta) || EV_IS_ERR(proto))
        return -1;
    ev_value d = ev_dict_new(I), bases = ev_tuple_new(I, 1), nm = ev_str_from_cstr(I, name), cls = EV_ERR;
    int r = -1;
    if (EV_IS_ERR(d) || EV_IS_ERR(bases) || EV_IS_ERR(nm))
        goto out;
    ev_as_tuple(bases)->items[0] = ev_dup(proto);
    static const ev_builtin_def abstract_def = {"__abstract__", abstract_pass, 0, -1,
                                                EV_BF_KWANY | EV_BF_PYFUNC | EV_BF_ABSTRACT, NULL};
    /* unbound, as a def read through its class: any first argument (EV_BF_PYFUNC) */
    ev_value m = ev_builtin_new(I, &abstract_def, ev_obj_val(&ev_type_object.h));
    if (EV_IS_ERR(m))
        goto out;
    ((ev_builtin *)m.u.o)->unbound = true;
    ev_str *mk = ev_intern(I, method, strlen(method)), *modk = ev_intern(I, "__module__", 10),
           *sk = ev_intern(I, "__slots__", 9);
    ev_value mod = ev_str_from_cstr(I, "typing"), empty = ev_tuple_new(I, 0);
    int e = !mk || !modk || !sk || EV_IS_ERR(mod) || EV_IS_ERR(empty) || ev_dict_set_str(I, ev_as_dict(d), mk, m) ||
            ev_dict_set_str(I, ev_as_dict(d), modk, mod) || ev_dict_set_str(I, ev_as_dict(d), sk, empty);
    ev_decref(I, m);
    if (!EV_IS_ERR(mod))
        ev_decref(I, mod);
    if (!EV_IS_ERR(empty))
        ev_decref(I, empty);
    if (e)
        goto out;
    if (params.tag != EV_T_NONE) {
        ev_value pa = ev_us_callm(I, proto, "__class_getitem__", 1, &params, NULL);
        ev_value ob = EV_IS_ERR(pa) ? pa : tp_tupleize(I, pa);
        if (!EV_IS_ERR(pa))
            ev_decref(I, pa);
        ev_str *ok = ev_intern(I, "__orig_bases__", 14);
        e = EV_IS_ERR(ob) || !ok || ev_dict_set_str(I, ev_as_dict(d), ok, ob);
        if (!EV_IS_ERR(ob))
            ev_decref(I, ob);
        if (e)
            goto out;
    }
    ev_value a3[3] = {nm, bases, d};
    cls = ev_call(I, meta, 3, a3, 0, NULL, NULL);
    if (EV_IS_ERR(cls))
        goto out;
    ((ev_type *)cls.u.o)->module = "typing";
    if (set_cls_attr(I, cls, "_is_runtime_protocol", EV_TRUE) || ev_module_set(I, ns, name, cls))
        goto out;
    r = 0;
out:
    if (!EV_IS_ERR(cls))
        ev_decref(I, cls);
    if (!EV_IS_ERR(d))
        ev_decref(I, d);
    if (!EV_IS_ERR(bases))
        ev_decref(I, bases);
    if (!EV_IS_ERR(nm))
        ev_decref(I, nm);
    return r;
}

static ev_value typevar(ev_interp *I, ev_value tvcls, const char *name, int nc, ev_type *const *cons, bool cov)
{
    ev_value argv[4];
    argv[0] = ev_str_from_cstr(I, name);
    if (EV_IS_ERR(argv[0]))
        return EV_ERR;
    for (int i = 0; i < nc; i++)
        argv[1 + i] = ev_obj_val(&cons[i]->h);
    ev_str *ck = ev_intern(I, "covariant", 9);
    ev_value t = EV_TRUE;
    ev_kw kw = {1, &ck, &t};
    ev_value r = ck ? ev_call(I, tvcls, 1 + nc, argv, cov ? 1 : 0, cov ? kw.names : NULL, cov ? kw.vals : NULL)
                    : EV_ERR;
    ev_decref(I, argv[0]);
    return r;
}

int tp_generic_init(ev_interp *I, ev_dict *ns)
{
    ev_value c, tv, gen, meta, proto, b = EV_ERR;
    if (tp_class(I, ns, "TypeVar", EV_NONE, NULL, tv_methods, false, &tv) ||
        tp_params_init(I, ns) ||
        tp_class(I, ns, "NewType", EV_NONE, NULL, nty_methods, false, &c) ||
        tp_class(I, ns, "Generic", EV_NONE, NULL, generic_methods, true, &gen) ||
        set_cls_attr(I, gen, "_is_protocol", EV_FALSE))
        return -1;
    ev_value abcmeta = ev_abc_get(I, ABC_META);
    if (EV_IS_ERR(abcmeta) || EV_IS_ERR(b = tp_tupleize(I, abcmeta)))
        return -1;
    int e = tp_class(I, ns, "_ProtocolMeta", b, NULL, pmeta_methods, false, &meta);
    ev_decref(I, b);
    if (e || EV_IS_ERR(b = tp_tupleize(I, gen)))
        return -1;
    e = tp_class(I, ns, "Protocol", b, (ev_type *)meta.u.o, protocol_methods, true, &proto);
    ev_decref(I, b);
    if (e || ev_abc_class_init(I, (ev_type *)proto.u.o) || set_cls_attr(I, proto, "_is_protocol", EV_TRUE) ||
        set_cls_attr(I, proto, "_is_runtime_protocol", EV_FALSE) || set_cls_attr(I, proto, "__parameters__", EV_NONE))
        return -1;
    {
        ev_value empty = ev_tuple_new(I, 0);
        if (EV_IS_ERR(empty))
            return -1;
        e = set_cls_attr(I, proto, "__parameters__", empty) || set_cls_attr(I, gen, "__parameters__", empty);
        ev_decref(I, empty);
        if (e)
            return -1;
    }
    if (tp_records_init(I, ns))
        return -1;
    /* AnyStr, and the Supports* protocols */
    static ev_type *const anystr_cons[] = {&ev_type_bytes, &ev_type_str};
    ev_value anystr = typevar(I, tv, "AnyStr", 2, anystr_cons, false);
    if (EV_IS_ERR(anystr) || tp_set_attr(I, anystr, "__module__", ev_str_from_cstr(I, "typing")) ||
        ev_module_set(I, ns, "AnyStr", anystr))
        return -1;
    ev_decref(I, anystr);
    /* the module's own type variables (T, KT, VT, T_co... not in __all__) */
    static const struct {
        const char *name, *kw;
        bool bound_type;
    } tvars[] = {{"T", NULL, false},           {"KT", NULL, false},         {"VT", NULL, false},
                 {"T_co", "covariant", false}, {"V_co", "covariant", false}, {"VT_co", "covariant", false},
                 {"T_contra", "contravariant", false}, {"CT_co", "covariant", true}};
    for (size_t i = 0; i < sizeof tvars / sizeof tvars[0]; i++) {
        ev_str *kn[2] = {tvars[i].kw ? ev_intern(I, tvars[i].kw, strlen(tvars[i].kw)) : NULL,
                         ev_intern(I, "bound", 5)};
        ev_value kv[2] = {EV_TRUE, ev_obj_val(&ev_type_type.h)};
        ev_value nm = ev_str_from_cstr(I, tvars[i].name);
        if (EV_IS_ERR(nm) || (tvars[i].kw && !kn[0]) || !kn[1])
            return -1;
        int nkw = (tvars[i].kw ? 1 : 0) + (tvars[i].bound_type ? 1 : 0);
        ev_value v = ev_call(I, tv, 1, &nm, nkw, nkw ? kn : NULL, nkw ? kv : NULL);
        ev_decref(I, nm);
        if (EV_IS_ERR(v) || tp_set_attr(I, v, "__module__", ev_str_from_cstr(I, "typing")) ||
            ev_module_set(I, ns, tvars[i].name, v)) {
            if (!EV_IS_ERR(v))
                ev_decref(I, v);
            return -1;
        }
        ev_decref(I, v);
    }
    ev_value tco = tp_get(I, "T_co");
    if (EV_IS_ERR(tco))
        return -1;
    ev_dup(tco);
    static const struct {
        const char *name, *method;
        bool generic;
    } supports[] = {
        {"SupportsInt", "__int__", false},     {"SupportsFloat", "__float__", false},
        {"SupportsComplex", "__complex__", false}, {"SupportsBytes", "__bytes__", false},
        {"SupportsIndex", "__index__", false}, {"SupportsAbs", "__abs__", true},
        {"SupportsRound", "__round__", true},
    };
    for (size_t i = 0; i < sizeof supports / sizeof supports[0]; i++)
        if (make_supports(I, ns, supports[i].name, supports[i].method, supports[i].generic ? tco : EV_NONE)) {
            ev_decref(I, tco);
            return -1;
        }
    ev_decref(I, tco);
    return 0;
}
