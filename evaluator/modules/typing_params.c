/*
 * typing_params.c - the PEP 612 and PEP 646 parts of CPython 3.11's
 * Lib/typing.py: ParamSpec with P.args and P.kwargs (ParamSpecArgs,
 * ParamSpecKwargs), TypeVarTuple and its star (Unpack), the Concatenate
 * and Unpack special forms' subscription, and reveal_type and the
 * overload registry (get_overloads, clear_overloads).
 *
 * The objects are instances of typing's heap classes with C methods, as
 * TypeVar's (typing_generic.c).  They take part in Callable[P, R],
 * Generic[P], Generic[*Ts], tuple[int, *Ts] and in the __parameters__ of
 * the aliases that hold them; substituting a ParamSpec or a TypeVarTuple
 * (X[[int, str]], X[int, str] for Generic[*Ts]) raises NotImplementedError
 * (typing.c's alias_getitem).
 *
 * reveal_type writes "Runtime type is 'int'" to sys.stderr as print()
 * would: to the stream contextlib.redirect_stderr installed, else to the
 * run's stderr (the text the finalizers' reports use).  The overload
 * registry is typing's own `_overload_registry` dict, keyed as CPython's
 * (module, qualified name, first line of the def).
 */
#include <string.h>

#include "evaluator/modules/typing_int.h"
#include "evaluator/node.h"

#define REVEAL_ERR_MAX (1u << 20)

static int cls_set(ev_interp *I, ev_value cls, const char *name, ev_value v_steal)
{
    if (EV_IS_ERR(v_steal))
        return -1;
    ev_str *k = ev_intern(I, name, strlen(name));
    int r = !k || ev_dict_set_str(I, ((ev_type *)cls.u.o)->dict, k, v_steal) ? -1 : 0;
    ev_decref(I, v_steal);
    I->class_version++;
    return r;
}

/* ---- ParamSpec ----------------------------------------------------------------------------- */

/* ParamSpec(name, *, bound=None, covariant=False, contravariant=False) */
static ev_value ps_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const ev_us_sig sig = {"ParamSpec.__init__", {"name", "bound", "covariant", "contravariant", NULL}, 1, 0,
                                  false, false};
    if (argc > 1)
        return ev_raise(I, &ev_type_TypeError, "ParamSpec.__init__() takes 2 positional arguments but %d were given",
                        argc + 1);
    ev_value a[EV_US_MAXP];
    if (ev_us_bind(I, &sig, argc, argv, kw, a))
        return EV_ERR;
    if (ev_us_setattr(I, self, "__name__", a[0]))
        return EV_ERR;
    int c = EV_IS_ERR(a[2]) ? 0 : ev_truth(I, a[2]);
    int k = c < 0 ? -1 : EV_IS_ERR(a[3]) ? 0 : ev_truth(I, a[3]);
    if (k < 0)
        return EV_ERR;
    if (c && k)
        return ev_raise(I, &ev_type_ValueError, "Bivariant types are not supported.");
    if (tp_set_attr(I, self, "__covariant__", ev_bool(c)) || tp_set_attr(I, self, "__contravariant__", ev_bool(k)))
        return EV_ERR;
    int bt = EV_IS_ERR(a[1]) ? 0 : ev_truth(I, a[1]);
    if (bt < 0)
        return EV_ERR;
    ev_value b = bt ? tp_type_check(I, a[1], "Bound must be a type.", false) : EV_NONE;
    if (EV_IS_ERR(b) || tp_set_attr(I, self, "__bound__", b) ||
        tp_set_attr(I, self, "__module__", ev_str_from_cstr(I, "__main__")))
        return EV_ERR;
    return EV_NONE;
}

/* _BoundVarianceMixin.__repr__: +name, -name or ~name */
static ev_value ps_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value n = tp_getattr_or(I, self, "__name__", EV_NONE), c = EV_ERR, k = EV_ERR;
    ev_buf b = {0};
    int e = EV_IS_ERR(n) || EV_IS_ERR(c = ev_us_getattr(I, self, "__covariant__"));
    int ct = e ? -1 : ev_truth(I, c), kt = 0;
    if (ct == 0) {
        e = EV_IS_ERR(k = ev_us_getattr(I, self, "__contravariant__"));
        kt = e ? -1 : ev_truth(I, k);
    }
    e = e || ct < 0 || kt < 0 || ev_buf_puts(I, &b, ct ? "+" : kt ? "-" : "~") ||
        (ev_is(n, EV_O_STR) ? ev_buf_puts(I, &b, ev_as_str(n)->data) : ev_buf_repr(I, &b, n));
    ev_value held[] = {n, c, k};
    for (int i = 0; i < 3; i++)
        if (!EV_IS_ERR(held[i]))
            ev_decref(I, held[i]);
    if (e) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
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

static ev_value ps_or(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc != 1)
        return ev_raise(I, &ev_type_TypeError, "__or__ expects 1 argument");
    return pair_union(I, self, argv[0]);
}

static ev_value ps_ror(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc != 1)
        return ev_raise(I, &ev_type_TypeError, "__ror__ expects 1 argument");
    return pair_union(I, argv[0], self);
}

/* P.args and P.kwargs: a new ParamSpecArgs(P) / ParamSpecKwargs(P) each time */
static ev_value ps_part(ev_interp *I, ev_value self, const char *cls)
{
    ev_value c = tp_get(I, cls);
    return EV_IS_ERR(c) ? c : ev_call(I, c, 1, &self, 0, NULL, NULL);
}

static ev_value ps_args(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ps_part(I, argc == 1 ? argv[0] : self, "ParamSpecArgs");
}

static ev_value ps_kwargs(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ps_part(I, argc == 1 ? argv[0] : self, "ParamSpecKwargs");
}

/* __typing_subst__(arg): a list or tuple of types, or a parameter expression */
static ev_value ps_subst(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc != 1)
        return ev_raise(I, &ev_type_TypeError, "__typing_subst__ expects 1 argument");
    ev_value arg = argv[0];
    if (ev_is(arg, EV_O_LIST) || ev_is(arg, EV_O_TUPLE)) {
        ev_value t = ev_tuple_from_iterable(I, arg);
        for (size_t i = 0; !EV_IS_ERR(t) && i < ev_as_tuple(t)->len; i++) {
            ev_value c = tp_type_check(I, ev_as_tuple(t)->items[i], "Expected a type.", false);
            if (EV_IS_ERR(c)) {
                ev_decref(I, t);
                return c;
            }
            ev_decref(I, ev_as_tuple(t)->items[i]);
            ev_as_tuple(t)->items[i] = c;
        }
        return t;
    }
    if (tp_is_param_expr(I, arg))
        return ev_dup(arg);
    ev_value s = ev_to_str(I, arg);
    if (EV_IS_ERR(s))
        return s;
    ev_raise(I, &ev_type_TypeError, "Expected a list of types, an ellipsis, ParamSpec, or Concatenate. Got %s",
             ev_as_str(s)->data);
    ev_decref(I, s);
    return EV_ERR;
}

static const tp_method ps_methods[] = {
    TP_M("__init__", ps_init), TP_M("__repr__", ps_repr), TP_M("__or__", ps_or),
    TP_M("__ror__", ps_ror),   TP_M("__typing_subst__", ps_subst), TP_END,
};

/* ---- ParamSpecArgs, ParamSpecKwargs -------------------------------------------------------- */

/* self is a ParamSpecArgs (or of a subclass), not a ParamSpecKwargs */
static bool psa_is_args(ev_interp *I, ev_value self)
{
    ev_value c = tp_get(I, "ParamSpecArgs");
    if (EV_IS_ERR(c)) {
        ev_us_catch(I, &ev_type_Exception);
        return false;
    }
    return ev_type_is_subclass(ev_type_of(self), (ev_type *)c.u.o);
}

static ev_value psa_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    bool args = psa_is_args(I, self);
    static const ev_us_sig sa = {"ParamSpecArgs.__init__", {"origin", NULL}, 1, 0, false, false};
    static const ev_us_sig sk = {"ParamSpecKwargs.__init__", {"origin", NULL}, 1, 0, false, false};
    ev_value a[EV_US_MAXP];
    if (ev_us_bind(I, args ? &sa : &sk, argc, argv, kw, a))
        return EV_ERR;
    return ev_us_setattr(I, self, "__origin__", a[0]) ? EV_ERR : EV_NONE;
}

/* f"{self.__origin__.__name__}.args" */
static ev_value psa_repr_as(ev_interp *I, ev_value self, const char *part)
{
    ev_value o = ev_us_getattr(I, self, "__origin__");
    if (EV_IS_ERR(o))
        return o;
    ev_value n = ev_us_getattr(I, o, "__name__");
    ev_decref(I, o);
    if (EV_IS_ERR(n))
        return n;
    ev_value s = ev_to_str(I, n);
    ev_decref(I, n);
    if (EV_IS_ERR(s))
        return s;
    ev_buf b = {0};
    if (ev_buf_puts(I, &b, ev_as_str(s)->data) || ev_buf_puts(I, &b, part)) {
        ev_decref(I, s);
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    ev_decref(I, s);
    return ev_buf_to_str(I, &b);
}

static ev_value psa_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return psa_repr_as(I, self, psa_is_args(I, self) ? ".args" : ".kwargs");
}

static ev_value psa_eq(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc != 1)
        return ev_raise(I, &ev_type_TypeError, "__eq__ expects 1 argument");
    ev_value cls = tp_get(I, psa_is_args(I, self) ? "ParamSpecArgs" : "ParamSpecKwargs");
    if (EV_IS_ERR(cls))
        return cls;
    int is = ev_isinstance(I, argv[0], cls);
    if (is <= 0)
        return is < 0 ? EV_ERR : ev_obj_val(&ev_notimplemented.h);
    ev_value a = ev_us_getattr(I, self, "__origin__");
    if (EV_IS_ERR(a))
        return a;
    ev_value b = ev_us_getattr(I, argv[0], "__origin__");
    if (EV_IS_ERR(b)) {
        ev_decref(I, a);
        return b;
    }
    int r = ev_eq(I, a, b);
    ev_decref(I, a);
    ev_decref(I, b);
    return r < 0 ? EV_ERR : ev_bool(r);
}

static const tp_method psa_methods[] = {
    TP_M("__init__", psa_init),
    TP_M("__repr__", psa_repr),
    TP_M("__eq__", psa_eq),
    TP_END,
};

/* ---- TypeVarTuple -------------------------------------------------------------------------- */

static ev_value tvt_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const ev_us_sig sig = {"TypeVarTuple.__init__", {"name", NULL}, 1, 0, false, false};
    ev_value a[EV_US_MAXP];
    if (ev_us_bind(I, &sig, argc, argv, kw, a) || ev_us_setattr(I, self, "__name__", a[0]) ||
        tp_set_attr(I, self, "__module__", ev_str_from_cstr(I, "__main__")))
        return EV_ERR;
    return EV_NONE;
}

static ev_value tvt_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value n = ev_us_getattr(I, self, "__name__");
    if (EV_IS_ERR(n) || ev_is(n, EV_O_STR))
        return n;
    ev_decref(I, n);
    return ev_raise(I, &ev_type_TypeError, "__repr__ returned non-string");
}

/* Unpack[x] */
static ev_value unpack_of(ev_interp *I, ev_value x)
{
    ev_value u = tp_get(I, "Unpack");
    if (EV_IS_ERR(u))
        return u;
    ev_value t = ev_tuple_new(I, 1);
    if (EV_IS_ERR(t))
        return t;
    ev_as_tuple(t)->items[0] = ev_dup(x);
    return tp_alias_new(I, "_UnpackGenericAlias", u, t, NULL, true);
}

/* iter(Ts): yields Unpack[Ts], so *Ts in a subscription is Unpack[Ts] */
static ev_value tvt_iter(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value u = unpack_of(I, self);
    if (EV_IS_ERR(u))
        return u;
    ev_value l = ev_list_new(I, 0);
    if (EV_IS_ERR(l) || ev_list_append(I, ev_as_list(l), u)) {
        ev_decref(I, u);
        if (!EV_IS_ERR(l))
            ev_decref(I, l);
        return EV_ERR;
    }
    ev_decref(I, u);
    ev_value it = ev_iter(I, l);
    ev_decref(I, l);
    return it;
}

static ev_value tvt_subst(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_raise(I, &ev_type_TypeError, "Substitution of bare TypeVarTuple is not supported");
}

static const tp_method tvt_methods[] = {
    TP_M("__init__", tvt_init),        TP_M("__repr__", tvt_repr),
    TP_M("__iter__", tvt_iter),        TP_M("__typing_subst__", tvt_subst), TP_END,
};

/* ---- Concatenate[...] and Unpack[...] ------------------------------------------------------ */

bool tp_is_ellipsis(ev_value v) { return v.tag == EV_T_OBJ && v.u.o == &ev_ellipsis.h; }

ev_value tp_concatenate(ev_interp *I, ev_value form, ev_value p)
{
    if (ev_is(p, EV_O_TUPLE) && ev_as_tuple(p)->len == 0)
        return ev_raise(I, &ev_type_TypeError, "Cannot take a Concatenate of no types.");
    ev_value t = tp_tupleize(I, p);
    if (EV_IS_ERR(t))
        return t;
    ev_tuple *pt = ev_as_tuple(t);
    ev_value last = pt->items[pt->len - 1];
    if (!tp_is_ellipsis(last) && !tp_is(I, last, "ParamSpec")) {
        ev_decref(I, t);
        return ev_raise(I, &ev_type_TypeError,
                        "The last parameter to Concatenate should be a ParamSpec variable or ellipsis.");
    }
    ev_value out = ev_tuple_new(I, pt->len);
    for (size_t i = 0; !EV_IS_ERR(out) && i < pt->len; i++) {
        ev_value c = i == pt->len - 1 ? ev_dup(pt->items[i])
                                      : tp_type_check(I, pt->items[i], "Concatenate[arg, ...]: each arg must be a type.",
                                                      false);
        if (EV_IS_ERR(c)) {
            ev_decref(I, out);
            out = EV_ERR;
            break;
        }
        ev_as_tuple(out)->items[i] = c;
    }
    ev_decref(I, t);
    return EV_IS_ERR(out) ? out : tp_alias_new(I, "_ConcatenateGenericAlias", form, out, NULL, true);
}

ev_value tp_unpack(ev_interp *I, ev_value form, ev_value p)
{
    ev_value a = tp_type_check(I, p, "typing.Unpack accepts only single type.", false);
    if (EV_IS_ERR(a))
        return a;
    ev_value t = ev_tuple_new(I, 1);
    if (EV_IS_ERR(t)) {
        ev_decref(I, a);
        return t;
    }
    ev_as_tuple(t)->items[0] = a;
    return tp_alias_new(I, "_UnpackGenericAlias", form, t, NULL, true);
}

/* typing._is_param_expr: ..., a tuple or list, a ParamSpec or a Concatenate[...] */
bool tp_is_param_expr(ev_interp *I, ev_value v)
{
    return tp_is_ellipsis(v) || ev_is(v, EV_O_TUPLE) || ev_is(v, EV_O_LIST) || tp_is(I, v, "ParamSpec") ||
           tp_is(I, v, "_ConcatenateGenericAlias");
}

/* ParamSpec, TypeVarTuple or Unpack[Ts]: what Generic[...] takes besides TypeVars */
bool tp_is_typevar_like(ev_interp *I, ev_value v)
{
    if (tp_is(I, v, "TypeVar") || tp_is(I, v, "ParamSpec"))
        return true;
    if (!tp_is(I, v, "_UnpackGenericAlias"))
        return false;
    ev_value a = tp_getattr_or(I, v, "__args__", EV_NONE);
    bool r = !EV_IS_ERR(a) && ev_is(a, EV_O_TUPLE) && ev_as_tuple(a)->len == 1 &&
             tp_is(I, ev_as_tuple(a)->items[0], "TypeVarTuple");
    if (EV_IS_ERR(a))
        ev_us_catch(I, &ev_type_Exception);
    else
        ev_decref(I, a);
    return r;
}

/* ---- subscripting a class generic in a ParamSpec or TypeVarTuple ------------------------------ */

static int raise_cls(ev_interp *I, ev_value cls, const char *fmt_head, const char *tail)
{
    ev_value s = ev_to_str(I, cls);
    if (EV_IS_ERR(s))
        return -1;
    ev_raise(I, &ev_type_TypeError, "%s%s%s", fmt_head, ev_as_str(s)->data, tail);
    ev_decref(I, s);
    return -1;
}

/* arg.__typing_unpacked_tuple_args__ when it is (X, ...): X borrowed via *fill, 1; else 0 */
static int unpacked_var_tuple(ev_interp *I, ev_value arg, ev_value *fill)
{
    if (!tp_is(I, arg, "_UnpackGenericAlias"))
        return 0;
    ev_value a = tp_getattr_or(I, arg, "__args__", EV_NONE);
    if (EV_IS_ERR(a))
        return -1;
    int r = 0;
    if (ev_is(a, EV_O_TUPLE) && ev_as_tuple(a)->len == 1 && tp_is(I, ev_as_tuple(a)->items[0], "_GenericAlias")) {
        ev_value inner = ev_as_tuple(a)->items[0];
        ev_value o = tp_getattr_or(I, inner, "__origin__", EV_NONE), sub = EV_ERR;
        if (EV_IS_ERR(o))
            r = -1;
        else if (o.u.o == &ev_type_tuple.h && !EV_IS_ERR(sub = tp_getattr_or(I, inner, "__args__", EV_NONE)) &&
                 ev_is(sub, EV_O_TUPLE) && ev_as_tuple(sub)->len == 2 && tp_is_ellipsis(ev_as_tuple(sub)->items[1])) {
            *fill = ev_as_tuple(sub)->items[0]; /* held by the alias, which arg holds */
            r = 1;
        } else if (EV_IS_ERR(sub) && o.u.o == &ev_type_tuple.h) {
            r = -1;
        }
        if (!EV_IS_ERR(o))
            ev_decref(I, o);
        if (!EV_IS_ERR(sub))
            ev_decref(I, sub);
    }
    ev_decref(I, a);
    return r;
}

/* TypeVarTuple.__typing_prepare_subst__: args regrouped so the k-th holds the tuple Ts takes */
static ev_value tvt_prepare(ev_interp *I, ev_value cls, ev_tuple *params, size_t k, ev_value args)
{
    for (size_t i = k + 1; i < params->len; i++)
        if (tp_is(I, params->items[i], "TypeVarTuple"))
            return raise_cls(I, cls, "More than one TypeVarTuple parameter in ", ""), EV_ERR;
    ev_tuple *a = ev_as_tuple(args);
    size_t alen = a->len, plen = params->len, left = k, right = plen - k - 1;
    ev_value fill = EV_NONE;
    bool var = false;
    size_t vi = 0;
    for (size_t i = 0; i < alen; i++) {
        ev_value f;
        int u = ev_is(a->items[i], EV_O_TYPE) ? 0 : unpacked_var_tuple(I, a->items[i], &f);
        if (u < 0)
            return EV_ERR;
        if (u) {
            if (var)
                return ev_raise(I, &ev_type_TypeError, "More than one unpacked arbitrary-length tuple argument");
            var = true, vi = i, fill = f;
        }
    }
    if (var) {
        left = left < vi ? left : vi;
        right = right < alen - vi - 1 ? right : alen - vi - 1;
    } else if (left + right > alen) {
        ev_value s = ev_to_str(I, cls);
        if (EV_IS_ERR(s))
            return s;
        ev_raise(I, &ev_type_TypeError, "Too few arguments for %s; actual %zu, expected at least %zu",
                 ev_as_str(s)->data, alen, plen - 1);
        ev_decref(I, s);
        return EV_ERR;
    }
    /* [fillarg] * n with n possibly negative (then none) */
    int64_t f2 = (int64_t)plen - (int64_t)right - (int64_t)left - (int64_t)k - 1;
    size_t nfill1 = k - left, nfill2 = f2 > 0 ? (size_t)f2 : 0;
    ev_value mid = ev_tuple_new(I, alen - right - left);
    if (EV_IS_ERR(mid))
        return mid;
    for (size_t i = left; i < alen - right; i++)
        ev_as_tuple(mid)->items[i - left] = ev_dup(a->items[i]);
    ev_value out = ev_tuple_new(I, left + nfill1 + 1 + nfill2 + right);
    if (EV_IS_ERR(out)) {
        ev_decref(I, mid);
        return out;
    }
    size_t j = 0;
    ev_tuple *o = ev_as_tuple(out);
    for (size_t i = 0; i < left; i++)
        o->items[j++] = ev_dup(a->items[i]);
    for (size_t i = 0; i < nfill1; i++)
        o->items[j++] = ev_dup(fill);
    o->items[j++] = mid;
    for (size_t i = 0; i < nfill2; i++)
        o->items[j++] = ev_dup(fill);
    for (size_t i = alen - right; i < alen; i++)
        o->items[j++] = ev_dup(a->items[i]);
    return out;
}

/* ParamSpec.__typing_prepare_subst__ */
static ev_value ps_prepare(ev_interp *I, ev_value cls, ev_tuple *params, size_t i, ev_value args)
{
    ev_tuple *a = ev_as_tuple(args);
    if (i >= a->len)
        return raise_cls(I, cls, "Too few arguments for ", ""), EV_ERR;
    if (params->len == 1 && !tp_is_param_expr(I, a->items[0])) {
        ev_value t = ev_tuple_new(I, 1);
        if (!EV_IS_ERR(t))
            ev_as_tuple(t)->items[0] = ev_dup(args);
        return t;
    }
    if (!ev_is(a->items[i], EV_O_LIST))
        return ev_dup(args);
    ev_value t = ev_tuple_new(I, a->len), lt = ev_tuple_from_iterable(I, a->items[i]);
    if (EV_IS_ERR(t) || EV_IS_ERR(lt)) {
        if (!EV_IS_ERR(t))
            ev_decref(I, t);
        if (!EV_IS_ERR(lt))
            ev_decref(I, lt);
        return EV_ERR;
    }
    for (size_t j = 0; j < a->len; j++)
        ev_as_tuple(t)->items[j] = j == i ? lt : ev_dup(a->items[j]);
    return t;
}

bool tp_has_special_params(ev_interp *I, ev_value params)
{
    if (!ev_is(params, EV_O_TUPLE))
        return false;
    for (size_t i = 0; i < ev_as_tuple(params)->len; i++)
        if (tp_is(I, ev_as_tuple(params)->items[i], "ParamSpec") ||
            tp_is(I, ev_as_tuple(params)->items[i], "TypeVarTuple"))
            return true;
    return false;
}

ev_value tp_class_subst_special(ev_interp *I, ev_value cls, ev_value cparams, ev_value args_steal)
{
    ev_value args = args_steal;
    ev_tuple *cp = ev_as_tuple(cparams);
    for (size_t i = 0; i < cp->len; i++) {
        ev_value n = tp_is(I, cp->items[i], "TypeVarTuple") ? tvt_prepare(I, cls, cp, i, args)
                     : tp_is(I, cp->items[i], "ParamSpec")  ? ps_prepare(I, cls, cp, i, args)
                                                            : ev_dup(args);
        ev_decref(I, args);
        if (EV_IS_ERR(n))
            return n;
        args = n;
    }
    if (tp_check_generic(I, cls, ev_as_tuple(args)->len, cp->len)) {
        ev_decref(I, args);
        return EV_ERR;
    }
    ev_value l = ev_list_new(I, 0);
    int e = EV_IS_ERR(l);
    for (size_t i = 0; !e && i < cp->len; i++) {
        ev_value x = ev_as_tuple(args)->items[i];
        if (tp_is(I, cp->items[i], "TypeVarTuple") && ev_is(x, EV_O_TUPLE)) {
            for (size_t j = 0; !e && j < ev_as_tuple(x)->len; j++)
                e = ev_list_append(I, ev_as_list(l), ev_as_tuple(x)->items[j]);
        } else {
            e = ev_list_append(I, ev_as_list(l), x);
        }
    }
    ev_decref(I, args);
    if (e) {
        if (!EV_IS_ERR(l))
            ev_decref(I, l);
        return EV_ERR;
    }
    ev_value t = ev_tuple_from_iterable(I, l);
    ev_decref(I, l);
    return t;
}

/* a def's "f() takes n positional arguments but m were given": -1 raised, 0 */
static int too_many(ev_interp *I, const char *f, int n, int argc)
{
    if (argc <= n)
        return 0;
    ev_raise(I, &ev_type_TypeError, "%s() takes %d positional argument%s but %d %s given", f, n, n == 1 ? "" : "s",
             argc, argc == 1 ? "was" : "were");
    return -1;
}

/* ---- reveal_type --------------------------------------------------------------------------- */

static int stderr_write(ev_interp *I, const char *s)
{
    if (!EV_IS_ERR(I->stderr_target) && I->stderr_target.tag != EV_T_NONE) {
        ev_value target = ev_dup(I->stderr_target); /* write() may swap it */
        ev_value v = ev_str_from_cstr(I, s);
        ev_value r = EV_IS_ERR(v) ? v : ev_us_callm(I, target, "write", 1, &v, NULL);
        if (!EV_IS_ERR(v))
            ev_decref(I, v);
        ev_decref(I, target);
        if (EV_IS_ERR(r))
            return -1;
        ev_decref(I, r);
        return 0;
    }
    size_t n = strlen(s);
    if (I->fin_err_len + n > REVEAL_ERR_MAX)
        return 0;
    char *nb = realloc(I->fin_err, I->fin_err_len + n + 1);
    if (!nb)
        return 0;
    memcpy(nb + I->fin_err_len, s, n + 1);
    I->fin_err_len += n;
    I->fin_err = nb;
    return 0;
}

/* print(f"Runtime type is {type(obj).__name__!r}", file=sys.stderr); obj */
ev_value tp_f_reveal_type(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (too_many(I, "reveal_type", 1, argc))
        return EV_ERR;
    static const ev_us_sig sig = {"reveal_type", {"obj", NULL}, 1, 1, false, false};
    ev_value a[EV_US_MAXP];
    if (ev_us_bind(I, &sig, argc, argv, kw, a))
        return EV_ERR;
    argv = a;
    ev_value n = ev_us_getattr(I, ev_obj_val(&ev_type_of(argv[0])->h), "__name__");
    if (EV_IS_ERR(n))
        return n;
    ev_value r = ev_repr(I, n);
    ev_decref(I, n);
    if (EV_IS_ERR(r))
        return r;
    ev_buf b = {0};
    int e = ev_buf_puts(I, &b, "Runtime type is ") || ev_buf_puts(I, &b, ev_as_str(r)->data);
    ev_decref(I, r);
    if (e) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    ev_value line = ev_buf_to_str(I, &b);
    if (EV_IS_ERR(line))
        return line;
    e = stderr_write(I, ev_as_str(line)->data) || stderr_write(I, "\n");
    ev_decref(I, line);
    return e ? EV_ERR : ev_dup(argv[0]);
}

/* ---- overload, get_overloads, clear_overloads ----------------------------------------------- */

static ev_value registry(ev_interp *I)
{
    ev_value r = tp_get(I, "_overload_registry");
    if (!EV_IS_ERR(r) && !ev_is(r, EV_O_DICT))
        return ev_raise(I, &ev_type_TypeError, "typing._overload_registry is not a dict");
    return r;
}

/* getattr(func, "__func__", func): the function behind a classmethod,
 * staticmethod or bound method, read here since the attribute policy
 * refuses __func__ to programs; a new reference */
static ev_value unwrap_func(ev_interp *I, ev_value func)
{
    if (ev_is(func, EV_O_WRAPPER)) {
        ev_wrapper *w = (ev_wrapper *)func.u.o;
        if (w->type == &ev_type_classmethod || w->type == &ev_type_staticmethod)
            return ev_dup(w->a);
    }
    if (ev_is(func, EV_O_METHOD))
        return ev_dup(((ev_method *)func.u.o)->func);
    return ev_dup(func);
}

/* f.name for the registry's keys: a missing one is CPython's plain
 * AttributeError (the policy's wording is for names a program spells) */
static ev_value key_attr(ev_interp *I, ev_value f, const char *name)
{
    ev_value v = ev_us_getattr(I, f, name);
    if (EV_IS_ERR(v) && ev_us_catch(I, &ev_type_AttributeError))
        return ev_raise(I, &ev_type_AttributeError, "'%s' object has no attribute '%s'", ev_type_name(f), name);
    return v;
}

/* d[key], made an empty dict when missing (the registry's defaultdicts): a new reference */
static ev_value sub_dict(ev_interp *I, ev_value d, ev_value key)
{
    ev_value out;
    int got = ev_dict_get(I, ev_as_dict(d), key, &out);
    if (got < 0)
        return EV_ERR;
    if (got)
        return out;
    out = ev_dict_new(I);
    if (EV_IS_ERR(out) || ev_dict_set(I, ev_as_dict(d), key, out) == 0)
        return out;
    ev_decref(I, out);
    return EV_ERR;
}

static ev_value overload_dummy(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_raise(I, &ev_type_NotImplementedError,
                    "You should not call an overloaded function. A series of @overload-decorated functions outside a "
                    "stub module should always be followed by an implementation that is not @overload-ed.");
}

static const ev_builtin_def overload_dummy_def = {"_overload_dummy", overload_dummy, 0, -1, EV_BF_KWANY, NULL};

/* overload(func): _overload_registry[f.__module__][f.__qualname__][first line] = func for a def
 * (other callables are ignored, as CPython's AttributeError for __code__); _overload_dummy */
ev_value tp_f_overload(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (too_many(I, "overload", 1, argc))
        return EV_ERR;
    static const ev_us_sig sig = {"overload", {"func", NULL}, 1, 0, false, false};
    ev_value a[EV_US_MAXP];
    if (ev_us_bind(I, &sig, argc, argv, kw, a))
        return EV_ERR;
    argv = a;
    ev_value f = unwrap_func(I, argv[0]);
    if (EV_IS_ERR(f))
        return f;
    if (ev_is(f, EV_O_FUNC)) {
        ev_value reg = registry(I), m = EV_ERR, q = EV_ERR, md = EV_ERR, qd = EV_ERR;
        int e = EV_IS_ERR(reg) || EV_IS_ERR(m = key_attr(I, f, "__module__")) ||
                EV_IS_ERR(q = key_attr(I, f, "__qualname__")) || EV_IS_ERR(md = sub_dict(I, reg, m)) ||
                EV_IS_ERR(qd = sub_dict(I, md, q)) ||
                ev_setitem(I, qd, ev_int(((ev_func *)f.u.o)->def->line), argv[0]);
        ev_value held[] = {m, q, md, qd};
        for (int i = 0; i < 4; i++)
            if (!EV_IS_ERR(held[i]))
                ev_decref(I, held[i]);
        if (e) {
            ev_decref(I, f);
            return EV_ERR;
        }
    }
    ev_decref(I, f);
    return ev_builtin_new(I, &overload_dummy_def, EV_NONE);
}

/* get_overloads(func): the registered overloads of func, in definition order */
ev_value tp_f_get_overloads(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (too_many(I, "get_overloads", 1, argc))
        return EV_ERR;
    static const ev_us_sig sig = {"get_overloads", {"func", NULL}, 1, 0, false, false};
    ev_value a[EV_US_MAXP];
    if (ev_us_bind(I, &sig, argc, argv, kw, a))
        return EV_ERR;
    argv = a;
    ev_value f = unwrap_func(I, argv[0]);
    if (EV_IS_ERR(f))
        return f;
    ev_value reg = registry(I), m = EV_ERR, q = EV_ERR, md = EV_ERR, qd = EV_ERR, out = EV_ERR;
    int got = 0;
    if (!EV_IS_ERR(reg) && !EV_IS_ERR(m = key_attr(I, f, "__module__"))) {
        got = ev_dict_get(I, ev_as_dict(reg), m, &md);
        if (got > 0 && !EV_IS_ERR(q = key_attr(I, f, "__qualname__")))
            got = ev_is(md, EV_O_DICT) ? ev_dict_get(I, ev_as_dict(md), q, &qd) : ev_contains(I, md, q);
        else if (got > 0)
            got = -1;
        if (got > 0 && EV_IS_ERR(qd))
            qd = ev_getitem(I, md, q), got = EV_IS_ERR(qd) ? -1 : 1;
        if (got == 0)
            out = ev_list_new(I, 0);
        else if (got > 0) {
            ev_value vals = ev_us_callm(I, qd, "values", 0, NULL, NULL);
            if (!EV_IS_ERR(vals)) {
                out = ev_call(I, ev_obj_val(&ev_type_list.h), 1, &vals, 0, NULL, NULL);
                ev_decref(I, vals);
            }
        }
    }
    ev_value held[] = {f, m, q, md, qd};
    for (int i = 0; i < 5; i++)
        if (!EV_IS_ERR(held[i]))
            ev_decref(I, held[i]);
    return out;
}

ev_value tp_f_clear_overloads(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (too_many(I, "clear_overloads", 0, argc))
        return EV_ERR;
    static const ev_us_sig sig = {"clear_overloads", {NULL}, 0, 0, false, false};
    ev_value a[EV_US_MAXP];
    if (ev_us_bind(I, &sig, argc, argv, kw, a))
        return EV_ERR;
    ev_value reg = registry(I);
    if (EV_IS_ERR(reg))
        return reg;
    ev_dict_clear(I, ev_as_dict(reg));
    return EV_NONE;
}

/* ---- the classes --------------------------------------------------------------------------- */

static ev_value property_of(ev_interp *I, const ev_builtin_def *d)
{
    ev_value f = ev_builtin_new(I, d, EV_NONE);
    if (EV_IS_ERR(f))
        return f;
    ev_value p = ev_call(I, ev_obj_val(&ev_type_property.h), 1, &f, 0, NULL, NULL);
    ev_decref(I, f);
    return p;
}

int tp_params_init(ev_interp *I, ev_dict *ns)
{
    static const ev_builtin_def args_def = {"args", ps_args, 0, -1, EV_BF_KWANY, NULL};
    static const ev_builtin_def kwargs_def = {"kwargs", ps_kwargs, 0, -1, EV_BF_KWANY, NULL};
    ev_value ps, c;
    if (tp_class(I, ns, "ParamSpec", EV_NONE, NULL, ps_methods, false, &ps) ||
        cls_set(I, ps, "args", property_of(I, &args_def)) || cls_set(I, ps, "kwargs", property_of(I, &kwargs_def)) ||
        tp_class(I, ns, "ParamSpecArgs", EV_NONE, NULL, psa_methods, false, &c) ||
        cls_set(I, c, "__hash__", EV_NONE) ||
        tp_class(I, ns, "ParamSpecKwargs", EV_NONE, NULL, psa_methods, false, &c) ||
        cls_set(I, c, "__hash__", EV_NONE) ||
        tp_class(I, ns, "TypeVarTuple", EV_NONE, NULL, tvt_methods, false, &c))
        return -1;
    ev_value reg = ev_dict_new(I);
    if (EV_IS_ERR(reg))
        return -1;
    int r = ev_module_set(I, ns, "_overload_registry", reg);
    ev_decref(I, reg);
    return r;
}
