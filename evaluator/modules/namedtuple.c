/*
 * namedtuple.c - collections.namedtuple as CPython 3.11's: a class deriving
 * from tuple, made with the class machinery (objects/class.c), whose
 * __new__, _make, _replace, _asdict and __repr__ are C functions stored in
 * the class as method descriptors, and whose fields are properties reading
 * one item each.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "evaluator/ev.h"

static const char *const py_keywords[] = {
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class",
    "continue", "def", "del", "elif", "else", "except", "finally", "for", "from", "global",
    "if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return",
    "try", "while", "with", "yield", NULL};

static bool is_keyword(const ev_str *s)
{
    for (const char *const *k = py_keywords; *k; k++)
        if (strcmp(*k, s->data) == 0)
            return true;
    return false;
}

/* str.isidentifier() for the ASCII names models use; non-ASCII letters are
 * accepted as CPython accepts them (its check is by Unicode category). */
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

/* ---- the class's methods ---------------------------------------------------------------------- */

/* The class attribute name (a tuple of str), a new reference, or EV_ERR
 * when it is something else.  User code may rebind P._fields (a field's
 * __repr__, a key's __hash__): the tuple is held for the whole call, and
 * its items checked, since the methods read them as str. */
static ev_value str_tuple_attr(ev_interp *I, ev_type *t, const char *name)
{
    ev_str *k = ev_intern(I, name, strlen(name));
    ev_value *f = k ? ev_type_lookup(t, k) : NULL;
    if (!f || !ev_is(*f, EV_O_TUPLE))
        return EV_ERR;
    ev_tuple *tu = ev_as_tuple(*f);
    for (size_t i = 0; i < tu->len; i++)
        if (!ev_is(tu->items[i], EV_O_STR))
            return EV_ERR;
    return ev_dup(*f);
}

static ev_value fields_ref(ev_interp *I, ev_type *t) { return str_tuple_attr(I, t, "_fields"); }

/* _field_defaults, a new reference (EV_NONE when absent) */
static ev_value defaults_of(ev_interp *I, ev_type *t)
{
    ev_str *k = ev_intern(I, "_field_defaults", 15);
    ev_value *f = k ? ev_type_lookup(t, k) : NULL;
    return f && ev_is(*f, EV_O_DICT) ? ev_dup(*f) : EV_NONE;
}

static ev_value make_instance(ev_interp *I, ev_type *cls, const ev_value *items, size_t n)
{
    ev_value t = ev_tuple_new(I, n);
    if (EV_IS_ERR(t))
        return t;
    for (size_t i = 0; i < n; i++)
        ev_as_tuple(t)->items[i] = ev_dup(items[i]);
    return ev_sub_wrap(I, t, cls);
}

/* __new__(cls, field1, field2, ...): bound as Python binds a def with
 * defaults, and its messages name it Type.__new__ as CPython's generated one. */
static ev_value nt_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc < 1 || !ev_is(argv[0], EV_O_TYPE))
        return ev_raise(I, &ev_type_TypeError, "__new__(X): X is not a type object");
    ev_type *cls = (ev_type *)argv[0].u.o;
    ev_value fv = fields_ref(I, cls);
    if (EV_IS_ERR(fv))
        return ev_raise(I, &ev_type_TypeError, "%s.__new__(): not a namedtuple class", cls->name);
    ev_tuple *fields = ev_as_tuple(fv);
    size_t n = fields->len;
    const char *tn = cls->name;
    int given = argc - 1;
    if ((size_t)given > n) {
        ev_decref(I, fv);
        return ev_raise(I, &ev_type_TypeError, "%s.__new__() takes %zu positional argument%s but %d %s given",
                        tn, n + 1, n + 1 == 1 ? "" : "s", argc, argc == 1 ? "was" : "were");
    }
    /* vals[i]: a reference each (a default is read from a dict user code
     * may change while a later one is looked up) */
    ev_value small[16];
    ev_value *vals = n <= 16 ? small : ev_alloc(I, n * sizeof *vals);
    if (!vals) {
        ev_decref(I, fv);
        return ev_raise_nomem(I);
    }
    ev_value res = EV_ERR, defaults = EV_NONE;
    for (size_t i = 0; i < n; i++)
        vals[i] = (int)i < given ? ev_dup(argv[i + 1]) : EV_ERR;
    for (int k = 0; kw && k < kw->n; k++) {
        size_t j = 0;
        while (j < n && !ev_str_eq(ev_as_str(fields->items[j]), kw->names[k]))
            j++;
        if (j == n) {
            ev_raise(I, &ev_type_TypeError, "%s.__new__() got an unexpected keyword argument '%s'", tn,
                     kw->names[k]->data);
            goto out;
        }
        if (!EV_IS_ERR(vals[j])) {
            ev_raise(I, &ev_type_TypeError, "%s.__new__() got multiple values for argument '%s'", tn,
                     kw->names[k]->data);
            goto out;
        }
        vals[j] = ev_dup(kw->vals[k]);
    }
    defaults = defaults_of(I, cls);
    size_t missing = 0;
    for (size_t i = 0; i < n; i++) {
        if (!EV_IS_ERR(vals[i]))
            continue;
        ev_value d;
        int f = ev_is(defaults, EV_O_DICT) ? ev_dict_get(I, ev_as_dict(defaults), fields->items[i], &d) : 0;
        if (f < 0)
            goto out;
        if (f) {
            vals[i] = d;
        } else {
            missing++;
        }
    }
    if (missing) {
        ev_buf b = {0};
        size_t seen = 0;
        int e = 0;
        for (size_t i = 0; e == 0 && i < n; i++) {
            if (!EV_IS_ERR(vals[i]))
                continue;
            seen++;
            const char *sep = seen == 1 ? "" : seen == missing && missing == 2 ? " and "
                                           : seen == missing                    ? ", and "
                                                                                 : ", ";
            e = ev_buf_printf(I, &b, "%s'%s'", sep, ev_as_str(fields->items[i])->data);
        }
        if (e == 0)
            e = ev_buf_put(I, &b, "", 1);
        if (e == 0)
            ev_raise(I, &ev_type_TypeError, "%s.__new__() missing %zu required positional argument%s: %s",
                     tn, missing, missing == 1 ? "" : "s", b.data);
        ev_buf_free(I, &b);
        goto out;
    }
    res = make_instance(I, cls, vals, n);
out:
    for (size_t i = 0; i < n; i++)
        if (!EV_IS_ERR(vals[i]))
            ev_decref(I, vals[i]);
    if (vals != small)
        ev_dealloc(I, vals);
    ev_decref(I, defaults);
    ev_decref(I, fv);
    return res;
}

/* Cls._make(iterable): a classmethod, so the class comes first */
static ev_value nt_make(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (!ev_is(argv[0], EV_O_TYPE))
        return ev_raise(I, &ev_type_TypeError, "_make(): not a namedtuple class");
    ev_type *cls = (ev_type *)argv[0].u.o;
    argv++;
    /* the field count before the iterable runs (CPython's num_fields is
     * fixed when the class is made) */
    ev_value fv = fields_ref(I, cls);
    if (EV_IS_ERR(fv))
        return ev_raise(I, &ev_type_TypeError, "_make(): not a namedtuple class");
    size_t nf = ev_as_tuple(fv)->len;
    ev_decref(I, fv);
    ev_value t = ev_tuple_from_iterable(I, argv[0]);
    if (EV_IS_ERR(t))
        return t;
    if (ev_as_tuple(t)->len != nf) {
        size_t got = ev_as_tuple(t)->len;
        ev_decref(I, t);
        return ev_raise(I, &ev_type_TypeError, "Expected %zu arguments, got %zu", nf, got);
    }
    return ev_sub_wrap(I, t, cls);
}

static ev_value nt_asdict(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value fv = fields_ref(I, ev_type_of(self));
    ev_tuple *t = ev_as_tuple(self);
    if (EV_IS_ERR(fv) || ev_as_tuple(fv)->len != t->len) {
        if (!EV_IS_ERR(fv))
            ev_decref(I, fv);
        return ev_raise(I, &ev_type_TypeError, "_asdict(): not a namedtuple");
    }
    ev_tuple *fields = ev_as_tuple(fv);
    ev_value d = ev_dict_new(I);
    for (size_t i = 0; !EV_IS_ERR(d) && i < t->len; i++)
        if (ev_dict_set(I, ev_as_dict(d), fields->items[i], t->items[i])) {
            ev_decref(I, d);
            d = EV_ERR;
        }
    ev_decref(I, fv);
    return d;
}

/* self._replace(**changes) */
static ev_value nt_replace(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_type *cls = ev_type_of(self);
    ev_value fv = fields_ref(I, cls);
    ev_tuple *t = ev_as_tuple(self);
    if (EV_IS_ERR(fv) || ev_as_tuple(fv)->len != t->len) {
        if (!EV_IS_ERR(fv))
            ev_decref(I, fv);
        return ev_raise(I, &ev_type_TypeError, "_replace(): not a namedtuple");
    }
    ev_tuple *fields = ev_as_tuple(fv);
    ev_value nt = ev_tuple_new(I, t->len);
    if (EV_IS_ERR(nt)) {
        ev_decref(I, fv);
        return nt;
    }
    for (size_t i = 0; i < t->len; i++)
        ev_as_tuple(nt)->items[i] = ev_dup(t->items[i]);
    ev_value unknown = ev_list_new(I, 0);
    if (EV_IS_ERR(unknown)) {
        ev_decref(I, nt);
        ev_decref(I, fv);
        return unknown;
    }
    for (int k = 0; kw && k < kw->n; k++) {
        size_t j = 0;
        while (j < fields->len && !ev_str_eq(ev_as_str(fields->items[j]), kw->names[k]))
            j++;
        if (j == fields->len) {
            if (ev_list_append(I, ev_as_list(unknown), ev_obj_val(&kw->names[k]->h)))
                goto fail;
            continue;
        }
        ev_decref(I, ev_as_tuple(nt)->items[j]);
        ev_as_tuple(nt)->items[j] = ev_dup(kw->vals[k]);
    }
    if (ev_as_list(unknown)->len) {
        ev_value r = ev_repr(I, unknown);
        if (!EV_IS_ERR(r)) {
            ev_raise(I, &ev_type_ValueError, "Got unexpected field names: %s", ev_as_str(r)->data);
            ev_decref(I, r);
        }
        goto fail;
    }
    ev_decref(I, unknown);
    ev_decref(I, fv);
    return ev_sub_wrap(I, nt, cls);
fail:
    ev_decref(I, unknown);
    ev_decref(I, nt);
    ev_decref(I, fv);
    return EV_ERR;
}

static ev_value nt_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_type *cls = ev_type_of(self);
    ev_value fv = fields_ref(I, cls);
    ev_tuple *t = ev_as_tuple(self);
    if (EV_IS_ERR(fv) || ev_as_tuple(fv)->len != t->len) {
        if (!EV_IS_ERR(fv))
            ev_decref(I, fv);
        return ev_raise(I, &ev_type_TypeError, "__repr__(): not a namedtuple");
    }
    if (self.u.o->flags & EV_OBJ_REPR) {
        ev_decref(I, fv);
        return ev_str_from_cstr(I, "...");
    }
    /* the names are held: an item's __repr__ may rebind P._fields */
    ev_tuple *fields = ev_as_tuple(fv);
    ev_buf b = {0};
    int e = ev_buf_printf(I, &b, "%s(", cls->name);
    self.u.o->flags |= EV_OBJ_REPR;
    for (size_t i = 0; e == 0 && i < t->len; i++)
        e = ev_buf_printf(I, &b, "%s%s=", i ? ", " : "", ev_as_str(fields->items[i])->data) ||
            ev_buf_repr(I, &b, t->items[i]);
    self.u.o->flags &= (uint16_t)~EV_OBJ_REPR;
    ev_decref(I, fv);
    if (e || ev_buf_put(I, &b, ")", 1)) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

static ev_value nt_getnewargs(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_tuple_from_iterable(I, self);
}

/* The fget of a field's property: self[index], where the builtin's own
 * self is the index. */
static ev_value nt_field(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (!ev_is(argv[0], EV_O_TUPLE) || self.u.i < 0 || (size_t)self.u.i >= ev_as_tuple(argv[0])->len)
        return ev_raise(I, &ev_type_TypeError, "descriptor for index '%lld' for tuple subclass doesn't apply to a '%s' object",
                        (long long)self.u.i, ev_type_name(argv[0]));
    return ev_dup(ev_as_tuple(argv[0])->items[self.u.i]);
}

static const ev_builtin_def new_def = {"__new__", nt_new, 1, -1, EV_BF_KWANY};
static const ev_builtin_def make_def = {"_make", nt_make, 2, 2};
static const ev_builtin_def asdict_def = {"_asdict", nt_asdict, 0, 0};
static const ev_builtin_def replace_def = {"_replace", nt_replace, 0, 0, EV_BF_KWANY};
static const ev_builtin_def repr_def = {"__repr__", nt_repr, 0, 0};
static const ev_builtin_def getnewargs_def = {"__getnewargs__", nt_getnewargs, 0, 0};
static const ev_builtin_def field_def = {"_tuplegetter", nt_field, 1, 1};
static const ev_builtin_def member_def = {"_structseq_member", nt_field, 1, 1};

/* ---- namedtuple() ------------------------------------------------------------------------------ */

static int ns_put(ev_interp *I, ev_dict *ns, const char *key, ev_value v_steal)
{
    if (EV_IS_ERR(v_steal))
        return -1;
    ev_str *k = ev_intern(I, key, strlen(key));
    int r = k ? ev_dict_set_str(I, ns, k, v_steal) : -1;
    ev_decref(I, v_steal);
    return r;
}

/* A method descriptor: the C function applies to instances of the class. */
static ev_value method_descr(ev_interp *I, const ev_builtin_def *d, ev_value cls)
{
    ev_value b = ev_builtin_new(I, d, cls);
    if (!EV_IS_ERR(b))
        ((ev_builtin *)b.u.o)->unbound = true;
    return b;
}

/* The field names: a string split on commas and whitespace, or an iterable of strings. */
static ev_value field_list(ev_interp *I, ev_value spec)
{
    ev_value l = ev_list_new(I, 0);
    if (EV_IS_ERR(l))
        return l;
    if (ev_is(spec, EV_O_STR)) {
        const char *s = ev_as_str(spec)->data;
        size_t n = ev_as_str(spec)->len, i = 0;
        while (i < n) {
            while (i < n && (s[i] == ',' || isspace((unsigned char)s[i])))
                i++;
            size_t j = i;
            while (j < n && s[j] != ',' && !isspace((unsigned char)s[j]))
                j++;
            if (j > i) {
                ev_value w = ev_str_new(I, s + i, j - i);
                if (EV_IS_ERR(w) || ev_list_append(I, ev_as_list(l), w)) {
                    if (!EV_IS_ERR(w))
                        ev_decref(I, w);
                    ev_decref(I, l);
                    return EV_ERR;
                }
                ev_decref(I, w);
            }
            i = j;
        }
        return l;
    }
    ev_decref(I, l);
    /* list(map(str, field_names)): each name through str(), which may run
     * a __str__ (the list is ours, its items replaced one at a time) */
    l = ev_list_from_iterable(I, spec);
    if (EV_IS_ERR(l))
        return l;
    for (size_t i = 0; i < ev_as_list(l)->len; i++) {
        ev_value v = ev_dup(ev_as_list(l)->items[i]);
        ev_value sv = ev_to_str(I, v);
        ev_decref(I, v);
        if (EV_IS_ERR(sv)) {
            ev_decref(I, l);
            return sv;
        }
        if (!ev_is(sv, EV_O_STR) || ev_is_user(sv)) {
            ev_decref(I, sv);
            ev_decref(I, l);
            return ev_raise(I, &ev_type_TypeError, "Type names and field names must be strings");
        }
        ev_value old = ev_as_list(l)->items[i];
        ev_as_list(l)->items[i] = sv;
        ev_decref(I, old);
    }
    return l;
}

ev_value ev_namedtuple(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ev_namedtuple(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    /* declared "typename, field_names, *, rename, defaults, module" */
    ev_value spec = argv[1], renamev = argv[2], defaults = argv[3];
    /* CPython's order: the field names (list(map(str, ...))), then
     * str(typename) */
    ev_value names = field_list(I, spec), ns = EV_ERR, bases = EV_ERR, cls = EV_ERR, ftuple = EV_ERR;
    if (EV_IS_ERR(names))
        return names;
    ev_value tn = ev_to_str(I, argv[0]);
    if (EV_IS_ERR(tn)) {
        ev_decref(I, names);
        return tn;
    }
    if (!ev_is(tn, EV_O_STR) || ev_is_user(tn)) {
        ev_decref(I, tn);
        ev_decref(I, names);
        return ev_raise(I, &ev_type_TypeError, "Type names and field names must be strings");
    }
    int rename = 0;
    if (!EV_IS_ERR(renamev) && (rename = ev_truth(I, renamev)) < 0) {
        ev_decref(I, tn);
        ev_decref(I, names);
        return EV_ERR;
    }
    ev_list *nl = ev_as_list(names);
    if (rename) {
        for (size_t i = 0; i < nl->len; i++) {
            ev_str *s = ev_as_str(nl->items[i]);
            bool dup = false;
            if (ev_charge(I, (int64_t)(i / 16)))
                goto out; /* the time limit: 100,000 fields are 5e9 comparisons */
            for (size_t j = 0; j < i; j++)
                dup = dup || ev_str_eq(s, ev_as_str(nl->items[j]));
            if (!is_identifier(s) || is_keyword(s) || s->data[0] == '_' || dup) {
                char buf[32];
                snprintf(buf, sizeof buf, "_%zu", i);
                ev_value r = ev_str_from_cstr(I, buf);
                if (EV_IS_ERR(r))
                    goto out;
                ev_decref(I, nl->items[i]);
                nl->items[i] = r;
            }
        }
    }
    for (size_t i = 0; i <= nl->len; i++) {
        ev_str *s = ev_as_str(i == 0 ? tn : nl->items[i - 1]);
        if (!is_identifier(s)) {
            ev_raise(I, &ev_type_ValueError, "Type names and field names must be valid identifiers: '%s'", s->data);
            goto out;
        }
        if (is_keyword(s)) {
            ev_raise(I, &ev_type_ValueError, "Type names and field names cannot be a keyword: '%s'", s->data);
            goto out;
        }
    }
    for (size_t i = 0; i < nl->len; i++) {
        ev_str *s = ev_as_str(nl->items[i]);
        if (!rename && s->data[0] == '_') {
            ev_raise(I, &ev_type_ValueError, "Field names cannot start with an underscore: '%s'", s->data);
            goto out;
        }
        if (ev_charge(I, (int64_t)(i / 16)))
            goto out; /* the time limit, as above */
        for (size_t j = 0; j < i; j++)
            if (ev_str_eq(s, ev_as_str(nl->items[j]))) {
                ev_raise(I, &ev_type_ValueError, "Encountered duplicate field name: '%s'", s->data);
                goto out;
            }
    }
    ftuple = ev_tuple_from_iterable(I, names);
    ns = ev_dict_new(I);
    if (EV_IS_ERR(ftuple) || EV_IS_ERR(ns))
        goto out;
    ev_value fdefaults = ev_dict_new(I);
    if (EV_IS_ERR(fdefaults))
        goto out;
    if (!EV_IS_ERR(defaults) && defaults.tag != EV_T_NONE) {
        ev_value dt = ev_tuple_from_iterable(I, defaults);
        if (EV_IS_ERR(dt)) {
            ev_decref(I, fdefaults);
            goto out;
        }
        size_t nd = ev_as_tuple(dt)->len;
        if (nd > nl->len) {
            ev_decref(I, dt);
            ev_decref(I, fdefaults);
            ev_raise(I, &ev_type_TypeError, "Got more default values than field names");
            goto out;
        }
        for (size_t i = 0; i < nd; i++)
            if (ev_dict_set(I, ev_as_dict(fdefaults), nl->items[nl->len - nd + i], ev_as_tuple(dt)->items[i])) {
                ev_decref(I, dt);
                ev_decref(I, fdefaults);
                goto out;
            }
        ev_decref(I, dt);
    }
    ev_dict *d = ev_as_dict(ns);
    ev_buf doc = {0};
    int e = ev_buf_printf(I, &doc, "%s(", ev_as_str(tn)->data);
    for (size_t i = 0; e == 0 && i < nl->len; i++)
        e = ev_buf_printf(I, &doc, "%s%s", i ? ", " : "", ev_as_str(nl->items[i])->data);
    if (e || ev_buf_put(I, &doc, ")", 1)) {
        ev_buf_free(I, &doc);
        ev_decref(I, fdefaults);
        goto out;
    }
    if (ns_put(I, d, "__doc__", ev_buf_to_str(I, &doc)) || ns_put(I, d, "__slots__", ev_tuple_new(I, 0)) ||
        ns_put(I, d, "_fields", ev_dup(ftuple))) {
        ev_decref(I, fdefaults); /* not put yet */
        goto out;
    }
    if (ns_put(I, d, "_field_defaults", fdefaults) || ns_put(I, d, "__match_args__", ev_dup(ftuple)))
        goto out;
    /* module=: the class's __module__ (any object, as result.__module__ = module) */
    if (!EV_IS_ERR(argv[4]) && argv[4].tag != EV_T_NONE && ns_put(I, d, "__module__", ev_dup(argv[4])))
        goto out;
    bases = ev_tuple_new(I, 1);
    if (EV_IS_ERR(bases))
        goto out;
    ev_as_tuple(bases)->items[0] = ev_obj_val(&ev_type_tuple.h);
    ev_str *name = ev_intern(I, ev_as_str(tn)->data, ev_as_str(tn)->len);
    if (!name)
        goto out;
    cls = ev_class_new(I, NULL, name, bases, d, NULL);
    if (EV_IS_ERR(cls))
        goto out;
    /* the methods and the field properties refer to the class, so they go in after it exists */
    ev_type *t = (ev_type *)cls.u.o;
    ev_value made = ev_builtin_new(I, &make_def, EV_NONE);
    ev_value cm = EV_IS_ERR(made) ? made : ev_call(I, ev_obj_val(&ev_type_classmethod.h), 1, &made, 0, NULL, NULL);
    if (!EV_IS_ERR(made))
        ev_decref(I, made);
    ev_value nw = ev_builtin_new(I, &new_def, EV_NONE);
    ev_value sm = EV_IS_ERR(nw) ? nw : ev_call(I, ev_obj_val(&ev_type_staticmethod.h), 1, &nw, 0, NULL, NULL);
    if (!EV_IS_ERR(nw))
        ev_decref(I, nw);
    if (ns_put(I, t->dict, "_make", cm)) {
        if (!EV_IS_ERR(sm))
            ev_decref(I, sm); /* not put yet */
        goto fail_cls;
    }
    if (ns_put(I, t->dict, "__new__", sm) ||
        ns_put(I, t->dict, "_asdict", method_descr(I, &asdict_def, cls)) ||
        ns_put(I, t->dict, "_replace", method_descr(I, &replace_def, cls)) ||
        ns_put(I, t->dict, "__repr__", method_descr(I, &repr_def, cls)) ||
        ns_put(I, t->dict, "__getnewargs__", method_descr(I, &getnewargs_def, cls)))
        goto fail_cls;
    for (size_t i = 0; i < nl->len; i++) {
        ev_value getter = ev_builtin_new(I, &field_def, ev_int((int64_t)i));
        if (EV_IS_ERR(getter))
            goto fail_cls;
        ev_value prop = ev_call(I, ev_obj_val(&ev_type_property.h), 1, &getter, 0, NULL, NULL);
        ev_decref(I, getter);
        ev_str *fname = ev_as_str(nl->items[i]);
        ev_str *key = ev_intern(I, fname->data, fname->len);
        if (EV_IS_ERR(prop) || !key || ev_dict_set_str(I, t->dict, key, prop)) {
            if (!EV_IS_ERR(prop))
                ev_decref(I, prop);
            goto fail_cls;
        }
        ev_decref(I, prop);
    }
    I->class_version++; /* the class's namespace grew after it was made */
    goto out;
fail_cls:
    ev_decref(I, cls);
    cls = EV_ERR;
out:
    ev_decref(I, names);
    ev_decref(I, tn);
    if (!EV_IS_ERR(ftuple))
        ev_decref(I, ftuple);
    if (!EV_IS_ERR(ns))
        ev_decref(I, ns);
    if (!EV_IS_ERR(bases))
        ev_decref(I, bases);
    return cls;
}

/* ---- struct sequences (time.struct_time) ------------------------------------------------------- */

/* The C-side shape of a struct sequence class: how many fields it has and
 * how many of them the tuple shows.  CPython keeps these in the type's C
 * struct, out of user code's reach (its n_fields and _fields attributes can
 * be rebound without effect); here the class that ev_structseq_type made
 * keeps them in its min_args/max_args, which a heap class does not
 * otherwise use.  A subclass finds them on its base.  0 when t is none. */
static int ss_shape(ev_type *t, int *nvisible)
{
    if (!ev_is_heaptype(t) || !ev_is(t->mro, EV_O_TUPLE))
        return 0;
    ev_tuple *mro = ev_as_tuple(t->mro);
    for (size_t i = 0; i < mro->len; i++) {
        ev_type *k = (ev_type *)mro->items[i].u.o;
        if (ev_is(mro->items[i], EV_O_TYPE) && ev_is_heaptype(k) && k->max_args > 0) {
            *nvisible = k->min_args;
            return k->max_args;
        }
    }
    return 0;
}

/* repr: module.name(field=value, ...) over the visible fields */
static ev_value ss_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_type *cls = ev_type_of(self);
    ev_value fv = fields_ref(I, cls);
    ev_tuple *t = ev_as_tuple(self);
    if (EV_IS_ERR(fv))
        return ev_raise(I, &ev_type_TypeError, "__repr__(): not a struct sequence");
    ev_tuple *fields = ev_as_tuple(fv); /* held: an item's __repr__ may rebind _fields */
    ev_buf b = {0};
    int e = ev_buf_printf(I, &b, "%s.%s(", cls->module, cls->name);
    for (size_t i = 0; e == 0 && i < t->len && i < fields->len; i++)
        e = ev_buf_printf(I, &b, "%s%s=", i ? ", " : "", ev_as_str(fields->items[i])->data) ||
            ev_buf_repr(I, &b, t->items[i]);
    ev_decref(I, fv);
    if (e || ev_buf_put(I, &b, ")", 1)) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

/* module.name(sequence): at least the visible fields, at most all of them */
static ev_value ss_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc < 1 || !ev_is(argv[0], EV_O_TYPE))
        return ev_raise(I, &ev_type_TypeError, "__new__(X): X is not a type object");
    ev_type *cls = (ev_type *)argv[0].u.o;
    if (argc != 2 || EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError, "%s.%s() takes exactly 1 positional argument (%d given)",
                        cls->module, cls->name, argc - 1);
    int nv = 0, nf = ss_shape(cls, &nv);
    if (nf <= 0)
        return ev_raise(I, &ev_type_TypeError, "not a struct sequence type");
    ev_value seq = ev_tuple_from_iterable(I, argv[1]);
    if (EV_IS_ERR(seq))
        return seq;
    size_t n = ev_as_tuple(seq)->len, vis = (size_t)nv, all = (size_t)nf;
    if (n < vis || n > all) {
        ev_decref(I, seq);
        if (vis == all)
            return ev_raise(I, &ev_type_TypeError, "%s.%s() takes a %zu-sequence (%zu-sequence given)",
                            cls->module, cls->name, vis, n);
        if (n < vis)
            return ev_raise(I, &ev_type_TypeError, "%s.%s() takes an at least %zu-sequence (%zu-sequence given)",
                            cls->module, cls->name, vis, n);
        return ev_raise(I, &ev_type_TypeError, "%s.%s() takes an at most %zu-sequence (%zu-sequence given)",
                        cls->module, cls->name, all, n);
    }
    ev_value vals[128]; /* nf <= 127 (an int8_t) */
    for (size_t i = 0; i < all; i++)
        vals[i] = i < n ? ev_as_tuple(seq)->items[i] : EV_NONE;
    ev_value r = ev_structseq_new(I, argv[0], vals);
    ev_decref(I, seq);
    return r;
}

static const ev_builtin_def ss_repr_def = {"__repr__", ss_repr, 0, 0};
static const ev_builtin_def ss_new_def = {"__new__", ss_new, 1, -1, EV_BF_KWANY};

ev_value ev_structseq_type(ev_interp *I, const char *module, const char *name, const char *const *fields,
                           int nfields, int nvisible)
{
    if (nfields <= 0 || nfields > 127 || nvisible < 0 || nvisible > nfields)
        return ev_raise(I, &ev_type_SystemError, "struct sequence shape out of range");
    ev_value ns = ev_dict_new(I), bases = EV_ERR, cls = EV_ERR, vis = EV_ERR, extra = EV_ERR;
    if (EV_IS_ERR(ns))
        return ns;
    vis = ev_tuple_new(I, (size_t)nvisible);
    extra = ev_tuple_new(I, (size_t)(nfields - nvisible));
    bases = ev_tuple_new(I, 1);
    if (EV_IS_ERR(vis) || EV_IS_ERR(extra) || EV_IS_ERR(bases))
        goto out;
    for (int i = 0; i < nfields; i++) {
        ev_value s = ev_str_from_cstr(I, fields[i]);
        if (EV_IS_ERR(s))
            goto out;
        ev_as_tuple(i < nvisible ? vis : extra)->items[i < nvisible ? i : i - nvisible] = s;
    }
    ev_as_tuple(bases)->items[0] = ev_obj_val(&ev_type_tuple.h);
    ev_dict *d = ev_as_dict(ns);
    if (ns_put(I, d, "_fields", ev_dup(vis)) || ns_put(I, d, "__slots__", ev_tuple_new(I, 0)) ||
        ns_put(I, d, "n_fields", ev_int(nfields)) || ns_put(I, d, "n_sequence_fields", ev_int(nvisible)) ||
        ns_put(I, d, "n_unnamed_fields", ev_int(0)) || ns_put(I, d, "__match_args__", ev_dup(vis)) ||
        ns_put(I, d, "_extra_fields", ev_dup(extra)) || ns_put(I, d, "__module__", ev_str_from_cstr(I, module)))
        goto out;
    ev_str *nm = ev_intern(I, name, strlen(name));
    if (!nm)
        goto out;
    cls = ev_class_new(I, NULL, nm, bases, d, NULL);
    if (EV_IS_ERR(cls))
        goto out;
    ev_type *t = (ev_type *)cls.u.o;
    t->module = module; /* static text: the module's name */
    t->min_args = (int8_t)nvisible; /* the shape (ss_shape) */
    t->max_args = (int8_t)nfields;
    ev_value nw = ev_builtin_new(I, &ss_new_def, EV_NONE);
    ev_value sm = EV_IS_ERR(nw) ? nw : ev_call(I, ev_obj_val(&ev_type_staticmethod.h), 1, &nw, 0, NULL, NULL);
    if (!EV_IS_ERR(nw))
        ev_decref(I, nw);
    if (ns_put(I, t->dict, "__new__", sm) || ns_put(I, t->dict, "__repr__", method_descr(I, &ss_repr_def, cls)))
        goto fail_cls;
    for (int i = 0; i < nvisible; i++) {
        ev_value getter = ev_builtin_new(I, &member_def, ev_int(i));
        if (EV_IS_ERR(getter))
            goto fail_cls;
        ev_value prop = ev_call(I, ev_obj_val(&ev_type_property.h), 1, &getter, 0, NULL, NULL);
        ev_decref(I, getter);
        ev_str *key = ev_intern(I, fields[i], strlen(fields[i]));
        if (EV_IS_ERR(prop) || !key || ev_dict_set_str(I, t->dict, key, prop)) {
            if (!EV_IS_ERR(prop))
                ev_decref(I, prop);
            goto fail_cls;
        }
        ev_decref(I, prop);
    }
    I->class_version++;
    goto out;
fail_cls:
    ev_decref(I, cls);
    cls = EV_ERR;
out:
    ev_decref(I, ns);
    if (!EV_IS_ERR(bases))
        ev_decref(I, bases);
    if (!EV_IS_ERR(vis))
        ev_decref(I, vis);
    if (!EV_IS_ERR(extra))
        ev_decref(I, extra);
    return cls;
}

/* An instance: values[0..nvisible) are the tuple, the rest attributes
 * (values holds as many as the class's shape says: the C caller made the
 * class).  The names of the extra attributes come from _extra_fields, held
 * and checked, since user code may have rebound it. */
ev_value ev_structseq_new(ev_interp *I, ev_value type, const ev_value *values)
{
    ev_type *cls = (ev_type *)type.u.o;
    int nv = 0, nf = ss_shape(cls, &nv);
    if (nf <= 0)
        return ev_raise(I, &ev_type_TypeError, "not a struct sequence type");
    size_t nextra = (size_t)(nf - nv);
    ev_value extra = nextra ? str_tuple_attr(I, cls, "_extra_fields") : EV_ERR;
    if (nextra && (EV_IS_ERR(extra) || ev_as_tuple(extra)->len != nextra)) {
        if (!EV_IS_ERR(extra))
            ev_decref(I, extra);
        return ev_raise(I, &ev_type_TypeError, "not a struct sequence type");
    }
    ev_value r = make_instance(I, cls, values, (size_t)nv);
    if (EV_IS_ERR(r) || nextra == 0) {
        if (!EV_IS_ERR(extra))
            ev_decref(I, extra);
        return r;
    }
    ev_value d = ev_dict_new(I);
    for (size_t i = 0; !EV_IS_ERR(d) && i < nextra; i++)
        if (ev_dict_set(I, ev_as_dict(d), ev_as_tuple(extra)->items[i], values[(size_t)nv + i])) {
            ev_decref(I, d);
            d = EV_ERR;
        }
    ev_decref(I, extra);
    if (EV_IS_ERR(d)) {
        ev_decref(I, r);
        return d;
    }
    ev_sub_of(r.u.o)->dict = ev_as_dict(d); /* attributes only C code sets (__slots__ = ()) */
    return r;
}
