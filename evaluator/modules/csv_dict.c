/*
 * csv_dict.c - the classes of CPython 3.11's Lib/csv.py: Dialect (and the
 * registered excel, excel_tab, unix_dialect), DictReader, DictWriter and
 * Sniffer.
 *
 * They are heap classes, as there, whose methods are C functions flagged
 * EV_BF_DEFDATA: bound to an instance like a def, with the module state
 * (the registry DictReader's reader() consults) as their data.  Their
 * state is ordinary instance attributes (self.reader, self._fieldnames,
 * self.restval...) reached through the object protocol where csv.py
 * reaches them, so a subclass's overrides and a program's assignments take
 * effect the same way.
 */
#include <string.h>

#include "evaluator/modules/csv_int.h"

#define CSV_FN(name)                                                                                          \
    static ev_value name##_body(ev_interp *I, ev_value st, int argc, const ev_value *argv, const ev_kw *kw);  \
    static ev_value name(ev_interp *I, ev_value st, int argc, const ev_value *argv, const ev_kw *kw)         \
    {                                                                                                         \
        if (ev_recursion_enter(I, ""))                                                                        \
            return EV_ERR;                                                                                    \
        ev_incref(st);                                                                                        \
        ev_value r_ = name##_body(I, st, argc, argv, kw);                                                     \
        ev_decref(I, st);                                                                                     \
        ev_recursion_leave(I);                                                                                \
        return r_;                                                                                            \
    }                                                                                                         \
    static ev_value name##_body(ev_interp *I, ev_value st, int argc, const ev_value *argv, const ev_kw *kw)

/* A def's binding of (self, names..., *args, **kwds): out[i] the i-th
 * name (EV_ERR when absent), the extra positionals in rest and nrest and
 * the keywords no name took in rkw (whose arrays have room for kw's). */
/* more keywords than the parameters and the dialect's names: one is unknown */
#define KW_MAX 24

typedef struct csv_sig {
    const char *qual;
    const char *names[6];
    int n, nreq;
} csv_sig;

static int bind(ev_interp *I, const csv_sig *s, int argc, const ev_value *argv, const ev_kw *kw, ev_value *out,
                const ev_value **rest, int *nrest, ev_kw *rkw, ev_str **rnames, ev_value *rvals)
{
    if (argc < 1)
        return ev_raise(I, &ev_type_TypeError, "%s() missing 1 required positional argument: 'self'", s->qual),
               -1;
    argc--;
    argv++;
    for (int i = 0; i < s->n; i++)
        out[i] = i < argc ? argv[i] : EV_ERR;
    *rest = argv + (argc > s->n ? s->n : argc);
    *nrest = argc > s->n ? argc - s->n : 0;
    rkw->n = 0;
    rkw->names = rnames;
    rkw->vals = rvals;
    for (int k = 0; k < EV_KW_N(kw); k++) {
        int j = 0;
        while (j < s->n && strcmp(s->names[j], kw->names[k]->data) != 0)
            j++;
        if (j == s->n) {
            rnames[rkw->n] = kw->names[k];
            rvals[rkw->n++] = kw->vals[k];
            continue;
        }
        if (!EV_IS_ERR(out[j])) {
            ev_raise(I, &ev_type_TypeError, "%s() got multiple values for argument '%s'", s->qual, s->names[j]);
            return -1;
        }
        out[j] = kw->vals[k];
    }
    int missing = 0;
    for (int i = 0; i < s->nreq; i++)
        missing += EV_IS_ERR(out[i]);
    if (missing) {
        ev_buf b = {0};
        int seen = 0;
        for (int i = 0; i < s->nreq; i++) {
            if (!EV_IS_ERR(out[i]))
                continue;
            const char *sep = seen == 0 ? "" : seen == missing - 1 ? (missing > 2 ? ", and " : " and ") : ", ";
            if (ev_buf_printf(I, &b, "%s'%s'", sep, s->names[i])) {
                ev_buf_free(I, &b);
                return -1;
            }
            seen++;
        }
        ev_raise(I, &ev_type_TypeError, "%s() missing %d required positional argument%s: %s", s->qual, missing,
                 missing == 1 ? "" : "s", b.data);
        ev_buf_free(I, &b);
        return -1;
    }
    return 0;
}

/* the fixed-arity methods: name(self) or name(self, x) */
static int plain_args(ev_interp *I, const char *qual, int argc, const ev_kw *kw, int n, const char *argname)
{
    if (EV_KW_N(kw)) {
        ev_raise(I, &ev_type_TypeError, "%s() got an unexpected keyword argument '%s'", qual, kw->names[0]->data);
        return -1;
    }
    if (argc == n + 1)
        return 0;
    if (argc < n + 1)
        ev_raise(I, &ev_type_TypeError, "%s() missing 1 required positional argument: '%s'", qual,
                 argc == 0 ? "self" : argname);
    else
        ev_raise(I, &ev_type_TypeError, "%s() takes %d positional argument%s but %d were given", qual, n + 1,
                 n ? "s" : "", argc);
    return -1;
}

/* ---- Dialect ----------------------------------------------------------------------------------- */

CSV_FN(dialect_validate)
{
    if (plain_args(I, "Dialect._validate", argc, kw, 0, NULL))
        return EV_ERR;
    ev_value d = csv_dialect_make(I, EV_ERR, argv[0], NULL);
    if (!EV_IS_ERR(d)) {
        ev_decref(I, d);
        return EV_NONE;
    }
    if (I->limit || !ev_is(I->exc, EV_O_EXC) || ((ev_exc *)I->exc.u.o)->type != &ev_type_TypeError)
        return EV_ERR;
    /* raise Error(str(e)) inside the except clause: e is its context */
    ev_value te = I->exc;
    I->exc = EV_NONE;
    ev_value msg = ev_to_str(I, te);
    ev_value e = EV_IS_ERR(msg) ? msg : ev_exc_make(I, &csv_type_Error, 1, &msg);
    ev_decref(I, msg);
    if (EV_IS_ERR(e)) {
        ev_decref(I, te);
        return e;
    }
    ((ev_exc *)e.u.o)->context = te;
    return ev_raise_value(I, e);
}

CSV_FN(dialect_init)
{
    if (plain_args(I, "Dialect.__init__", argc, kw, 0, NULL))
        return EV_ERR;
    ev_value self = argv[0];
    ev_value cls = ev_us_getattr(I, self, "__class__");
    if (EV_IS_ERR(cls))
        return cls;
    int same = ev_eq(I, cls, ev_as_cinstance(st)->slots[ST_DIALECT_CLASS]);
    ev_decref(I, cls);
    if (same < 0)
        return EV_ERR;
    if (!same && ev_us_setattr(I, self, "_valid", EV_TRUE))
        return EV_ERR;
    ev_value r = ev_us_callm(I, self, "_validate", 0, NULL, NULL);
    if (EV_IS_ERR(r))
        return r;
    ev_decref(I, r);
    return EV_NONE;
}

/* ---- DictReader ------------------------------------------------------------------------------ */

static const csv_sig dr_sig = {"DictReader.__init__", {"f", "fieldnames", "restkey", "restval", "dialect"}, 5, 1};

CSV_FN(dr_init)
{
    ev_value a[6];
    const ev_value *rest;
    int nrest;
    ev_kw rkw;
    ev_str *rnames[KW_MAX];
    ev_value rvals[KW_MAX];
    if (EV_KW_N(kw) > KW_MAX)
        return ev_raise(I, &ev_type_TypeError, "'%s' is an invalid keyword argument for this function",
                        kw->names[KW_MAX]->data);
    if (bind(I, &dr_sig, argc, argv, kw, a, &rest, &nrest, &rkw, rnames, rvals))
        return EV_ERR;
    ev_value self = argv[0];
    ev_value dialect = EV_IS_ERR(a[4]) ? ev_str_from_cstr(I, "excel") : ev_dup(a[4]);
    if (EV_IS_ERR(dialect))
        return dialect;
    ev_value r = EV_ERR;
    if (ev_us_setattr(I, self, "_fieldnames", EV_IS_ERR(a[1]) ? EV_NONE : a[1]) ||
        ev_us_setattr(I, self, "restkey", EV_IS_ERR(a[2]) ? EV_NONE : a[2]) ||
        ev_us_setattr(I, self, "restval", EV_IS_ERR(a[3]) ? EV_NONE : a[3]))
        goto done;
    ev_value rargv[EV_ARGS_MAX];
    if (nrest > EV_ARGS_MAX - 2) {
        ev_raise(I, &ev_type_TypeError, " expected at most 2 arguments, got %d", nrest + 2);
        goto done;
    }
    rargv[0] = a[0];
    rargv[1] = dialect;
    for (int i = 0; i < nrest; i++)
        rargv[2 + i] = rest[i];
    ev_value rd = csv_reader(I, st, 2 + nrest, rargv, rkw.n ? &rkw : NULL);
    if (EV_IS_ERR(rd))
        goto done;
    int e = ev_us_setattr(I, self, "reader", rd);
    ev_decref(I, rd);
    if (e || ev_us_setattr(I, self, "dialect", dialect) || ev_us_setattr(I, self, "line_num", ev_int(0)))
        goto done;
    r = EV_NONE;
done:
    ev_decref(I, dialect);
    return r;
}

CSV_FN(dr_iter)
{
    if (plain_args(I, "DictReader.__iter__", argc, kw, 0, NULL))
        return EV_ERR;
    return ev_dup(argv[0]);
}

/* next(self.reader), the StopIteration left pending */
static int reader_next(ev_interp *I, ev_value self, ev_value *row)
{
    ev_value rd = ev_us_getattr(I, self, "reader");
    if (EV_IS_ERR(rd))
        return -1;
    int r = ev_next_raw(I, rd, row);
    ev_decref(I, rd);
    if (r == 0) {
        ev_value args = ev_tuple_new(I, 0);
        ev_value e = EV_IS_ERR(args) ? args : ev_exc_new(I, &ev_type_StopIteration, args);
        if (!EV_IS_ERR(e))
            ev_raise_value(I, e);
        return -1;
    }
    return r < 0 ? -1 : 0;
}

/* self.line_num = self.reader.line_num */
static int copy_line_num(ev_interp *I, ev_value self)
{
    ev_value rd = ev_us_getattr(I, self, "reader");
    ev_value n = EV_IS_ERR(rd) ? rd : ev_us_getattr(I, rd, "line_num");
    ev_decref(I, rd);
    if (EV_IS_ERR(n))
        return -1;
    int e = ev_us_setattr(I, self, "line_num", n);
    ev_decref(I, n);
    return e;
}

CSV_FN(dr_fieldnames_get)
{
    if (plain_args(I, "DictReader.fieldnames", argc, kw, 0, NULL))
        return EV_ERR;
    ev_value self = argv[0];
    ev_value fn = ev_us_getattr(I, self, "_fieldnames");
    if (EV_IS_ERR(fn))
        return fn;
    if (fn.tag == EV_T_NONE) {
        ev_value row;
        if (reader_next(I, self, &row)) {
            if (!ev_us_catch(I, &ev_type_StopIteration))
                return EV_ERR;
        } else {
            int e = ev_us_setattr(I, self, "_fieldnames", row);
            ev_decref(I, row);
            if (e)
                return EV_ERR;
        }
    }
    ev_decref(I, fn);
    if (copy_line_num(I, self))
        return EV_ERR;
    return ev_us_getattr(I, self, "_fieldnames");
}

CSV_FN(dr_fieldnames_set)
{
    if (plain_args(I, "DictReader.fieldnames", argc, kw, 1, "value"))
        return EV_ERR;
    return ev_us_setattr(I, argv[0], "_fieldnames", argv[1]) ? EV_ERR : EV_NONE;
}

static ev_value seq_len(ev_interp *I, ev_value v, int64_t *n)
{
    return ev_len(I, v, n) ? EV_ERR : EV_NONE;
}

CSV_FN(dr_next)
{
    if (plain_args(I, "DictReader.__next__", argc, kw, 0, NULL))
        return EV_ERR;
    ev_value self = argv[0], row = EV_ERR, fns = EV_ERR, d = EV_ERR, out = EV_ERR;
    ev_value ln = ev_us_getattr(I, self, "line_num");
    if (EV_IS_ERR(ln))
        return ln;
    int zero = ev_eq(I, ln, ev_int(0));
    ev_decref(I, ln);
    if (zero < 0)
        return EV_ERR;
    if (zero) {
        ev_value f = ev_us_getattr(I, self, "fieldnames"); /* for its side effect */
        if (EV_IS_ERR(f))
            return f;
        ev_decref(I, f);
    }
    if (reader_next(I, self, &row) || copy_line_num(I, self))
        goto done;
    for (;;) {
        int empty = ev_is(row, EV_O_LIST) && !ev_is_user(row) ? ev_as_list(row)->len == 0 : 0;
        if (!ev_is(row, EV_O_LIST) || ev_is_user(row)) {
            ev_value emp = ev_list_new(I, 0);
            if (EV_IS_ERR(emp))
                goto done;
            empty = ev_eq(I, row, emp);
            ev_decref(I, emp);
            if (empty < 0)
                goto done;
        }
        if (!empty)
            break;
        ev_decref(I, row);
        row = EV_ERR;
        if (reader_next(I, self, &row))
            goto done;
    }
    fns = ev_us_getattr(I, self, "fieldnames");
    if (EV_IS_ERR(fns))
        goto done;
    ev_value zargs[2] = {fns, row};
    ev_value z = ev_builtin_zip(I, EV_NONE, 2, zargs, NULL);
    if (EV_IS_ERR(z))
        goto done;
    d = ev_call(I, ev_obj_val(&ev_type_dict.h), 1, &z, 0, NULL, NULL);
    ev_decref(I, z);
    if (EV_IS_ERR(d))
        goto done;
    ev_decref(I, fns);
    fns = ev_us_getattr(I, self, "fieldnames");
    int64_t lf, lr;
    if (EV_IS_ERR(fns) || EV_IS_ERR(seq_len(I, fns, &lf)) || EV_IS_ERR(seq_len(I, row, &lr)))
        goto done;
    if (lf < lr) {
        ev_value sl = ev_slice_new(I, ev_int(lf), EV_NONE, EV_NONE);
        ev_value tail = EV_IS_ERR(sl) ? sl : ev_getitem(I, row, sl);
        ev_decref(I, sl);
        ev_value key = EV_IS_ERR(tail) ? tail : ev_us_getattr(I, self, "restkey");
        int e = EV_IS_ERR(key) || ev_setitem(I, d, key, tail);
        ev_decref(I, key);
        ev_decref(I, tail);
        if (e)
            goto done;
    } else if (lf > lr) {
        ev_value fns2 = ev_us_getattr(I, self, "fieldnames");
        ev_value sl = EV_IS_ERR(fns2) ? fns2 : ev_slice_new(I, ev_int(lr), EV_NONE, EV_NONE);
        ev_value keys = EV_IS_ERR(sl) ? sl : ev_getitem(I, fns2, sl);
        ev_decref(I, sl);
        ev_decref(I, fns2);
        ev_value it = EV_IS_ERR(keys) ? keys : ev_iter(I, keys);
        ev_decref(I, keys);
        if (EV_IS_ERR(it))
            goto done;
        for (;;) {
            ev_value key;
            int r = ev_next(I, it, &key);
            if (r <= 0) {
                ev_decref(I, it);
                if (r < 0)
                    goto done;
                break;
            }
            ev_value rv = ev_us_getattr(I, self, "restval");
            int e = EV_IS_ERR(rv) || ev_setitem(I, d, key, rv);
            ev_decref(I, rv);
            ev_decref(I, key);
            if (e) {
                ev_decref(I, it);
                goto done;
            }
        }
    }
    out = d;
    d = EV_ERR;
done:
    ev_decref(I, d);
    ev_decref(I, fns);
    ev_decref(I, row);
    return out;
}

/* ---- DictWriter ------------------------------------------------------------------------------ */

static const csv_sig dw_sig = {"DictWriter.__init__", {"f", "fieldnames", "restval", "extrasaction", "dialect"}, 5, 2};

CSV_FN(dw_init)
{
    ev_value a[6];
    const ev_value *rest;
    int nrest;
    ev_kw rkw;
    ev_str *rnames[KW_MAX];
    ev_value rvals[KW_MAX];
    if (EV_KW_N(kw) > KW_MAX)
        return ev_raise(I, &ev_type_TypeError, "'%s' is an invalid keyword argument for this function",
                        kw->names[KW_MAX]->data);
    if (bind(I, &dw_sig, argc, argv, kw, a, &rest, &nrest, &rkw, rnames, rvals))
        return EV_ERR;
    ev_value self = argv[0];
    ev_value restval = EV_IS_ERR(a[2]) ? ev_str_new(I, "", 0) : ev_dup(a[2]);
    ev_value extras = EV_IS_ERR(a[3]) ? ev_str_from_cstr(I, "raise") : ev_dup(a[3]);
    ev_value dialect = EV_IS_ERR(a[4]) ? ev_str_from_cstr(I, "excel") : ev_dup(a[4]);
    ev_value r = EV_ERR, low = EV_ERR;
    if (EV_IS_ERR(restval) || EV_IS_ERR(extras) || EV_IS_ERR(dialect))
        goto done;
    if (ev_us_setattr(I, self, "fieldnames", a[1]) || ev_us_setattr(I, self, "restval", restval))
        goto done;
    low = ev_us_callm(I, extras, "lower", 0, NULL, NULL);
    if (EV_IS_ERR(low))
        goto done;
    ev_value choices[2] = {ev_str_from_cstr(I, "raise"), ev_str_from_cstr(I, "ignore")};
    int ok = EV_IS_ERR(choices[0]) || EV_IS_ERR(choices[1]) ? -1 : ev_eq(I, low, choices[0]);
    if (ok == 0)
        ok = ev_eq(I, low, choices[1]);
    ev_decref(I, choices[0]);
    ev_decref(I, choices[1]);
    if (ok < 0)
        goto done;
    if (!ok) {
        ev_value s = ev_to_str(I, extras);
        if (!EV_IS_ERR(s)) {
            ev_raise(I, &ev_type_ValueError, "extrasaction (%s) must be 'raise' or 'ignore'", ev_as_str(s)->data);
            ev_decref(I, s);
        }
        goto done;
    }
    if (ev_us_setattr(I, self, "extrasaction", extras))
        goto done;
    ev_value wargv[EV_ARGS_MAX];
    if (nrest > EV_ARGS_MAX - 2) {
        ev_raise(I, &ev_type_TypeError, " expected at most 2 arguments, got %d", nrest + 2);
        goto done;
    }
    wargv[0] = a[0];
    wargv[1] = dialect;
    for (int i = 0; i < nrest; i++)
        wargv[2 + i] = rest[i];
    ev_value w = csv_writer(I, st, 2 + nrest, wargv, rkw.n ? &rkw : NULL);
    if (EV_IS_ERR(w))
        goto done;
    int e = ev_us_setattr(I, self, "writer", w);
    ev_decref(I, w);
    if (!e)
        r = EV_NONE;
done:
    ev_decref(I, low);
    ev_decref(I, restval);
    ev_decref(I, extras);
    ev_decref(I, dialect);
    return r;
}

CSV_FN(dw_writeheader)
{
    if (plain_args(I, "DictWriter.writeheader", argc, kw, 0, NULL))
        return EV_ERR;
    ev_value fns = ev_us_getattr(I, argv[0], "fieldnames");
    if (EV_IS_ERR(fns))
        return fns;
    ev_value zargs[2] = {fns, fns};
    ev_value z = ev_builtin_zip(I, EV_NONE, 2, zargs, NULL);
    ev_decref(I, fns);
    ev_value header = EV_IS_ERR(z) ? z : ev_call(I, ev_obj_val(&ev_type_dict.h), 1, &z, 0, NULL, NULL);
    ev_decref(I, z);
    if (EV_IS_ERR(header))
        return header;
    ev_value r = ev_us_callm(I, argv[0], "writerow", 1, &header, NULL);
    ev_decref(I, header);
    return r;
}

CSV_FN(dw_dict_to_list)
{
    if (plain_args(I, "DictWriter._dict_to_list", argc, kw, 1, "rowdict"))
        return EV_ERR;
    ev_value self = argv[0], rowdict = argv[1];
    ev_value ea = ev_us_getattr(I, self, "extrasaction");
    if (EV_IS_ERR(ea))
        return ea;
    ev_value raise_s = ev_str_from_cstr(I, "raise");
    int is_raise = EV_IS_ERR(raise_s) ? -1 : ev_eq(I, ea, raise_s);
    ev_decref(I, raise_s);
    ev_decref(I, ea);
    if (is_raise < 0)
        return EV_ERR;
    if (is_raise) {
        ev_value keys = ev_us_callm(I, rowdict, "keys", 0, NULL, NULL);
        ev_value fns = EV_IS_ERR(keys) ? keys : ev_us_getattr(I, self, "fieldnames");
        ev_value wrong = EV_IS_ERR(fns) ? fns : ev_binary(I, EV_OP_SUB, keys, fns);
        ev_decref(I, keys);
        ev_decref(I, fns);
        if (EV_IS_ERR(wrong))
            return wrong;
        int t = ev_truth(I, wrong);
        if (t) {
            ev_buf b = {0};
            ev_value it = t < 0 ? EV_ERR : ev_iter(I, wrong);
            bool first = true, fail = EV_IS_ERR(it);
            while (!fail) {
                ev_value k;
                int r = ev_next(I, it, &k);
                if (r <= 0) {
                    fail = r < 0;
                    break;
                }
                fail = (!first && ev_buf_puts(I, &b, ", ")) || ev_buf_repr(I, &b, k);
                first = false;
                ev_decref(I, k);
            }
            ev_decref(I, it);
            ev_decref(I, wrong);
            if (!fail)
                ev_raise(I, &ev_type_ValueError, "dict contains fields not in fieldnames: %.*s", (int)b.len,
                         b.data ? b.data : "");
            ev_buf_free(I, &b);
            return EV_ERR;
        }
        ev_decref(I, wrong);
    }
    /* (rowdict.get(key, self.restval) for key in self.fieldnames), made at once */
    ev_value fns = ev_us_getattr(I, self, "fieldnames");
    ev_value it = EV_IS_ERR(fns) ? fns : ev_iter(I, fns);
    ev_decref(I, fns);
    if (EV_IS_ERR(it))
        return it;
    ev_value out = ev_list_new(I, 0);
    while (!EV_IS_ERR(out)) {
        ev_value key;
        int r = ev_next(I, it, &key);
        if (r == 0)
            break;
        ev_value rv = r < 0 ? EV_ERR : ev_us_getattr(I, self, "restval");
        ev_value gargs[2] = {key, rv};
        ev_value v = EV_IS_ERR(rv) ? rv : ev_us_callm(I, rowdict, "get", 2, gargs, NULL);
        ev_decref(I, rv);
        if (r > 0)
            ev_decref(I, key);
        if (EV_IS_ERR(v) || ev_list_append(I, ev_as_list(out), v)) {
            ev_decref(I, v);
            ev_decref(I, out);
            out = EV_ERR;
            break;
        }
        ev_decref(I, v);
    }
    ev_decref(I, it);
    if (EV_IS_ERR(out))
        return out;
    ev_value li = ev_iter(I, out);
    ev_decref(I, out);
    return li;
}

CSV_FN(dw_writerow)
{
    if (plain_args(I, "DictWriter.writerow", argc, kw, 1, "rowdict"))
        return EV_ERR;
    ev_value w = ev_us_getattr(I, argv[0], "writer");
    ev_value row = EV_IS_ERR(w) ? w : ev_us_callm(I, argv[0], "_dict_to_list", 1, &argv[1], NULL);
    ev_value r = EV_IS_ERR(row) ? row : ev_us_callm(I, w, "writerow", 1, &row, NULL);
    ev_decref(I, row);
    ev_decref(I, w);
    return r;
}

CSV_FN(dw_writerows)
{
    if (plain_args(I, "DictWriter.writerows", argc, kw, 1, "rowdicts"))
        return EV_ERR;
    ev_value w = ev_us_getattr(I, argv[0], "writer");
    ev_value f = EV_IS_ERR(w) ? w : ev_us_getattr(I, argv[0], "_dict_to_list");
    ev_value margs[2] = {f, argv[1]};
    ev_value m = EV_IS_ERR(f) ? f : ev_builtin_map(I, EV_NONE, 2, margs, NULL);
    ev_value r = EV_IS_ERR(m) ? m : ev_us_callm(I, w, "writerows", 1, &m, NULL);
    ev_decref(I, m);
    ev_decref(I, f);
    ev_decref(I, w);
    return r;
}

/* ---- making the classes ---------------------------------------------------------------------- */

typedef struct csv_method {
    ev_builtin_def d;
    char kind; /* 'm' a method, 'p' the getter of a property whose setter follows, 's' that setter */
} csv_method;
#define M(name, fn) {{name, fn, 0, -1, EV_BF_KWANY | EV_BF_DEFDATA, NULL}, 'm'}

static int ns_put(ev_interp *I, ev_dict *d, const char *key, ev_value v_steal)
{
    if (EV_IS_ERR(v_steal))
        return -1;
    ev_str *k = ev_intern(I, key, strlen(key));
    int r = k ? ev_dict_set_str(I, d, k, v_steal) : -1;
    ev_decref(I, v_steal);
    return r;
}

static int make_class(ev_interp *I, ev_dict *ns, ev_value st, const char *name, ev_value base, const char *doc,
                      const csv_method *methods, ev_value *out)
{
    ev_value d = ev_dict_new(I), bases = EV_ERR, cls = EV_ERR;
    if (EV_IS_ERR(d))
        return -1;
    ev_str *nm = ev_intern(I, name, strlen(name));
    bases = ev_tuple_new(I, EV_IS_ERR(base) ? 0 : 1);
    if (!nm || EV_IS_ERR(bases))
        goto fail;
    if (!EV_IS_ERR(base))
        ev_as_tuple(bases)->items[0] = ev_dup(base);
    if (ns_put(I, ev_as_dict(d), "__module__", ev_str_from_cstr(I, "csv")) ||
        ns_put(I, ev_as_dict(d), "__doc__", doc ? ev_str_from_cstr(I, doc) : EV_NONE))
        goto fail;
    for (const csv_method *m = methods; m && m->d.name; m++) {
        ev_value f = ev_builtin_new(I, &m->d, st);
        if (m->kind == 'p' && !EV_IS_ERR(f)) {
            ev_value g = ev_builtin_new(I, &m[1].d, st);
            ev_value pargs[2] = {f, g};
            ev_value p = EV_IS_ERR(g) ? g : ev_call(I, ev_obj_val(&ev_type_property.h), 2, pargs, 0, NULL, NULL);
            ev_decref(I, g);
            ev_decref(I, f);
            f = p;
        } else if (m->kind == 's') {
            ev_decref(I, f);
            continue;
        }
        if (ns_put(I, ev_as_dict(d), m->d.name, f))
            goto fail;
    }
    cls = ev_class_new(I, NULL, nm, bases, ev_as_dict(d), NULL);
    if (EV_IS_ERR(cls))
        goto fail;
    ((ev_type *)cls.u.o)->module = "csv";
    if (ev_module_set(I, ns, name, cls))
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

static int set_attrs(ev_interp *I, ev_value cls, const char *delim, const char *quote, int dq, int skip,
                     const char *lt, int quoting)
{
    ev_type *t = (ev_type *)cls.u.o;
    int e = (delim && ns_put(I, t->dict, "delimiter", ev_str_from_cstr(I, delim))) ||
            (quote && ns_put(I, t->dict, "quotechar", ev_str_from_cstr(I, quote))) ||
            (dq >= 0 && ns_put(I, t->dict, "doublequote", ev_bool(dq))) ||
            (skip >= 0 && ns_put(I, t->dict, "skipinitialspace", ev_bool(skip))) ||
            (lt && ns_put(I, t->dict, "lineterminator", ev_str_from_cstr(I, lt))) ||
            (quoting >= 0 && ns_put(I, t->dict, "quoting", ev_int(quoting)));
    I->class_version++;
    return e ? -1 : 0;
}

int csv_classes_init(ev_interp *I, ev_dict *ns, ev_value st)
{
    static const csv_method dialect_methods[] = {
        M("__init__", dialect_init),
        M("_validate", dialect_validate),
        {{NULL, NULL, 0, 0, 0, NULL}, 0},
    };
    static const csv_method dr_methods[] = {
        M("__init__", dr_init),
        M("__iter__", dr_iter),
        {{"fieldnames", dr_fieldnames_get, 0, -1, EV_BF_KWANY | EV_BF_DEFDATA, NULL}, 'p'},
        {{"fieldnames", dr_fieldnames_set, 0, -1, EV_BF_KWANY | EV_BF_DEFDATA, NULL}, 's'},
        M("__next__", dr_next),
        {{NULL, NULL, 0, 0, 0, NULL}, 0},
    };
    static const csv_method dw_methods[] = {
        M("__init__", dw_init),
        M("writeheader", dw_writeheader),
        M("_dict_to_list", dw_dict_to_list),
        M("writerow", dw_writerow),
        M("writerows", dw_writerows),
        {{NULL, NULL, 0, 0, 0, NULL}, 0},
    };
    ev_value dialect, excel, excel_tab, unix_d, c;
    if (make_class(I, ns, st, "Dialect", EV_ERR,
                   "Describe a CSV dialect.\n\n    This must be subclassed (see csv.excel).  Valid attributes are:\n"
                   "    delimiter, quotechar, escapechar, doublequote, skipinitialspace,\n    lineterminator, quoting.\n\n    ",
                   dialect_methods, &dialect))
        return -1;
    ev_type *dt = (ev_type *)dialect.u.o;
    static const char *const placeholders[] = {"delimiter", "quotechar", "escapechar", "doublequote",
                                               "skipinitialspace", "lineterminator", "quoting", NULL};
    int e = ns_put(I, dt->dict, "_name", ev_str_new(I, "", 0)) || ns_put(I, dt->dict, "_valid", EV_FALSE);
    for (int i = 0; placeholders[i] && !e; i++)
        e = ns_put(I, dt->dict, placeholders[i], EV_NONE);
    I->class_version++;
    if (e)
        return -1;
    ev_as_cinstance(st)->slots[ST_DIALECT_CLASS] = ev_dup(dialect);
    if (make_class(I, ns, st, "excel", dialect, "Describe the usual properties of Excel-generated CSV files.", NULL,
                   &excel) ||
        set_attrs(I, excel, ",", "\"", 1, 0, "\r\n", CSV_QUOTE_MINIMAL) || csv_register(I, st, "excel", excel) ||
        make_class(I, ns, st, "excel_tab", excel,
                   "Describe the usual properties of Excel-generated TAB-delimited files.", NULL, &excel_tab) ||
        set_attrs(I, excel_tab, "\t", NULL, -1, -1, NULL, -1) || csv_register(I, st, "excel-tab", excel_tab) ||
        make_class(I, ns, st, "unix_dialect", dialect, "Describe the usual properties of Unix-generated CSV files.",
                   NULL, &unix_d) ||
        set_attrs(I, unix_d, ",", "\"", 1, 0, "\n", CSV_QUOTE_ALL) || csv_register(I, st, "unix", unix_d) ||
        make_class(I, ns, st, "DictReader", EV_ERR, NULL, dr_methods, &c) ||
        make_class(I, ns, st, "DictWriter", EV_ERR, NULL, dw_methods, &c))
        return -1;
    return csv_sniffer_init(I, ns, st);
}
