/*
 * typing_records.c - NamedTuple and TypedDict of CPython 3.11's
 * Lib/typing.py: the class syntax (NamedTuple and TypedDict are callables
 * whose __mro_entries__ give _NamedTuple or _TypedDict, whose metaclasses
 * NamedTupleMeta and _TypedDictMeta build the class: a namedtuple of
 * collections with __annotations__ and defaults, or a dict subclass whose
 * calls make plain dicts, with __required_keys__, __optional_keys__ and
 * __total__) and the functional forms.  A generic NamedTuple or TypedDict
 * raises NotImplementedError.
 */
#include <string.h>

#include "evaluator/modules/typing_int.h"

/* namedtuple.c: collections.namedtuple, argv bound to its declared parameters */
ev_value ev_namedtuple(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);

/* ---- NamedTuple ---------------------------------------------------------------------------- */

/* collections.namedtuple(name, [fields], defaults=..., module='__main__') with __annotations__ */
static ev_value make_nmtuple(ev_interp *I, ev_value name, ev_value types /* dict */, ev_value defaults)
{
    ev_value fields = ev_list_from_iterable(I, types);
    if (EV_IS_ERR(fields))
        return fields;
    ev_value checked = ev_dict_new(I);
    if (EV_IS_ERR(checked)) {
        ev_decref(I, fields);
        return checked;
    }
    for (size_t i = 0; i < ev_as_list(fields)->len; i++) {
        ev_value n = ev_as_list(fields)->items[i];
        ev_value t = ev_getitem(I, types, n);
        if (EV_IS_ERR(t))
            goto fail;
        char msg[200];
        snprintf(msg, sizeof msg, "field %s annotation must be a type", ev_is(n, EV_O_STR) ? ev_as_str(n)->data : "?");
        ev_value c = tp_type_check(I, t, msg, false);
        ev_decref(I, t);
        if (EV_IS_ERR(c) || ev_setitem(I, checked, n, c)) {
            if (!EV_IS_ERR(c))
                ev_decref(I, c);
            goto fail;
        }
        ev_decref(I, c);
    }
    ev_value mod = ev_str_from_cstr(I, "__main__");
    if (EV_IS_ERR(mod))
        goto fail;
    /* its declared parameters, bound: typename, field_names, *, rename, defaults, module */
    ev_value argv[5] = {name, fields, EV_ERR, defaults, mod};
    ev_value nt = ev_namedtuple(I, EV_NONE, 2, argv, NULL);
    ev_decref(I, mod);
    if (EV_IS_ERR(nt))
        goto fail;
    if (ev_us_setattr(I, nt, "__annotations__", checked)) {
        ev_decref(I, nt);
        goto fail;
    }
    ev_decref(I, checked);
    ev_decref(I, fields);
    return nt;
fail:
    ev_decref(I, checked);
    ev_decref(I, fields);
    return EV_ERR;
}

/* NamedTuple(typename, fields=None, /, **kwargs) */
static ev_value nt_call(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc < 1)
        return ev_raise(I, &ev_type_TypeError, "NamedTuple() missing 1 required positional argument: 'typename'");
    if (argc > 2)
        return ev_raise(I, &ev_type_TypeError, "NamedTuple() takes from 1 to 2 positional arguments but %d were given",
                        argc);
    ev_value types = ev_dict_new(I);
    if (EV_IS_ERR(types))
        return types;
    if (argc == 2 && argv[1].tag != EV_T_NONE) {
        if (EV_KW_N(kw)) {
            ev_decref(I, types);
            return ev_raise(I, &ev_type_TypeError,
                            "Either list of fields or keywords can be provided to NamedTuple, not both");
        }
        ev_value items = ev_list_from_iterable(I, argv[1]);
        if (EV_IS_ERR(items)) {
            ev_decref(I, types);
            return items;
        }
        for (size_t i = 0; i < ev_as_list(items)->len; i++) {
            ev_value it = ev_as_list(items)->items[i];
            ev_value pair = ev_tuple_from_iterable(I, it);
            if (EV_IS_ERR(pair) || ev_as_tuple(pair)->len != 2) {
                if (!EV_IS_ERR(pair)) {
                    ev_decref(I, pair);
                    ev_raise(I, &ev_type_ValueError, "too many values to unpack (expected 2)");
                }
                ev_decref(I, items);
                ev_decref(I, types);
                return EV_ERR;
            }
            int e = ev_setitem(I, types, ev_as_tuple(pair)->items[0], ev_as_tuple(pair)->items[1]);
            ev_decref(I, pair);
            if (e) {
                ev_decref(I, items);
                ev_decref(I, types);
                return EV_ERR;
            }
        }
        ev_decref(I, items);
    } else {
        for (int i = 0; i < EV_KW_N(kw); i++)
            if (ev_setitem(I, types, ev_obj_val(&kw->names[i]->h), kw->vals[i])) {
                ev_decref(I, types);
                return EV_ERR;
            }
    }
    ev_value empty = ev_list_new(I, 0);
    ev_value r = EV_IS_ERR(empty) ? empty : make_nmtuple(I, argv[0], types, empty);
    if (!EV_IS_ERR(empty))
        ev_decref(I, empty);
    ev_decref(I, types);
    return r;
}

static ev_value nt_mro_entries(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value b = tp_get(I, "_NamedTuple");
    return EV_IS_ERR(b) ? b : tp_tupleize(I, b);
}

static const tp_method ntf_methods[] = {TP_M("__call__", nt_call), TP_M("__mro_entries__", nt_mro_entries), TP_END};

static bool in_list(const char *n, const char *const *l)
{
    for (int i = 0; l[i]; i++)
        if (strcmp(n, l[i]) == 0)
            return true;
    return false;
}

/* NamedTupleMeta.__new__(cls, typename, bases, ns) */
static ev_value ntm_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc != 4 || !ev_is(argv[2], EV_O_TUPLE) || !ev_is(argv[3], EV_O_DICT))
        return ev_raise(I, &ev_type_TypeError, "NamedTupleMeta.__new__() takes 4 positional arguments");
    ev_value name = argv[1], bases = argv[2], ns = argv[3];
    for (size_t i = 0; i < ev_as_tuple(bases)->len; i++) {
        ev_value b = ev_as_tuple(bases)->items[i];
        if (tp_is_cls(I, b, "Generic"))
            return ev_raise(I, &ev_type_NotImplementedError, "a generic NamedTuple is not supported by safepy");
        if (!tp_is_cls(I, b, "_NamedTuple"))
            return ev_raise(I, &ev_type_TypeError, "can only inherit from a NamedTuple type and Generic");
    }
    ev_str *ak = ev_intern(I, "__annotations__", 15);
    ev_value *ann = ak ? ev_dict_lookup_str(ev_as_dict(ns), ak) : NULL;
    ev_value types = ann ? ev_dup(*ann) : ev_dict_new(I);
    if (EV_IS_ERR(types))
        return types;
    ev_value names = ev_list_from_iterable(I, types), defaults = ev_list_new(I, 0), dnames = ev_list_new(I, 0);
    ev_value nt = EV_ERR;
    if (EV_IS_ERR(names) || EV_IS_ERR(defaults) || EV_IS_ERR(dnames))
        goto out;
    for (size_t i = 0; i < ev_as_list(names)->len; i++) {
        ev_value fname = ev_as_list(names)->items[i];
        int has = ev_contains(I, ns, fname);
        if (has < 0)
            goto out;
        if (has) {
            ev_value d = ev_getitem(I, ns, fname);
            if (EV_IS_ERR(d) || ev_list_append(I, ev_as_list(defaults), d) ||
                ev_list_append(I, ev_as_list(dnames), fname)) {
                if (!EV_IS_ERR(d))
                    ev_decref(I, d);
                goto out;
            }
            ev_decref(I, d);
        } else if (ev_as_list(dnames)->len) {
            ev_value sep = ev_str_from_cstr(I, ", ");
            ev_value joined = EV_IS_ERR(sep) ? sep : ev_us_callm(I, sep, "join", 1, &dnames, NULL);
            if (!EV_IS_ERR(sep))
                ev_decref(I, sep);
            if (EV_IS_ERR(joined))
                goto out;
            ev_raise(I, &ev_type_TypeError, "Non-default namedtuple field %s cannot follow default field%s %s",
                     ev_is(fname, EV_O_STR) ? ev_as_str(fname)->data : "?", ev_as_list(dnames)->len > 1 ? "s" : "",
                     ev_as_str(joined)->data);
            ev_decref(I, joined);
            goto out;
        }
    }
    nt = make_nmtuple(I, name, types, defaults);
    if (EV_IS_ERR(nt))
        goto out;
    {
        static const char *const prohibited[] = {"__new__", "__init__", "__slots__", "__getnewargs__", "_fields",
                                                 "_field_defaults", "_make", "_replace", "_asdict", "_source", NULL};
        static const char *const special[] = {"__module__", "__name__", "__annotations__", "__qualname__", NULL};
        ev_value keys = ev_list_from_iterable(I, ns);
        if (EV_IS_ERR(keys)) {
            ev_decref(I, nt);
            nt = EV_ERR;
            goto out;
        }
        for (size_t i = 0; i < ev_as_list(keys)->len; i++) {
            ev_value k = ev_as_list(keys)->items[i];
            if (!ev_is(k, EV_O_STR))
                continue;
            const char *kn = ev_as_str(k)->data;
            if (in_list(kn, prohibited)) {
                ev_raise(I, &ev_type_AttributeError, "Cannot overwrite NamedTuple attribute %s", kn);
                goto bad;
            }
            int isf = ev_contains(I, names, k);
            if (isf < 0)
                goto bad;
            if (in_list(kn, special) || isf)
                continue;
            ev_value v = ev_getitem(I, ns, k);
            if (EV_IS_ERR(v))
                goto bad;
            int e = ev_setattr(I, nt, ev_as_str(k), v);
            ev_decref(I, v);
            if (e)
                goto bad;
        }
        ev_decref(I, keys);
        goto out;
    bad:
        ev_decref(I, keys);
        ev_decref(I, nt);
        nt = EV_ERR;
    }
out:
    ev_decref(I, types);
    if (!EV_IS_ERR(names))
        ev_decref(I, names);
    if (!EV_IS_ERR(defaults))
        ev_decref(I, defaults);
    if (!EV_IS_ERR(dnames))
        ev_decref(I, dnames);
    return nt;
}

static const tp_method ntmeta_methods[] = {TP_S("__new__", ntm_new), TP_END};

/* ---- TypedDict ----------------------------------------------------------------------------- */

/* _TypedDictMeta.__new__(cls, name, bases, ns, total=True) */
static ev_value tdm_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value total = EV_TRUE;
    for (int i = 0; i < EV_KW_N(kw); i++) {
        if (strcmp(kw->names[i]->data, "total") != 0)
            return ev_raise(I, &ev_type_TypeError, "_TypedDictMeta.__new__() got an unexpected keyword argument '%s'",
                            kw->names[i]->data);
        total = kw->vals[i];
    }
    if (argc != 4 || !ev_is(argv[0], EV_O_TYPE) || !ev_is(argv[1], EV_O_STR) || !ev_is(argv[2], EV_O_TUPLE) ||
        !ev_is(argv[3], EV_O_DICT))
        return ev_raise(I, &ev_type_TypeError, "_TypedDictMeta.__new__() takes 4 positional arguments");
    ev_type *meta = (ev_type *)argv[0].u.o;
    ev_tuple *bases = ev_as_tuple(argv[2]);
    for (size_t i = 0; i < bases->len; i++) {
        ev_value b = bases->items[i];
        if (tp_is_cls(I, b, "Generic"))
            return ev_raise(I, &ev_type_NotImplementedError, "a generic TypedDict is not supported by safepy");
        if (!ev_is(b, EV_O_TYPE) || ((ev_type *)b.u.o)->meta != meta)
            return ev_raise(I, &ev_type_TypeError,
                            "cannot inherit from both a TypedDict type and a non-TypedDict base class");
    }
    ev_value nb = ev_tuple_new(I, 1);
    if (EV_IS_ERR(nb))
        return nb;
    ev_as_tuple(nb)->items[0] = ev_obj_val(&ev_type_dict.h);
    ev_value a3[3] = {argv[1], nb, argv[3]};
    ev_value td = ev_meta_new(I, meta, 3, a3, NULL);
    ev_decref(I, nb);
    if (EV_IS_ERR(td))
        return td;
    ev_value ann = ev_dict_new(I), req = ev_set_new(I, false), opt = ev_set_new(I, false), own_ann = EV_ERR;
    if (EV_IS_ERR(ann) || EV_IS_ERR(req) || EV_IS_ERR(opt))
        goto fail;
    ev_str *ak = ev_intern(I, "__annotations__", 15);
    ev_value *oa = ak ? ev_dict_lookup_str(ev_as_dict(argv[3]), ak) : NULL;
    own_ann = oa ? ev_list_from_iterable(I, *oa) : ev_list_new(I, 0);
    if (EV_IS_ERR(own_ann))
        goto fail;
    for (size_t i = 0; i < bases->len; i++) {
        ev_value b = bases->items[i];
        static const char *const parts[] = {"__annotations__", "__required_keys__", "__optional_keys__"};
        for (int p = 0; p < 3; p++) {
            ev_value *v = tp_own(I, b, parts[p]);
            if (!v)
                continue;
            ev_value r = ev_us_callm(I, p == 0 ? ann : p == 1 ? req : opt, "update", 1, v, NULL);
            if (EV_IS_ERR(r))
                goto fail;
            ev_decref(I, r);
        }
    }
    ev_value req_form = tp_get(I, "Required"), nreq_form = tp_get(I, "NotRequired");
    if (EV_IS_ERR(req_form) || EV_IS_ERR(nreq_form))
        goto fail;
    for (size_t i = 0; i < ev_as_list(own_ann)->len; i++) {
        ev_value k = ev_as_list(own_ann)->items[i];
        ev_value t = ev_getitem(I, *oa, k);
        if (EV_IS_ERR(t))
            goto fail;
        ev_value c = tp_type_check(I, t, "TypedDict('Name', {f0: t0, f1: t1, ...}); each t must be a type", false);
        ev_decref(I, t);
        if (EV_IS_ERR(c))
            goto fail;
        int e = ev_setitem(I, ann, k, c);
        int required = ev_truth(I, total);
        if (tp_is(I, c, "_GenericAlias")) {
            ev_value o = tp_getattr_or(I, c, "__origin__", EV_NONE);
            if (!EV_IS_ERR(o) && o.u.o == req_form.u.o)
                required = 1;
            else if (!EV_IS_ERR(o) && o.u.o == nreq_form.u.o)
                required = 0;
            if (!EV_IS_ERR(o))
                ev_decref(I, o);
        }
        ev_decref(I, c);
        if (e || required < 0 || ev_set_add(I, (ev_set *)(required ? req : opt).u.o, k))
            goto fail;
    }
    ev_value fr = ev_call(I, ev_obj_val(&ev_type_frozenset.h), 1, &req, 0, NULL, NULL);
    ev_value fo = EV_IS_ERR(fr) ? fr : ev_call(I, ev_obj_val(&ev_type_frozenset.h), 1, &opt, 0, NULL, NULL);
    if (EV_IS_ERR(fo)) {
        if (!EV_IS_ERR(fr))
            ev_decref(I, fr);
        goto fail;
    }
    if (ev_us_setattr(I, td, "__annotations__", ann) || tp_set_attr(I, td, "__required_keys__", fr) ||
        tp_set_attr(I, td, "__optional_keys__", fo)) {
        goto fail;
    }
    if (!tp_own(I, td, "__total__")) {
        ev_value tot = tp_getattr_or(I, td, "__total__", EV_ERR);
        if (EV_IS_ERR(tot) && I->exc.tag != EV_T_NONE)
            goto fail;
        if (EV_IS_ERR(tot)) {
            int tt = ev_truth(I, total);
            if (tt < 0 || tp_set_attr(I, td, "__total__", ev_bool(tt)))
                goto fail;
        } else {
            ev_decref(I, tot);
        }
    }
    ev_decref(I, own_ann);
    ev_decref(I, ann);
    ev_decref(I, req);
    ev_decref(I, opt);
    return td;
fail:
    ev_decref(I, td);
    if (!EV_IS_ERR(own_ann))
        ev_decref(I, own_ann);
    if (!EV_IS_ERR(ann))
        ev_decref(I, ann);
    if (!EV_IS_ERR(req))
        ev_decref(I, req);
    if (!EV_IS_ERR(opt))
        ev_decref(I, opt);
    return EV_ERR;
}

/* Movie(...) is dict(...) */
static ev_value tdm_call(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_call(I, ev_obj_val(&ev_type_dict.h), argc, argv, EV_KW_N(kw), kw ? kw->names : NULL,
                   kw ? kw->vals : NULL);
}

static ev_value tdm_check(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_raise(I, &ev_type_TypeError, "TypedDict does not support instance and class checks");
}

static const tp_method tdmeta_methods[] = {
    TP_S("__new__", tdm_new),
    TP_M("__call__", tdm_call),
    TP_M("__instancecheck__", tdm_check),
    TP_M("__subclasscheck__", tdm_check),
    TP_END,
};

/* TypedDict(typename, fields=None, /, *, total=True, **kwargs) */
static ev_value td_call(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc < 1)
        return ev_raise(I, &ev_type_TypeError, "TypedDict() missing 1 required positional argument: 'typename'");
    if (argc > 2)
        return ev_raise(I, &ev_type_TypeError, "TypedDict() takes from 1 to 2 positional arguments but %d were given",
                        argc);
    ev_value total = EV_TRUE;
    ev_value fields = argc == 2 && argv[1].tag != EV_T_NONE ? ev_call(I, ev_obj_val(&ev_type_dict.h), 1, argv + 1, 0,
                                                                      NULL, NULL)
                                                            : ev_dict_new(I);
    if (EV_IS_ERR(fields))
        return fields;
    for (int i = 0; i < EV_KW_N(kw); i++) {
        if (strcmp(kw->names[i]->data, "total") == 0) {
            total = kw->vals[i];
        } else if (argc == 2 && argv[1].tag != EV_T_NONE) {
            ev_decref(I, fields);
            return ev_raise(I, &ev_type_TypeError, "TypedDict takes either a dict or keyword arguments, but not both");
        } else if (ev_setitem(I, fields, ev_obj_val(&kw->names[i]->h), kw->vals[i])) {
            ev_decref(I, fields);
            return EV_ERR;
        }
    }
    ev_value ns = ev_dict_new(I);
    ev_value meta = tp_get(I, "_TypedDictMeta");
    if (EV_IS_ERR(ns) || EV_IS_ERR(meta)) {
        ev_decref(I, fields);
        if (!EV_IS_ERR(ns))
            ev_decref(I, ns);
        return EV_ERR;
    }
    ev_str *ak = ev_intern(I, "__annotations__", 15), *mk = ev_intern(I, "__module__", 10);
    ev_value mod = ev_str_from_cstr(I, "__main__");
    int e = !ak || !mk || EV_IS_ERR(mod) || ev_dict_set_str(I, ev_as_dict(ns), ak, fields) ||
            ev_dict_set_str(I, ev_as_dict(ns), mk, mod);
    ev_decref(I, fields);
    if (!EV_IS_ERR(mod))
        ev_decref(I, mod);
    if (e) {
        ev_decref(I, ns);
        return EV_ERR;
    }
    ev_value bases = ev_tuple_new(I, 0);
    if (EV_IS_ERR(bases)) {
        ev_decref(I, ns);
        return bases;
    }
    ev_value a4[4] = {meta, argv[0], bases, ns};
    ev_str *tk = ev_intern(I, "total", 5);
    ev_kw tkw = {1, &tk, &total};
    ev_value r = tk ? tdm_new(I, EV_NONE, 4, a4, &tkw) : EV_ERR;
    ev_decref(I, bases);
    ev_decref(I, ns);
    return r;
}

static ev_value td_mro_entries(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value b = tp_get(I, "_TypedDict");
    return EV_IS_ERR(b) ? b : tp_tupleize(I, b);
}

static const tp_method tdf_methods[] = {TP_M("__call__", td_call), TP_M("__mro_entries__", td_mro_entries), TP_END};

int tp_records_init(ev_interp *I, ev_dict *ns)
{
    ev_value c;
    int e;
    /* NamedTuple and TypedDict: callables whose __mro_entries__ give the
     * bases their metaclasses build classes from */
    ev_value ttype = tp_tupleize(I, ev_obj_val(&ev_type_type.h));
    if (EV_IS_ERR(ttype))
        return -1;
    ev_value ntmeta, tdmeta;
    e = tp_class(I, ns, "NamedTupleMeta", ttype, NULL, ntmeta_methods, false, &ntmeta) ||
        tp_class(I, ns, "_TypedDictMeta", ttype, NULL, tdmeta_methods, false, &tdmeta) ||
        tp_class(I, ns, "_NamedTuple", EV_NONE, (ev_type *)ntmeta.u.o, NULL, false, &c) ||
        tp_class(I, ns, "_TypedDict", EV_NONE, (ev_type *)tdmeta.u.o, NULL, false, &c) ||
        tp_class(I, ns, "_NamedTupleFunction", EV_NONE, NULL, ntf_methods, false, &c);
    ev_decref(I, ttype);
    if (e)
        return -1;
    ev_value f = ev_call(I, c, 0, NULL, 0, NULL, NULL);
    if (EV_IS_ERR(f) || ev_module_set(I, ns, "NamedTuple", f))
        return -1;
    ev_decref(I, f);
    if (tp_class(I, ns, "_TypedDictFunction", EV_NONE, NULL, tdf_methods, false, &c))
        return -1;
    f = ev_call(I, c, 0, NULL, 0, NULL, NULL);
    if (EV_IS_ERR(f) || ev_module_set(I, ns, "TypedDict", f))
        return -1;
    ev_decref(I, f);
    return 0;
}
