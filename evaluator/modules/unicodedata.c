/*
 * unicodedata.c - the unicodedata module of CPython 3.11 (Unicode 14.0.0).
 *
 * Names, numeric values and East Asian widths come from the generated
 * tables (evaluator/ucd.h); categories, bidirectional classes, combining
 * classes, mirroring and normalization from utf8proc.  utf8proc knows
 * Unicode 15.0, so characters added after 14.0 are answered as unassigned,
 * as CPython 3.11 does.
 *
 * Arity and argument errors are checked here so the messages are
 * CPython's: METH_O functions ("unicodedata.category() takes exactly one
 * argument (0 given)") differ from the others ("name expected at least 1
 * argument, got 0").
 */
#include <string.h>
#include <utf8proc.h>

#include "evaluator/modules/modules.h"
#include "evaluator/ucd.h"
#include "evaluator/objects/str_int.h"

/* ---- arguments -------------------------------------------------------------------------- */

static int need_one(ev_interp *I, const char *name, int argc)
{
    if (argc == 1)
        return 0;
    ev_raise(I, &ev_type_TypeError, "unicodedata.%s() takes exactly one argument (%d given)",
             name, argc);
    return -1;
}

static int need_args(ev_interp *I, const char *name, int argc, int min, int max)
{
    int n = argc < min ? min : max;
    if (argc >= min && argc <= max)
        return 0;
    ev_raise(I, &ev_type_TypeError, "%s expected %s%d argument%s, got %d", name,
             min == max ? "" : argc < min ? "at least " : "at most ", n, n == 1 ? "" : "s",
             argc);
    return -1;
}

/* The code point of a one-character str.  argn 0: METH_O wording. */
static int one_char(ev_interp *I, const char *fname, int argn, ev_value v, uint32_t *cp)
{
    if (ev_is(v, EV_O_STR) && ev_as_str(v)->nchars == 1) {
        ev_str *s = ev_as_str(v);
        size_t pos = 0;
        *cp = (uint32_t)ev_str_decode_at(s->data, s->len, &pos); /* lone surrogates too */
        return 0;
    }
    /* _PyArg_BadArgument says None, not NoneType */
    const char *tn = v.tag == EV_T_NONE ? "None" : ev_type_name(v);
    if (argn)
        ev_raise(I, &ev_type_TypeError, "%s() argument %d must be a unicode character, not %s", fname, argn, tn);
    else
        ev_raise(I, &ev_type_TypeError, "%s() argument must be a unicode character, not %s", fname, tn);
    return -1;
}

static int str_arg(ev_interp *I, const char *fname, int argn, ev_value v)
{
    if (ev_is(v, EV_O_STR))
        return 0;
    ev_raise(I, &ev_type_TypeError, "%s() argument %d must be str, not %s", fname, argn,
             v.tag == EV_T_NONE ? "None" : ev_type_name(v));
    return -1;
}

/* utf8proc's record, or NULL for a character assigned after Unicode 14.0. */
static const utf8proc_property_t *prop(uint32_t cp)
{
    return ev_ucd_is_new(cp) ? NULL : utf8proc_get_property((utf8proc_int32_t)cp);
}

static ev_value utf8_char(ev_interp *I, uint32_t cp)
{
    utf8proc_uint8_t b[4];
    utf8proc_ssize_t n = utf8proc_encode_char((utf8proc_int32_t)cp, b);
    return ev_str_new(I, (const char *)b, (size_t)n);
}

/* ---- names ------------------------------------------------------------------------------- */

static ev_value u_lookup(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    uint32_t cps[4];
    size_t n;
    if (need_one(I, "lookup", argc))
        return EV_ERR;
    if (!ev_is(argv[0], EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "a bytes-like object is required, not '%s'",
                        ev_type_name(argv[0]));
    ev_str *s = ev_as_str(argv[0]);
    if (s->len > EV_UCD_NAME_MAX)
        return ev_raise(I, &ev_type_KeyError, "name too long");
    if (ev_ucd_lookup(s->data, s->len, &cps[0]))
        return utf8_char(I, cps[0]);
    n = ev_ucd_lookup_seq(s->data, s->len, cps);
    if (n == 0)
        return ev_raise(I, &ev_type_KeyError, "undefined character name '%s'", s->data);
    char buf[16];
    size_t len = 0;
    for (size_t i = 0; i < n; i++)
        len += (size_t)utf8proc_encode_char((utf8proc_int32_t)cps[i],
                                            (utf8proc_uint8_t *)buf + len);
    return ev_str_new(I, buf, len);
}

static ev_value u_name(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    uint32_t cp;
    char buf[EV_UCD_NAME_MAX + 1];
    if (need_args(I, "name", argc, 1, 2) || one_char(I, "name", 1, argv[0], &cp))
        return EV_ERR;
    size_t n = ev_ucd_name(cp, buf, sizeof buf);
    if (n)
        return ev_str_new(I, buf, n);
    if (argc > 1)
        return ev_dup(argv[1]);
    return ev_raise(I, &ev_type_ValueError, "no such name");
}

/* ---- numeric values ---------------------------------------------------------------------- */

/* which: 0 decimal, 1 digit, 2 numeric */
static ev_value numeric_prop(ev_interp *I, int argc, const ev_value *argv, int which)
{
    static const char *const fnames[] = {"decimal", "digit", "numeric"};
    static const char *const errors[] = {"not a decimal", "not a digit",
                                         "not a numeric character"};
    uint32_t cp;
    int dec = -1, dig = -1;
    double num = 0;
    if (need_args(I, fnames[which], argc, 1, 2) || one_char(I, fnames[which], 1, argv[0], &cp))
        return EV_ERR;
    if (ev_ucd_numeric(cp, &dec, &dig, &num)) {
        if (which == 0 && dec >= 0)
            return ev_int(dec);
        if (which == 1 && dig >= 0)
            return ev_int(dig);
        if (which == 2)
            return ev_float(num);
    }
    if (argc > 1)
        return ev_dup(argv[1]);
    return ev_raise(I, &ev_type_ValueError, "%s", errors[which]);
}

static ev_value u_decimal(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return numeric_prop(I, argc, argv, 0);
}

static ev_value u_digit(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return numeric_prop(I, argc, argv, 1);
}

static ev_value u_numeric(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return numeric_prop(I, argc, argv, 2);
}

/* ---- properties ----------------------------------------------------------------------------- */

static ev_value u_category(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    uint32_t cp;
    if (need_one(I, "category", argc) || one_char(I, "category", 0, argv[0], &cp))
        return EV_ERR;
    const utf8proc_property_t *p = prop(cp);
    return ev_str_from_cstr(I, p ? utf8proc_category_string((utf8proc_int32_t)cp) : "Cn");
}

static ev_value u_bidirectional(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const char *const names[] = {
        "", "L", "LRE", "LRO", "R", "AL", "RLE", "RLO", "PDF", "EN", "ES", "ET", "AN", "CS",
        "NSM", "BN", "B", "S", "WS", "ON", "LRI", "RLI", "FSI", "PDI"};
    uint32_t cp;
    if (need_one(I, "bidirectional", argc) || one_char(I, "bidirectional", 0, argv[0], &cp))
        return EV_ERR;
    const utf8proc_property_t *p = prop(cp);
    unsigned b = p ? p->bidi_class : 0;
    return ev_str_from_cstr(I, b < sizeof names / sizeof names[0] ? names[b] : "");
}

static ev_value u_combining(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    uint32_t cp;
    if (need_one(I, "combining", argc) || one_char(I, "combining", 0, argv[0], &cp))
        return EV_ERR;
    const utf8proc_property_t *p = prop(cp);
    return ev_int(p ? p->combining_class : 0);
}

static ev_value u_mirrored(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    uint32_t cp;
    if (need_one(I, "mirrored", argc) || one_char(I, "mirrored", 0, argv[0], &cp))
        return EV_ERR;
    const utf8proc_property_t *p = prop(cp);
    return ev_int(p && p->bidi_mirrored ? 1 : 0);
}

static ev_value u_east_asian_width(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    uint32_t cp;
    if (need_one(I, "east_asian_width", argc) ||
        one_char(I, "east_asian_width", 0, argv[0], &cp))
        return EV_ERR;
    return ev_str_from_cstr(I, ev_ucd_east_asian_width(cp));
}

/* ---- normalization ------------------------------------------------------------------------ */

/* The utf8proc options for a form name, or 0 if it is not one. */
static int form_options(const ev_str *form, utf8proc_option_t *opt)
{
    static const struct {
        const char *name;
        int opt;
    } forms[] = {
        {"NFC", UTF8PROC_STABLE | UTF8PROC_COMPOSE},
        {"NFD", UTF8PROC_STABLE | UTF8PROC_DECOMPOSE},
        {"NFKC", UTF8PROC_STABLE | UTF8PROC_COMPOSE | UTF8PROC_COMPAT},
        {"NFKD", UTF8PROC_STABLE | UTF8PROC_DECOMPOSE | UTF8PROC_COMPAT},
    };
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++)
        if (strcmp(form->data, forms[i].name) == 0 && strlen(form->data) == form->len) {
            *opt = (utf8proc_option_t)forms[i].opt;
            return 1;
        }
    return 0;
}

/* normalize(form, s) as a new str; *same tells whether it equals s. */
/* One run of s without lone surrogates, normalized onto out. */
static int normalize_run(ev_interp *I, const char *src, size_t len, utf8proc_option_t opt, ev_buf *out)
{
    if (len == 0)
        return 0;
    const utf8proc_uint8_t *p = (const utf8proc_uint8_t *)src;
    utf8proc_ssize_t n = utf8proc_decompose(p, (utf8proc_ssize_t)len, NULL, 0, opt);
    if (n < 0) {
        ev_raise(I, &ev_type_ValueError, "invalid string for normalization");
        return -1;
    }
    utf8proc_int32_t *buf = ev_alloc(I, ((size_t)n + 1) * sizeof *buf);
    if (!buf) {
        ev_raise_nomem(I);
        return -1;
    }
    n = utf8proc_decompose(p, (utf8proc_ssize_t)len, buf, n, opt);
    if (n >= 0)
        n = utf8proc_reencode(buf, n, opt);
    int r = n < 0 ? -1 : ev_buf_put(I, out, (const char *)buf, (size_t)n);
    if (n < 0)
        ev_raise(I, &ev_type_ValueError, "invalid string for normalization");
    ev_dealloc(I, buf);
    return r;
}

/* A lone surrogate (which utf8proc refuses) has no decomposition and
 * combines with nothing: the runs between them are normalized apart and
 * the surrogates kept. */
static ev_value normalize(ev_interp *I, const char *fname, int argc, const ev_value *argv,
                          bool *same)
{
    utf8proc_option_t opt;
    if (need_args(I, fname, argc, 2, 2) || str_arg(I, fname, 1, argv[0]) ||
        str_arg(I, fname, 2, argv[1]))
        return EV_ERR;
    if (ev_as_str(argv[1])->len == 0) { /* CPython answers an empty input before it reads the form */
        *same = true;
        return ev_dup(argv[1]);
    }
    if (!form_options(ev_as_str(argv[0]), &opt))
        return ev_raise(I, &ev_type_ValueError, "invalid normalization form");
    ev_str *s = ev_as_str(argv[1]);
    if (ev_charge(I, (int64_t)(s->len / 8)))
        return EV_ERR;
    ev_buf out = {0};
    size_t pos = 0;
    while (pos < s->len) {
        size_t at = pos + ev_utf8_surrogate_find(s->data + pos, s->len - pos);
        if (normalize_run(I, s->data + pos, at - pos, opt, &out) ||
            (at < s->len && ev_buf_put(I, &out, s->data + at, 3))) {
            ev_buf_free(I, &out);
            return EV_ERR;
        }
        pos = at < s->len ? at + 3 : at;
    }
    *same = out.len == s->len && (s->len == 0 || memcmp(out.data, s->data, s->len) == 0);
    if (*same) {
        ev_buf_free(I, &out);
        return ev_dup(argv[1]);
    }
    return ev_buf_to_str(I, &out);
}

static ev_value u_normalize(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    bool same;
    return normalize(I, "normalize", argc, argv, &same);
}

static ev_value u_is_normalized(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    bool same = false;
    ev_value r = normalize(I, "is_normalized", argc, argv, &same);
    if (EV_IS_ERR(r))
        return r;
    ev_decref(I, r);
    return ev_bool(same);
}

#define ANY 0, -1, 0

static const ev_builtin_def functions[] = {
    {"bidirectional", u_bidirectional, ANY},
    {"category", u_category, ANY},
    {"combining", u_combining, ANY},
    {"decimal", u_decimal, ANY},
    {"digit", u_digit, ANY},
    {"east_asian_width", u_east_asian_width, ANY},
    {"is_normalized", u_is_normalized, ANY},
    {"lookup", u_lookup, ANY},
    {"mirrored", u_mirrored, ANY},
    {"name", u_name, ANY},
    {"normalize", u_normalize, ANY},
    {"numeric", u_numeric, ANY},
    {NULL, NULL, 0, 0, 0},
};

static int init(ev_interp *I, ev_dict *ns)
{
    ev_value v = ev_str_from_cstr(I, EV_UCD_VERSION);
    if (EV_IS_ERR(v))
        return -1;
    int r = ev_module_set(I, ns, "unidata_version", v);
    ev_decref(I, v);
    return r;
}

const ev_module_def ev_module_unicodedata = {"unicodedata", functions, init};
