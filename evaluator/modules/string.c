/*
 * string.c - the string module, CPython 3.11 behaviour (Lib/string.py with
 * the parts of Objects/stringlib/unicode_format.h it reaches through
 * _string: formatter_parser and formatter_field_name_split).
 *
 * The constants, capwords, Template and Formatter.  Template and Formatter
 * are classes programs subclass (ev_us_class): their methods are C but call
 * each other through the instance, so a subclass's parse, get_value,
 * format_field, convert_field, check_unused_args... are the ones used, as
 * string.py's do.  Template's pattern is compiled by the re module when the
 * class (or a subclass, through __init_subclass__) is made, from the
 * delimiter, idpattern, braceidpattern and flags class attributes, or taken
 * from the class's own pattern attribute; substitute and safe_substitute
 * walk pattern.finditer.
 *
 * Formatter.get_field reads attributes with the same lookup as str.format
 * (ev_getattr): the attribute policy refuses the escape-chain names
 * (__globals__, __subclasses__...) and the interpreter internals there, so
 * '{0.__globals__}' is refused through a Formatter as through str.format.
 */
#include <string.h>

#include "evaluator/modules/collections_int.h"

#define ASCII_LOWER "abcdefghijklmnopqrstuvwxyz"
#define ASCII_UPPER "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
#define DIGITS "0123456789"
#define PUNCT "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"
#define WHITESPACE " \t\n\r\x0b\x0c"

static ev_str *name_of(ev_interp *I, const char *s)
{
    return ev_intern(I, s, strlen(s));
}

static ev_value attr(ev_interp *I, ev_value o, const char *name)
{
    ev_str *n = name_of(I, name);
    return n ? ev_getattr(I, o, n) : EV_ERR;
}

static ev_value call_method(ev_interp *I, ev_value o, const char *name, int argc, const ev_value *argv)
{
    ev_value m = attr(I, o, name);
    if (EV_IS_ERR(m))
        return m;
    ev_value r = ev_call(I, m, argc, argv, 0, NULL, NULL);
    ev_decref(I, m);
    return r;
}

static ev_value tuple_of(ev_interp *I, int n, const ev_value *items)
{
    ev_value t = ev_tuple_new(I, (size_t)n);
    if (EV_IS_ERR(t))
        return t;
    for (int i = 0; i < n; i++)
        ev_as_tuple(t)->items[i] = ev_dup(items[i]);
    return t;
}

static ev_value re_module(ev_interp *I)
{
    ev_str *n = name_of(I, "re");
    return n ? ev_import(I, n) : EV_ERR;
}

/* ---- capwords ---------------------------------------------------------------------------------- */

/* (sep or ' ').join(map(str.capitalize, s.split(sep))) */
static ev_value st_capwords(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    static const ev_defsig sig = {"capwords", {"s", "sep"}, 1, .func = true};
    ev_value a[2];
    if (ev_def_bind(I, &sig, argc, argv, kw, a))
        return EV_ERR;
    ev_value sep = EV_IS_ERR(a[1]) ? EV_NONE : a[1];
    /* (sep or ' ').join is read before s.split(sep) runs */
    int t = sep.tag == EV_T_NONE ? 0 : ev_truth(I, sep);
    ev_value joiner = t < 0 ? EV_ERR : t ? ev_dup(sep) : ev_str_new(I, " ", 1);
    ev_value join = EV_IS_ERR(joiner) ? joiner : attr(I, joiner, "join");
    ev_decref(I, joiner);
    if (EV_IS_ERR(join))
        return join;
    ev_value words = call_method(I, a[0], "split", 1, &sep);
    if (EV_IS_ERR(words)) {
        ev_decref(I, join);
        return words;
    }
    ev_value it = ev_iter(I, words);
    ev_decref(I, words);
    if (EV_IS_ERR(it)) {
        ev_decref(I, join);
        return it;
    }
    ev_value parts = ev_list_new(I, 0);
    ev_str *cap = name_of(I, "capitalize");
    for (;;) {
        ev_value w;
        int got = EV_IS_ERR(parts) || !cap ? -1 : ev_next(I, it, &w);
        if (got <= 0) {
            if (got < 0) {
                ev_decref(I, parts);
                parts = EV_ERR;
            }
            break;
        }
        /* str.capitalize(w): a str method, refusing what is not a str */
        if (!ev_is(w, EV_O_STR)) {
            ev_raise(I, &ev_type_TypeError, "descriptor 'capitalize' for 'str' objects doesn't apply to a '%s' object",
                     ev_type_name(w));
            ev_decref(I, w);
            ev_decref(I, parts);
            parts = EV_ERR;
            break;
        }
        const ev_builtin_def *d = ev_builtin_method(&ev_type_str, cap);
        ev_value c = d ? ev_call_method_def(I, d, w, 0, NULL, NULL) : EV_ERR;
        ev_decref(I, w);
        if (EV_IS_ERR(c) || ev_list_append(I, ev_as_list(parts), c)) {
            ev_decref(I, c);
            ev_decref(I, parts);
            parts = EV_ERR;
            break;
        }
        ev_decref(I, c);
    }
    ev_decref(I, it);
    ev_value r = EV_IS_ERR(parts) ? parts : ev_call(I, join, 1, &parts, 0, NULL, NULL);
    ev_decref(I, join);
    ev_decref(I, parts);
    return r;
}

/* ---- Template ---------------------------------------------------------------------------------- */

/* Template.__init_subclass__ (and Template itself when the module is made):
 * cls.pattern compiled from the class's delimiter, idpattern,
 * braceidpattern and flags, unless the class sets pattern itself */
static int template_compile(ev_interp *I, ev_value cls)
{
    ev_type *t = (ev_type *)cls.u.o;
    ev_str *pn = name_of(I, "pattern");
    if (!pn)
        return -1;
    ev_value re = re_module(I), pattern = EV_ERR, flags = EV_ERR, verbose = EV_ERR, all = EV_ERR;
    ev_value delim = EV_ERR, id = EV_ERR, bid = EV_ERR, compiled = EV_ERR;
    int rc = -1;
    if (EV_IS_ERR(re))
        return -1;
    if (ev_dict_lookup_str(t->dict, pn)) {
        pattern = ev_getattr(I, cls, pn);
    } else {
        ev_value d = attr(I, cls, "delimiter");
        delim = EV_IS_ERR(d) ? d : call_method(I, re, "escape", 1, &d);
        ev_decref(I, d);
        if (EV_IS_ERR(delim))
            goto done;
        id = attr(I, cls, "idpattern");
        if (EV_IS_ERR(id))
            goto done;
        bid = attr(I, cls, "braceidpattern");
        if (EV_IS_ERR(bid))
            goto done;
        int tb = ev_truth(I, bid);
        if (tb < 0)
            goto done;
        if (!tb) {
            ev_decref(I, bid);
            bid = ev_dup(id);
        }
        ev_value sd = ev_to_str(I, delim), si = EV_ERR, sb = EV_ERR;
        if (!EV_IS_ERR(sd))
            si = ev_to_str(I, id);
        if (!EV_IS_ERR(si))
            sb = ev_to_str(I, bid);
        if (EV_IS_ERR(sb)) {
            if (!EV_IS_ERR(sd))
                ev_decref(I, sd);
            if (!EV_IS_ERR(si))
                ev_decref(I, si);
            goto done;
        }
        ev_buf b = {0};
        const char *D = ev_as_str(sd)->data, *P = ev_as_str(si)->data, *B = ev_as_str(sb)->data;
        int bad = ev_buf_printf(I, &b,
                                "\n            %s(?:\n"
                                "              (?P<escaped>%s)  |   # Escape sequence of two delimiters\n"
                                "              (?P<named>%s)       |   # delimiter and a Python identifier\n"
                                "              {(?P<braced>%s)} |   # delimiter and a braced identifier\n"
                                "              (?P<invalid>)             # Other ill-formed delimiter exprs\n"
                                "            )\n            ",
                                D, D, P, B);
        ev_decref(I, sd);
        ev_decref(I, si);
        ev_decref(I, sb);
        pattern = bad ? EV_ERR : ev_buf_to_str(I, &b);
        if (bad)
            ev_buf_free(I, &b);
    }
    if (EV_IS_ERR(pattern))
        goto done;
    flags = attr(I, cls, "flags");
    verbose = EV_IS_ERR(flags) ? flags : attr(I, re, "VERBOSE");
    all = EV_IS_ERR(verbose) ? verbose : ev_binary(I, EV_OP_OR, flags, verbose);
    compiled = EV_IS_ERR(all) ? all : call_method(I, re, "compile", 2, (ev_value[]){pattern, all});
    if (EV_IS_ERR(compiled))
        goto done;
    rc = ev_setattr(I, cls, pn, compiled);
done:
    ev_decref(I, re);
    ev_decref(I, pattern);
    ev_decref(I, flags);
    ev_decref(I, verbose);
    ev_decref(I, all);
    ev_decref(I, delim);
    ev_decref(I, id);
    ev_decref(I, bid);
    ev_decref(I, compiled);
    return rc;
}

static ev_value tp_init_subclass(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    if (argc < 1 || !ev_is(argv[0], EV_O_TYPE))
        return ev_raise(I, &ev_type_TypeError, "__init_subclass__() needs a class");
    if (argc > 1)
        return ev_raise(I, &ev_type_TypeError, "Template.__init_subclass__() takes 1 positional argument but %d were given",
                        argc);
    if (EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError, "%s.__init_subclass__() takes no keyword arguments",
                        ((ev_type *)argv[0].u.o)->name);
    return template_compile(I, argv[0]) ? EV_ERR : EV_NONE;
}

static const ev_us_sig tp_init_sig = {"Template.__init__", {"template"}, 1, 0, false, false};

US_FN(tp_init)
{
    BIND(tp_init_sig, a);
    ev_str *n = name_of(I, "template");
    return n && !ev_setattr(I, self, n, a[0]) ? EV_NONE : EV_ERR;
}

/* the group g of match mo (new reference) */
static ev_value group(ev_interp *I, ev_value mo, const char *g)
{
    ev_value gn = ev_str_from_cstr(I, g);
    if (EV_IS_ERR(gn))
        return gn;
    ev_value r = call_method(I, mo, "group", 1, &gn);
    ev_decref(I, gn);
    return r;
}

/* mo.group('named') or mo.group('braced') */
static ev_value named_of(ev_interp *I, ev_value mo)
{
    ev_value n = group(I, mo, "named");
    if (EV_IS_ERR(n))
        return n;
    int t = ev_truth(I, n);
    if (t != 0) {
        if (t < 0) {
            ev_decref(I, n);
            return EV_ERR;
        }
        return n;
    }
    ev_decref(I, n);
    return group(I, mo, "braced");
}

static ev_value unrecognized(ev_interp *I, ev_value self)
{
    ev_value p = attr(I, self, "pattern");
    if (EV_IS_ERR(p))
        return p;
    ev_value msg = ev_str_from_cstr(I, "Unrecognized named group in pattern");
    ev_value e = EV_IS_ERR(msg) ? msg : ev_exc_make(I, &ev_type_ValueError, 2, (ev_value[]){msg, p});
    ev_decref(I, msg);
    ev_decref(I, p);
    return EV_IS_ERR(e) ? e : ev_raise_value(I, e);
}

/* Template._invalid: the line and column of the ill-formed placeholder */
static ev_value invalid(ev_interp *I, ev_value mo, ev_value tmpl)
{
    ev_value gn = ev_str_from_cstr(I, "invalid");
    ev_value iv = EV_IS_ERR(gn) ? gn : call_method(I, mo, "start", 1, &gn);
    ev_decref(I, gn);
    if (EV_IS_ERR(iv))
        return iv;
    ev_value sl = ev_slice_new(I, EV_NONE, iv, EV_NONE);
    ev_value head = EV_IS_ERR(sl) ? sl : ev_getitem(I, tmpl, sl);
    ev_decref(I, sl);
    if (EV_IS_ERR(head)) {
        ev_decref(I, iv);
        return head;
    }
    int64_t i = iv.tag == EV_T_INT ? iv.u.i : 0;
    ev_decref(I, iv);
    ev_value lines = call_method(I, head, "splitlines", 1, (ev_value[]){EV_TRUE});
    ev_decref(I, head);
    if (EV_IS_ERR(lines))
        return lines;
    int64_t lineno = 1, colno = 1;
    ev_list *L = ev_as_list(lines);
    if (L->len) {
        int64_t before = 0;
        for (size_t k = 0; k + 1 < L->len; k++)
            before += (int64_t)ev_as_str(L->items[k])->nchars;
        colno = i - before;
        lineno = (int64_t)L->len;
    }
    ev_decref(I, lines);
    return ev_raise(I, &ev_type_ValueError, "Invalid placeholder in string: line %lld, col %lld", (long long)lineno,
                    (long long)colno);
}

/* mapping[key], kws first when both are given (ChainMap(kws, mapping)) */
static ev_value lookup(ev_interp *I, ev_value mapping, ev_value kws, ev_value key)
{
    if (!EV_IS_ERR(kws)) {
        ev_value v;
        int r = ev_dict_get(I, ev_as_dict(kws), key, &v);
        if (r < 0)
            return EV_ERR;
        if (r)
            return v;
        v = ev_getitem(I, mapping, key);
        if (EV_IS_ERR(v) && ev_us_catch(I, &ev_type_KeyError))
            return ev_raise_key_error(I, key);
        return v;
    }
    return ev_getitem(I, mapping, key);
}

static const ev_us_sig tp_sub_sig = {"Template.substitute", {"mapping"}, 0, 1, false, true};
static const ev_us_sig tp_safe_sig = {"Template.safe_substitute", {"mapping"}, 0, 1, false, true};

/* substitute / safe_substitute: pattern.sub(convert, self.template) */
static ev_value substitute(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw, bool safe)
{
    ev_value a[EV_US_MAXP];
    if (ev_us_bind(I, safe ? &tp_safe_sig : &tp_sub_sig, argc, argv, kw, a))
        return EV_ERR;
    ev_value kws = ev_dict_new(I);
    if (EV_IS_ERR(kws))
        return kws;
    for (int k = 0; k < EV_KW_N(kw); k++)
        if (ev_dict_set(I, ev_as_dict(kws), ev_obj_val(&kw->names[k]->h), kw->vals[k])) {
            ev_decref(I, kws);
            return EV_ERR;
        }
    ev_value mapping, chain = EV_ERR;
    if (EV_IS_ERR(a[0])) {
        mapping = kws;
    } else {
        mapping = a[0];
        if (EV_KW_N(kw))
            chain = kws;
    }
    ev_value pattern = attr(I, self, "pattern"), tmpl = EV_ERR, it = EV_ERR, pieces = EV_ERR, r = EV_ERR;
    if (EV_IS_ERR(pattern))
        goto done;
    tmpl = attr(I, self, "template");
    if (EV_IS_ERR(tmpl))
        goto done;
    it = call_method(I, pattern, "finditer", 1, &tmpl);
    if (EV_IS_ERR(it))
        goto done;
    pieces = ev_list_new(I, 0);
    if (EV_IS_ERR(pieces))
        goto done;
    ev_value last = ev_int(0);
    for (;;) {
        ev_value mo;
        int got = ev_next(I, it, &mo);
        if (got < 0)
            goto done;
        if (got == 0)
            break;
        ev_value rep = EV_ERR;
        ev_value named = named_of(I, mo);
        if (EV_IS_ERR(named)) {
            ev_decref(I, mo);
            goto done;
        }
        if (named.tag != EV_T_NONE) {
            ev_value v = lookup(I, mapping, chain, named);
            if (EV_IS_ERR(v) && safe && ev_us_catch(I, &ev_type_KeyError))
                rep = call_method(I, mo, "group", 0, NULL);
            else if (!EV_IS_ERR(v))
                rep = ev_to_str(I, v);
            ev_decref(I, v);
        } else {
            ev_value esc = group(I, mo, "escaped");
            if (!EV_IS_ERR(esc) && esc.tag != EV_T_NONE) {
                rep = attr(I, self, "delimiter");
            } else if (!EV_IS_ERR(esc)) {
                ev_value inv = group(I, mo, "invalid");
                if (!EV_IS_ERR(inv) && inv.tag != EV_T_NONE)
                    rep = safe ? call_method(I, mo, "group", 0, NULL) : invalid(I, mo, tmpl);
                else if (!EV_IS_ERR(inv))
                    rep = unrecognized(I, self);
                ev_decref(I, inv);
            }
            ev_decref(I, esc);
        }
        ev_decref(I, named);
        ev_value st = EV_IS_ERR(rep) ? EV_ERR : call_method(I, mo, "start", 0, NULL);
        ev_value en = EV_IS_ERR(st) ? EV_ERR : call_method(I, mo, "end", 0, NULL);
        ev_decref(I, mo);
        ev_value sl = EV_IS_ERR(en) ? EV_ERR : ev_slice_new(I, last, st, EV_NONE);
        ev_value piece = EV_IS_ERR(sl) ? EV_ERR : ev_getitem(I, tmpl, sl);
        ev_decref(I, sl);
        ev_decref(I, st);
        int bad = EV_IS_ERR(piece) || ev_list_append(I, ev_as_list(pieces), piece) ||
                  ev_list_append(I, ev_as_list(pieces), rep);
        ev_decref(I, piece);
        ev_decref(I, rep);
        ev_decref(I, last);
        last = EV_IS_ERR(en) ? ev_int(0) : en;
        if (bad)
            goto done;
    }
    ev_value sl = ev_slice_new(I, last, EV_NONE, EV_NONE);
    ev_decref(I, last);
    ev_value piece = EV_IS_ERR(sl) ? EV_ERR : ev_getitem(I, tmpl, sl);
    ev_decref(I, sl);
    if (EV_IS_ERR(piece) || ev_list_append(I, ev_as_list(pieces), piece)) {
        ev_decref(I, piece);
        goto done;
    }
    ev_decref(I, piece);
    ev_value empty = ev_str_new(I, "", 0);
    r = EV_IS_ERR(empty) ? empty : call_method(I, empty, "join", 1, &pieces);
    ev_decref(I, empty);
done:
    ev_decref(I, kws);
    ev_decref(I, pattern);
    ev_decref(I, tmpl);
    ev_decref(I, it);
    ev_decref(I, pieces);
    return r;
}

US_FN(tp_substitute)
{
    return substitute(I, self, argc, argv, kw, false);
}

US_FN(tp_safe_substitute)
{
    return substitute(I, self, argc, argv, kw, true);
}

static const ev_us_sig tp_noargs_valid = {"Template.is_valid", {NULL}, 0, 0, false, false};
static const ev_us_sig tp_noargs_ids = {"Template.get_identifiers", {NULL}, 0, 0, false, false};

/* is_valid (ids false) and get_identifiers (ids true) */
static ev_value scan(ev_interp *I, ev_value self, bool ids)
{
    ev_value pattern = attr(I, self, "pattern"), tmpl = EV_ERR, it = EV_ERR, out = EV_ERR, r = EV_ERR;
    if (EV_IS_ERR(pattern))
        return pattern;
    tmpl = attr(I, self, "template");
    if (EV_IS_ERR(tmpl))
        goto done;
    it = call_method(I, pattern, "finditer", 1, &tmpl);
    if (EV_IS_ERR(it))
        goto done;
    out = ev_list_new(I, 0);
    if (EV_IS_ERR(out))
        goto done;
    for (;;) {
        ev_value mo;
        int got = ev_next(I, it, &mo);
        if (got < 0)
            goto done;
        if (got == 0)
            break;
        int bad = 0;
        if (ids) {
            ev_value named = named_of(I, mo);
            if (EV_IS_ERR(named)) {
                bad = 1;
            } else if (named.tag != EV_T_NONE) {
                int in = ev_contains(I, out, named);
                bad = in < 0 || (!in && ev_list_append(I, ev_as_list(out), named));
            } else {
                ev_value inv = group(I, mo, "invalid");
                ev_value esc = EV_IS_ERR(inv) ? EV_ERR : group(I, mo, "escaped");
                if (EV_IS_ERR(esc))
                    bad = 1;
                else if (inv.tag == EV_T_NONE && esc.tag == EV_T_NONE)
                    bad = (unrecognized(I, self), 1);
                ev_decref(I, inv);
                ev_decref(I, esc);
            }
            ev_decref(I, named);
        } else {
            ev_value inv = group(I, mo, "invalid");
            if (EV_IS_ERR(inv)) {
                bad = 1;
            } else if (inv.tag != EV_T_NONE) {
                ev_decref(I, mo);
                r = EV_FALSE;
                goto done;
            } else {
                ev_value n = group(I, mo, "named");
                ev_value b = EV_IS_ERR(n) ? EV_ERR : group(I, mo, "braced");
                ev_value e = EV_IS_ERR(b) ? EV_ERR : group(I, mo, "escaped");
                if (EV_IS_ERR(e))
                    bad = 1;
                else if (n.tag == EV_T_NONE && b.tag == EV_T_NONE && e.tag == EV_T_NONE)
                    bad = (unrecognized(I, self), 1);
                ev_decref(I, n);
                ev_decref(I, b);
                ev_decref(I, e);
            }
        }
        ev_decref(I, mo);
        if (bad)
            goto done;
    }
    r = ids ? ev_dup(out) : EV_TRUE;
done:
    ev_decref(I, pattern);
    ev_decref(I, tmpl);
    ev_decref(I, it);
    ev_decref(I, out);
    return r;
}

US_FN(tp_is_valid)
{
    BIND(tp_noargs_valid, a);
    (void)a;
    return scan(I, self, false);
}

US_FN(tp_get_identifiers)
{
    BIND(tp_noargs_ids, a);
    (void)a;
    return scan(I, self, true);
}

static const ev_us_method template_methods[] = {
    EV_US_C("__init_subclass__", tp_init_subclass),
    EV_US_M("__init__", tp_init),
    EV_US_M("substitute", tp_substitute),
    EV_US_M("safe_substitute", tp_safe_substitute),
    EV_US_M("is_valid", tp_is_valid),
    EV_US_M("get_identifiers", tp_get_identifiers),
    {{NULL, NULL, 0, 0, 0, NULL}, 0},
};

/* ---- _string.formatter_parser ------------------------------------------------------------------ */

typedef struct parse_state {
    ev_value s;  /* the str */
    size_t pos;  /* byte offset of the next chunk */
    bool done;
} parse_state;

static ev_value sub_str(ev_interp *I, const ev_str *s, size_t a, size_t b)
{
    return ev_str_new(I, s->data + a, b - a);
}

/* the length of the UTF-8 sequence starting with byte c */
static size_t utf8_len(unsigned char c)
{
    return c < 0x80 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
}

/* MarkupIterator_next: (literal, field_name, format_spec, conversion) */
static int parse_next(ev_interp *I, ev_iterobj *it, ev_value *out)
{
    parse_state *ps = it->state;
    if (ps->done || EV_IS_ERR(ps->s))
        return 0;
    const ev_str *s = ev_as_str(ps->s);
    size_t end = s->len, start = ps->pos, p = start;
    if (p >= end) {
        ps->done = true;
        return 0;
    }
    char c = 0;
    bool markup = false;
    while (p < end) {
        c = s->data[p++];
        if (c == '{' || c == '}') {
            markup = true;
            break;
        }
    }
    bool at_end = p >= end;
    size_t len = p - start;
    if (c == '}' && markup && (at_end || s->data[p] != '}')) {
        ps->done = true;
        ev_raise(I, &ev_type_ValueError, "Single '}' encountered in format string");
        return -1;
    }
    if (at_end && c == '{' && markup) {
        ps->done = true;
        ev_raise(I, &ev_type_ValueError, "Single '{' encountered in format string");
        return -1;
    }
    if (!at_end && markup) {
        if (s->data[p] == c) {
            p++; /* an escaped brace: literal text only */
            markup = false;
        } else {
            len--;
        }
    }
    ev_value lit = sub_str(I, s, start, start + len);
    if (EV_IS_ERR(lit))
        return -1;
    ev_value field = EV_NONE, spec = EV_NONE, conv = EV_NONE;
    if (markup) {
        /* parse_field: the name runs to '}', ':' or '!' ('[...]' skipped) */
        size_t fs = p, fe, spec_a = 0, spec_b = 0;
        const char *cv = NULL, *err = NULL;
        size_t cvlen = 0;
        bool has_spec = false;
        char e = 0;
        bool stop = false;
        while (p < end) {
            e = s->data[p++];
            if (e == '{') {
                err = "unexpected '{' in field name";
                break;
            }
            if (e == '[') {
                while (p < end && s->data[p] != ']')
                    p++;
                continue;
            }
            if (e == '}' || e == ':' || e == '!') {
                stop = true;
                break;
            }
        }
        fe = p - 1;
        if (!err && stop && (e == '!' || e == ':')) {
            bool closed = false;
            if (e == '!') {
                if (p >= end) {
                    err = "end of string while looking for conversion specifier";
                } else {
                    cv = s->data + p;
                    cvlen = utf8_len((unsigned char)*cv);
                    p += cvlen;
                    if (p < end) {
                        char d = s->data[p++];
                        if (d == '}')
                            closed = true;
                        else if (d != ':')
                            err = "expected ':' after conversion specifier";
                    }
                }
            }
            if (!err && !closed) {
                has_spec = true;
                spec_a = p;
                int count = 1;
                while (p < end) {
                    char d = s->data[p++];
                    if (d == '{') {
                        count++;
                    } else if (d == '}' && --count == 0) {
                        spec_b = p - 1;
                        break;
                    }
                }
                if (count)
                    err = "unmatched '{' in format spec";
            }
        } else if (!err && e != '}') {
            err = "expected '}' before end of string";
        }
        if (err) {
            ev_decref(I, lit);
            ps->done = true;
            ev_raise(I, &ev_type_ValueError, "%s", err);
            return -1;
        }
        field = sub_str(I, s, fs, fe);
        spec = EV_IS_ERR(field) ? EV_ERR : has_spec ? sub_str(I, s, spec_a, spec_b) : ev_str_new(I, "", 0);
        conv = EV_IS_ERR(spec) ? EV_ERR : cv ? ev_str_new(I, cv, cvlen) : EV_NONE;
        if (EV_IS_ERR(conv)) {
            ev_decref(I, lit);
            if (!EV_IS_ERR(field))
                ev_decref(I, field);
            if (!EV_IS_ERR(spec))
                ev_decref(I, spec);
            return -1;
        }
    }
    ps->pos = p;
    *out = tuple_of(I, 4, (ev_value[]){lit, field, spec, conv});
    ev_decref(I, lit);
    ev_decref(I, field);
    ev_decref(I, spec);
    ev_decref(I, conv);
    return EV_IS_ERR(*out) ? -1 : 1;
}

static void parse_free(ev_interp *I, ev_iterobj *it)
{
    parse_state *ps = it->state;
    ev_decref(I, ps->s);
    ps->s = EV_ERR;
}

static ev_type string_type_formatteriterator = EV_ITER_TYPE_INIT("formatteriterator", NULL);
static const ev_native_iter_type parse_type = {"formatteriterator", parse_next, parse_free, NULL,
                                               &string_type_formatteriterator, NULL};

/* ---- Formatter --------------------------------------------------------------------------------- */

static const ev_us_sig fm_format_sig = {"Formatter.format", {"format_string"}, 1, 1, true, true};

US_FN(fm_format)
{
    BIND(fm_format_sig, a);
    ev_value args = tuple_of(I, argc > 1 ? argc - 1 : 0, argv + 1);
    ev_value kwargs = EV_IS_ERR(args) ? args : ev_dict_new(I);
    if (EV_IS_ERR(kwargs)) {
        ev_decref(I, args);
        return EV_ERR;
    }
    for (int k = 0; k < EV_KW_N(kw); k++)
        if (ev_dict_set(I, ev_as_dict(kwargs), ev_obj_val(&kw->names[k]->h), kw->vals[k])) {
            ev_decref(I, args);
            ev_decref(I, kwargs);
            return EV_ERR;
        }
    ev_value r = call_method(I, self, "vformat", 3, (ev_value[]){a[0], args, kwargs});
    ev_decref(I, args);
    ev_decref(I, kwargs);
    return r;
}

static const ev_us_sig fm_vformat_sig = {"Formatter.vformat", {"format_string", "args", "kwargs"}, 3, 0, false, false};

US_FN(fm_vformat)
{
    BIND(fm_vformat_sig, a);
    ev_value used = ev_set_new(I, false);
    if (EV_IS_ERR(used))
        return used;
    ev_value r = call_method(I, self, "_vformat", 5, (ev_value[]){a[0], a[1], a[2], used, ev_int(2)});
    ev_value result = EV_ERR, idx = EV_ERR;
    if (!EV_IS_ERR(r)) {
        /* result, _ = ... */
        ev_value t = ev_tuple_from_iterable(I, r);
        ev_decref(I, r);
        if (!EV_IS_ERR(t) && ev_as_tuple(t)->len != 2)
            ev_raise(I, &ev_type_ValueError, ev_as_tuple(t)->len > 2 ? "too many values to unpack (expected 2)"
                                                                    : "not enough values to unpack (expected 2, got %zu)",
                     ev_as_tuple(t)->len);
        else if (!EV_IS_ERR(t))
            result = ev_dup(ev_as_tuple(t)->items[0]);
        ev_decref(I, t);
    }
    (void)idx;
    if (!EV_IS_ERR(result)) {
        ev_value c = call_method(I, self, "check_unused_args", 3, (ev_value[]){used, a[1], a[2]});
        if (EV_IS_ERR(c)) {
            ev_decref(I, result);
            result = EV_ERR;
        }
        ev_decref(I, c);
    }
    ev_decref(I, used);
    return result;
}

static const ev_us_sig fm_vformat_impl_sig = {
    "Formatter._vformat", {"format_string", "args", "kwargs", "used_args", "recursion_depth"}, 5, 0, false, false};

static ev_value cannot_switch(ev_interp *I)
{
    return ev_raise(I, &ev_type_ValueError,
                    "cannot switch from manual field specification to automatic field numbering");
}

/* one field of _vformat's loop: the formatted text, *auto updated */
static ev_value vformat_field(ev_interp *I, ev_value self, ev_value field, ev_value spec, ev_value conv,
                              const ev_value *a, int64_t depth, ev_value *autoi)
{
    ev_value fname = ev_dup(field), obj = EV_ERR, used = EV_ERR, r = EV_ERR;
    int empty = ev_is(field, EV_O_STR) ? ev_as_str(field)->len == 0 : 0;
    if (empty) {
        if (autoi->tag == EV_T_BOOL && autoi->u.i == 0) {
            cannot_switch(I);
            goto done;
        }
        ev_decref(I, fname);
        fname = ev_to_str(I, *autoi);
        if (EV_IS_ERR(fname))
            goto done;
        ev_value next = ev_binary(I, EV_OP_ADD, *autoi, ev_int(1));
        if (EV_IS_ERR(next))
            goto done;
        ev_decref(I, *autoi);
        *autoi = next;
    } else {
        ev_value dig = call_method(I, field, "isdigit", 0, NULL);
        int t = EV_IS_ERR(dig) ? -1 : ev_truth(I, dig);
        ev_decref(I, dig);
        if (t < 0)
            goto done;
        if (t) {
            int at = ev_truth(I, *autoi);
            if (at < 0)
                goto done;
            if (at) {
                cannot_switch(I);
                goto done;
            }
            ev_decref(I, *autoi);
            *autoi = EV_FALSE;
        }
    }
    ev_value got = call_method(I, self, "get_field", 3, (ev_value[]){fname, a[1], a[2]});
    if (EV_IS_ERR(got))
        goto done;
    ev_value pair = ev_tuple_from_iterable(I, got);
    ev_decref(I, got);
    if (EV_IS_ERR(pair))
        goto done;
    if (ev_as_tuple(pair)->len != 2) {
        ev_raise(I, &ev_type_ValueError, ev_as_tuple(pair)->len > 2 ? "too many values to unpack (expected 2)"
                                                                   : "not enough values to unpack (expected 2, got %zu)",
                 ev_as_tuple(pair)->len);
        ev_decref(I, pair);
        goto done;
    }
    obj = ev_dup(ev_as_tuple(pair)->items[0]);
    used = ev_dup(ev_as_tuple(pair)->items[1]);
    ev_decref(I, pair);
    ev_value added = call_method(I, a[3], "add", 1, &used);
    if (EV_IS_ERR(added))
        goto done;
    ev_decref(I, added);
    ev_value conv_obj = call_method(I, self, "convert_field", 2, (ev_value[]){obj, conv});
    if (EV_IS_ERR(conv_obj))
        goto done;
    ev_decref(I, obj);
    obj = conv_obj;
    /* format_spec, auto_arg_index = self._vformat(..., auto_arg_index=auto_arg_index) */
    ev_str *kn = name_of(I, "auto_arg_index");
    ev_value m = kn ? attr(I, self, "_vformat") : EV_ERR;
    if (EV_IS_ERR(m))
        goto done;
    ev_value sub = ev_call(I, m, 5, (ev_value[]){spec, a[1], a[2], a[3], ev_int(depth - 1)}, 1, &kn, autoi);
    ev_decref(I, m);
    if (EV_IS_ERR(sub))
        goto done;
    ev_value st = ev_tuple_from_iterable(I, sub);
    ev_decref(I, sub);
    if (EV_IS_ERR(st))
        goto done;
    if (ev_as_tuple(st)->len != 2) {
        ev_raise(I, &ev_type_ValueError, ev_as_tuple(st)->len > 2 ? "too many values to unpack (expected 2)"
                                                                 : "not enough values to unpack (expected 2, got %zu)",
                 ev_as_tuple(st)->len);
        ev_decref(I, st);
        goto done;
    }
    ev_decref(I, *autoi);
    *autoi = ev_dup(ev_as_tuple(st)->items[1]);
    r = call_method(I, self, "format_field", 2, (ev_value[]){obj, ev_as_tuple(st)->items[0]});
    ev_decref(I, st);
done:
    ev_decref(I, fname);
    ev_decref(I, obj);
    ev_decref(I, used);
    return r;
}

US_FN(fm_vformat_impl)
{
    ev_value autoi = ev_kwarg(kw, "auto_arg_index");
    const ev_kw *rest = kw;
    ev_kw nokw = {0, NULL, NULL};
    if (!EV_IS_ERR(autoi)) {
        if (EV_KW_N(kw) != 1)
            return ev_raise(I, &ev_type_TypeError, "Formatter._vformat() got an unexpected keyword argument");
        rest = &nokw;
        if (argc > 5)
            return ev_raise(I, &ev_type_TypeError, "Formatter._vformat() got multiple values for argument 'auto_arg_index'");
    } else if (argc == 6) {
        autoi = argv[5];
        argc = 5;
    }
    autoi = EV_IS_ERR(autoi) ? ev_int(0) : ev_dup(autoi);
    ev_value a[EV_US_MAXP];
    if (ev_us_bind(I, &fm_vformat_impl_sig, argc, argv, rest, a)) {
        ev_decref(I, autoi);
        return EV_ERR;
    }
    int64_t depth;
    ev_value result = EV_ERR, it = EV_ERR, out = EV_ERR;
    if (ev_index(I, a[4], &depth, NULL))
        goto done;
    if (depth < 0) {
        ev_raise(I, &ev_type_ValueError, "Max string recursion exceeded");
        goto done;
    }
    result = ev_list_new(I, 0);
    if (EV_IS_ERR(result))
        goto done;
    ev_value parsed = call_method(I, self, "parse", 1, &a[0]);
    it = EV_IS_ERR(parsed) ? parsed : ev_iter(I, parsed);
    ev_decref(I, parsed);
    if (EV_IS_ERR(it))
        goto done;
    for (;;) {
        ev_value item;
        int got = ev_next(I, it, &item);
        if (got < 0)
            goto done;
        if (got == 0)
            break;
        ev_value q = ev_tuple_from_iterable(I, item);
        ev_decref(I, item);
        if (EV_IS_ERR(q))
            goto done;
        if (ev_as_tuple(q)->len != 4) {
            ev_raise(I, &ev_type_ValueError, ev_as_tuple(q)->len > 4 ? "too many values to unpack (expected 4)"
                                                                    : "not enough values to unpack (expected 4, got %zu)",
                     ev_as_tuple(q)->len);
            ev_decref(I, q);
            goto done;
        }
        ev_value *f = ev_as_tuple(q)->items;
        int lt = ev_truth(I, f[0]);
        int bad = lt < 0 || (lt && ev_list_append(I, ev_as_list(result), f[0]));
        if (!bad && f[1].tag != EV_T_NONE) {
            ev_value text = vformat_field(I, self, f[1], f[2], f[3], a, depth, &autoi);
            bad = EV_IS_ERR(text) || ev_list_append(I, ev_as_list(result), text);
            ev_decref(I, text);
        }
        ev_decref(I, q);
        if (bad)
            goto done;
    }
    ev_value empty = ev_str_new(I, "", 0);
    ev_value joined = EV_IS_ERR(empty) ? empty : call_method(I, empty, "join", 1, &result);
    ev_decref(I, empty);
    if (!EV_IS_ERR(joined)) {
        out = tuple_of(I, 2, (ev_value[]){joined, autoi});
        ev_decref(I, joined);
    }
done:
    ev_decref(I, autoi);
    ev_decref(I, it);
    ev_decref(I, result);
    return out;
}

static const ev_us_sig fm_get_value_sig = {"Formatter.get_value", {"key", "args", "kwargs"}, 3, 0, false, false};

US_FN(fm_get_value)
{
    BIND(fm_get_value_sig, a);
    return ev_getitem(I, ev_is_int(a[0]) || a[0].tag == EV_T_BOOL ? a[1] : a[2], a[0]);
}

static const ev_us_sig fm_check_sig = {"Formatter.check_unused_args", {"used_args", "args", "kwargs"}, 3, 0, false, false};

US_FN(fm_check_unused_args)
{
    BIND(fm_check_sig, a);
    (void)a;
    return EV_NONE;
}

static const ev_us_sig fm_format_field_sig = {"Formatter.format_field", {"value", "format_spec"}, 2, 0, false, false};

US_FN(fm_format_field)
{
    BIND(fm_format_field_sig, a);
    if (!ev_is(a[1], EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "format() argument 2 must be str, not %s", ev_type_name(a[1]));
    return ev_str_format_spec(I, a[0], ev_as_str(a[1]));
}

static const ev_us_sig fm_convert_sig = {"Formatter.convert_field", {"value", "conversion"}, 2, 0, false, false};

US_FN(fm_convert_field)
{
    BIND(fm_convert_sig, a);
    ev_value c = a[1];
    if (c.tag == EV_T_NONE)
        return ev_dup(a[0]);
    if (ev_is(c, EV_O_STR) && ev_as_str(c)->len == 1) {
        switch (ev_as_str(c)->data[0]) {
        case 's': return ev_to_str(I, a[0]);
        case 'r': return ev_repr(I, a[0]);
        case 'a': return ev_str_ascii_of(I, a[0]);
        default: break;
        }
    }
    ev_value s = ev_to_str(I, c);
    if (EV_IS_ERR(s))
        return s;
    ev_value r = ev_raise(I, &ev_type_ValueError, "Unknown conversion specifier %s", ev_as_str(s)->data);
    ev_decref(I, s);
    return r;
}

static const ev_us_sig fm_parse_sig = {"Formatter.parse", {"format_string"}, 1, 0, false, false};

US_FN(fm_parse)
{
    BIND(fm_parse_sig, a);
    if (!ev_is(a[0], EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "expected str, got %s", ev_type_name(a[0]));
    ev_value it = ev_native_iter_new(I, &parse_type, sizeof(parse_state));
    if (EV_IS_ERR(it))
        return it;
    parse_state *ps = ((ev_iterobj *)it.u.o)->state;
    ps->s = ev_dup(a[0]);
    ps->pos = 0;
    ps->done = false;
    return it;
}

/* get_integer: a run of decimal digits as an int, -1 when not all digits */
static int64_t field_integer(ev_interp *I, const char *s, size_t n, bool *err)
{
    *err = false;
    if (n == 0)
        return -1;
    int64_t v = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        if (v > (INT64_MAX - 9) / 10) {
            ev_raise(I, &ev_type_ValueError, "Too many decimal digits in format string");
            *err = true;
            return -1;
        }
        v = v * 10 + (s[i] - '0');
    }
    return v;
}

static const ev_us_sig fm_get_field_sig = {"Formatter.get_field", {"field_name", "args", "kwargs"}, 3, 0, false, false};

/* get_field: formatter_field_name_split, self.get_value(first, ...), then
 * each .attr (the attribute policy of str.format) and [key] in turn */
US_FN(fm_get_field)
{
    BIND(fm_get_field_sig, a);
    if (!ev_is(a[0], EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "expected str, got %s",
                        ev_type_name(a[0]));
    ev_value fs = ev_dup(a[0]);
    const ev_str *s = ev_as_str(fs);
    size_t n = s->len, k = 0;
    while (k < n && s->data[k] != '.' && s->data[k] != '[')
        k++;
    bool err;
    int64_t idx = field_integer(I, s->data, k, &err);
    ev_value first = err ? EV_ERR : idx >= 0 ? ev_int(idx) : sub_str(I, s, 0, k);
    ev_value obj = EV_IS_ERR(first) ? EV_ERR : call_method(I, self, "get_value", 3, (ev_value[]){first, a[1], a[2]});
    while (!EV_IS_ERR(obj) && k < n) {
        ev_value next = EV_ERR;
        char c = s->data[k++];
        size_t st = k;
        if (c == '.') {
            while (k < n && s->data[k] != '.' && s->data[k] != '[')
                k++;
            if (k == st) {
                ev_raise(I, &ev_type_ValueError, "Empty attribute in format string");
            } else {
                ev_str *nm = ev_intern(I, s->data + st, k - st);
                next = nm ? ev_getattr(I, obj, nm) : EV_ERR;
            }
        } else if (c == '[') {
            while (k < n && s->data[k] != ']')
                k++;
            if (k >= n) {
                ev_raise(I, &ev_type_ValueError, "Missing ']' in format string");
            } else if (k == st) {
                k++;
                ev_raise(I, &ev_type_ValueError, "Empty attribute in format string");
            } else {
                int64_t iv = field_integer(I, s->data + st, k - st, &err);
                ev_value key = err ? EV_ERR : iv >= 0 ? ev_int(iv) : sub_str(I, s, st, k);
                k++;
                next = EV_IS_ERR(key) ? key : ev_getitem(I, obj, key);
                ev_decref(I, key);
            }
        } else {
            ev_raise(I, &ev_type_ValueError, "Only '.' or '[' may follow ']' in format field specifier");
        }
        ev_decref(I, obj);
        obj = next;
    }
    ev_value r = EV_ERR;
    if (!EV_IS_ERR(obj)) {
        r = tuple_of(I, 2, (ev_value[]){obj, first});
        ev_decref(I, obj);
    }
    if (!EV_IS_ERR(first))
        ev_decref(I, first);
    ev_decref(I, fs);
    return r;
}

static const ev_us_method formatter_methods[] = {
    EV_US_M("format", fm_format),
    EV_US_M("vformat", fm_vformat),
    EV_US_M("_vformat", fm_vformat_impl),
    EV_US_M("get_value", fm_get_value),
    EV_US_M("check_unused_args", fm_check_unused_args),
    EV_US_M("format_field", fm_format_field),
    EV_US_M("convert_field", fm_convert_field),
    EV_US_M("parse", fm_parse),
    EV_US_M("get_field", fm_get_field),
    {{NULL, NULL, 0, 0, 0, NULL}, 0},
};

/* ---- the module -------------------------------------------------------------------------------- */

static const ev_builtin_def functions[] = {
    {"capwords", st_capwords, 0, -1, EV_BF_KWANY},
    {NULL, NULL, 0, 0, 0},
};

static int set_attr_str(ev_interp *I, ev_type *t, const char *name, ev_value v_steal)
{
    if (EV_IS_ERR(v_steal))
        return -1;
    ev_str *k = name_of(I, name);
    int r = k ? ev_dict_set_str(I, t->dict, k, v_steal) : -1;
    ev_decref(I, v_steal);
    return r;
}

static int init(ev_interp *I, ev_dict *ns)
{
    static const char *const consts[][2] = {
        {"whitespace", WHITESPACE},
        {"ascii_lowercase", ASCII_LOWER},
        {"ascii_uppercase", ASCII_UPPER},
        {"ascii_letters", ASCII_LOWER ASCII_UPPER},
        {"digits", DIGITS},
        {"hexdigits", DIGITS "abcdefABCDEF"},
        {"octdigits", "01234567"},
        {"punctuation", PUNCT},
        {"printable", DIGITS ASCII_LOWER ASCII_UPPER PUNCT WHITESPACE},
    };
    for (size_t i = 0; i < sizeof consts / sizeof consts[0]; i++) {
        ev_value v = ev_str_from_cstr(I, consts[i][1]);
        if (EV_IS_ERR(v))
            return -1;
        int r = ev_module_set(I, ns, consts[i][0], v);
        ev_decref(I, v);
        if (r)
            return -1;
    }
    ev_value tcls, fcls;
    if (ev_us_class(I, ns, "Template", "string", "Template", "A string class for supporting $-substitutions.", NULL,
                    template_methods, &tcls) ||
        ev_us_class(I, ns, "Formatter", "string", "Formatter", NULL, NULL, formatter_methods, &fcls))
        return -1;
    ev_type *t = (ev_type *)tcls.u.o;
    ev_value re = re_module(I);
    if (EV_IS_ERR(re))
        return -1;
    ev_value ic = attr(I, re, "IGNORECASE");
    ev_decref(I, re);
    if (set_attr_str(I, t, "delimiter", ev_str_from_cstr(I, "$")) ||
        set_attr_str(I, t, "idpattern", ev_str_from_cstr(I, "(?a:[_a-z][_a-z0-9]*)")) ||
        set_attr_str(I, t, "braceidpattern", EV_NONE) || set_attr_str(I, t, "flags", ic))
        return -1;
    I->class_version++;
    return template_compile(I, tcls);
}

static const char *const all[] = {"ascii_letters", "ascii_lowercase", "ascii_uppercase", "capwords", "digits",
                                  "hexdigits", "octdigits", "printable", "punctuation", "whitespace", "Formatter",
                                  "Template", NULL};

const ev_module_def ev_module_string = {"string", functions, init, all};
