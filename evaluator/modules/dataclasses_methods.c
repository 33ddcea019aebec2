/*
 * dataclasses_methods.c - the methods @dataclass adds to a class, CPython
 * 3.11's (Lib/dataclasses.py: _init_fn, _repr_fn, _cmp_fn, _hash_fn,
 * _frozen_get_del_attr).  CPython writes each as Python source and execs
 * it; here each is a C function whose self is the data that source would
 * have captured (dataclasses_gen.c makes it when the class is decorated),
 * with the errors the generated def would raise.  Each call enters a
 * recursion level, as the Python method would.
 */
#include <string.h>

#include "evaluator/modules/collections_int.h"
#include "evaluator/modules/dataclasses_int.h"

ev_value dc_tuple_of(ev_interp *I, size_t n, const ev_value *items)
{
    ev_value t = ev_tuple_new(I, n);
    if (EV_IS_ERR(t))
        return t;
    for (size_t i = 0; i < n; i++)
        ev_as_tuple(t)->items[i] = ev_dup(items[i]);
    return t;
}

/* ---- __init__ ------------------------------------------------------------------------------------ */

/* 'a', 'a' and 'b', 'a', 'b', and 'c' (CPython's format_missing) */
static void raise_missing(ev_interp *I, const char *qual, ev_tuple *specs, const ev_value *vals, bool kwonly)
{
    size_t missing = 0;
    for (size_t i = 0; i < specs->len; i++) {
        int64_t fl = ev_as_tuple(specs->items[i])->items[1].u.i;
        if ((fl & SP_INIT) && !(fl & SP_PDEFAULT) && !!(fl & SP_KWONLY) == kwonly && EV_IS_ERR(vals[i]))
            missing++;
    }
    ev_buf b = {0};
    size_t seen = 0;
    int e = 0;
    for (size_t i = 0; e == 0 && i < specs->len; i++) {
        ev_tuple *sp = ev_as_tuple(specs->items[i]);
        int64_t fl = sp->items[1].u.i;
        if (!((fl & SP_INIT) && !(fl & SP_PDEFAULT) && !!(fl & SP_KWONLY) == kwonly && EV_IS_ERR(vals[i])))
            continue;
        seen++;
        const char *sep = seen == 1 ? "" : seen == missing && missing == 2 ? " and " : seen == missing ? ", and " : ", ";
        e = ev_buf_printf(I, &b, "%s'%s'", sep, ev_as_str(sp->items[0])->data);
    }
    if (e == 0 && ev_buf_put(I, &b, "", 1) == 0)
        ev_raise(I, &ev_type_TypeError, "%s() missing %zu required %s argument%s: %s", qual, missing,
                 kwonly ? "keyword-only" : "positional", missing == 1 ? "" : "s", b.data);
    ev_buf_free(I, &b);
}

/* self: (qualname, flags, specs); each spec (name, flags, default, factory) */
static ev_value gen_init_body(ev_interp *I, ev_value data, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_tuple *d = ev_as_tuple(data);
    const char *qual = ev_as_str(d->items[0])->data;
    int64_t iflags = d->items[1].u.i;
    ev_tuple *specs = ev_as_tuple(d->items[2]);
    size_t n = specs->len;
    if (argc < 1) {
        /* self is missing, and the required positionals no keyword gave */
        ev_buf b = {0};
        size_t miss = 1;
        int e = ev_buf_puts(I, &b, "'self'");
        for (size_t i = 0; i < n; i++) {
            ev_tuple *sp = ev_as_tuple(specs->items[i]);
            int64_t fl = sp->items[1].u.i;
            bool given = false;
            for (int k = 0; kw && k < kw->n; k++)
                given = given || ev_str_eq(ev_as_str(sp->items[0]), kw->names[k]);
            if ((fl & SP_INIT) && !(fl & (SP_KWONLY | SP_PDEFAULT)) && !given)
                miss++;
        }
        size_t seen = 1;
        for (size_t i = 0; e == 0 && i < n; i++) {
            ev_tuple *sp = ev_as_tuple(specs->items[i]);
            int64_t fl = sp->items[1].u.i;
            bool given = false;
            for (int k = 0; kw && k < kw->n; k++)
                given = given || ev_str_eq(ev_as_str(sp->items[0]), kw->names[k]);
            if (!((fl & SP_INIT) && !(fl & (SP_KWONLY | SP_PDEFAULT)) && !given))
                continue;
            seen++;
            e = ev_buf_printf(I, &b, "%s'%s'", seen == miss && miss == 2 ? " and " : seen == miss ? ", and " : ", ",
                              ev_as_str(sp->items[0])->data);
        }
        if (e == 0 && ev_buf_put(I, &b, "", 1) == 0)
            ev_raise(I, &ev_type_TypeError, "%s() missing %zu required positional argument%s: %s", qual, miss,
                     miss == 1 ? "" : "s", b.data);
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    ev_value self = argv[0];
    ev_value small[16];
    ev_value *vals = n <= 16 ? small : ev_alloc(I, n * sizeof *vals);
    if (!vals)
        return ev_raise_nomem(I);
    for (size_t i = 0; i < n; i++)
        vals[i] = EV_ERR;
    ev_value res = EV_ERR;
    size_t npos = 0, ndef = 0;
    for (size_t i = 0; i < n; i++) {
        int64_t fl = ev_as_tuple(specs->items[i])->items[1].u.i;
        if ((fl & SP_INIT) && !(fl & SP_KWONLY)) {
            npos++;
            ndef += (fl & SP_PDEFAULT) != 0;
        }
    }
    size_t given = (size_t)argc - 1, j = 0;
    for (size_t i = 0; i < n && j < given; i++) {
        int64_t fl = ev_as_tuple(specs->items[i])->items[1].u.i;
        if ((fl & SP_INIT) && !(fl & SP_KWONLY))
            vals[i] = ev_dup(argv[1 + j++]);
    }
    size_t kwonly_given = 0;
    for (int k = 0; kw && k < kw->n; k++) {
        if (ev_charge(I, (int64_t)(n / 16)))
            goto out; /* the time limit: 100,000 keywords over 100,000 fields are 1e10 comparisons */
        size_t i = 0;
        while (i < n && !((ev_as_tuple(specs->items[i])->items[1].u.i & SP_INIT) &&
                          ev_str_eq(ev_as_str(ev_as_tuple(specs->items[i])->items[0]), kw->names[k])))
            i++;
        if (i == n && strcmp(kw->names[k]->data, "self") != 0) {
            ev_raise(I, &ev_type_TypeError, "%s() got an unexpected keyword argument '%s'", qual, kw->names[k]->data);
            goto out;
        }
        if (i == n || !EV_IS_ERR(vals[i])) {
            ev_raise(I, &ev_type_TypeError, "%s() got multiple values for argument '%s'", qual, kw->names[k]->data);
            goto out;
        }
        vals[i] = ev_dup(kw->vals[k]);
        kwonly_given += (ev_as_tuple(specs->items[i])->items[1].u.i & SP_KWONLY) != 0;
    }
    if (given > npos) {
        char sig[64], ko[96] = "";
        if (ndef)
            snprintf(sig, sizeof sig, "from %zu to %zu", npos + 1 - ndef, npos + 1);
        else
            snprintf(sig, sizeof sig, "%zu", npos + 1);
        if (kwonly_given)
            snprintf(ko, sizeof ko, " positional argument%s (and %zu keyword-only argument%s)", given + 1 != 1 ? "s" : "",
                     kwonly_given, kwonly_given != 1 ? "s" : "");
        ev_raise(I, &ev_type_TypeError, "%s() takes %s positional argument%s but %zu%s %s given", qual, sig,
                 (ndef || npos + 1 != 1) ? "s" : "", given + 1, ko, kwonly_given ? "were" : given + 1 == 1 ? "was" : "were");
        goto out;
    }
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 0; i < n; i++) {
            int64_t fl = ev_as_tuple(specs->items[i])->items[1].u.i;
            if ((fl & SP_INIT) && !(fl & SP_PDEFAULT) && !!(fl & SP_KWONLY) == pass && EV_IS_ERR(vals[i])) {
                raise_missing(I, qual, specs, vals, pass);
                goto out;
            }
        }
    for (size_t i = 0; i < n; i++) {
        ev_tuple *sp = ev_as_tuple(specs->items[i]);
        if (EV_IS_ERR(vals[i]) && (sp->items[1].u.i & SP_INIT))
            vals[i] = ev_dup(sp->items[2]);
    }
    /* the body: each field's value, assigned in order */
    for (size_t i = 0; i < n; i++) {
        ev_value spv = ev_dup(specs->items[i]); /* the data tuple is the class's: it may drop it */
        ev_tuple *sp = ev_as_tuple(spv);
        int64_t fl = sp->items[1].u.i;
        ev_value v;
        if (fl & SP_FACTORY) {
            if (!(fl & SP_INIT) || dc_same(vals[i], sp->items[2]))
                v = ev_call(I, sp->items[3], 0, NULL, 0, NULL, NULL);
            else
                v = ev_dup(vals[i]);
        } else if (fl & SP_INIT) {
            v = ev_dup(vals[i]);
        } else if (fl & SP_SETDEFAULT) {
            v = ev_dup(sp->items[2]);
        } else {
            ev_decref(I, spv);
            continue;
        }
        if (EV_IS_ERR(v)) {
            ev_decref(I, spv);
            goto out;
        }
        int r = 0;
        if (!(fl & SP_INITVAR)) {
            ev_str *name = ev_as_str(sp->items[0]);
            r = (iflags & IN_FROZEN) ? ev_object_setattr(I, self, name, v) : ev_setattr(I, self, name, v);
        }
        ev_decref(I, v);
        ev_decref(I, spv);
        if (r)
            goto out;
    }
    if (iflags & IN_POST_INIT) {
        /* self.__post_init__(initvar, ...) */
        size_t niv = 0;
        for (size_t i = 0; i < n; i++)
            niv += (ev_as_tuple(specs->items[i])->items[1].u.i & SP_INITVAR) != 0;
        ev_value ivsmall[8];
        ev_value *args = niv <= 8 ? ivsmall : ev_alloc(I, niv * sizeof *args);
        if (!args) {
            ev_raise_nomem(I);
            goto out;
        }
        int na = 0;
        for (size_t i = 0; i < n; i++) {
            ev_tuple *sp = ev_as_tuple(specs->items[i]);
            if (!(sp->items[1].u.i & SP_INITVAR))
                continue;
            if (EV_IS_ERR(vals[i])) {
                ev_raise(I, &ev_type_NameError, "name '%s' is not defined", ev_as_str(sp->items[0])->data);
                na = -1;
                break;
            }
            args[na++] = vals[i];
        }
        ev_value r = na < 0 ? EV_ERR : ev_us_callm(I, self, "__post_init__", na, args, NULL);
        if (args != ivsmall)
            ev_dealloc(I, args);
        if (EV_IS_ERR(r))
            goto out;
        ev_decref(I, r);
    }
    res = EV_NONE;
out:
    for (size_t i = 0; i < n; i++)
        if (!EV_IS_ERR(vals[i]))
            ev_decref(I, vals[i]);
    if (vals != small)
        ev_dealloc(I, vals);
    return res;
}

#define GEN_FN(name)                                                                                          \
    static ev_value name##_body(ev_interp *I, ev_value data, int argc, const ev_value *argv, const ev_kw *kw); \
    static ev_value name(ev_interp *I, ev_value data, int argc, const ev_value *argv, const ev_kw *kw)        \
    {                                                                                                         \
        if (ev_recursion_enter(I, ""))                                                                        \
            return EV_ERR;                                                                                    \
        ev_incref(data); /* the class may drop the method while it runs */                                    \
        ev_value r_ = name##_body(I, data, argc, argv, kw);                                                   \
        ev_decref(I, data);                                                                                   \
        ev_recursion_leave(I);                                                                                \
        return r_;                                                                                            \
    }

GEN_FN(gen_init)

/* the positional-only methods: name(self, other...) with exactly nargs arguments */
static int check_args(ev_interp *I, const char *qual, int argc, const ev_kw *kw, int nargs, const char *const *names)
{
    if (EV_KW_N(kw) && argc >= nargs) {
        ev_raise(I, &ev_type_TypeError, "%s() got an unexpected keyword argument '%s'", qual, kw->names[0]->data);
        return -1;
    }
    if (argc > nargs) {
        ev_raise(I, &ev_type_TypeError, "%s() takes %d positional argument%s but %d were given", qual, nargs,
                 nargs == 1 ? "" : "s", argc);
        return -1;
    }
    if (argc < nargs) {
        ev_buf b = {0};
        int miss = nargs - argc, e = 0;
        for (int i = argc; e == 0 && i < nargs; i++) {
            int seen = i - argc + 1;
            const char *sep = seen == 1 ? "" : seen == miss && miss == 2 ? " and " : seen == miss ? ", and " : ", ";
            e = ev_buf_printf(I, &b, "%s'%s'", sep, names[i]);
        }
        if (e == 0 && ev_buf_put(I, &b, "", 1) == 0)
            ev_raise(I, &ev_type_TypeError, "%s() missing %d required positional argument%s: %s", qual, miss,
                     miss == 1 ? "" : "s", b.data);
        ev_buf_free(I, &b);
        return -1;
    }
    return 0;
}

static const char *const self_other[] = {"self", "other"};
static const char *const self_name_value[] = {"self", "name", "value"};

/* ---- __repr__, __eq__ and order, __hash__ -------------------------------------------------------- */

/* data: (qualname of the method, names tuple) */
static ev_value gen_repr_body(ev_interp *I, ev_value data, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_tuple *d = ev_as_tuple(data);
    if (check_args(I, ev_as_str(d->items[0])->data, argc, kw, 1, self_other))
        return EV_ERR;
    ev_value self = argv[0];
    /* reprlib.recursive_repr: '...' for an object already being shown */
    if (self.tag == EV_T_OBJ && (self.u.o->flags & EV_OBJ_REPR))
        return ev_str_from_cstr(I, "...");
    ev_value cls = dc_getattr(I, self, "__class__");
    ev_value qn = EV_IS_ERR(cls) ? cls : dc_getattr(I, cls, "__qualname__");
    if (!EV_IS_ERR(cls))
        ev_decref(I, cls);
    if (EV_IS_ERR(qn))
        return qn;
    if (self.tag == EV_T_OBJ)
        self.u.o->flags |= EV_OBJ_REPR;
    ev_buf b = {0};
    ev_tuple *names = ev_as_tuple(d->items[1]);
    int e = ev_buf_puts(I, &b, "(");
    for (size_t i = 0; e == 0 && i < names->len; i++) {
        ev_str *nm = ev_as_str(names->items[i]);
        ev_value v = ev_getattr(I, self, nm);
        e = EV_IS_ERR(v) || ev_buf_printf(I, &b, "%s%s=", i ? ", " : "", nm->data) || ev_buf_repr(I, &b, v);
        if (!EV_IS_ERR(v))
            ev_decref(I, v);
    }
    if (self.tag == EV_T_OBJ)
        self.u.o->flags &= (uint16_t)~EV_OBJ_REPR;
    if (e || ev_buf_puts(I, &b, ")")) {
        ev_buf_free(I, &b);
        ev_decref(I, qn);
        return EV_ERR;
    }
    ev_value tail = ev_buf_to_str(I, &b);
    if (EV_IS_ERR(tail)) {
        ev_decref(I, qn);
        return tail;
    }
    /* __qualname__ + f"(...)" */
    ev_value r = ev_binary(I, EV_OP_ADD, qn, tail);
    ev_decref(I, qn);
    ev_decref(I, tail);
    return r;
}
GEN_FN(gen_repr)

/* (self.a, self.b, ...) */
static ev_value fields_tuple(ev_interp *I, ev_value obj, ev_tuple *names)
{
    ev_value t = ev_tuple_new(I, names->len);
    for (size_t i = 0; !EV_IS_ERR(t) && i < names->len; i++) {
        ev_value v = ev_getattr(I, obj, ev_as_str(names->items[i]));
        if (EV_IS_ERR(v)) {
            ev_decref(I, t);
            return v;
        }
        ev_as_tuple(t)->items[i] = v;
    }
    return t;
}

/* data: (qualname, names, op) */
static ev_value gen_cmp_body(ev_interp *I, ev_value data, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_tuple *d = ev_as_tuple(data);
    if (check_args(I, ev_as_str(d->items[0])->data, argc, kw, 2, self_other))
        return EV_ERR;
    /* if other.__class__ is self.__class__ */
    ev_value oc = dc_getattr(I, argv[1], "__class__");
    if (EV_IS_ERR(oc))
        return oc;
    ev_value sc = dc_getattr(I, argv[0], "__class__");
    bool same = !EV_IS_ERR(sc) && dc_same(oc, sc);
    ev_decref(I, oc);
    if (EV_IS_ERR(sc))
        return sc;
    ev_decref(I, sc);
    if (!same)
        return EV_NOTIMPL;
    ev_tuple *names = ev_as_tuple(d->items[1]);
    ev_value a = fields_tuple(I, argv[0], names);
    ev_value b = EV_IS_ERR(a) ? a : fields_tuple(I, argv[1], names);
    int r = EV_IS_ERR(b) ? -1 : ev_compare(I, a, b, (int)d->items[2].u.i);
    if (!EV_IS_ERR(a))
        ev_decref(I, a);
    if (!EV_IS_ERR(b))
        ev_decref(I, b);
    return r < 0 ? EV_ERR : ev_bool(r);
}
GEN_FN(gen_cmp)

/* data: (qualname, names) */
static ev_value gen_hash_body(ev_interp *I, ev_value data, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_tuple *d = ev_as_tuple(data);
    if (check_args(I, ev_as_str(d->items[0])->data, argc, kw, 1, self_other))
        return EV_ERR;
    ev_value t = fields_tuple(I, argv[0], ev_as_tuple(d->items[1]));
    if (EV_IS_ERR(t))
        return t;
    int64_t h;
    int r = ev_hash(I, t, &h);
    ev_decref(I, t);
    return r ? EV_ERR : ev_int(h);
}
GEN_FN(gen_hash)

/* ---- frozen: __setattr__, __delattr__ ------------------------------------------------------------ */

/* data: (qualname, names, cls, is_delete) */
static ev_value gen_frozen_body(ev_interp *I, ev_value data, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_tuple *d = ev_as_tuple(data);
    bool del = d->items[3].u.i != 0;
    if (check_args(I, ev_as_str(d->items[0])->data, argc, kw, del ? 2 : 3, self_name_value))
        return EV_ERR;
    ev_value self = argv[0], name = argv[1];
    ev_type *cls = (ev_type *)d->items[2].u.o;
    /* if type(self) is cls or name in (fields...): raise */
    int hit = ev_type_of(self) == cls;
    ev_tuple *names = ev_as_tuple(d->items[1]);
    for (size_t i = 0; !hit && i < names->len; i++) {
        hit = ev_eq(I, names->items[i], name);
        if (hit < 0)
            return EV_ERR;
    }
    if (hit) {
        ev_value r = ev_repr(I, name);
        if (EV_IS_ERR(r))
            return r;
        ev_value *fe = dc_global(I, "FrozenInstanceError");
        if (fe) {
            ev_buf b = {0};
            ev_value msg = ev_buf_printf(I, &b, "cannot %s field %s", del ? "delete" : "assign to", ev_as_str(r)->data)
                               ? (ev_buf_free(I, &b), EV_ERR)
                               : ev_buf_to_str(I, &b);
            if (!EV_IS_ERR(msg)) {
                ev_value exc = ev_call(I, *fe, 1, &msg, 0, NULL, NULL);
                ev_decref(I, msg);
                if (!EV_IS_ERR(exc))
                    ev_raise_value(I, exc);
            }
        }
        ev_decref(I, r);
        return EV_ERR;
    }
    /* super(cls, self).__setattr__(name, value) */
    if (!ev_is(name, EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "attribute name must be string, not '%s'", ev_type_name(name));
    ev_str *nm = ev_intern(I, ev_as_str(name)->data, ev_as_str(name)->len);
    if (!nm)
        return EV_ERR;
    ev_type *t = ev_type_of(self);
    ev_str *hook = ev_intern(I, del ? "__delattr__" : "__setattr__", 11);
    if (hook && ev_is_heaptype(t) && ev_is(t->mro, EV_O_TUPLE)) {
        ev_tuple *mro = ev_as_tuple(t->mro);
        size_t i = 0;
        while (i < mro->len && mro->items[i].u.o != &cls->h)
            i++;
        for (i++; i < mro->len; i++) {
            ev_type *k = (ev_type *)mro->items[i].u.o;
            ev_value *f = ev_is_heaptype(k) ? ev_dict_lookup_str(k->dict, hook) : NULL;
            if (f) {
                ev_value fn = ev_dup(*f);
                ev_value args[3] = {self, name, del ? EV_NONE : argv[2]};
                ev_value r = ev_call(I, fn, del ? 2 : 3, args, 0, NULL, NULL);
                ev_decref(I, fn);
                return r;
            }
        }
    }
    return ev_object_setattr(I, self, nm, del ? EV_ERR : argv[2]) ? EV_ERR : EV_NONE;
}
GEN_FN(gen_frozen)

const ev_builtin_def dc_init_def = {"__init__", gen_init, 0, -1, EV_BF_KWANY | EV_BF_DEFDATA, NULL};
const ev_builtin_def dc_repr_def = {"__repr__", gen_repr, 0, -1, EV_BF_KWANY | EV_BF_DEFDATA, NULL};
bool dc_is_generated_repr(ev_value f)
{
    return ev_is(f, EV_O_BUILTIN) && ((ev_builtin *)f.u.o)->def == &dc_repr_def;
}

const ev_builtin_def dc_cmp_defs[6] = {
    {"__lt__", gen_cmp, 0, -1, EV_BF_KWANY | EV_BF_DEFDATA, NULL},
    {"__le__", gen_cmp, 0, -1, EV_BF_KWANY | EV_BF_DEFDATA, NULL},
    {"__eq__", gen_cmp, 0, -1, EV_BF_KWANY | EV_BF_DEFDATA, NULL},
    {"__ne__", gen_cmp, 0, -1, EV_BF_KWANY | EV_BF_DEFDATA, NULL},
    {"__gt__", gen_cmp, 0, -1, EV_BF_KWANY | EV_BF_DEFDATA, NULL},
    {"__ge__", gen_cmp, 0, -1, EV_BF_KWANY | EV_BF_DEFDATA, NULL},
};
const ev_builtin_def dc_hash_def = {"__hash__", gen_hash, 0, -1, EV_BF_KWANY | EV_BF_DEFDATA, NULL};
const ev_builtin_def dc_setattr_def = {"__setattr__", gen_frozen, 0, -1, EV_BF_KWANY | EV_BF_DEFDATA, NULL};
const ev_builtin_def dc_delattr_def = {"__delattr__", gen_frozen, 0, -1, EV_BF_KWANY | EV_BF_DEFDATA, NULL};
