/*
 * str_format.c - str.format(): replacement fields {name!conv:spec} with
 * CPython's field-name grammar (index or keyword, then .attr and [key]
 * chains), automatic and manual numbering, nested fields in the spec.
 * Formatting itself, format(value, spec), is at the end (ev_str_format_spec).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "evaluator/ev.h"
#include "evaluator/numfmt.h"

#define MAX_NESTING 2 /* CPython: "Max string recursion exceeded" */

typedef struct fmt_state {
    int argc;
    const ev_value *argv;
    const ev_kw *kw;
    int auto_idx;  /* next automatic index */
    int numbering; /* 0 unknown, 1 automatic, 2 manual */
    ev_value mapping; /* format_map's mapping (borrowed), else EV_ERR */
} fmt_state;

static ev_value format_into(ev_interp *I, const char *s, size_t len, fmt_state *st, int depth);

static bool all_digits(const char *s, size_t n)
{
    if (n == 0)
        return false;
    for (size_t i = 0; i < n; i++)
        if (s[i] < '0' || s[i] > '9')
            return false;
    return true;
}

/* The object a field name designates: args[i] or kwargs[name], then each
 * .attr and [key] applied in turn. */
static ev_value field_value(ev_interp *I, const char *f, size_t n, fmt_state *st)
{
    size_t k = 0;
    while (k < n && f[k] != '.' && f[k] != '[')
        k++;
    ev_value obj;
    if ((k == 0 || all_digits(f, k)) && !EV_IS_ERR(st->mapping))
        return ev_raise(I, &ev_type_ValueError, "Format string contains positional fields");
    if (!EV_IS_ERR(st->mapping)) {
        ev_value key = ev_str_new(I, f, k);
        if (EV_IS_ERR(key))
            return key;
        obj = ev_getitem(I, st->mapping, key);
        ev_decref(I, key);
        if (EV_IS_ERR(obj))
            return obj;
    } else if (k == 0 || all_digits(f, k)) {
        int idx;
        if (k == 0) {
            if (st->numbering == 2)
                return ev_raise(I, &ev_type_ValueError,
                                "cannot switch from manual field specification to automatic field numbering");
            st->numbering = 1;
            idx = st->auto_idx++;
        } else {
            if (st->numbering == 1)
                return ev_raise(I, &ev_type_ValueError,
                                "cannot switch from automatic field numbering to manual field specification");
            st->numbering = 2;
            if (k > 9)
                return ev_raise(I, &ev_type_ValueError, "Too many decimal digits in format string");
            idx = 0;
            for (size_t i = 0; i < k; i++)
                idx = idx * 10 + (f[i] - '0');
        }
        if (idx >= st->argc)
            return ev_raise(I, &ev_type_IndexError,
                            "Replacement index %d out of range for positional args tuple", idx);
        obj = ev_dup(st->argv[idx]);
    } else {
        obj = EV_ERR;
        for (int i = 0; i < EV_KW_N(st->kw); i++)
            if (st->kw->names[i]->len == k && memcmp(st->kw->names[i]->data, f, k) == 0)
                obj = ev_dup(st->kw->vals[i]);
        if (EV_IS_ERR(obj)) {
            ev_value key = ev_str_new(I, f, k);
            if (EV_IS_ERR(key))
                return key;
            ev_value args = ev_tuple_new(I, 1);
            if (EV_IS_ERR(args)) {
                ev_decref(I, key);
                return args;
            }
            ev_as_tuple(args)->items[0] = key;
            ev_value e = ev_exc_new(I, &ev_type_KeyError, args);
            return EV_IS_ERR(e) ? e : ev_raise_value(I, e);
        }
    }
    while (k < n) {
        ev_value next;
        if (f[k] == '.') {
            size_t a = ++k;
            while (k < n && f[k] != '.' && f[k] != '[')
                k++;
            if (k == a) {
                ev_decref(I, obj);
                return ev_raise(I, &ev_type_ValueError, "Empty attribute in format string");
            }
            ev_str *name = ev_intern(I, f + a, k - a);
            next = name ? ev_getattr(I, obj, name) : EV_ERR;
        } else {
            size_t a = ++k;
            while (k < n && f[k] != ']')
                k++;
            if (k >= n) {
                ev_decref(I, obj);
                return ev_raise(I, &ev_type_ValueError, "Missing ']' in format string");
            }
            if (k == a) {
                ev_decref(I, obj);
                return ev_raise(I, &ev_type_ValueError, "Empty attribute in format string");
            }
            ev_value key;
            if (all_digits(f + a, k - a) && k - a < 18) {
                int64_t v = 0;
                for (size_t i = a; i < k; i++)
                    v = v * 10 + (f[i] - '0');
                key = ev_int(v);
            } else {
                key = ev_str_new(I, f + a, k - a);
            }
            k++; /* the ']' */
            if (k < n && f[k] != '.' && f[k] != '[') {
                ev_decref(I, obj);
                if (!EV_IS_ERR(key))
                    ev_decref(I, key);
                return ev_raise(I, &ev_type_ValueError,
                                "Only '.' or '[' may follow ']' in format field specifier");
            }
            next = EV_IS_ERR(key) ? key : ev_getitem(I, obj, key);
            if (!EV_IS_ERR(key))
                ev_decref(I, key);
        }
        ev_decref(I, obj);
        if (EV_IS_ERR(next))
            return next;
        obj = next;
    }
    return obj;
}

/* One replacement field, the text between the braces. */
static int format_field(ev_interp *I, ev_buf *b, const char *f, size_t n, fmt_state *st, int depth)
{
    /* field name ends at the first '!' or ':' outside brackets */
    size_t k = 0;
    bool bracket = false;
    while (k < n && (bracket || (f[k] != '!' && f[k] != ':'))) {
        if (f[k] == '[')
            bracket = true;
        else if (f[k] == ']')
            bracket = false;
        k++;
    }
    char conv = 0;
    size_t spec_at = n;
    if (k < n && f[k] == '!') {
        if (k + 1 >= n) {
            ev_raise(I, &ev_type_ValueError, "end of string while looking for conversion specifier");
            return -1;
        }
        conv = f[k + 1];
        if (k + 2 < n && f[k + 2] != ':') {
            ev_raise(I, &ev_type_ValueError, "expected ':' after conversion specifier");
            return -1;
        }
        spec_at = k + 2 < n ? k + 3 : n;
    } else if (k < n) {
        spec_at = k + 1;
    }
    ev_value v = field_value(I, f, k, st);
    if (EV_IS_ERR(v))
        return -1;
    if (conv) {
        ev_value c;
        if (conv == 'r')
            c = ev_repr(I, v);
        else if (conv == 'a')
            c = ev_str_ascii_of(I, v);
        else if (conv == 's')
            c = ev_to_str(I, v);
        else
            c = ev_raise(I, &ev_type_ValueError, "Unknown conversion specifier %c", conv);
        ev_decref(I, v);
        if (EV_IS_ERR(c))
            return -1;
        v = c;
    }
    ev_value spec = spec_at < n ? format_into(I, f + spec_at, n - spec_at, st, depth + 1)
                                : ev_str_new(I, "", 0);
    if (EV_IS_ERR(spec)) {
        ev_decref(I, v);
        return -1;
    }
    ev_value s = ev_str_format_spec(I, v, ev_as_str(spec));
    ev_decref(I, spec);
    ev_decref(I, v);
    if (EV_IS_ERR(s))
        return -1;
    int r = ev_buf_put(I, b, ev_as_str(s)->data, ev_as_str(s)->len);
    ev_decref(I, s);
    return r;
}

static ev_value format_into(ev_interp *I, const char *s, size_t len, fmt_state *st, int depth)
{
    if (depth > MAX_NESTING)
        return ev_raise(I, &ev_type_ValueError, "Max string recursion exceeded");
    ev_buf b = {0};
    size_t i = 0;
    while (i < len) {
        char c = s[i];
        if (c == '}') {
            if (i + 1 < len && s[i + 1] == '}') {
                if (ev_buf_put(I, &b, "}", 1))
                    goto fail;
                i += 2;
                continue;
            }
            ev_raise(I, &ev_type_ValueError, "Single '}' encountered in format string");
            goto fail;
        }
        if (c != '{') {
            size_t j = i;
            while (j < len && s[j] != '{' && s[j] != '}')
                j++;
            if (ev_buf_put(I, &b, s + i, j - i))
                goto fail;
            i = j;
            continue;
        }
        if (i + 1 < len && s[i + 1] == '{') {
            if (ev_buf_put(I, &b, "{", 1))
                goto fail;
            i += 2;
            continue;
        }
        /* find the matching '}' (specs may nest one level of fields) */
        size_t j = i + 1;
        int level = 1;
        while (j < len) {
            if (s[j] == '{')
                level++;
            else if (s[j] == '}' && --level == 0)
                break;
            j++;
        }
        if (j >= len) {
            ev_raise(I, &ev_type_ValueError, level > 1 ? "unmatched '{' in format spec"
                                                       : "Single '{' encountered in format string");
            goto fail;
        }
        if (format_field(I, &b, s + i + 1, j - i - 1, st, depth) || ev_tick(I))
            goto fail;
        i = j + 1;
    }
    return ev_buf_to_str(I, &b);
fail:
    ev_buf_free(I, &b);
    return EV_ERR;
}

/* A template without braces is its own result: CPython's writer hands back
 * the one string it was given, so S('x').format() is that S instance. */
static bool no_markup(ev_value self)
{
    ev_str *s = ev_as_str(self);
    return !memchr(s->data, '{', s->len) && !memchr(s->data, '}', s->len);
}

ev_value ev_str_format_method(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (no_markup(self))
        return ev_dup(self);
    fmt_state st = {argc, argv, kw, 0, 0, EV_ERR};
    return format_into(I, ev_as_str(self)->data, ev_as_str(self)->len, &st, 0);
}

/* str.format_map(mapping): named fields are mapping[name] (a dict
 * subclass's __missing__ answers too); positional fields are refused */
ev_value ev_str_format_map_method(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)kw;
    if (no_markup(self))
        return ev_dup(self);
    fmt_state st = {0, NULL, NULL, 0, 0, argv[0]};
    return format_into(I, ev_as_str(self)->data, ev_as_str(self)->len, &st, 0);
}

/* ---- printf-style: "fmt" % args ----------------------------------------------------- */

static ev_value next_arg(ev_interp *I, const ev_value *items, size_t n, size_t *k)
{
    if (*k >= n)
        return ev_raise(I, &ev_type_TypeError, "not enough arguments for format string");
    return items[(*k)++];
}

/* ascii(): repr text with every non-ASCII code point escaped. */
ev_value ev_str_ascii_of(ev_interp *I, ev_value v)
{
    ev_value r = ev_repr(I, v);
    if (EV_IS_ERR(r) || ev_as_str(r)->ascii)
        return r;
    const ev_str *rs = ev_as_str(r);
    ev_buf b = {0};
    size_t i = 0;
    while (i < rs->len) {
        unsigned char c = (unsigned char)rs->data[i];
        if (c < 0x80) {
            if (ev_buf_put(I, &b, rs->data + i, 1))
                goto fail;
            i++;
            continue;
        }
        int n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
        uint32_t cp = c & (n == 4 ? 0x07 : n == 3 ? 0x0F : 0x1F);
        for (int k = 1; k < n && i + (size_t)k < rs->len; k++)
            cp = (cp << 6) | ((unsigned char)rs->data[i + (size_t)k] & 0x3F);
        i += (size_t)n;
        int e = cp < 0x100 ? ev_buf_printf(I, &b, "\\x%02x", (unsigned)cp)
              : cp < 0x10000 ? ev_buf_printf(I, &b, "\\u%04x", (unsigned)cp)
                             : ev_buf_printf(I, &b, "\\U%08x", (unsigned)cp);
        if (e)
            goto fail;
    }
    ev_decref(I, r);
    return ev_buf_to_str(I, &b);
fail:
    ev_decref(I, r);
    ev_buf_free(I, &b);
    return EV_ERR;
}

/* printf-style flags, as CPython's unicode_format */
enum { F_LJUST = 1, F_SIGN = 2, F_BLANK = 4, F_ALT = 8, F_ZERO = 16 };

/* Byte offset of code point number n in s. */
static size_t utf8_offset(const char *s, size_t len, size_t n)
{
    size_t i = 0;
    while (n > 0 && i < len) {
        i++;
        while (i < len && ((unsigned char)s[i] & 0xC0) == 0x80)
            i++;
        n--;
    }
    return i;
}

static int put_fill(ev_interp *I, ev_buf *b, char c, int64_t n)
{
    char chunk[64];
    memset(chunk, c, sizeof chunk);
    while (n > 0) {
        size_t k = n > (int64_t)sizeof chunk ? sizeof chunk : (size_t)n;
        if (ev_buf_put(I, b, chunk, k))
            return -1;
        n -= (int64_t)k;
    }
    return 0;
}

/* Lay out one converted value (CPython's unicode_format_arg_output): sign and
 * the 0x/0o prefix go before zero fill and after space fill; precision cuts
 * strings; the zero flag only applies to numbers. */
static int percent_output(ev_interp *I, ev_buf *b, const ev_str *body, char ch, int flags,
                          int64_t width, int64_t prec, bool numeric)
{
    const char *p = body->data;
    size_t plen = body->len;
    int64_t len = (int64_t)body->nchars;
    if ((ch == 's' || ch == 'r' || ch == 'a') && prec >= 0 && len > prec) {
        plen = utf8_offset(p, plen, (size_t)prec);
        len = prec;
    }
    char fill = numeric && (flags & F_ZERO) ? '0' : ' ';
    char sign = 0;
    if (numeric && plen > 0) {
        if (p[0] == '-' || p[0] == '+') {
            sign = p[0];
            p++, plen--, len--;
        } else if (flags & F_SIGN) {
            sign = '+';
        } else if (flags & F_BLANK) {
            sign = ' ';
        }
    }
    if (width < len)
        width = len;
    if (sign) {
        if (fill != ' ' && ev_buf_put(I, b, &sign, 1))
            return -1;
        if (width > len)
            width--;
    }
    bool prefix = numeric && (flags & F_ALT) && (ch == 'x' || ch == 'X' || ch == 'o');
    if (prefix) {
        if (fill != ' ') {
            if (ev_buf_put(I, b, p, 2))
                return -1;
            p += 2;
            plen -= 2;
        }
        width -= 2;
        if (width < 0)
            width = 0;
        len -= 2;
    }
    if (width > len && !(flags & F_LJUST)) {
        if (put_fill(I, b, fill, width - len))
            return -1;
        width = len;
    }
    if (fill == ' ') {
        if (sign && ev_buf_put(I, b, &sign, 1))
            return -1;
        if (prefix) {
            if (ev_buf_put(I, b, p, 2))
                return -1;
            p += 2;
            plen -= 2;
        }
    }
    if (ev_buf_put(I, b, p, plen))
        return -1;
    return width > len ? put_fill(I, b, ' ', width - len) : 0;
}

/* format(v, spec) for a spec written here. */
static ev_value format_with(ev_interp *I, ev_value v, const char *spec)
{
    ev_value sv = ev_str_from_cstr(I, spec);
    if (EV_IS_ERR(sv))
        return sv;
    ev_value out = ev_str_format_spec(I, v, ev_as_str(sv));
    ev_decref(I, sv);
    return out;
}

/* %d %i %u %o %x %X: the digits with the precision's zeros and the alternate
 * prefix (CPython's _PyUnicode_FormatLong). */
static ev_value percent_int_body(ev_interp *I, ev_value v, char t, int flags, int64_t prec)
{
    ev_value iv = EV_ERR;
    if (ev_is_user(v) && !ev_is_int(v)) {
        /* __index__ for every conversion; __int__ too for %d %i %u */
        int got = ev_index_try(I, v, &iv);
        if (got == 0 && (t == 'd' || t == 'i' || t == 'u'))
            got = ev_user_number(I, v, 'i', &iv);
        if (got < 0)
            return EV_ERR;
        if (got)
            v = iv;
    }
    if (EV_IS_ERR(iv) && ev_is_subfloat(v))
        v = ev_float_unbox(v); /* float's own conversion, as for a plain float */
    if (!EV_IS_ERR(iv)) {
        /* from __index__ / __int__ above */
    } else if (ev_is_int(v)) {
        iv = v.tag == EV_T_BOOL ? ev_int(v.u.i) : ev_dup(v);
    } else if ((t == 'd' || t == 'i' || t == 'u') && v.tag == EV_T_FLOAT) {
        if (isnan(v.u.f))
            return ev_raise(I, &ev_type_ValueError, "cannot convert float NaN to integer");
        if (isinf(v.u.f))
            return ev_raise(I, &ev_type_OverflowError, "cannot convert float infinity to integer");
        iv = ev_float_round(I, trunc(v.u.f), false, 0);
        if (EV_IS_ERR(iv))
            return iv;
    } else if (t == 'd' || t == 'i' || t == 'u') {
        return ev_raise(I, &ev_type_TypeError, "%%%c format: a real number is required, not %s", t,
                        ev_type_name(v));
    } else {
        return ev_raise(I, &ev_type_TypeError, "%%%c format: an integer is required, not %s", t,
                        ev_type_name(v));
    }
    char spec[2] = {t == 'i' || t == 'u' ? 'd' : t, 0};
    ev_value digits = format_with(I, iv, spec);
    ev_decref(I, iv);
    if (EV_IS_ERR(digits))
        return digits;
    const ev_str *ds = ev_as_str(digits);
    bool neg = ds->len > 0 && ds->data[0] == '-';
    int64_t nd = (int64_t)ds->len - neg;
    ev_buf b = {0};
    if ((neg && ev_buf_put(I, &b, "-", 1)) ||
        ((flags & F_ALT) && (t == 'x' || t == 'X' || t == 'o') &&
         ev_buf_put(I, &b, t == 'o' ? "0o" : t == 'x' ? "0x" : "0X", 2)) ||
        (prec > nd && put_fill(I, &b, '0', prec - nd)) || ev_buf_put(I, &b, ds->data + neg, (size_t)nd)) {
        ev_decref(I, digits);
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    ev_decref(I, digits);
    return ev_buf_to_str(I, &b);
}

/* One conversion of value v by type t into b. -2: unknown conversion. */
static int percent_one(ev_interp *I, ev_buf *b, ev_value v, char t, int flags, int64_t width,
                       int64_t prec)
{
    ev_value body;
    bool numeric = false;
    switch (t) {
    case 's':
        body = ev_to_str(I, v);
        break;
    case 'r':
        body = ev_repr(I, v);
        break;
    case 'a':
        body = ev_str_ascii_of(I, v);
        break;
    case 'd': case 'i': case 'u': case 'o': case 'x': case 'X':
        body = percent_int_body(I, v, t, flags, prec);
        numeric = true;
        break;
    case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': {
        double d;
        if (ev_num_to_double(I, v, &d))
            return -1;
        /* "#.6f": built by hand, snprintf was a tenth of a %f's cost */
        char spec[32], digs[24];
        size_t k = 0, nd = 0;
        unsigned long long pv = (unsigned long long)(prec < 0 ? 6 : prec);
        if (flags & F_ALT)
            spec[k++] = '#';
        spec[k++] = '.';
        do {
            digs[nd++] = (char)('0' + (int)(pv % 10));
            pv /= 10;
        } while (pv);
        while (nd)
            spec[k++] = digs[--nd];
        spec[k++] = (char)t;
        spec[k] = '\0';
        body = format_with(I, ev_float(d), spec);
        numeric = true;
        break;
    }
    case 'c':
        if (ev_is(v, EV_O_STR) && ev_as_str(v)->nchars == 1) {
            body = ev_dup(v);
        } else if (ev_is_int(v)) {
            int64_t cp;
            if (v.tag == EV_T_OBJ || v.u.i < 0 || v.u.i >= 0x110000) {
                ev_raise(I, &ev_type_OverflowError, "%%c arg not in range(0x110000)");
                return -1;
            }
            cp = v.u.i;
            char u[5];
            size_t n;
            if (cp < 0x80)
                u[0] = (char)cp, n = 1;
            else if (cp < 0x800)
                u[0] = (char)(0xC0 | (cp >> 6)), u[1] = (char)(0x80 | (cp & 0x3F)), n = 2;
            else if (cp < 0x10000)
                u[0] = (char)(0xE0 | (cp >> 12)), u[1] = (char)(0x80 | ((cp >> 6) & 0x3F)),
                u[2] = (char)(0x80 | (cp & 0x3F)), n = 3;
            else
                u[0] = (char)(0xF0 | (cp >> 18)), u[1] = (char)(0x80 | ((cp >> 12) & 0x3F)),
                u[2] = (char)(0x80 | ((cp >> 6) & 0x3F)), u[3] = (char)(0x80 | (cp & 0x3F)), n = 4;
            body = ev_str_new(I, u, n);
        } else {
            ev_raise(I, &ev_type_TypeError, "%%c requires int or char");
            return -1;
        }
        break;
    default:
        return -2;
    }
    if (EV_IS_ERR(body))
        return -1;
    int rc = percent_output(I, b, ev_as_str(body), t, flags, width, prec, numeric);
    ev_decref(I, body);
    return rc;
}

ev_value ev_str_percent(ev_interp *I, ev_str *fmt, ev_value args)
{
    /* As CPython: a tuple gives the arguments; any other object is the only
     * argument, and an object with __getitem__ that is not a str (dict,
     * list, range, ...) also serves %(key)s and silences "not all
     * arguments converted". */
    ev_value cur = args, cur_owned = EV_ERR; /* after %(key): the value found */
    const ev_value *items = &cur;
    size_t nitems = 1, k = 0;
    bool tuple = ev_is(args, EV_O_TUPLE);
    /* PyMapping_Check (a subscript slot), str excepted: bytes and
     * bytearray count, so '%s'-free text % b'..' is the text */
    bool mapping = !tuple && (ev_is(args, EV_O_DICT) || ev_is(args, EV_O_LIST) ||
                              ev_is(args, EV_O_RANGE) || ev_is(args, EV_O_BIGRANGE) ||
                              ev_is(args, EV_O_BYTES) || ev_is(args, EV_O_BYTEARRAY) ||
                              (ev_is_user(args) && !ev_is(args, EV_O_STR) &&
                               ev_user_has_special(I, args, "__getitem__")));
    if (tuple) {
        items = ev_as_tuple(args)->items;
        nitems = ev_as_tuple(args)->len;
    }
    ev_buf b = {0};
    const char *s = fmt->data;
    size_t len = fmt->len, i = 0, ci = 0; /* byte and code point positions */
    while (i < len) {
        if (s[i] != '%') {
            size_t j = i;
            while (j < len && s[j] != '%') {
                if (((unsigned char)s[j] & 0xC0) != 0x80)
                    ci++;
                j++;
            }
            if (ev_buf_put(I, &b, s + i, j - i))
                goto fail;
            i = j;
            continue;
        }
        i++, ci++;
        if (i < len && s[i] == '%') { /* only "%%" right away is a literal % */
            if (ev_buf_put(I, &b, "%", 1))
                goto fail;
            i++, ci++;
            continue;
        }
        ev_value v = EV_ERR;
        if (i < len && s[i] == '(') {
            if (!mapping) {
                ev_raise(I, &ev_type_TypeError, "format requires a mapping");
                goto fail;
            }
            size_t j = ++i;
            ci++;
            int depth = 1;
            while (i < len && depth) {
                depth += s[i] == '(' ? 1 : s[i] == ')' ? -1 : 0;
                if (((unsigned char)s[i] & 0xC0) != 0x80)
                    ci++;
                i++;
            }
            if (depth) {
                ev_raise(I, &ev_type_ValueError, "incomplete format key");
                goto fail;
            }
            ev_value key = ev_str_new(I, s + j, i - 1 - j);
            if (EV_IS_ERR(key))
                goto fail;
            v = ev_getitem(I, args, key);
            ev_decref(I, key);
            if (EV_IS_ERR(v))
                goto fail;
            /* CPython: the value found becomes the argument list (of one) */
            ev_decref(I, cur_owned);
            cur = cur_owned = v;
            items = &cur;
            nitems = 1;
            k = 0;
            v = EV_ERR;
        }
        int flags = 0;
        for (; i < len; i++, ci++) {
            int f = s[i] == '-' ? F_LJUST : s[i] == '+' ? F_SIGN : s[i] == ' ' ? F_BLANK
                  : s[i] == '#' ? F_ALT : s[i] == '0' ? F_ZERO : 0;
            if (!f)
                break;
            flags |= f;
        }
        int64_t width = -1, prec = -1;
        if (i < len && s[i] == '*') {
            ev_value w = next_arg(I, items, nitems, &k);
            if (EV_IS_ERR(w))
                goto fail;
            if (!ev_is_int(w)) {
                ev_raise(I, &ev_type_TypeError, "* wants int");
                goto fail;
            }
            if (ev_index(I, w, &width, "* wants int"))
                goto fail;
            if (width < 0) {
                flags |= F_LJUST;
                width = -width;
            }
            i++, ci++;
        } else if (i < len && s[i] >= '0' && s[i] <= '9') {
            width = 0;
            while (i < len && s[i] >= '0' && s[i] <= '9') {
                if (width > (INT64_MAX - 9) / 10) {
                    ev_raise(I, &ev_type_ValueError, "width too big");
                    goto fail;
                }
                width = width * 10 + (s[i++] - '0');
                ci++;
            }
        }
        if (i < len && s[i] == '.') {
            i++, ci++;
            prec = 0;
            if (i < len && s[i] == '*') {
                ev_value p = next_arg(I, items, nitems, &k);
                if (EV_IS_ERR(p))
                    goto fail;
                if (!ev_is_int(p)) {
                    ev_raise(I, &ev_type_TypeError, "* wants int");
                    goto fail;
                }
                if (ev_index(I, p, &prec, "* wants int"))
                    goto fail;
                if (prec < 0)
                    prec = 0;
                i++, ci++;
            } else {
                while (i < len && s[i] >= '0' && s[i] <= '9') {
                    if (prec > (INT64_MAX - 9) / 10) {
                        ev_raise(I, &ev_type_ValueError, "precision too big");
                        goto fail;
                    }
                    prec = prec * 10 + (s[i++] - '0');
                    ci++;
                }
            }
        }
        if (i < len && (s[i] == 'h' || s[i] == 'l' || s[i] == 'L'))
            i++, ci++;
        if (i >= len) {
            ev_raise(I, &ev_type_ValueError, "incomplete format");
            goto fail;
        }
        /* the conversion character, as a code point */
        size_t at = ci;
        unsigned char c0 = (unsigned char)s[i];
        uint32_t cp = c0;
        int n = c0 < 0x80 ? 1 : c0 >= 0xF0 ? 4 : c0 >= 0xE0 ? 3 : 2;
        if (n > 1) {
            cp = c0 & (n == 4 ? 0x07 : n == 3 ? 0x0F : 0x1F);
            for (int q = 1; q < n && i + (size_t)q < len; q++)
                cp = (cp << 6) | ((unsigned char)s[i + (size_t)q] & 0x3F);
        }
        i += (size_t)n;
        ci++;
        if (EV_IS_ERR(v)) {
            v = next_arg(I, items, nitems, &k);
            if (EV_IS_ERR(v))
                goto fail;
        }
        int r = cp < 0x80 ? percent_one(I, &b, v, (char)cp, flags, width, prec) : -2;
        if (r == -2) {
            ev_raise(I, &ev_type_ValueError, "unsupported format character '%c' (0x%x) at index %zu",
                     cp >= 32 && cp <= 126 ? (char)cp : '?', (unsigned)cp, at);
            goto fail;
        }
        if (r || ev_tick(I))
            goto fail;
    }
    if (!mapping && k < nitems) {
        ev_raise(I, &ev_type_TypeError, "not all arguments converted during string formatting");
        goto fail;
    }
    ev_decref(I, cur_owned);
    return ev_buf_to_str(I, &b);
fail:
    ev_decref(I, cur_owned);
    ev_buf_free(I, &b);
    return EV_ERR;
}

/* ---- format(v, spec) ------------------------------------------------------------------------ */

ev_value ev_str_format_spec(ev_interp *I, ev_value v, ev_str *spec)
{
    if (ev_is_user(v)) {
        /* format(obj, spec) is type(obj).__format__(obj, spec) */
        ev_value r, sv = ev_obj_val(&spec->h);
        int got = ev_dunder(I, v, EV_DN_FORMAT, 1, &sv, &r);
        if (got < 0)
            return EV_ERR;
        if (got) {
            if (!ev_is(r, EV_O_STR)) {
                ev_raise(I, &ev_type_TypeError, "__format__ must return a str, not %s", ev_type_name(r));
                ev_decref(I, r);
                return EV_ERR;
            }
            return r;
        }
        if (spec->len && !(v.u.o->flags & EV_OBJ_SUB))
            return ev_raise(I, &ev_type_TypeError, "unsupported format string passed to %s.__format__",
                            ev_type_name(v));
    }
    ev_value dt;
    if (ev_is(v, EV_O_DATETIME) && ev_dt_format(I, v, spec, &dt))
        return dt;
    if (ev_is(v, EV_O_COMPLEX))
        return ev_complex_format(I, v, spec);
    if (spec->len == 0)
        return ev_to_str(I, v);
    const char *tname = ev_type_name(v);
    ev_nf_kind kind;
    if (ev_is_subfloat(v))
        v = ev_float_unbox(v); /* float.__format__ formats the value (an empty spec took str() above) */
    if (v.tag == EV_T_FLOAT)
        kind = EV_NF_KIND_FLOAT;
    else if (ev_is_int(v))
        kind = EV_NF_KIND_INT;
    else if (ev_is(v, EV_O_STR))
        kind = EV_NF_KIND_STR;
    else
        return ev_raise(I, &ev_type_TypeError, "unsupported format string passed to %s.__format__",
                        tname);
    ev_fmtspec fs;
    char err[EV_NF_ERRLEN];
    ev_nf_status st = ev_fmtspec_parse(spec->data, spec->len, kind, tname, &fs, err);
    ev_sbuf sb;
    ev_sbuf_init(&sb, I->mem_max > I->mem_used ? (I->mem_max - I->mem_used) / 2 : 0);
    if (st == EV_NF_OK) {
        if (kind == EV_NF_KIND_FLOAT) {
            st = ev_format_float(v.u.f, &fs, tname, &sb, err);
        } else if (kind == EV_NF_KIND_STR) {
            st = ev_format_str(ev_as_str(v)->data, ev_as_str(v)->len, &fs, tname, &sb, err);
        } else if (v.tag != EV_T_OBJ) {
            st = ev_format_i64(v.u.i, &fs, tname, &sb, err);
        } else {
            if (ev_charge(I, (int64_t)(mpz_size(((ev_bigint *)v.u.o)->z) / 16))) {
                ev_sbuf_free(&sb);
                return EV_ERR;
            }
            st = ev_format_int(((ev_bigint *)v.u.o)->z, &fs, tname, &sb, err);
        }
    }
    return ev_nf_finish(I, st, err, &sb);
}

ev_value ev_nf_finish(ev_interp *I, int status, const char *err, ev_sbuf *sb)
{
    ev_nf_status st = (ev_nf_status)status;
    ev_value r = st == EV_NF_OK ? ev_str_new(I, sb->data ? sb->data : "", sb->len) : EV_ERR;
    ev_sbuf_free(sb);
    if (st == EV_NF_VALUE_ERROR)
        return ev_raise(I, &ev_type_ValueError, "%s", err);
    if (st == EV_NF_OVERFLOW)
        return ev_raise(I, &ev_type_OverflowError, "%s", err);
    if (st != EV_NF_OK)
        return ev_raise_limit(I, "memory");
    return r;
}
