/*
 * csv_sniff.c - csv.Sniffer of CPython 3.11's Lib/csv.py.  Its guesses are
 * regular-expression heuristics over the sample; safepy does not carry
 * them yet, so sniff() and has_header() raise NotImplementedError naming
 * themselves, and the class is there for isinstance and subclassing.
 */
#include <string.h>

#include "evaluator/modules/csv_int.h"

static ev_value sn_init(ev_interp *I, ev_value st, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc != 1 || EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError, "Sniffer.__init__() takes 1 positional argument but %d were given",
                        argc);
    static const char *const pref[] = {",", "\t", ";", " ", ":"};
    ev_value l = ev_list_new(I, 5);
    for (int i = 0; i < 5 && !EV_IS_ERR(l); i++) {
        ev_value s = ev_str_from_cstr(I, pref[i]);
        if (EV_IS_ERR(s) || ev_list_append(I, ev_as_list(l), s)) {
            ev_decref(I, s);
            ev_decref(I, l);
            return EV_ERR;
        }
        ev_decref(I, s);
    }
    if (EV_IS_ERR(l))
        return l;
    int e = ev_us_setattr(I, argv[0], "preferred", l);
    ev_decref(I, l);
    return e ? EV_ERR : EV_NONE;
}

static ev_value sn_sniff(ev_interp *I, ev_value st, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_raise(I, &ev_type_NotImplementedError, "csv.Sniffer.sniff is not supported by safepy");
}

static ev_value sn_has_header(ev_interp *I, ev_value st, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_raise(I, &ev_type_NotImplementedError, "csv.Sniffer.has_header is not supported by safepy");
}

static const ev_builtin_def sn_defs[] = {
    {"__init__", sn_init, 0, -1, EV_BF_KWANY | EV_BF_DEFDATA, NULL},
    {"sniff", sn_sniff, 0, -1, EV_BF_KWANY | EV_BF_DEFDATA, NULL},
    {"has_header", sn_has_header, 0, -1, EV_BF_KWANY | EV_BF_DEFDATA, NULL},
    {NULL, NULL, 0, 0, 0, NULL},
};

int csv_sniffer_init(ev_interp *I, ev_dict *ns, ev_value st)
{
    ev_value d = ev_dict_new(I);
    if (EV_IS_ERR(d))
        return -1;
    ev_str *nm = ev_intern(I, "Sniffer", 7);
    ev_value bases = ev_tuple_new(I, 0), cls = EV_ERR;
    ev_value mod = ev_str_from_cstr(I, "csv");
    ev_value doc = ev_str_from_cstr(I, "\n    \"Sniffs\" the format of a CSV file (i.e. delimiter, quotechar)\n"
                                       "    Returns a Dialect object.\n    ");
    int e = !nm || EV_IS_ERR(bases) || EV_IS_ERR(mod) || EV_IS_ERR(doc) ||
            ev_dict_set_str(I, ev_as_dict(d), ev_intern(I, "__module__", 10), mod) ||
            ev_dict_set_str(I, ev_as_dict(d), I->dn[EV_DN_DOC], doc);
    for (const ev_builtin_def *f = sn_defs; f->name && !e; f++) {
        ev_value b = ev_builtin_new(I, f, st);
        ev_str *k = ev_intern(I, f->name, strlen(f->name));
        e = EV_IS_ERR(b) || !k || ev_dict_set_str(I, ev_as_dict(d), k, b);
        ev_decref(I, b);
    }
    if (!e) {
        cls = ev_class_new(I, NULL, nm, bases, ev_as_dict(d), NULL);
        e = EV_IS_ERR(cls);
        if (!e) {
            ((ev_type *)cls.u.o)->module = "csv";
            e = ev_module_set(I, ns, "Sniffer", cls);
        }
    }
    ev_decref(I, cls);
    ev_decref(I, mod);
    ev_decref(I, doc);
    ev_decref(I, bases);
    ev_decref(I, d);
    return e ? -1 : 0;
}
