/*
 * typing.c - the typing module of CPython 3.11 (Lib/typing.py), its
 * runtime objects: the special forms (Any, Union, Optional, ClassVar,
 * Final, Literal, Annotated...), the generic aliases (typing.List and
 * typing.List[int], Callable[[int], str], Union[int, None]) with their
 * reprs, equality, hashing, substitution of type variables, the
 * isinstance refusals and __mro_entries__, and ForwardRef for string
 * arguments.  TypeVar, Generic, Protocol, NamedTuple, TypedDict and the
 * functions are in typing_generic.c.
 *
 * The objects are instances of heap classes of the session made when
 * typing is first imported (as the dataclasses and collections.UserList
 * classes are), with C methods: attributes such as __origin__ and
 * __args__ are ordinary instance attributes, and a program can read them
 * as under CPython.  Nothing here reaches a frame, a module or globals:
 * where CPython reads the caller's module name from sys._getframe
 * (TypeVar, NewType), safepy's only module is __main__.
 *
 * Where safepy differs: substituting a ParamSpec or TypeVarTuple raises
 * NotImplementedError (typing_params.c has them); the alias caches are
 * not kept (List[int] is List[int] is False, == holds as in CPython).
 */
#include <string.h>

#include "evaluator/modules/typing_int.h"

extern ev_type ev_type_defaultdict; /* collections.c */

/* ---- classes and lookups ------------------------------------------------------------------- */

static int put(ev_interp *I, ev_dict *d, const char *key, ev_value v_steal)
{
    if (EV_IS_ERR(v_steal))
        return -1;
    ev_str *k = ev_intern(I, key, strlen(key));
    int r = k ? ev_dict_set_str(I, d, k, v_steal) : -1;
    ev_decref(I, v_steal);
    return r;
}

static ev_value method_value(ev_interp *I, const tp_method *m, ev_value cls)
{
    ev_value b = ev_builtin_new(I, &m->d, m->kind == 'm' ? cls : EV_NONE);
    if (EV_IS_ERR(b))
        return b;
    if (m->kind == 'm') {
        ((ev_builtin *)b.u.o)->unbound = true;
        return b;
    }
    ev_type *wrap = m->kind == 'c' ? &ev_type_classmethod : &ev_type_staticmethod;
    ev_value w = ev_call(I, ev_obj_val(&wrap->h), 1, &b, 0, NULL, NULL);
    ev_decref(I, b);
    return w;
}

int tp_class(ev_interp *I, ev_dict *ns, const char *name, ev_value bases, ev_type *meta, const tp_method *methods,
             bool slots, ev_value *out)
{
    ev_value d = ev_dict_new(I), b = EV_ERR, cls = EV_ERR;
    if (EV_IS_ERR(d))
        return -1;
    b = bases.tag == EV_T_NONE ? ev_tuple_new(I, 0) : ev_dup(bases);
    ev_str *nm = ev_intern(I, name, strlen(name));
    if (EV_IS_ERR(b) || !nm || put(I, ev_as_dict(d), "__module__", ev_str_from_cstr(I, "typing")) ||
        (slots && put(I, ev_as_dict(d), "__slots__", ev_tuple_new(I, 0))))
        goto fail;
    cls = ev_class_new(I, meta, nm, b, ev_as_dict(d), NULL);
    if (EV_IS_ERR(cls))
        goto fail;
    ev_type *t = (ev_type *)cls.u.o;
    t->module = "typing";
    for (const tp_method *m = methods; m && m->d.name; m++)
        if (put(I, t->dict, m->d.name, method_value(I, m, cls)))
            goto fail;
    I->class_version++;
    if (ev_module_set(I, ns, name, cls))
        goto fail;
    *out = cls;
    ev_decref(I, cls);
    ev_decref(I, b);
    ev_decref(I, d);
    return 0;
fail:
    ev_decref(I, cls);
    if (!EV_IS_ERR(b))
        ev_decref(I, b);
    ev_decref(I, d);
    return -1;
}

ev_value tp_get(ev_interp *I, const char *name)
{
    ev_str *mk = ev_intern(I, "typing", 6);
    ev_value *m = mk ? ev_dict_lookup_str(I->modules, mk) : NULL;
    ev_str *k = ev_intern(I, name, strlen(name));
    ev_value *v = m && ev_is(*m, EV_O_MODULE) && k ? ev_dict_lookup_str(((ev_module *)m->u.o)->ns, k) : NULL;
    if (!v)
        return ev_raise(I, &ev_type_RuntimeError, "typing.%s is gone", name);
    return *v;
}

bool tp_is(ev_interp *I, ev_value v, const char *clsname)
{
    if (!ev_is(v, EV_O_INSTANCE))
        return false;
    ev_type *t = ev_type_of(v);
    return t->module && strcmp(t->module, "typing") == 0 && strcmp(t->name, clsname) == 0;
}

static const char *const alias_classes[] = {"_GenericAlias", "_SpecialGenericAlias", "_UnionGenericAlias",
                                            "_CallableGenericAlias", "_CallableType", "_TupleType",
                                            "_LiteralGenericAlias", "_AnnotatedAlias", "_ConcatenateGenericAlias",
                                            "_UnpackGenericAlias", NULL};

bool tp_is_alias(ev_interp *I, ev_value v)
{
    for (int i = 0; alias_classes[i]; i++)
        if (tp_is(I, v, alias_classes[i]))
            return true;
    return false;
}

static bool is_special(ev_interp *I, ev_value v)
{
    return tp_is(I, v, "_SpecialGenericAlias") || tp_is(I, v, "_CallableType") || tp_is(I, v, "_TupleType");
}

/* getattr(v, name), borrowed from the instance's dict (EV_ERR, nothing raised, when absent) */
static ev_value iattr(ev_interp *I, ev_value v, const char *name)
{
    if (!ev_is(v, EV_O_INSTANCE))
        return EV_ERR;
    ev_str *k = ev_intern(I, name, strlen(name));
    ev_value d = k ? ev_object_dict(I, v) : EV_ERR;
    if (EV_IS_ERR(d)) {
        ev_us_catch(I, &ev_type_Exception);
        return EV_ERR;
    }
    ev_value *p = ev_dict_lookup_str(ev_as_dict(d), k);
    ev_value r = p ? *p : EV_ERR;
    ev_decref(I, d); /* the instance holds its dict and so r */
    return r;
}

/* iattr, held: a new reference (EV_NONE when absent), for values used
 * across code that may rebind the attribute */
static ev_value iattr_held(ev_interp *I, ev_value v, const char *name)
{
    ev_value r = iattr(I, v, name);
    return EV_IS_ERR(r) ? EV_NONE : ev_dup(r);
}

static void drop(ev_interp *I, ev_value *vs, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!EV_IS_ERR(vs[i]))
            ev_decref(I, vs[i]);
}

static bool is_form(ev_interp *I, ev_value v, const char *name)
{
    if (!tp_is(I, v, "_SpecialForm"))
        return false;
    ev_value n = iattr(I, v, "_name");
    return ev_is(n, EV_O_STR) && strcmp(ev_as_str(n)->data, name) == 0;
}

/* ---- reprs ----------------------------------------------------------------------------------- */

int tp_put_type_repr(ev_interp *I, ev_buf *b, ev_value v)
{
    if (ev_is(v, EV_O_TYPE) && !ev_is_generic_alias(v)) {
        ev_type *t = (ev_type *)v.u.o;
        ev_str *mk = ev_intern(I, "__module__", 10), *qk = ev_intern(I, "__qualname__", 12);
        ev_value m = mk ? ev_getattr(I, v, mk) : EV_ERR;
        if (EV_IS_ERR(m))
            return -1;
        ev_value q = qk ? ev_getattr(I, v, qk) : EV_ERR;
        if (EV_IS_ERR(q)) {
            ev_decref(I, m);
            return -1;
        }
        int e;
        if (ev_is(m, EV_O_STR) && strcmp(ev_as_str(m)->data, "builtins") == 0)
            e = ev_buf_printf(I, b, "%s", ev_is(q, EV_O_STR) ? ev_as_str(q)->data : t->name);
        else if (ev_is(m, EV_O_STR) && ev_is(q, EV_O_STR))
            e = ev_buf_printf(I, b, "%s.%s", ev_as_str(m)->data, ev_as_str(q)->data);
        else
            e = ev_buf_repr(I, b, v);
        ev_decref(I, m);
        ev_decref(I, q);
        return e;
    }
    if (v.tag == EV_T_OBJ && v.u.o == &ev_ellipsis.h)
        return ev_buf_puts(I, b, "...");
    if (ev_is(v, EV_O_FUNC))
        return ev_buf_puts(I, b, ev_func_name((ev_func *)v.u.o));
    return ev_buf_repr(I, b, v);
}

static int put_args(ev_interp *I, ev_buf *b, ev_tuple *a, size_t from, size_t to, bool reprs)
{
    int e = 0;
    for (size_t i = from; e == 0 && i < to; i++)
        e = (i > from && ev_buf_puts(I, b, ", ")) || (reprs ? ev_buf_repr(I, b, a->items[i])
                                                            : tp_put_type_repr(I, b, a->items[i]));
    return e;
}

static ev_value alias_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (ev_recursion_enter(I, " while getting the repr of an object"))
        return EV_ERR;
    ev_buf b = {0};
    int e = 0;
    /* held: an argument's __repr__ may rebind them on the alias */
    ev_value name = iattr_held(I, self, "_name"), origin = iattr_held(I, self, "__origin__"),
             args = iattr_held(I, self, "__args__"), md = iattr_held(I, self, "__metadata__");
    bool named = ev_is(name, EV_O_STR);
    if (is_special(I, self)) {
        e = ev_buf_printf(I, &b, "typing.%s", named ? ev_as_str(name)->data : "?");
        goto done;
    }
    if (!ev_is(args, EV_O_TUPLE)) {
        e = ev_buf_puts(I, &b, "typing.?");
        goto done;
    }
    ev_tuple *a = ev_as_tuple(args);
    if (tp_is(I, self, "_UnionGenericAlias") && a->len == 2) {
        ev_value none = ev_obj_val(&ev_type_NoneType.h);
        if (a->items[0].u.o == none.u.o || a->items[1].u.o == none.u.o) {
            e = ev_buf_puts(I, &b, "typing.Optional[") ||
                tp_put_type_repr(I, &b, a->items[a->items[0].u.o == none.u.o ? 1 : 0]) || ev_buf_puts(I, &b, "]");
            goto done;
        }
    }
    if (tp_is(I, self, "_UnpackGenericAlias") && a->len == 1) {
        e = ev_buf_puts(I, &b, "*") || ev_buf_repr(I, &b, a->items[0]);
        goto done;
    }
    if (tp_is(I, self, "_CallableGenericAlias") && a->len >= 1 && !(a->len == 2 && tp_is_param_expr(I, a->items[0]))) {
        e = ev_buf_puts(I, &b, "typing.Callable[[") || put_args(I, &b, a, 0, a->len - 1, false) ||
            ev_buf_puts(I, &b, "], ") || tp_put_type_repr(I, &b, a->items[a->len - 1]) || ev_buf_puts(I, &b, "]");
        goto done;
    }
    if (tp_is(I, self, "_AnnotatedAlias")) {
        e = ev_buf_puts(I, &b, "typing.Annotated[") || tp_put_type_repr(I, &b, origin);
        for (size_t i = 0; e == 0 && ev_is(md, EV_O_TUPLE) && i < ev_as_tuple(md)->len; i++)
            e = ev_buf_puts(I, &b, ", ") || ev_buf_repr(I, &b, ev_as_tuple(md)->items[i]);
        e = e || ev_buf_puts(I, &b, "]");
        goto done;
    }
    if (named)
        e = ev_buf_printf(I, &b, "typing.%s", ev_as_str(name)->data);
    else
        e = tp_put_type_repr(I, &b, origin);
    e = e || ev_buf_puts(I, &b, "[");
    if (a->len == 0)
        e = e || ev_buf_puts(I, &b, "()");
    e = e || put_args(I, &b, a, 0, a->len, tp_is(I, self, "_LiteralGenericAlias")) || ev_buf_puts(I, &b, "]");
done:
    ev_recursion_leave(I);
    {
        ev_value held[] = {name, origin, args, md};
        drop(I, held, 4);
    }
    if (e) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

/* ---- construction -------------------------------------------------------------------------- */

ev_value tp_tupleize(ev_interp *I, ev_value x)
{
    if (ev_is(x, EV_O_TUPLE))
        return ev_dup(x);
    ev_value t = ev_tuple_new(I, 1);
    if (!EV_IS_ERR(t))
        ev_as_tuple(t)->items[0] = ev_dup(x);
    return t;
}

static int set_attr(ev_interp *I, ev_value obj, const char *name, ev_value v_steal)
{
    if (EV_IS_ERR(v_steal))
        return -1;
    int r = ev_us_setattr(I, obj, name, v_steal);
    ev_decref(I, v_steal);
    return r;
}

static bool is_typevar(ev_interp *I, ev_value v) { return tp_is(I, v, "TypeVar"); }

/* what has __typing_subst__: a TypeVar, ParamSpec or TypeVarTuple (a parameter of an alias) */
static bool is_param(ev_interp *I, ev_value v)
{
    return is_typevar(I, v) || tp_is(I, v, "ParamSpec") || tp_is(I, v, "TypeVarTuple");
}

ev_value tp_collect_params(ev_interp *I, ev_value args)
{
    ev_value out = ev_list_new(I, 0);
    if (EV_IS_ERR(out))
        return out;
    ev_tuple *a = ev_as_tuple(args);
    for (size_t i = 0; i < a->len; i++) {
        ev_value x = a->items[i];
        if (ev_is(x, EV_O_TUPLE)) {
            /* a ParamSpec's value [T, int] or a TypeVarTuple's (3.11.7's _collect_parameters) */
            ev_value p = tp_collect_params(I, x);
            for (size_t j = 0; !EV_IS_ERR(p) && j < ev_as_tuple(p)->len; j++) {
                int has = ev_contains(I, out, ev_as_tuple(p)->items[j]);
                if (has < 0 || (!has && ev_list_append(I, ev_as_list(out), ev_as_tuple(p)->items[j]))) {
                    ev_decref(I, p);
                    goto fail;
                }
            }
            if (EV_IS_ERR(p))
                goto fail;
            ev_decref(I, p);
            continue;
        }
        if (is_param(I, x)) {
            int has = ev_contains(I, out, x);
            if (has < 0 || (!has && ev_list_append(I, ev_as_list(out), x)))
                goto fail;
            continue;
        }
        ev_value p = tp_is_alias(I, x) ? iattr(I, x, "__parameters__") : EV_ERR;
        if (EV_IS_ERR(p) && ev_is_generic_alias(x)) {
            ev_value inner = ev_us_getattr(I, x, "__args__");
            if (EV_IS_ERR(inner))
                goto fail;
            p = tp_collect_params(I, inner);
            ev_decref(I, inner);
            if (EV_IS_ERR(p))
                goto fail;
        } else if (!EV_IS_ERR(p)) {
            ev_dup(p);
        }
        if (EV_IS_ERR(p) || !ev_is(p, EV_O_TUPLE)) {
            if (!EV_IS_ERR(p))
                ev_decref(I, p);
            continue;
        }
        for (size_t j = 0; j < ev_as_tuple(p)->len; j++) {
            int has = ev_contains(I, out, ev_as_tuple(p)->items[j]);
            if (has < 0 || (!has && ev_list_append(I, ev_as_list(out), ev_as_tuple(p)->items[j]))) {
                ev_decref(I, p);
                goto fail;
            }
        }
        ev_decref(I, p);
    }
    ev_value t = ev_tuple_from_iterable(I, out);
    ev_decref(I, out);
    return t;
fail:
    ev_decref(I, out);
    return EV_ERR;
}

ev_value tp_alias_new(ev_interp *I, const char *clsname, ev_value origin, ev_value args_steal, const char *name,
                      bool inst)
{
    ev_value cls = tp_get(I, clsname);
    if (EV_IS_ERR(cls) || EV_IS_ERR(args_steal)) {
        if (!EV_IS_ERR(args_steal))
            ev_decref(I, args_steal);
        return EV_ERR;
    }
    ev_value a = ev_call(I, cls, 0, NULL, 0, NULL, NULL);
    if (EV_IS_ERR(a)) {
        ev_decref(I, args_steal);
        return a;
    }
    ev_value params = tp_collect_params(I, args_steal);
    if (set_attr(I, a, "__origin__", ev_dup(origin)) || set_attr(I, a, "__args__", args_steal) ||
        set_attr(I, a, "__parameters__", params) ||
        set_attr(I, a, "_name", name ? ev_str_from_cstr(I, name) : EV_NONE) ||
        set_attr(I, a, "_inst", ev_bool(inst))) {
        ev_decref(I, a);
        return EV_ERR;
    }
    return a;
}

/* _type_convert + _type_check */
ev_value tp_type_check(ev_interp *I, ev_value arg, const char *msg, bool allow_special)
{
    if (arg.tag == EV_T_NONE)
        return ev_dup(ev_obj_val(&ev_type_NoneType.h));
    if (ev_is(arg, EV_O_STR)) {
        ev_value fr = tp_get(I, "ForwardRef");
        return EV_IS_ERR(fr) ? fr : ev_call(I, fr, 1, &arg, 0, NULL, NULL);
    }
    if (tp_is(I, arg, "_GenericAlias")) {
        ev_value o = iattr(I, arg, "__origin__");
        ev_value g = tp_get(I, "Generic"), p = tp_get(I, "Protocol");
        bool bad = !EV_IS_ERR(o) && ((!EV_IS_ERR(g) && o.u.o == g.u.o) || (!EV_IS_ERR(p) && o.u.o == p.u.o) ||
                                     (!allow_special && (is_form(I, o, "ClassVar") || is_form(I, o, "Final"))));
        if (bad) {
            ev_value r = ev_repr(I, arg);
            if (EV_IS_ERR(r))
                return r;
            ev_raise(I, &ev_type_TypeError, "%s is not valid as type argument", ev_as_str(r)->data);
            ev_decref(I, r);
            return EV_ERR;
        }
        return ev_dup(arg);
    }
    if (tp_is(I, arg, "_SpecialForm")) {
        static const char *const ok[] = {"Any", "LiteralString", "NoReturn", "Never", "Self", "TypeAlias", NULL};
        for (int i = 0; ok[i]; i++)
            if (is_form(I, arg, ok[i]))
                return ev_dup(arg);
        if (allow_special && (is_form(I, arg, "ClassVar") || is_form(I, arg, "Final")))
            return ev_dup(arg);
    }
    ev_value g = tp_get(I, "Generic"), p = tp_get(I, "Protocol");
    if (EV_IS_ERR(g) || EV_IS_ERR(p))
        return EV_ERR;
    if (tp_is(I, arg, "_SpecialForm") || arg.u.o == g.u.o || arg.u.o == p.u.o) {
        ev_value r = ev_repr(I, arg);
        if (EV_IS_ERR(r))
            return r;
        ev_raise(I, &ev_type_TypeError, "Plain %s is not valid as type argument", ev_as_str(r)->data);
        ev_decref(I, r);
        return EV_ERR;
    }
    if (ev_is(arg, EV_O_TUPLE) && !(arg.u.o->flags & EV_OBJ_SUB)) {
        ev_value r = ev_repr(I, arg);
        if (EV_IS_ERR(r))
            return r;
        ev_raise(I, &ev_type_TypeError, "%s Got %.100s.", msg, ev_as_str(r)->data);
        ev_decref(I, r);
        return EV_ERR;
    }
    return ev_dup(arg);
}

/* every item of params through tp_type_check: a new tuple */
static ev_value check_all(ev_interp *I, ev_value params, const char *msg)
{
    ev_tuple *p = ev_as_tuple(params);
    ev_value out = ev_tuple_new(I, p->len);
    if (EV_IS_ERR(out))
        return out;
    for (size_t i = 0; i < p->len; i++) {
        ev_value c = tp_type_check(I, p->items[i], msg, false);
        if (EV_IS_ERR(c)) {
            ev_decref(I, out);
            return c;
        }
        ev_as_tuple(out)->items[i] = c;
    }
    return out;
}

int tp_check_generic(ev_interp *I, ev_value cls, size_t alen, size_t elen)
{
    if (alen == elen)
        return 0;
    ev_value s = ev_to_str(I, cls);
    if (EV_IS_ERR(s))
        return -1;
    if (!elen)
        ev_raise(I, &ev_type_TypeError, "%s is not a generic class", ev_as_str(s)->data);
    else
        ev_raise(I, &ev_type_TypeError, "Too %s arguments for %s; actual %zu, expected %zu", alen > elen ? "many" : "few",
                 ev_as_str(s)->data, alen, elen);
    ev_decref(I, s);
    return -1;
}

/* _remove_dups_flatten: unions inside flattened, repeats (by ==) dropped */
static int union_collect(ev_interp *I, ev_list *out, ev_value p)
{
    ev_value members = ev_union_members(p);
    ev_value inner = tp_is(I, p, "_UnionGenericAlias") ? iattr(I, p, "__args__") : members;
    if (!EV_IS_ERR(inner) && ev_is(inner, EV_O_TUPLE)) {
        ev_dup(inner); /* held: a member's __eq__ may rebind p.__args__ */
        for (size_t i = 0; i < ev_as_tuple(inner)->len; i++)
            if (union_collect(I, out, ev_as_tuple(inner)->items[i])) {
                ev_decref(I, inner);
                return -1;
            }
        ev_decref(I, inner);
        return 0;
    }
    int has = ev_contains(I, ev_obj_val(&out->h), p);
    if (has < 0)
        return -1;
    return has ? 0 : ev_list_append(I, out, p);
}

ev_value tp_union(ev_interp *I, ev_value parameters)
{
    if (ev_is(parameters, EV_O_TUPLE) && ev_as_tuple(parameters)->len == 0)
        return ev_raise(I, &ev_type_TypeError, "Cannot take a Union of no types.");
    ev_value params = tp_tupleize(I, parameters);
    if (EV_IS_ERR(params))
        return params;
    ev_value checked = check_all(I, params, "Union[arg, ...]: each arg must be a type.");
    ev_decref(I, params);
    if (EV_IS_ERR(checked))
        return checked;
    ev_value l = ev_list_new(I, 0);
    if (EV_IS_ERR(l)) {
        ev_decref(I, checked);
        return l;
    }
    for (size_t i = 0; i < ev_as_tuple(checked)->len; i++)
        if (union_collect(I, ev_as_list(l), ev_as_tuple(checked)->items[i])) {
            ev_decref(I, l);
            ev_decref(I, checked);
            return EV_ERR;
        }
    ev_decref(I, checked);
    if (ev_as_list(l)->len == 1) {
        ev_value r = ev_dup(ev_as_list(l)->items[0]);
        ev_decref(I, l);
        return r;
    }
    ev_value t = ev_tuple_from_iterable(I, l);
    ev_decref(I, l);
    ev_value u = tp_get(I, "Union");
    if (EV_IS_ERR(u)) {
        ev_decref(I, t);
        return u;
    }
    return tp_alias_new(I, "_UnionGenericAlias", u, t, NULL, true);
}

/* ---- _SpecialForm -------------------------------------------------------------------------- */

static const char *form_name(ev_interp *I, ev_value self)
{
    ev_value n = iattr(I, self, "_name");
    return ev_is(n, EV_O_STR) ? ev_as_str(n)->data : "?";
}

static int one_arg(ev_interp *I, const char *what, int argc, const ev_kw *kw, int want)
{
    if (EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError, "%s() takes no keyword arguments", what), -1;
    if (argc != want) {
        ev_raise(I, &ev_type_TypeError, "%s() takes %d positional argument%s but %d were given", what, want + 1,
                 want + 1 == 1 ? "" : "s", argc + 1);
        return -1;
    }
    return 0;
}

static ev_value form_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_buf b = {0};
    if (ev_buf_printf(I, &b, "typing.%s", form_name(I, self))) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

/* Literal[...]'s parameters: nested Literals flattened, repeats (equal and
 * of the same type) dropped */
static int literal_collect(ev_interp *I, ev_list *out, ev_value p, int depth)
{
    if (tp_is(I, p, "_LiteralGenericAlias") && depth < 100) {
        ev_value a = iattr_held(I, p, "__args__"); /* held across the members' __eq__ */
        for (size_t i = 0; ev_is(a, EV_O_TUPLE) && i < ev_as_tuple(a)->len; i++)
            if (literal_collect(I, out, ev_as_tuple(a)->items[i], depth + 1)) {
                ev_decref(I, a);
                return -1;
            }
        ev_decref(I, a);
        return 0;
    }
    for (size_t i = 0; i < out->len; i++) {
        if (ev_type_of(out->items[i]) != ev_type_of(p))
            continue;
        int eq = ev_eq(I, out->items[i], p);
        if (eq < 0)
            return -1;
        if (eq)
            return 0;
    }
    return ev_list_append(I, out, p);
}

/* Annotated[T, x, ...]: an _AnnotatedAlias, nested ones flattened */
static ev_value annotated(ev_interp *I, ev_value p)
{
    ev_value out = EV_ERR;
    if (!ev_is(p, EV_O_TUPLE) || ev_as_tuple(p)->len < 2) {
        ev_raise(I, &ev_type_TypeError, "Annotated[...] should be used with at least two arguments (a type and an "
                                       "annotation).");
    } else {
        ev_tuple *pt = ev_as_tuple(p);
        ev_value origin = tp_type_check(I, pt->items[0], "Annotated[t, ...]: t must be a type.", true);
        ev_value md = ev_tuple_new(I, pt->len - 1);
        if (!EV_IS_ERR(origin) && !EV_IS_ERR(md)) {
            for (size_t i = 1; i < pt->len; i++)
                ev_as_tuple(md)->items[i - 1] = ev_dup(pt->items[i]);
            if (tp_is(I, origin, "_AnnotatedAlias")) { /* Annotated[Annotated[T, a], b]: one level */
                ev_value inner = iattr(I, origin, "__metadata__"), io = iattr(I, origin, "__origin__");
                ev_value both = ev_tuple_new(I, ev_as_tuple(inner)->len + ev_as_tuple(md)->len);
                if (!EV_IS_ERR(both)) {
                    size_t k = 0;
                    for (size_t i = 0; i < ev_as_tuple(inner)->len; i++)
                        ev_as_tuple(both)->items[k++] = ev_dup(ev_as_tuple(inner)->items[i]);
                    for (size_t i = 0; i < ev_as_tuple(md)->len; i++)
                        ev_as_tuple(both)->items[k++] = ev_dup(ev_as_tuple(md)->items[i]);
                    ev_decref(I, md);
                    md = both;
                    ev_value o2 = ev_dup(io);
                    ev_decref(I, origin);
                    origin = o2;
                } else {
                    md = EV_ERR;
                }
            }
        }
        if (!EV_IS_ERR(origin) && !EV_IS_ERR(md)) {
            out = tp_alias_new(I, "_AnnotatedAlias", origin, tp_tupleize(I, origin), NULL, true);
            if (!EV_IS_ERR(out) && set_attr(I, out, "__metadata__", ev_dup(md))) {
                ev_decref(I, out);
                out = EV_ERR;
            }
        }
        if (!EV_IS_ERR(origin))
            ev_decref(I, origin);
        if (!EV_IS_ERR(md))
            ev_decref(I, md);
    }
    return out;
}

static ev_value form_getitem(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (one_arg(I, "__getitem__", argc, kw, 1))
        return EV_ERR;
    const char *n = form_name(I, self);
    ev_value p = argv[0];
    ev_value r = ev_repr(I, self);
    if (EV_IS_ERR(r))
        return r;
    char msg[160];
    ev_value out = EV_ERR;
    if (strcmp(n, "Union") == 0) {
        out = tp_union(I, p);
    } else if (strcmp(n, "Optional") == 0) {
        snprintf(msg, sizeof msg, "%s requires a single type.", ev_as_str(r)->data);
        ev_value a = tp_type_check(I, p, msg, false);
        if (!EV_IS_ERR(a)) {
            ev_value t = ev_tuple_new(I, 2);
            if (!EV_IS_ERR(t)) {
                ev_as_tuple(t)->items[0] = a;
                ev_as_tuple(t)->items[1] = ev_obj_val(&ev_type_NoneType.h);
                out = tp_union(I, t);
                ev_decref(I, t);
            } else {
                ev_decref(I, a);
            }
        }
    } else if (strcmp(n, "ClassVar") == 0 || strcmp(n, "Final") == 0 || strcmp(n, "TypeGuard") == 0 ||
               strcmp(n, "Required") == 0 || strcmp(n, "NotRequired") == 0) {
        if (n[0] == 'T')
            snprintf(msg, sizeof msg, "%s accepts only single type.", ev_as_str(r)->data);
        else if (n[0] == 'R' || n[0] == 'N')
            snprintf(msg, sizeof msg, "%s accepts only a single type.", ev_as_str(r)->data);
        else
            snprintf(msg, sizeof msg, "%s accepts only single type.", ev_as_str(r)->data);
        ev_value a = tp_type_check(I, p, msg, false);
        if (!EV_IS_ERR(a))
            out = tp_alias_new(I, "_GenericAlias", self, tp_tupleize(I, a), NULL, true);
        ev_decref(I, a);
    } else if (strcmp(n, "Literal") == 0) {
        ev_value t = tp_tupleize(I, p), l = EV_IS_ERR(t) ? t : ev_list_new(I, 0);
        if (!EV_IS_ERR(l)) {
            int e = 0;
            for (size_t i = 0; e == 0 && i < ev_as_tuple(t)->len; i++)
                e = literal_collect(I, ev_as_list(l), ev_as_tuple(t)->items[i], 0);
            if (!e)
                out = tp_alias_new(I, "_LiteralGenericAlias", self, ev_tuple_from_iterable(I, l), NULL, true);
            ev_decref(I, l);
        }
        if (!EV_IS_ERR(t))
            ev_decref(I, t);
    } else if (strcmp(n, "Concatenate") == 0) {
        out = tp_concatenate(I, self, p);
    } else if (strcmp(n, "Unpack") == 0) {
        out = tp_unpack(I, self, p);
    } else if (strcmp(n, "Generic") == 0) {
        out = EV_ERR;
    } else {
        ev_value s = ev_repr(I, self);
        if (!EV_IS_ERR(s)) {
            ev_raise(I, &ev_type_TypeError, "%s is not subscriptable", ev_as_str(s)->data);
            ev_decref(I, s);
        }
    }
    ev_decref(I, r);
    return out;
}

static ev_value form_call(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (strcmp(form_name(I, self), "Any") == 0)
        return ev_raise(I, &ev_type_TypeError, "Any cannot be instantiated");
    return ev_raise(I, &ev_type_TypeError, "Cannot instantiate typing.%s", form_name(I, self));
}

static ev_value form_instancecheck(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_raise(I, &ev_type_TypeError, "typing.%s cannot be used with isinstance()", form_name(I, self));
}

static ev_value form_subclasscheck(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_raise(I, &ev_type_TypeError, "typing.%s cannot be used with issubclass()", form_name(I, self));
}

static ev_value form_mro_entries(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_raise(I, &ev_type_TypeError, "Cannot subclass typing.%s", form_name(I, self));
}

/* X | Y with a typing object on either side: Union[X, Y] */
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

static ev_value tp_or(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (one_arg(I, "__or__", argc, kw, 1))
        return EV_ERR;
    return pair_union(I, self, argv[0]);
}

static ev_value tp_ror(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (one_arg(I, "__ror__", argc, kw, 1))
        return EV_ERR;
    return pair_union(I, argv[0], self);
}

static const tp_method form_methods[] = {
    TP_M("__repr__", form_repr),
    TP_M("__getitem__", form_getitem),
    TP_M("__call__", form_call),
    TP_M("__instancecheck__", form_instancecheck),
    TP_M("__subclasscheck__", form_subclasscheck),
    TP_M("__mro_entries__", form_mro_entries),
    TP_M("__or__", tp_or),
    TP_M("__ror__", tp_ror),
    TP_END,
};

/* ---- the generic aliases ------------------------------------------------------------------- */

/* a copy of self with new args (copy_with), same class, name and _inst */
ev_value tp_copy_with(ev_interp *I, ev_value self, const char *cls, ev_value args_steal)
{
    ev_value name = iattr(I, self, "_name"), inst = iattr(I, self, "_inst"), origin = iattr(I, self, "__origin__");
    return tp_alias_new(I, cls, origin, args_steal, ev_is(name, EV_O_STR) ? ev_as_str(name)->data : NULL,
                        EV_IS_ERR(inst) || ev_truth(I, inst) == 1);
}

/* substitute the TypeVars of arg by the matching values (tuple params -> vals) */
static ev_value subst(ev_interp *I, ev_value arg, ev_tuple *params, ev_tuple *vals, int depth)
{
    if (depth > 200)
        return ev_raise(I, &ev_type_RecursionError, "maximum recursion depth exceeded");
    if (is_typevar(I, arg)) {
        for (size_t i = 0; i < params->len; i++)
            if (params->items[i].u.o == arg.u.o)
                return ev_dup(vals->items[i]);
        return ev_dup(arg);
    }
    if (!tp_is_alias(I, arg) || is_special(I, arg))
        return ev_dup(arg);
    ev_value a = iattr_held(I, arg, "__args__"); /* held: the union rebuilds below run __eq__ */
    if (!ev_is(a, EV_O_TUPLE)) {
        ev_decref(I, a);
        return ev_dup(arg);
    }
    ev_value na = ev_tuple_new(I, ev_as_tuple(a)->len);
    if (EV_IS_ERR(na)) {
        ev_decref(I, a);
        return na;
    }
    for (size_t i = 0; i < ev_as_tuple(a)->len; i++) {
        ev_value x = subst(I, ev_as_tuple(a)->items[i], params, vals, depth + 1);
        if (EV_IS_ERR(x)) {
            ev_decref(I, na);
            ev_decref(I, a);
            return x;
        }
        ev_as_tuple(na)->items[i] = x;
    }
    ev_decref(I, a);
    if (tp_is(I, arg, "_UnionGenericAlias")) {
        ev_value u = tp_union(I, na);
        ev_decref(I, na);
        return u;
    }
    return tp_copy_with(I, arg, ev_type_of(arg)->name, na);
}

static ev_value alias_getitem(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (one_arg(I, "__getitem__", argc, kw, 1))
        return EV_ERR;
    ev_value p = argv[0];
    if (tp_is(I, self, "_CallableType")) {
        if (!ev_is(p, EV_O_TUPLE) || ev_as_tuple(p)->len != 2)
            return ev_raise(I, &ev_type_TypeError, "Callable must be used as Callable[[arg, ...], result].");
        ev_value args = ev_as_tuple(p)->items[0];
        ev_value result = tp_type_check(I, ev_as_tuple(p)->items[1], "Callable[args, result]: result must be a type.",
                                        false);
        if (EV_IS_ERR(result))
            return result;
        /* a list, a tuple or any one object (a ParamSpec, a Concatenate[...]) before the result, each
         * _type_convert-ed; ... alone */
        ev_value l = ev_list_new(I, 0);
        int e = EV_IS_ERR(l);
        if (!e && args.tag == EV_T_OBJ && args.u.o == &ev_ellipsis.h) {
            e = ev_list_append(I, ev_as_list(l), args);
        } else if (!e) {
            bool seq = ev_is(args, EV_O_LIST) || ev_is(args, EV_O_TUPLE);
            size_t n = ev_is(args, EV_O_LIST) ? ev_as_list(args)->len : ev_is(args, EV_O_TUPLE) ? ev_as_tuple(args)->len : 1;
            for (size_t i = 0; e == 0 && i < n; i++) {
                /* a list is re-read each time: a str's ForwardRef is made in between */
                if (ev_is(args, EV_O_LIST) && i >= ev_as_list(args)->len)
                    break;
                ev_value c = !seq ? args : ev_is(args, EV_O_LIST) ? ev_as_list(args)->items[i] : ev_as_tuple(args)->items[i];
                ev_value cv = c.tag == EV_T_NONE ? ev_obj_val(&ev_type_NoneType.h) : c;
                if (ev_is(c, EV_O_STR)) {
                    cv = tp_type_check(I, c, "", false);
                    e = EV_IS_ERR(cv) || ev_list_append(I, ev_as_list(l), cv);
                    if (!EV_IS_ERR(cv))
                        ev_decref(I, cv);
                } else {
                    e = ev_list_append(I, ev_as_list(l), cv);
                }
            }
        }
        e = e || ev_list_append(I, ev_as_list(l), result);
        ev_decref(I, result);
        if (e) {
            if (!EV_IS_ERR(l))
                ev_decref(I, l);
            return EV_ERR;
        }
        ev_value t = ev_tuple_from_iterable(I, l);
        ev_decref(I, l);
        return tp_copy_with(I, self, "_CallableGenericAlias", t);
    }
    if (tp_is(I, self, "_TupleType")) {
        ev_value t = tp_tupleize(I, p);
        if (EV_IS_ERR(t))
            return t;
        ev_tuple *pt = ev_as_tuple(t);
        bool var = pt->len >= 2 && pt->items[pt->len - 1].tag == EV_T_OBJ && pt->items[pt->len - 1].u.o == &ev_ellipsis.h;
        ev_value out = ev_tuple_new(I, pt->len);
        for (size_t i = 0; !EV_IS_ERR(out) && i < pt->len; i++) {
            ev_value c = var && i == pt->len - 1 ? ev_dup(pt->items[i])
                         : tp_type_check(I, pt->items[i],
                                         var ? "Tuple[t, ...]: t must be a type." : "Tuple[t0, t1, ...]: each t must be a type.",
                                         false);
            if (EV_IS_ERR(c)) {
                ev_decref(I, out);
                out = EV_ERR;
                break;
            }
            ev_as_tuple(out)->items[i] = c;
        }
        ev_decref(I, t);
        return EV_IS_ERR(out) ? out : tp_copy_with(I, self, "_GenericAlias", out);
    }
    if (tp_is(I, self, "_SpecialGenericAlias")) {
        ev_value t = tp_tupleize(I, p);
        if (EV_IS_ERR(t))
            return t;
        ev_value c = check_all(I, t, "Parameters to generic types must be types.");
        ev_decref(I, t);
        if (EV_IS_ERR(c))
            return c;
        ev_value np = iattr(I, self, "_nparams");
        if (np.tag == EV_T_INT && np.u.i >= 0 && tp_check_generic(I, self, ev_as_tuple(c)->len, (size_t)np.u.i)) {
            ev_decref(I, c);
            return EV_ERR;
        }
        return tp_copy_with(I, self, "_GenericAlias", c);
    }
    /* a subscripted alias: its type variables get values */
    ev_value o = iattr(I, self, "__origin__");
    ev_value g = tp_get(I, "Generic"), pr = tp_get(I, "Protocol");
    if (!EV_IS_ERR(o) && !EV_IS_ERR(g) && !EV_IS_ERR(pr) && (o.u.o == g.u.o || o.u.o == pr.u.o)) {
        ev_value s = ev_repr(I, self);
        if (EV_IS_ERR(s))
            return s;
        ev_raise(I, &ev_type_TypeError, "Cannot subscript already-subscripted %s", ev_as_str(s)->data);
        ev_decref(I, s);
        return EV_ERR;
    }
    ev_value params = iattr(I, self, "__parameters__");
    if (!ev_is(params, EV_O_TUPLE))
        return ev_raise(I, &ev_type_TypeError, "typing alias without __parameters__");
    if (ev_as_tuple(params)->len == 0) {
        ev_value s = ev_repr(I, self);
        if (EV_IS_ERR(s))
            return s;
        ev_raise(I, &ev_type_TypeError, "%s is not a generic class", ev_as_str(s)->data);
        ev_decref(I, s);
        return EV_ERR;
    }
    for (size_t i = 0; i < ev_as_tuple(params)->len; i++)
        if (!is_typevar(I, ev_as_tuple(params)->items[i])) {
            ev_value s = ev_repr(I, self);
            if (EV_IS_ERR(s))
                return s;
            ev_raise(I, &ev_type_NotImplementedError,
                     "substituting a %s in %s is not supported by safepy", ev_type_of(ev_as_tuple(params)->items[i])->name,
                     ev_as_str(s)->data);
            ev_decref(I, s);
            return EV_ERR;
        }
    ev_value vals = tp_tupleize(I, p);
    if (EV_IS_ERR(vals))
        return vals;
    ev_value cv = check_all(I, vals, "Parameters to generic types must be types.");
    ev_decref(I, vals);
    if (EV_IS_ERR(cv))
        return cv;
    if (tp_check_generic(I, self, ev_as_tuple(cv)->len, ev_as_tuple(params)->len)) {
        ev_decref(I, cv);
        return EV_ERR;
    }
    ev_dup(params);
    ev_value r = subst(I, self, ev_as_tuple(params), ev_as_tuple(cv), 0);
    ev_decref(I, params);
    ev_decref(I, cv);
    return r;
}

/* calling List[int]() or Deque[int](): the origin, when it may be made */
static ev_value alias_call(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value inst = iattr(I, self, "_inst"), name = iattr(I, self, "_name"), o = iattr(I, self, "__origin__");
    if (!EV_IS_ERR(inst) && ev_truth(I, inst) == 0) {
        ev_value on = ev_is(o, EV_O_TYPE) ? ev_str_from_cstr(I, ((ev_type *)o.u.o)->name) : EV_ERR;
        ev_value lo = EV_IS_ERR(on) ? on : ev_us_callm(I, on, "lower", 0, NULL, NULL);
        if (!EV_IS_ERR(on))
            ev_decref(I, on);
        if (EV_IS_ERR(lo))
            return lo;
        ev_raise(I, &ev_type_TypeError, "Type %s cannot be instantiated; use %s() instead",
                 ev_is(name, EV_O_STR) ? ev_as_str(name)->data : "?", ev_as_str(lo)->data);
        ev_decref(I, lo);
        return EV_ERR;
    }
    ev_value r = ev_call(I, o, argc, argv, EV_KW_N(kw), kw ? kw->names : NULL, kw ? kw->vals : NULL);
    if (EV_IS_ERR(r))
        return r;
    if (ev_us_setattr(I, r, "__orig_class__", self) && !ev_us_catch(I, &ev_type_Exception)) {
        ev_decref(I, r);
        return EV_ERR;
    }
    return r;
}

static ev_value alias_instancecheck(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);

static ev_value alias_subclasscheck(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (one_arg(I, "__subclasscheck__", argc, kw, 1))
        return EV_ERR;
    if (tp_is(I, self, "_UnionGenericAlias")) {
        ev_value a = iattr(I, self, "__args__");
        if (!ev_is(argv[0], EV_O_TYPE))
            return ev_raise(I, &ev_type_TypeError, "issubclass() arg 1 must be a class");
        ev_dup(a);
        for (size_t i = 0; i < ev_as_tuple(a)->len; i++) {
            int r = ev_issubclass(I, (ev_type *)argv[0].u.o, ev_as_tuple(a)->items[i]);
            if (r) {
                ev_decref(I, a);
                return r < 0 ? EV_ERR : EV_TRUE;
            }
        }
        ev_decref(I, a);
        return EV_FALSE;
    }
    if (is_special(I, self)) {
        if (!ev_is(argv[0], EV_O_TYPE))
            return ev_raise(I, &ev_type_TypeError, "issubclass() arg 1 must be a class");
        ev_value o = iattr(I, self, "__origin__");
        int r = ev_issubclass(I, (ev_type *)argv[0].u.o, o);
        return r < 0 ? EV_ERR : ev_bool(r);
    }
    return ev_raise(I, &ev_type_TypeError, "Subscripted generics cannot be used with class and instance checks");
}

static ev_value alias_instancecheck(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (one_arg(I, "__instancecheck__", argc, kw, 1))
        return EV_ERR;
    ev_value t = ev_obj_val(&ev_type_of(argv[0])->h);
    return alias_subclasscheck(I, self, 1, &t, NULL);
}

/* class C(List[int]): list and Generic; class C(Base[T]): Base */
static ev_value alias_mro_entries(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (one_arg(I, "__mro_entries__", argc, kw, 1))
        return EV_ERR;
    if (!ev_is(argv[0], EV_O_TUPLE))
        return ev_raise(I, &ev_type_TypeError, "__mro_entries__ expects a tuple");
    ev_tuple *bases = ev_as_tuple(argv[0]);
    ev_value o = iattr(I, self, "__origin__"), name = iattr(I, self, "_name");
    ev_value g = tp_get(I, "Generic"), pr = tp_get(I, "Protocol");
    if (EV_IS_ERR(g) || EV_IS_ERR(pr) || EV_IS_ERR(o))
        return EV_ERR;
    if (tp_is(I, o, "_SpecialForm") || tp_is(I, self, "_UnionGenericAlias")) {
        ev_value s = ev_repr(I, self);
        if (EV_IS_ERR(s))
            return s;
        ev_raise(I, &ev_type_TypeError, "Cannot subclass %s", ev_as_str(s)->data);
        ev_decref(I, s);
        return EV_ERR;
    }
    size_t at = 0;
    while (at < bases->len && bases->items[at].u.o != self.u.o)
        at++;
    if (!ev_is(name, EV_O_STR) && o.u.o == g.u.o) {
        for (size_t i = 0; i < bases->len; i++)
            if (bases->items[i].u.o == pr.u.o)
                return ev_tuple_new(I, 0);
        for (size_t i = at + 1; i < bases->len; i++)
            if (tp_is_alias(I, bases->items[i]) && bases->items[i].u.o != self.u.o)
                return ev_tuple_new(I, 0);
    }
    if (!ev_is(name, EV_O_STR))
        return tp_tupleize(I, o);
    /* a builtin's or an ABC's alias: the origin, then Generic unless a
     * later base brings it */
    ev_value l = ev_list_new(I, 0);
    if (EV_IS_ERR(l))
        return l;
    bool has = false;
    for (size_t i = 0; i < bases->len; i++)
        has = has || bases->items[i].u.o == o.u.o;
    if (!has && ev_list_append(I, ev_as_list(l), o))
        goto fail;
    bool later = false;
    for (size_t i = at + 1; i < bases->len && !later; i++) {
        ev_value b = bases->items[i];
        if (tp_is_alias(I, b)) {
            later = true;
        } else if (ev_is(b, EV_O_TYPE)) {
            int r = ev_issubclass(I, (ev_type *)b.u.o, g);
            if (r < 0)
                goto fail;
            later = r;
        }
    }
    if (!later && ev_list_append(I, ev_as_list(l), g))
        goto fail;
    ev_value t = ev_tuple_from_iterable(I, l);
    ev_decref(I, l);
    return t;
fail:
    ev_decref(I, l);
    return EV_ERR;
}

/* Literal's args compare as a set of (value, type) */
static int literal_args_eq(ev_interp *I, ev_tuple *p, ev_tuple *q)
{
    for (int pass = 0; pass < 2; pass++) {
        ev_tuple *x = pass ? q : p, *y = pass ? p : q;
        for (size_t i = 0; i < x->len; i++) {
            bool found = false;
            for (size_t j = 0; j < y->len && !found; j++) {
                if (ev_type_of(x->items[i]) != ev_type_of(y->items[j]))
                    continue;
                int e = ev_eq(I, x->items[i], y->items[j]);
                if (e < 0)
                    return -1;
                found = e;
            }
            if (!found)
                return 0;
        }
    }
    return 1;
}

static int union_args_eq(ev_interp *I, ev_tuple *p, ev_tuple *q)
{
    for (int pass = 0; pass < 2; pass++) {
        ev_tuple *x = pass ? q : p, *y = pass ? p : q;
        for (size_t i = 0; i < x->len; i++) {
            bool found = false;
            for (size_t j = 0; j < y->len && !found; j++) {
                int e = ev_eq(I, x->items[i], y->items[j]);
                if (e < 0)
                    return -1;
                found = e;
            }
            if (!found)
                return 0;
        }
    }
    return 1;
}

static ev_value alias_eq(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (one_arg(I, "__eq__", argc, kw, 1))
        return EV_ERR;
    ev_value other = argv[0];
    if (is_special(I, self))
        return ev_bool(self.u.o == other.u.o);
    bool su = tp_is(I, self, "_UnionGenericAlias"), sl = tp_is(I, self, "_LiteralGenericAlias");
    bool sa = tp_is(I, self, "_AnnotatedAlias");
    if (su || sl || sa) {
        if (!tp_is(I, other, ev_type_of(self)->name))
            return ev_obj_val(&ev_notimplemented.h);
    } else if (!tp_is_alias(I, other) || is_special(I, other) || tp_is(I, other, "_UnionGenericAlias") ||
               tp_is(I, other, "_LiteralGenericAlias") || tp_is(I, other, "_AnnotatedAlias")) {
        return ev_obj_val(&ev_notimplemented.h);
    }
    if (ev_recursion_enter(I, " in comparison"))
        return EV_ERR;
    /* held: an argument's __eq__ may rebind them on either alias */
    ev_value held[] = {iattr_held(I, self, "__args__"), iattr_held(I, other, "__args__"),
                       iattr_held(I, self, "__origin__"), iattr_held(I, other, "__origin__"),
                       iattr_held(I, self, "__metadata__"), iattr_held(I, other, "__metadata__")};
    ev_value pa = held[0], qa = held[1];
    int r;
    if (!ev_is(pa, EV_O_TUPLE) || !ev_is(qa, EV_O_TUPLE)) {
        r = ev_eq(I, pa, qa);
    } else if (su || sl) {
        r = (su ? union_args_eq : literal_args_eq)(I, ev_as_tuple(pa), ev_as_tuple(qa));
    } else {
        r = ev_eq(I, held[2], held[3]);
        if (r == 1)
            r = ev_eq(I, pa, qa);
        if (r == 1 && sa)
            r = ev_eq(I, held[4], held[5]);
    }
    drop(I, held, 6);
    ev_recursion_leave(I);
    return r < 0 ? EV_ERR : ev_bool(r);
}

static ev_value alias_hash(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int64_t h;
    if (is_special(I, self))
        return ev_int((int64_t)(((uintptr_t)self.u.o) >> 4));
    ev_value a = iattr_held(I, self, "__args__"); /* held: an argument's __hash__ may rebind it */
    if (tp_is(I, self, "_UnionGenericAlias") || tp_is(I, self, "_LiteralGenericAlias")) {
        /* order-independent, as hash(frozenset(args)) is */
        uint64_t acc = 0x345678;
        for (size_t i = 0; ev_is(a, EV_O_TUPLE) && i < ev_as_tuple(a)->len; i++) {
            if (ev_hash(I, ev_as_tuple(a)->items[i], &h)) {
                ev_decref(I, a);
                return EV_ERR;
            }
            acc ^= (uint64_t)h * 0x9E3779B97F4A7C15ull;
        }
        ev_decref(I, a);
        return ev_int((int64_t)(acc >> 1));
    }
    ev_value t = ev_tuple_new(I, 2);
    if (EV_IS_ERR(t)) {
        ev_decref(I, a);
        return t;
    }
    ev_as_tuple(t)->items[0] = iattr_held(I, self, "__origin__");
    ev_as_tuple(t)->items[1] = a;
    int e = ev_hash(I, t, &h);
    ev_decref(I, t);
    return e ? EV_ERR : ev_int(h);
}

static ev_value alias_reduce(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_raise(I, &ev_type_NotImplementedError, "pickling typing objects is not supported by safepy");
}

static const tp_method alias_methods[] = {
    TP_M("__repr__", alias_repr),
    TP_M("__getitem__", alias_getitem),
    TP_M("__call__", alias_call),
    TP_M("__instancecheck__", alias_instancecheck),
    TP_M("__subclasscheck__", alias_subclasscheck),
    TP_M("__mro_entries__", alias_mro_entries),
    TP_M("__eq__", alias_eq),
    TP_M("__hash__", alias_hash),
    TP_M("__or__", tp_or),
    TP_M("__ror__", tp_ror),
    TP_M("__reduce__", alias_reduce),
    TP_END,
};

/* ---- ForwardRef ------------------------------------------------------------------------------ */

static ev_value fr_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const ev_us_sig sig = {"ForwardRef.__init__", {"arg", "is_argument", "module", "is_class", NULL}, 1, 0,
                                  false, false};
    BIND(sig, a);
    if (!ev_is(a[0], EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "Forward reference must be a string -- got %s",
                        EV_IS_ERR(ev_repr(I, a[0])) ? "?" : ev_type_name(a[0]));
    if (set_attr(I, self, "__forward_arg__", ev_dup(a[0])) || set_attr(I, self, "__forward_evaluated__", EV_FALSE) ||
        set_attr(I, self, "__forward_value__", EV_NONE) ||
        set_attr(I, self, "__forward_is_argument__", EV_IS_ERR(a[1]) ? EV_TRUE : ev_dup(a[1])) ||
        set_attr(I, self, "__forward_is_class__", EV_IS_ERR(a[3]) ? EV_FALSE : ev_dup(a[3])) ||
        set_attr(I, self, "__forward_module__", EV_IS_ERR(a[2]) ? EV_NONE : ev_dup(a[2])))
        return EV_ERR;
    return EV_NONE;
}

static ev_value fr_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_buf b = {0};
    ev_value a = iattr(I, self, "__forward_arg__"), m = iattr(I, self, "__forward_module__");
    int e = ev_buf_puts(I, &b, "ForwardRef(") || ev_buf_repr(I, &b, EV_IS_ERR(a) ? EV_NONE : a);
    if (!EV_IS_ERR(m) && m.tag != EV_T_NONE)
        e = e || ev_buf_puts(I, &b, ", module=") || ev_buf_repr(I, &b, m);
    e = e || ev_buf_puts(I, &b, ")");
    if (e) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

static ev_value fr_eq(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (one_arg(I, "__eq__", argc, kw, 1))
        return EV_ERR;
    if (!tp_is(I, argv[0], "ForwardRef"))
        return ev_obj_val(&ev_notimplemented.h);
    int r = ev_eq(I, iattr(I, self, "__forward_arg__"), iattr(I, argv[0], "__forward_arg__"));
    if (r == 1)
        r = ev_eq(I, iattr(I, self, "__forward_module__"), iattr(I, argv[0], "__forward_module__"));
    return r < 0 ? EV_ERR : ev_bool(r);
}

static ev_value fr_hash(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int64_t h;
    return ev_hash(I, iattr(I, self, "__forward_arg__"), &h) ? EV_ERR : ev_int(h ^ 0x51ed27);
}

static const tp_method fr_methods[] = {
    TP_M("__init__", fr_init), TP_M("__repr__", fr_repr), TP_M("__eq__", fr_eq), TP_M("__hash__", fr_hash),
    TP_M("__or__", tp_or),     TP_M("__ror__", tp_ror),   TP_END,
};

/* ---- Annotated and Any: classes in 3.11 --------------------------------------------------------- */

static ev_value ann_class_getitem(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc != 2 || EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError, "__class_getitem__ expects 1 argument");
    return annotated(I, argv[1]);
}

static ev_value ann_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_raise(I, &ev_type_TypeError, "Type Annotated cannot be instantiated.");
}

static ev_value ann_init_subclass(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_raise(I, &ev_type_TypeError, "Cannot subclass typing.Annotated");
}

static const tp_method annotated_methods[] = {
    TP_C("__class_getitem__", ann_class_getitem),
    TP_S("__new__", ann_new),
    TP_C("__init_subclass__", ann_init_subclass),
    TP_END,
};

static bool is_any(ev_interp *I, ev_value v)
{
    return ev_is(v, EV_O_TYPE) && strcmp(((ev_type *)v.u.o)->name, "Any") == 0 && ((ev_type *)v.u.o)->module &&
           strcmp(((ev_type *)v.u.o)->module, "typing") == 0;
}

/* _AnyMeta.__instancecheck__: Any refuses, its subclasses check as classes */
static ev_value anymeta_instancecheck(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc != 1)
        return ev_raise(I, &ev_type_TypeError, "__instancecheck__ expects 1 argument");
    if (is_any(I, self))
        return ev_raise(I, &ev_type_TypeError, "typing.Any cannot be used with isinstance()");
    return ev_bool(ev_type_is_subclass(ev_type_of(argv[0]), (ev_type *)self.u.o));
}

static ev_value anymeta_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (is_any(I, self))
        return ev_str_from_cstr(I, "typing.Any");
    ev_buf b = {0};
    if (ev_buf_puts(I, &b, "<class '") || tp_put_type_repr(I, &b, self) || ev_buf_puts(I, &b, "'>")) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

static const tp_method anymeta_methods[] = {
    TP_M("__instancecheck__", anymeta_instancecheck),
    TP_M("__repr__", anymeta_repr),
    TP_END,
};

/* Any.__new__(cls, *args, **kwargs) */
static ev_value any_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc < 1 || !ev_is(argv[0], EV_O_TYPE))
        return ev_raise(I, &ev_type_TypeError, "Any.__new__(): not enough arguments");
    if (is_any(I, argv[0]))
        return ev_raise(I, &ev_type_TypeError, "Any cannot be instantiated");
    return ev_us_callm(I, ev_obj_val(&ev_type_object.h), "__new__", 1, argv, NULL);
}

static const tp_method any_methods[] = {TP_S("__new__", any_new), TP_END};

/* ---- what safepy does not implement: present, refusing every use ----------------------------------- */

/* ---- the module ---------------------------------------------------------------------------- */

static int make_form(ev_interp *I, ev_dict *ns, ev_value cls, const char *name)
{
    ev_value f = ev_call(I, cls, 0, NULL, 0, NULL, NULL);
    if (EV_IS_ERR(f))
        return -1;
    int r = set_attr(I, f, "_name", ev_str_from_cstr(I, name)) || ev_module_set(I, ns, name, f);
    ev_decref(I, f);
    return r;
}

/* typing.List and its kind: name, origin, parameter count (-1: Tuple),
 * whether calling the alias makes the origin */
static int make_special(ev_interp *I, ev_dict *ns, const char *cls, const char *name, ev_value origin, int nparams,
                        bool inst)
{
    ev_value a = tp_alias_new(I, cls, origin, ev_tuple_new(I, 0), name, inst);
    if (EV_IS_ERR(a))
        return -1;
    int r = set_attr(I, a, "_nparams", ev_int(nparams)) || ev_module_set(I, ns, name, a);
    ev_decref(I, a);
    return r;
}

static int init(ev_interp *I, ev_dict *ns)
{
    if (ev_abc_types_init(I))
        return -1;
    ev_value c;
    if (tp_class(I, ns, "_SpecialForm", EV_NONE, NULL, form_methods, false, &c))
        return -1;
    static const char *const forms[] = {"NoReturn",  "Never",    "Self",       "LiteralString",
                                        "ClassVar",  "Final",     "Union",    "Optional",   "Literal",
                                        "TypeAlias", "Concatenate", "TypeGuard", "Unpack",
                                        "Required",  "NotRequired", NULL};
    for (int i = 0; forms[i]; i++)
        if (make_form(I, ns, c, forms[i]))
            return -1;
    for (int i = 0; alias_classes[i]; i++)
        if (tp_class(I, ns, alias_classes[i], EV_NONE, NULL, alias_methods, false, &c))
            return -1;
    if (tp_class(I, ns, "ForwardRef", EV_NONE, NULL, fr_methods, false, &c) ||
        tp_class(I, ns, "Annotated", EV_NONE, NULL, annotated_methods, false, &c))
        return -1;
    ev_value ttype = tp_tupleize(I, ev_obj_val(&ev_type_type.h)), anymeta;
    if (EV_IS_ERR(ttype))
        return -1;
    int e = tp_class(I, ns, "_AnyMeta", ttype, NULL, anymeta_methods, false, &anymeta);
    ev_decref(I, ttype);
    if (e || tp_class(I, ns, "Any", EV_NONE, (ev_type *)anymeta.u.o, any_methods, false, &c))
        return -1;
    /* Generic and Protocol before the aliases: _type_check names them */
    if (tp_generic_init(I, ns))
        return -1;
    static const struct {
        const char *name;
        ev_type *origin;
        int n;
        bool inst;
    } builtin_aliases[] = {
        {"List", &ev_type_list, 1, false},         {"Dict", &ev_type_dict, 2, false},
        {"Set", &ev_type_set, 1, false},           {"FrozenSet", &ev_type_frozenset, 1, false},
        {"Type", &ev_type_type, 1, false},         {"Deque", &ev_type_deque, 1, true},
        {"DefaultDict", &ev_type_defaultdict, 2, true}, {"ChainMap", &ev_type_ChainMap, 2, true},
        {"OrderedDict", &ev_type_OrderedDict, 2, true}, {"Counter", &ev_type_Counter, 1, true},
    };
    for (size_t i = 0; i < sizeof builtin_aliases / sizeof builtin_aliases[0]; i++)
        if (make_special(I, ns, "_SpecialGenericAlias", builtin_aliases[i].name,
                         ev_obj_val(&builtin_aliases[i].origin->h), builtin_aliases[i].n, builtin_aliases[i].inst))
            return -1;
    if (make_special(I, ns, "_TupleType", "Tuple", ev_obj_val(&ev_type_tuple.h), -1, false))
        return -1;
    static const struct {
        const char *name;
        ev_abc_id id;
        int n;
    } abc_aliases[] = {
        {"Hashable", ABC_Hashable, 0},         {"Awaitable", ABC_Awaitable, 1},
        {"Coroutine", ABC_Coroutine, 3},       {"AsyncIterable", ABC_AsyncIterable, 1},
        {"AsyncIterator", ABC_AsyncIterator, 1}, {"AsyncGenerator", ABC_AsyncGenerator, 2},
        {"Iterable", ABC_Iterable, 1},         {"Iterator", ABC_Iterator, 1},
        {"Reversible", ABC_Reversible, 1},     {"Generator", ABC_Generator, 3},
        {"Sized", ABC_Sized, 0},               {"Container", ABC_Container, 1},
        {"Collection", ABC_Collection, 1},     {"AbstractSet", ABC_Set, 1},
        {"MutableSet", ABC_MutableSet, 1},     {"Mapping", ABC_Mapping, 2},
        {"MappingView", ABC_MappingView, 1},   {"KeysView", ABC_KeysView, 1},
        {"ItemsView", ABC_ItemsView, 2},       {"ValuesView", ABC_ValuesView, 1},
        {"MutableMapping", ABC_MutableMapping, 2}, {"Sequence", ABC_Sequence, 1},
        {"ByteString", ABC_ByteString, 0},     {"MutableSequence", ABC_MutableSequence, 1},
    };
    for (size_t i = 0; i < sizeof abc_aliases / sizeof abc_aliases[0]; i++) {
        ev_value o = ev_abc_get(I, abc_aliases[i].id);
        if (EV_IS_ERR(o) || make_special(I, ns, "_SpecialGenericAlias", abc_aliases[i].name, o, abc_aliases[i].n, true))
            return -1;
    }
    ev_value call = ev_abc_get(I, ABC_Callable);
    if (EV_IS_ERR(call) || make_special(I, ns, "_CallableType", "Callable", call, -1, true))
        return -1;
    if (tp_io_init(I, ns))
        return -1;
    if (ev_module_set(I, ns, "Text", ev_obj_val(&ev_type_str.h)) ||
        ev_module_set(I, ns, "TYPE_CHECKING", EV_FALSE))
        return -1;
    return 0;
}

/* CPython 3.11's __all__ */
static const char *const all_names[] = {
    "Annotated", "Any", "Callable", "ClassVar", "Concatenate", "Final", "ForwardRef", "Generic", "Literal",
    "Optional", "ParamSpec", "Protocol", "Tuple", "Type", "TypeVar", "TypeVarTuple", "Union", "AbstractSet",
    "ByteString", "Container", "ContextManager", "Hashable", "ItemsView", "Iterable", "Iterator", "KeysView",
    "Mapping", "MappingView", "MutableMapping", "MutableSequence", "MutableSet", "Sequence", "Sized", "ValuesView",
    "Awaitable", "AsyncIterator", "AsyncIterable", "Coroutine", "Collection", "AsyncGenerator",
    "AsyncContextManager", "Reversible", "SupportsAbs", "SupportsBytes", "SupportsComplex", "SupportsFloat",
    "SupportsIndex", "SupportsInt", "SupportsRound", "ChainMap", "Counter", "Deque", "Dict", "DefaultDict", "List",
    "OrderedDict", "Set", "FrozenSet", "NamedTuple", "TypedDict", "Generator", "BinaryIO", "IO", "Match",
    "Pattern", "TextIO", "AnyStr", "assert_type", "assert_never", "cast", "clear_overloads", "dataclass_transform",
    "final", "get_args", "get_origin", "get_overloads", "get_type_hints", "is_typeddict", "LiteralString", "Never",
    "NewType", "no_type_check", "no_type_check_decorator", "NoReturn", "NotRequired", "overload", "ParamSpecArgs",
    "ParamSpecKwargs", "Required", "reveal_type", "runtime_checkable", "Self", "Text", "TYPE_CHECKING",
    "TypeAlias", "TypeGuard", "Unpack", NULL
};

const ev_module_def ev_module_typing = {"typing", tp_generic_functions, init, all_names};
