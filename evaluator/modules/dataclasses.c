/*
 * dataclasses.c - the dataclasses module as CPython 3.11's Lib/dataclasses.py:
 * MISSING, KW_ONLY, InitVar, Field and field(), FrozenInstanceError, the
 * dataclass decorator, fields(), is_dataclass(), asdict(), astuple(),
 * replace() and make_dataclass().  The classes are heap classes made with
 * the class machinery (collections_user.c's ev_us_class), their methods C
 * functions; what the decorator does to a class and the methods it
 * generates are in dataclasses_gen.c.
 */
#include <ctype.h>
#include <string.h>

#include "evaluator/modules/collections_int.h"
#include "evaluator/modules/copy_int.h"
#include "evaluator/modules/dataclasses_int.h"

/* ---- shared helpers ------------------------------------------------------------------------ */

ev_value *dc_global(ev_interp *I, const char *name)
{
    ev_str *mn = ev_intern(I, "dataclasses", 11);
    ev_value *m = mn ? ev_dict_lookup_str(I->modules, mn) : NULL;
    ev_str *k = ev_intern(I, name, strlen(name));
    ev_value *v = m && k && ev_is(*m, EV_O_MODULE) ? ev_dict_lookup_str(((ev_module *)m->u.o)->ns, k) : NULL;
    if (!v)
        ev_raise(I, &ev_type_NameError, "name '%s' is not defined", name);
    return v;
}

ev_value dc_getattr(ev_interp *I, ev_value obj, const char *name) { return ev_us_getattr(I, obj, name); }

int dc_setattr(ev_interp *I, ev_value obj, const char *name, ev_value v) { return ev_us_setattr(I, obj, name, v); }

ev_value dc_getattr_or(ev_interp *I, ev_value obj, const char *name, ev_value dflt)
{
    ev_value r = dc_getattr(I, obj, name);
    if (EV_IS_ERR(r) && ev_us_catch(I, &ev_type_AttributeError))
        return ev_dup(dflt);
    return r;
}

int dc_is_instance(ev_interp *I, ev_value obj)
{
    ev_value r = dc_getattr(I, ev_obj_val(&ev_type_of(obj)->h), "__dataclass_fields__");
    if (!EV_IS_ERR(r)) {
        ev_decref(I, r);
        return 1;
    }
    return ev_us_catch(I, &ev_type_AttributeError) ? 0 : -1;
}

/* a field's _field_type is the module's _FIELD: 1/0, -1 error */
static int is_plain_field(ev_interp *I, ev_value f)
{
    ev_value *kind = dc_global(I, "_FIELD");
    if (!kind)
        return -1;
    ev_value k = ev_dup(*kind);
    ev_value ft = dc_getattr(I, f, "_field_type");
    int r = EV_IS_ERR(ft) ? -1 : ft.u.o == k.u.o && ft.tag == k.tag;
    if (!EV_IS_ERR(ft))
        ev_decref(I, ft);
    ev_decref(I, k);
    return r;
}

ev_value dc_fields(ev_interp *I, ev_value obj)
{
    ev_value fd = dc_getattr(I, obj, "__dataclass_fields__");
    if (EV_IS_ERR(fd)) {
        if (ev_us_catch(I, &ev_type_AttributeError))
            return ev_raise(I, &ev_type_TypeError, "must be called with a dataclass type or instance");
        return fd;
    }
    /* tuple(f for f in fields.values() if f._field_type is _FIELD) */
    ev_value vals = ev_us_callm(I, fd, "values", 0, NULL, NULL);
    ev_decref(I, fd);
    ev_value l = EV_IS_ERR(vals) ? vals : ev_list_from_iterable(I, vals);
    if (!EV_IS_ERR(vals))
        ev_decref(I, vals);
    if (EV_IS_ERR(l))
        return l;
    ev_value out = ev_list_new(I, 0);
    for (size_t i = 0; !EV_IS_ERR(out) && i < ev_as_list(l)->len; i++) {
        ev_value f = ev_dup(ev_as_list(l)->items[i]);
        int p = is_plain_field(I, f);
        if (p < 0 || (p && ev_list_append(I, ev_as_list(out), f))) {
            ev_decref(I, out);
            out = EV_ERR;
        }
        ev_decref(I, f);
    }
    ev_decref(I, l);
    if (EV_IS_ERR(out))
        return out;
    ev_value t = ev_tuple_from_iterable(I, out);
    ev_decref(I, out);
    return t;
}

/* ---- the module's classes ------------------------------------------------------------------- */

/* _FIELD_BASE.__repr__ and _HAS_DEFAULT_FACTORY_CLASS.__repr__ */
static ev_value fieldbase_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return dc_getattr(I, self, "name");
}

static ev_value factory_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_str_from_cstr(I, "<factory>");
}

static const char *const field_attrs[] = {"name", "type", "default", "default_factory", "init", "repr",
                                          "hash", "compare", "metadata", "kw_only", NULL};

static ev_value field_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_buf b = {0};
    int e = ev_buf_puts(I, &b, "Field(");
    for (size_t i = 0; e == 0 && field_attrs[i]; i++) {
        ev_value v = dc_getattr(I, self, field_attrs[i]);
        e = EV_IS_ERR(v) || ev_buf_printf(I, &b, "%s=", field_attrs[i]) || ev_buf_repr(I, &b, v) ||
            ev_buf_puts(I, &b, ",");
        if (!EV_IS_ERR(v))
            ev_decref(I, v);
    }
    ev_value ft = e ? EV_ERR : dc_getattr(I, self, "_field_type");
    ev_value fs = EV_IS_ERR(ft) ? ft : ev_to_str(I, ft);
    if (!EV_IS_ERR(ft))
        ev_decref(I, ft);
    e = e || EV_IS_ERR(fs) || ev_buf_puts(I, &b, "_field_type=") ||
        ev_buf_put(I, &b, ev_as_str(fs)->data, ev_as_str(fs)->len) || ev_buf_puts(I, &b, ")");
    if (!EV_IS_ERR(fs))
        ev_decref(I, fs);
    if (e) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

/* Field.__set_name__(owner, name): the default's own __set_name__, when its type has one */
static const ev_us_sig field_set_name_sig = {"Field.__set_name__", {"owner", "name"}, 2, 0, false, false};
static ev_value field_set_name(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    BIND(field_set_name_sig, a);
    ev_value dflt = dc_getattr(I, self, "default");
    if (EV_IS_ERR(dflt))
        return dflt;
    ev_value fn = dc_getattr_or(I, ev_obj_val(&ev_type_of(dflt)->h), "__set_name__", EV_NONE);
    ev_value r = EV_NONE;
    if (EV_IS_ERR(fn)) {
        r = fn;
    } else if (fn.tag != EV_T_NONE) {
        ev_value args[3] = {dflt, a[0], a[1]};
        r = ev_call(I, fn, 3, args, 0, NULL, NULL);
        if (!EV_IS_ERR(r)) {
            ev_decref(I, r);
            r = EV_NONE;
        }
    }
    if (!EV_IS_ERR(fn))
        ev_decref(I, fn);
    ev_decref(I, dflt);
    return r;
}

static ev_value field_class_getitem(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc != 2 || EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError, "__class_getitem__() takes exactly one argument");
    return ev_generic_alias(I, argv[0], argv[1]);
}

static const ev_us_sig initvar_init_sig = {"InitVar.__init__", {"type"}, 1, 0, false, false};
static ev_value initvar_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    BIND(initvar_init_sig, a);
    return dc_setattr(I, self, "type", a[0]) ? EV_ERR : EV_NONE;
}

static ev_value initvar_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value t = dc_getattr(I, self, "type");
    if (EV_IS_ERR(t))
        return t;
    ev_value name = ev_is(t, EV_O_TYPE) ? dc_getattr(I, t, "__name__") : ev_repr(I, t);
    ev_decref(I, t);
    if (EV_IS_ERR(name))
        return name;
    ev_buf b = {0};
    ev_value s = ev_to_str(I, name);
    ev_decref(I, name);
    if (EV_IS_ERR(s))
        return s;
    int e = ev_buf_printf(I, &b, "dataclasses.InitVar[%s]", ev_as_str(s)->data);
    ev_decref(I, s);
    if (e) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

/* InitVar[type]: InitVar(type) */
static ev_value initvar_class_getitem(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc != 2 || EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError, "InitVar.__class_getitem__() takes 2 positional arguments but %d were given",
                        argc);
    return ev_call(I, argv[0], 1, argv + 1, 0, NULL, NULL);
}

static const char *const params_attrs[] = {"init", "repr", "eq", "order", "unsafe_hash", "frozen", NULL};

static ev_value params_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_buf b = {0};
    int e = ev_buf_puts(I, &b, "_DataclassParams(");
    for (size_t i = 0; e == 0 && params_attrs[i]; i++) {
        ev_value v = dc_getattr(I, self, params_attrs[i]);
        e = EV_IS_ERR(v) || ev_buf_printf(I, &b, "%s%s=", i ? "," : "", params_attrs[i]) || ev_buf_repr(I, &b, v);
        if (!EV_IS_ERR(v))
            ev_decref(I, v);
    }
    if (e || ev_buf_puts(I, &b, ")")) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

static const ev_us_method no_methods[] = {{{NULL, NULL, 0, 0, 0, NULL}, 0}};
static const ev_us_method fieldbase_methods[] = {EV_US_M("__repr__", fieldbase_repr), {{NULL, NULL, 0, 0, 0, NULL}, 0}};
static const ev_us_method factory_methods[] = {EV_US_M("__repr__", factory_repr), {{NULL, NULL, 0, 0, 0, NULL}, 0}};
static const ev_us_method field_methods[] = {
    EV_US_M("__repr__", field_repr),
    EV_US_M("__set_name__", field_set_name),
    EV_US_C("__class_getitem__", field_class_getitem),
    {{NULL, NULL, 0, 0, 0, NULL}, 0},
};
static const ev_us_method initvar_methods[] = {
    EV_US_M("__init__", initvar_init),
    EV_US_M("__repr__", initvar_repr),
    EV_US_C("__class_getitem__", initvar_class_getitem),
    {{NULL, NULL, 0, 0, 0, NULL}, 0},
};
static const ev_us_method params_methods[] = {EV_US_M("__repr__", params_repr), {{NULL, NULL, 0, 0, 0, NULL}, 0}};

/* an instance of the module class cname with these attributes (vals borrowed) */
static ev_value new_with_attrs(ev_interp *I, const char *cname, const char *const *names, const ev_value *vals)
{
    ev_value *c = dc_global(I, cname);
    if (!c)
        return EV_ERR;
    ev_value cls = ev_dup(*c);
    ev_value o = ev_call(I, cls, 0, NULL, 0, NULL, NULL);
    ev_decref(I, cls);
    for (size_t i = 0; !EV_IS_ERR(o) && names[i]; i++)
        if (dc_setattr(I, o, names[i], vals[i])) {
            ev_decref(I, o);
            o = EV_ERR;
        }
    return o;
}

/* ---- field() ---------------------------------------------------------------------------------- */

static const char *const field_kw[] = {"default", "default_factory", "init",     "repr",
                                       "hash",    "compare",         "metadata", "kw_only", NULL};

/* field(*, default=MISSING, ...): bound as the def is */
static ev_value dc_field(ev_interp *I, ev_value self, int argc, const ev_value *argv_in, const ev_kw *kw)
{
    if (argc)
        return ev_raise(I, &ev_type_TypeError, "field() takes 0 positional arguments but %d %s given", argc,
                        argc == 1 ? "was" : "were");
    ev_value argv[8];
    for (int i = 0; i < 8; i++)
        argv[i] = EV_ERR;
    for (int k = 0; kw && k < kw->n; k++) {
        int i = 0;
        while (field_kw[i] && strcmp(field_kw[i], kw->names[k]->data) != 0)
            i++;
        if (!field_kw[i])
            return ev_raise(I, &ev_type_TypeError, "field() got an unexpected keyword argument '%s'",
                            kw->names[k]->data);
        argv[i] = kw->vals[k];
    }
    ev_value *missing = dc_global(I, "MISSING");
    if (!missing)
        return EV_ERR;
    ev_value miss = ev_dup(*missing);
    ev_value dflt = EV_IS_ERR(argv[0]) ? miss : argv[0], fact = EV_IS_ERR(argv[1]) ? miss : argv[1];
    if (!dc_same(dflt, miss) && !dc_same(fact, miss)) {
        ev_decref(I, miss);
        return ev_raise(I, &ev_type_ValueError, "cannot specify both default and default_factory");
    }
    ev_value md = EV_ERR;
    if (EV_IS_ERR(argv[6]) || argv[6].tag == EV_T_NONE) {
        ev_value *em = dc_global(I, "_EMPTY_METADATA");
        md = em ? ev_dup(*em) : EV_ERR;
    } else {
        /* types.MappingProxyType(metadata): over a dict (safepy's proxies wrap dicts) */
        if (ev_is(argv[6], EV_O_DICT))
            md = ev_mappingproxy_new(I, ev_as_dict(argv[6]));
        else if (ev_is_mappingproxy(argv[6]))
            md = ev_mappingproxy_new(I, ev_as_dict(ev_mappingproxy_target(argv[6])));
        else if (ev_is(argv[6], EV_O_LIST) || ev_is(argv[6], EV_O_TUPLE) || !ev_user_has_special(I, argv[6], "__getitem__"))
            md = ev_raise(I, &ev_type_TypeError, "mappingproxy() argument must be a mapping, not %s", ev_type_name(argv[6]));
        else
            md = ev_raise(I, &ev_type_NotImplementedError,
                          "dataclasses.field(metadata=...) of a '%s' (not a dict) is not supported by safepy",
                          ev_type_name(argv[6]));
    }
    ev_value *ft = EV_IS_ERR(md) ? NULL : dc_global(I, "_FIELD");
    ev_value r = EV_ERR;
    if (ft) {
        static const char *const names[] = {"name", "type", "default", "default_factory", "init", "repr", "hash",
                                            "compare", "metadata", "kw_only", "_field_type", NULL};
        ev_value vals[11] = {EV_NONE,
                             EV_NONE,
                             dflt,
                             fact,
                             EV_IS_ERR(argv[2]) ? ev_bool(true) : argv[2],
                             EV_IS_ERR(argv[3]) ? ev_bool(true) : argv[3],
                             EV_IS_ERR(argv[4]) ? EV_NONE : argv[4],
                             EV_IS_ERR(argv[5]) ? ev_bool(true) : argv[5],
                             md,
                             EV_IS_ERR(argv[7]) ? miss : argv[7],
                             EV_NONE};
        r = new_with_attrs(I, "Field", names, vals);
    }
    if (!EV_IS_ERR(md))
        ev_decref(I, md);
    ev_decref(I, miss);
    return r;
}

/* ---- fields(), is_dataclass() ----------------------------------------------------------------- */

static ev_value b_fields(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return dc_fields(I, argv[0]);
}

static ev_value b_is_dataclass(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value cls = ev_is(argv[0], EV_O_TYPE) ? argv[0] : ev_obj_val(&ev_type_of(argv[0])->h);
    ev_value r = dc_getattr(I, cls, "__dataclass_fields__");
    if (!EV_IS_ERR(r)) {
        ev_decref(I, r);
        return ev_bool(true);
    }
    return ev_us_catch(I, &ev_type_AttributeError) ? ev_bool(false) : EV_ERR;
}

/* ---- asdict(), astuple() ---------------------------------------------------------------------- */

/* copy.deepcopy(v) of what a dataclass holds besides dataclasses, lists,
 * tuples and dicts, as _asdict_inner's last case: each with a memo of its
 * own (the atoms are themselves without one). */
static ev_value deep_copy_atom(ev_interp *I, ev_value v)
{
    ev_type *t = ev_type_of(v);
    if (v.tag != EV_T_OBJ || t == &ev_type_str || t == &ev_type_int || t == &ev_type_bytes ||
        t == &ev_type_float || t == &ev_type_NoneType || t == &ev_type_bool)
        return ev_dup(v);
    return ev_copy_deepcopy(I, v);
}

static ev_value as_inner(ev_interp *I, ev_value obj, ev_value factory, bool dict);

/* type(obj)(items) for a list, tuple or dict (items a private list) */
static ev_value rebuild(ev_interp *I, ev_value obj, ev_value items_steal, bool star)
{
    ev_type *t = ev_type_of(obj);
    ev_value r;
    if (star) {
        /* a namedtuple: type(obj)(*items) */
        ev_list *l = ev_as_list(items_steal);
        r = ev_call(I, ev_obj_val(&t->h), (int)l->len, l->items, 0, NULL, NULL);
    } else if (!ev_is_user(obj) && t == &ev_type_list) {
        return items_steal;
    } else if (!ev_is_user(obj) && t == &ev_type_tuple) {
        r = ev_tuple_from_iterable(I, items_steal);
    } else {
        r = ev_call(I, ev_obj_val(&t->h), 1, &items_steal, 0, NULL, NULL);
    }
    ev_decref(I, items_steal);
    return r;
}

static ev_value as_inner_body(ev_interp *I, ev_value obj, ev_value factory, bool dict)
{
    int isdc = dc_is_instance(I, obj);
    if (isdc < 0)
        return EV_ERR;
    if (isdc) {
        ev_value fl = dc_fields(I, obj);
        if (EV_IS_ERR(fl))
            return fl;
        ev_value res = ev_list_new(I, 0);
        for (size_t i = 0; !EV_IS_ERR(res) && i < ev_as_tuple(fl)->len; i++) {
            ev_value name = dc_getattr(I, ev_as_tuple(fl)->items[i], "name");
            ev_value v = EV_ERR, inner = EV_ERR, item = EV_ERR;
            if (!EV_IS_ERR(name) && ev_is(name, EV_O_STR)) {
                ev_str *k = ev_intern(I, ev_as_str(name)->data, ev_as_str(name)->len);
                v = k ? ev_getattr(I, obj, k) : EV_ERR;
            } else if (!EV_IS_ERR(name)) {
                ev_raise(I, &ev_type_TypeError, "attribute name must be string, not '%s'", ev_type_name(name));
            }
            if (!EV_IS_ERR(v))
                inner = as_inner(I, v, factory, dict);
            if (!EV_IS_ERR(inner)) {
                if (dict) {
                    item = ev_tuple_new(I, 2);
                    if (!EV_IS_ERR(item)) {
                        ev_as_tuple(item)->items[0] = ev_dup(name);
                        ev_as_tuple(item)->items[1] = ev_dup(inner);
                    }
                } else {
                    item = ev_dup(inner);
                }
            }
            if (EV_IS_ERR(item) || ev_list_append(I, ev_as_list(res), item)) {
                ev_decref(I, res);
                res = EV_ERR;
            }
            if (!EV_IS_ERR(item))
                ev_decref(I, item);
            if (!EV_IS_ERR(inner))
                ev_decref(I, inner);
            if (!EV_IS_ERR(v))
                ev_decref(I, v);
            if (!EV_IS_ERR(name))
                ev_decref(I, name);
        }
        ev_decref(I, fl);
        if (EV_IS_ERR(res))
            return res;
        ev_value r = ev_call(I, factory, 1, &res, 0, NULL, NULL);
        ev_decref(I, res);
        return r;
    }
    ev_type *t = ev_type_of(obj);
    bool is_tuple = ev_type_is_subclass(t, &ev_type_tuple), is_list = ev_type_is_subclass(t, &ev_type_list);
    if (is_tuple || is_list) {
        bool star = false;
        if (is_tuple) {
            ev_value f = dc_getattr(I, obj, "_fields");
            if (!EV_IS_ERR(f)) {
                star = true;
                ev_decref(I, f);
            } else if (!ev_us_catch(I, &ev_type_AttributeError)) {
                return EV_ERR;
            }
        }
        ev_value src = ev_list_from_iterable(I, obj); /* a snapshot: the items' copies run user code */
        if (EV_IS_ERR(src))
            return src;
        ev_value out = ev_list_new(I, 0);
        for (size_t i = 0; !EV_IS_ERR(out) && i < ev_as_list(src)->len; i++) {
            ev_value c = as_inner(I, ev_as_list(src)->items[i], factory, dict);
            if (EV_IS_ERR(c) || ev_list_append(I, ev_as_list(out), c)) {
                ev_decref(I, out);
                out = EV_ERR;
            }
            if (!EV_IS_ERR(c))
                ev_decref(I, c);
        }
        ev_decref(I, src);
        return EV_IS_ERR(out) ? out : rebuild(I, obj, out, star);
    }
    if (ev_type_is_subclass(t, &ev_type_dict)) {
        ev_value items = ev_us_callm(I, obj, "items", 0, NULL, NULL);
        ev_value src = EV_IS_ERR(items) ? items : ev_list_from_iterable(I, items);
        if (!EV_IS_ERR(items))
            ev_decref(I, items);
        if (EV_IS_ERR(src))
            return src;
        ev_value out = ev_list_new(I, 0);
        for (size_t i = 0; !EV_IS_ERR(out) && i < ev_as_list(src)->len; i++) {
            ev_value kv = ev_as_list(src)->items[i];
            ev_value k = EV_ERR, v = EV_ERR, pair = EV_ERR;
            if (ev_is(kv, EV_O_TUPLE) && ev_as_tuple(kv)->len == 2) {
                k = as_inner(I, ev_as_tuple(kv)->items[0], factory, dict);
                v = EV_IS_ERR(k) ? EV_ERR : as_inner(I, ev_as_tuple(kv)->items[1], factory, dict);
                pair = EV_IS_ERR(v) ? EV_ERR : ev_tuple_new(I, 2);
                if (!EV_IS_ERR(pair)) {
                    ev_as_tuple(pair)->items[0] = k;
                    ev_as_tuple(pair)->items[1] = v;
                    k = v = EV_ERR;
                }
            }
            if (EV_IS_ERR(pair) || ev_list_append(I, ev_as_list(out), pair)) {
                ev_decref(I, out);
                out = EV_ERR;
            }
            if (!EV_IS_ERR(pair))
                ev_decref(I, pair);
            if (!EV_IS_ERR(k))
                ev_decref(I, k);
            if (!EV_IS_ERR(v))
                ev_decref(I, v);
        }
        ev_decref(I, src);
        if (EV_IS_ERR(out))
            return out;
        if (!ev_is_user(obj) && t == &ev_type_dict) {
            ev_value d = ev_dict_new(I);
            for (size_t i = 0; !EV_IS_ERR(d) && i < ev_as_list(out)->len; i++) {
                ev_tuple *p = ev_as_tuple(ev_as_list(out)->items[i]);
                if (ev_dict_set(I, ev_as_dict(d), p->items[0], p->items[1])) {
                    ev_decref(I, d);
                    d = EV_ERR;
                }
            }
            ev_decref(I, out);
            return d;
        }
        return rebuild(I, obj, out, false);
    }
    return deep_copy_atom(I, obj);
}

/* one level of recursion each, as CPython's _asdict_inner is a Python function */
static ev_value as_inner(ev_interp *I, ev_value obj, ev_value factory, bool dict)
{
    if (ev_recursion_enter(I, ""))
        return EV_ERR;
    ev_value r = as_inner_body(I, obj, factory, dict);
    ev_recursion_leave(I);
    return r;
}

static ev_value as_common(ev_interp *I, const ev_value *argv, bool dict)
{
    int isdc = dc_is_instance(I, argv[0]);
    if (isdc < 0)
        return EV_ERR;
    if (!isdc)
        return ev_raise(I, &ev_type_TypeError, "%s() should be called on dataclass instances",
                        dict ? "asdict" : "astuple");
    ev_value factory = EV_IS_ERR(argv[1]) ? ev_obj_val(dict ? &ev_type_dict.h : &ev_type_tuple.h) : argv[1];
    return as_inner(I, argv[0], factory, dict);
}

static ev_value b_asdict(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return as_common(I, argv, true);
}

static ev_value b_astuple(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return as_common(I, argv, false);
}

/* ---- replace() -------------------------------------------------------------------------------- */

static ev_value b_replace(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc == 0)
        return ev_raise(I, &ev_type_TypeError, "replace() missing 1 required positional argument: 'obj'");
    if (argc != 1)
        return ev_raise(I, &ev_type_TypeError, "replace() takes 1 positional argument but %d were given", argc);
    ev_value obj = argv[0];
    int isdc = dc_is_instance(I, obj);
    if (isdc <= 0)
        return isdc < 0 ? EV_ERR : ev_raise(I, &ev_type_TypeError, "replace() should be called on dataclass instances");
    ev_value changes = ev_dict_new(I);
    if (EV_IS_ERR(changes))
        return changes;
    for (int k = 0; kw && k < kw->n; k++)
        if (ev_dict_set_str(I, ev_as_dict(changes), kw->names[k], kw->vals[k]))
            goto fail;
    ev_value fd = dc_getattr(I, obj, "__dataclass_fields__");
    ev_value vals = EV_IS_ERR(fd) ? fd : ev_us_callm(I, fd, "values", 0, NULL, NULL);
    if (!EV_IS_ERR(fd))
        ev_decref(I, fd);
    ev_value fl = EV_IS_ERR(vals) ? vals : ev_list_from_iterable(I, vals);
    if (!EV_IS_ERR(vals))
        ev_decref(I, vals);
    if (EV_IS_ERR(fl))
        goto fail;
    ev_value *cv = dc_global(I, "_FIELD_CLASSVAR"), *iv = cv ? dc_global(I, "_FIELD_INITVAR") : NULL,
             *ms = iv ? dc_global(I, "MISSING") : NULL;
    if (!ms) {
        ev_decref(I, fl);
        goto fail;
    }
    ev_value classvar = ev_dup(*cv), initvar = ev_dup(*iv), missing = ev_dup(*ms);
    int err = 0;
    for (size_t i = 0; !err && i < ev_as_list(fl)->len; i++) {
        ev_value f = ev_dup(ev_as_list(fl)->items[i]);
        ev_value ft = dc_getattr(I, f, "_field_type"), name = EV_ERR, init = EV_ERR;
        err = EV_IS_ERR(ft);
        if (!err && dc_same(ft, classvar))
            goto next;
        name = err ? EV_ERR : dc_getattr(I, f, "name");
        init = EV_IS_ERR(name) ? EV_ERR : dc_getattr(I, f, "init");
        int ini = EV_IS_ERR(init) ? -1 : ev_truth(I, init);
        if (ini < 0 || !ev_is(name, EV_O_STR)) {
            err = 1;
            goto next;
        }
        ev_value cur;
        int has = ev_dict_get(I, ev_as_dict(changes), name, &cur);
        if (has < 0) {
            err = 1;
            goto next;
        }
        if (has)
            ev_decref(I, cur);
        if (!ini) {
            if (has) {
                ev_raise(I, &ev_type_ValueError,
                         "field %s is declared with init=False, it cannot be specified with replace()",
                         ev_as_str(name)->data);
                err = 1;
            }
            goto next;
        }
        if (!has) {
            if (dc_same(ft, initvar)) {
                ev_value d = dc_getattr(I, f, "default");
                bool req = !EV_IS_ERR(d) && dc_same(d, missing);
                if (EV_IS_ERR(d) || req) {
                    if (req)
                        ev_raise(I, &ev_type_ValueError, "InitVar '%s' must be specified with replace()",
                                 ev_as_str(name)->data);
                    if (!EV_IS_ERR(d))
                        ev_decref(I, d);
                    err = 1;
                    goto next;
                }
                ev_decref(I, d);
            }
            ev_str *k = ev_intern(I, ev_as_str(name)->data, ev_as_str(name)->len);
            ev_value v = k ? ev_getattr(I, obj, k) : EV_ERR;
            err = EV_IS_ERR(v) || ev_dict_set(I, ev_as_dict(changes), name, v);
            if (!EV_IS_ERR(v))
                ev_decref(I, v);
        }
    next:
        if (!EV_IS_ERR(init))
            ev_decref(I, init);
        if (!EV_IS_ERR(name))
            ev_decref(I, name);
        if (!EV_IS_ERR(ft))
            ev_decref(I, ft);
        ev_decref(I, f);
    }
    ev_decref(I, classvar);
    ev_decref(I, initvar);
    ev_decref(I, missing);
    ev_decref(I, fl);
    if (err)
        goto fail;
    /* obj.__class__(**changes) */
    ev_value cls = dc_getattr(I, obj, "__class__");
    if (EV_IS_ERR(cls))
        goto fail;
    ev_dict *cd = ev_as_dict(changes);
    size_t n = 0;
    for (size_t i = 0; i < cd->nentries; i++)
        n += !EV_IS_ERR(cd->entries[i].key);
    ev_str **names = ev_alloc(I, (n + 1) * sizeof *names);
    ev_value *kv = ev_alloc(I, (n + 1) * sizeof *kv);
    ev_value r = EV_ERR;
    if (names && kv) {
        size_t j = 0;
        for (size_t i = 0; i < cd->nentries && j < n; i++)
            if (!EV_IS_ERR(cd->entries[i].key)) {
                names[j] = ev_as_str(cd->entries[i].key);
                kv[j++] = cd->entries[i].value;
            }
        r = ev_call(I, cls, 0, NULL, (int)j, names, kv);
    } else {
        ev_raise_nomem(I);
    }
    if (names)
        ev_dealloc(I, names);
    if (kv)
        ev_dealloc(I, kv);
    ev_decref(I, cls);
    ev_decref(I, changes);
    return r;
fail:
    ev_decref(I, changes);
    return EV_ERR;
}

/* ---- dataclass() ------------------------------------------------------------------------------ */

static const bool param_defaults[DC_P_N] = {true, true, true, false, false, false, true, false, false, false};

/* vals: the values given (EV_ERR becomes the default's bool); out their truth */
static int read_params(ev_interp *I, ev_value *vals, bool out[DC_P_N])
{
    for (int i = 0; i < DC_P_N; i++) {
        if (EV_IS_ERR(vals[i]))
            vals[i] = ev_bool(param_defaults[i]);
        int t = ev_truth(I, vals[i]);
        if (t < 0)
            return -1;
        out[i] = t;
    }
    return 0;
}

/* the decorator dataclass(...) returns: wrap(cls), its self the flags as a tuple of bools */
static ev_value dc_wrap(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc != 1 || EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError, "dataclass.<locals>.wrap() takes 1 positional argument but %d were given",
                        argc);
    bool p[DC_P_N];
    ev_value raw[DC_P_N];
    for (int i = 0; i < DC_P_N; i++)
        raw[i] = ev_as_tuple(self)->items[i];
    ev_incref(self); /* the flags, while the class's code runs */
    ev_value r = read_params(I, raw, p) ? EV_ERR : dc_process_class(I, argv[0], p, raw);
    ev_decref(I, self);
    return r;
}

static const ev_builtin_def wrap_def = {"wrap", dc_wrap, 0, -1, EV_BF_KWANY, NULL};

static const char *const dataclass_kw[DC_P_N] = {"init",   "repr",       "eq",      "order", "unsafe_hash",
                                                 "frozen", "match_args", "kw_only", "slots", "weakref_slot"};

/* dataclass(cls=None, /, *, init=True, ...): bound as the def is */
static ev_value b_dataclass(ev_interp *I, ev_value self, int argc, const ev_value *argv_in, const ev_kw *kw)
{
    if (argc > 1)
        return ev_raise(I, &ev_type_TypeError, "dataclass() takes from 0 to 1 positional arguments but %d were given",
                        argc);
    ev_value argv[1 + DC_P_N];
    argv[0] = argc ? argv_in[0] : EV_ERR;
    for (int i = 0; i < DC_P_N; i++)
        argv[1 + i] = EV_ERR;
    for (int k = 0; kw && k < kw->n; k++) {
        int i = 0;
        while (i < DC_P_N && strcmp(dataclass_kw[i], kw->names[k]->data) != 0)
            i++;
        if (i == DC_P_N)
            return ev_raise(I, &ev_type_TypeError, "dataclass() got an unexpected keyword argument '%s'",
                            kw->names[k]->data);
        argv[1 + i] = kw->vals[k];
    }
    bool p[DC_P_N];
    if (read_params(I, argv + 1, p))
        return EV_ERR;
    if (!EV_IS_ERR(argv[0]) && argv[0].tag != EV_T_NONE)
        return dc_process_class(I, argv[0], p, argv + 1);
    ev_value t = ev_tuple_new(I, DC_P_N);
    if (EV_IS_ERR(t))
        return t;
    for (int i = 0; i < DC_P_N; i++)
        ev_as_tuple(t)->items[i] = ev_dup(argv[1 + i]);
    ev_value w = ev_builtin_new(I, &wrap_def, t);
    ev_decref(I, t);
    return w;
}

/* ---- make_dataclass() ------------------------------------------------------------------------- */

static bool is_identifier(const ev_str *s)
{
    if (s->len == 0)
        return false;
    for (size_t i = 0; i < s->len; i++) {
        unsigned char c = (unsigned char)s->data[i];
        if (c >= 0x80)
            continue;
        if (!(isalpha(c) || c == '_' || (i > 0 && isdigit(c))))
            return false;
    }
    return true;
}

static bool is_keyword(const ev_str *s)
{
    static const char *const kws[] = {
        "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class",
        "continue", "def", "del", "elif", "else", "except", "finally", "for", "from", "global",
        "if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return",
        "try", "while", "with", "yield", NULL};
    for (const char *const *k = kws; *k; k++)
        if (strcmp(*k, s->data) == 0)
            return true;
    return false;
}

static int raise_with_repr(ev_interp *I, const char *prefix, ev_value v)
{
    ev_value r = ev_repr(I, v);
    if (!EV_IS_ERR(r)) {
        ev_raise(I, &ev_type_TypeError, "%s%s", prefix, ev_as_str(r)->data);
        ev_decref(I, r);
    }
    return -1;
}

/* declared "cls_name, fields, *, bases, namespace, init, repr, eq, order,
 * unsafe_hash, frozen, match_args, kw_only, slots, weakref_slot" */
static ev_value b_make_dataclass(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    bool p[DC_P_N];
    ev_value items = ev_list_from_iterable(I, argv[1]);
    if (EV_IS_ERR(items))
        return items;
    ev_value ann = ev_dict_new(I), defaults = ev_dict_new(I), ns = EV_ERR, cls = EV_ERR, bases = EV_ERR;
    if (EV_IS_ERR(ann) || EV_IS_ERR(defaults))
        goto out;
    ev_list *il = ev_as_list(items);
    for (size_t i = 0; i < il->len; i++) {
        ev_value item = ev_dup(il->items[i]), name = EV_ERR, tp = EV_ERR, spec = EV_ERR;
        int bad = 0;
        if (ev_is(item, EV_O_STR)) {
            name = ev_dup(item);
            tp = ev_str_from_cstr(I, "typing.Any");
        } else {
            int64_t n;
            ev_value t = EV_ERR;
            if (ev_len(I, item, &n))
                bad = -1;
            else if (n != 2 && n != 3)
                bad = raise_with_repr(I, "Invalid field: ", item);
            else if (EV_IS_ERR(t = ev_tuple_from_iterable(I, item)))
                bad = -1;
            else if (ev_as_tuple(t)->len != (size_t)n)
                bad = (ev_raise(I, &ev_type_ValueError, "too many values to unpack (expected %d)", (int)n), -1);
            else {
                name = ev_dup(ev_as_tuple(t)->items[0]);
                tp = ev_dup(ev_as_tuple(t)->items[1]);
                if (n == 3)
                    spec = ev_dup(ev_as_tuple(t)->items[2]);
            }
            if (!EV_IS_ERR(t))
                ev_decref(I, t);
        }
        if (!bad && !EV_IS_ERR(spec))
            bad = ev_dict_set(I, ev_as_dict(defaults), name, spec);
        if (!bad && (EV_IS_ERR(tp) || EV_IS_ERR(name)))
            bad = -1;
        if (!bad && (!ev_is(name, EV_O_STR) || !is_identifier(ev_as_str(name))))
            bad = raise_with_repr(I, "Field names must be valid identifiers: ", name);
        if (!bad && is_keyword(ev_as_str(name)))
            bad = raise_with_repr(I, "Field names must not be keywords: ", name);
        if (!bad) {
            ev_value old;
            int has = ev_dict_get(I, ev_as_dict(ann), name, &old);
            if (has > 0) {
                ev_decref(I, old);
                bad = raise_with_repr(I, "Field name duplicated: ", name);
            } else {
                bad = has < 0 || ev_dict_set(I, ev_as_dict(ann), name, tp);
            }
        }
        ev_decref(I, item);
        if (!EV_IS_ERR(name))
            ev_decref(I, name);
        if (!EV_IS_ERR(tp))
            ev_decref(I, tp);
        if (!EV_IS_ERR(spec))
            ev_decref(I, spec);
        if (bad)
            goto out;
    }
    /* types.new_class(cls_name, bases, {}, body): namespace, then defaults, then __annotations__ */
    ns = ev_dict_new(I);
    if (EV_IS_ERR(ns))
        goto out;
    if (!EV_IS_ERR(argv[3]) && argv[3].tag != EV_T_NONE && ev_dict_merge_mapping(I, ev_as_dict(ns), argv[3], false, NULL) < 0)
        goto out;
    if (ev_dict_merge(I, ev_as_dict(ns), ev_as_dict(defaults)) ||
        ev_module_set(I, ev_as_dict(ns), "__annotations__", ann))
        goto out;
    bases = EV_IS_ERR(argv[2]) ? ev_tuple_new(I, 0) : ev_tuple_from_iterable(I, argv[2]);
    ev_value raw[DC_P_N];
    for (int i = 0; i < DC_P_N; i++)
        raw[i] = argv[4 + i];
    if (EV_IS_ERR(bases) || read_params(I, raw, p))
        goto out;
    /* the class's module is the frame types.new_class runs in */
    if (!ev_dict_lookup_str(ev_as_dict(ns), ev_intern(I, "__module__", 10))) {
        ev_value m = ev_str_from_cstr(I, "types");
        int e = EV_IS_ERR(m) || ev_module_set(I, ev_as_dict(ns), "__module__", m);
        if (!EV_IS_ERR(m))
            ev_decref(I, m);
        if (e)
            goto out;
    }
    ev_value margs[3] = {argv[0], bases, ns};
    ev_value made = ev_call(I, ev_obj_val(&ev_type_type.h), 3, margs, 0, NULL, NULL);
    if (EV_IS_ERR(made))
        goto out;
    cls = dc_process_class(I, made, p, raw);
    ev_decref(I, made);
out:
    ev_decref(I, items);
    if (!EV_IS_ERR(ann))
        ev_decref(I, ann);
    if (!EV_IS_ERR(defaults))
        ev_decref(I, defaults);
    if (!EV_IS_ERR(ns))
        ev_decref(I, ns);
    if (!EV_IS_ERR(bases))
        ev_decref(I, bases);
    return cls;
}

/* ---- the module --------------------------------------------------------------------------------- */

static const ev_builtin_def functions[] = {
    {"dataclass", b_dataclass, 0, -1, EV_BF_KWANY, NULL},
    {"field", dc_field, 0, -1, EV_BF_KWANY, NULL},
    {"fields", b_fields, 1, 1, 0, "class_or_instance"},
    {"is_dataclass", b_is_dataclass, 1, 1, 0, "obj"},
    {"asdict", b_asdict, 1, 1, 0, "obj, *, dict_factory"},
    {"astuple", b_astuple, 1, 1, 0, "obj, *, tuple_factory"},
    {"replace", b_replace, 0, -1, EV_BF_KWANY, NULL},
    {"make_dataclass", b_make_dataclass, 2, 2, 0,
     "cls_name, fields, *, bases, namespace, init, repr, eq, order, unsafe_hash, frozen, match_args, kw_only, "
     "slots, weakref_slot"},
    {NULL, NULL, 0, 0, 0},
};

static int put_instance(ev_interp *I, ev_dict *ns, const char *ns_name, ev_value cls, const char *attr,
                        const char *val)
{
    ev_value o = ev_call(I, cls, 0, NULL, 0, NULL, NULL);
    if (EV_IS_ERR(o))
        return -1;
    if (attr) {
        ev_value s = ev_str_from_cstr(I, val);
        int r = EV_IS_ERR(s) ? -1 : dc_setattr(I, o, attr, s);
        if (!EV_IS_ERR(s))
            ev_decref(I, s);
        if (r) {
            ev_decref(I, o);
            return -1;
        }
    }
    int r = ev_module_set(I, ns, ns_name, o);
    ev_decref(I, o);
    return r;
}

static int init(ev_interp *I, ev_dict *ns)
{
    ev_value c, fb;
    if (ev_us_class(I, ns, "_MISSING_TYPE", "dataclasses", "_MISSING_TYPE", NULL, NULL, no_methods, &c) ||
        put_instance(I, ns, "MISSING", c, NULL, NULL) ||
        ev_us_class(I, ns, "_HAS_DEFAULT_FACTORY_CLASS", "dataclasses", "_HAS_DEFAULT_FACTORY_CLASS", NULL, NULL,
                    factory_methods, &c) ||
        put_instance(I, ns, "_HAS_DEFAULT_FACTORY", c, NULL, NULL) ||
        ev_us_class(I, ns, "_KW_ONLY_TYPE", "dataclasses", "_KW_ONLY_TYPE", NULL, NULL, no_methods, &c) ||
        put_instance(I, ns, "KW_ONLY", c, NULL, NULL) ||
        ev_us_class(I, ns, "_FIELD_BASE", "dataclasses", "_FIELD_BASE", NULL, NULL, fieldbase_methods, &fb) ||
        put_instance(I, ns, "_FIELD", fb, "name", "_FIELD") ||
        put_instance(I, ns, "_FIELD_CLASSVAR", fb, "name", "_FIELD_CLASSVAR") ||
        put_instance(I, ns, "_FIELD_INITVAR", fb, "name", "_FIELD_INITVAR") ||
        ev_us_class(I, ns, "Field", "dataclasses", "Field", NULL, NULL, field_methods, &c) ||
        ev_us_class(I, ns, "InitVar", "dataclasses", "InitVar", NULL, NULL, initvar_methods, &c) ||
        ev_us_class(I, ns, "_DataclassParams", "dataclasses", "_DataclassParams", NULL, NULL, params_methods, &c))
        return -1;
    /* class FrozenInstanceError(AttributeError): pass */
    ev_value bases = ev_tuple_new(I, 1), d = ev_dict_new(I);
    if (EV_IS_ERR(bases) || EV_IS_ERR(d)) {
        if (!EV_IS_ERR(bases))
            ev_decref(I, bases);
        if (!EV_IS_ERR(d))
            ev_decref(I, d);
        return -1;
    }
    ev_as_tuple(bases)->items[0] = ev_obj_val(&ev_type_AttributeError.h);
    ev_value mod = ev_str_from_cstr(I, "dataclasses");
    ev_str *nm = ev_intern(I, "FrozenInstanceError", 19);
    int r = EV_IS_ERR(mod) || !nm || ev_module_set(I, ev_as_dict(d), "__module__", mod);
    if (!EV_IS_ERR(mod))
        ev_decref(I, mod);
    ev_value fe = r ? EV_ERR : ev_class_new(I, NULL, nm, bases, ev_as_dict(d), NULL);
    ev_decref(I, bases);
    ev_decref(I, d);
    if (EV_IS_ERR(fe))
        return -1;
    ((ev_type *)fe.u.o)->module = "dataclasses";
    r = ev_module_set(I, ns, "FrozenInstanceError", fe);
    ev_decref(I, fe);
    /* _EMPTY_METADATA = types.MappingProxyType({}) */
    ev_value empty = r ? EV_ERR : ev_dict_new(I);
    ev_value mp = EV_IS_ERR(empty) ? empty : ev_mappingproxy_new(I, ev_as_dict(empty));
    if (!EV_IS_ERR(empty))
        ev_decref(I, empty);
    if (EV_IS_ERR(mp))
        return -1;
    r = ev_module_set(I, ns, "_EMPTY_METADATA", mp);
    ev_decref(I, mp);
    return r;
}

static const char *const all_names[] = {"dataclass", "field",   "Field",   "FrozenInstanceError", "InitVar",
                                        "KW_ONLY",   "MISSING", "fields",  "asdict",              "astuple",
                                        "make_dataclass", "replace", "is_dataclass", NULL};

const ev_module_def ev_module_dataclasses = {"dataclasses", functions, init, all_names};
