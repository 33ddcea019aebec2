/*
 * strformat.c - str.format(): replacement fields {name!conv:spec} with
 * CPython's field-name grammar (index or keyword, then .attr and [key]
 * chains), automatic and manual numbering, nested fields in the spec.
 * Formatting itself is format(value, spec) (ev_str_format_spec).
 */
#include <math.h>
#include <string.h>

#include "evaluator/ev.h"

#define MAX_NESTING 2 /* CPython: "Max string recursion exceeded" */

typedef struct fmt_state {
    int argc;
    const ev_value *argv;
    const ev_kw *kw;
    int auto_idx;  /* next automatic index */
    int numbering; /* 0 unknown, 1 automatic, 2 manual */
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
    if (k == 0 || all_digits(f, k)) {
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
        if (conv == 'r' || conv == 'a')
            c = ev_repr(I, v);
        else if (conv == 's')
            c = ev_to_str(I, v);
        else
            c = ev_raise(I, &ev_type_ValueError, "Unknown conversion specifier %c", conv);
        ev_decref(I, v);
        if (EV_IS_ERR(c))
            return -1;
        if (conv == 'a' && !ev_as_str(c)->ascii) {
            ev_decref(I, c);
            ev_raise(I, &ev_type_NotImplementedError,
                     "the !a conversion of non-ASCII text is not supported by safepy yet");
            return -1;
        }
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

ev_value ev_str_format_method(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    fmt_state st = {argc, argv, kw, 0, 0};
    return format_into(I, ev_as_str(self)->data, ev_as_str(self)->len, &st, 0);
}

/* ---- printf-style: "fmt" % args ----------------------------------------------------- */

static ev_value next_arg(ev_interp *I, const ev_value *items, size_t n, size_t *k)
{
    if (*k >= n)
        return ev_raise(I, &ev_type_TypeError, "not enough arguments for format string");
    return items[(*k)++];
}

/* One conversion of value v by type t into b, honouring flags/width/precision. */
static int percent_one(ev_interp *I, ev_buf *b, ev_value v, char t, const char *flags, int64_t width,
                       int64_t prec)
{
    bool left = strchr(flags, '-') != NULL, zero = strchr(flags, '0') != NULL;
    bool plus = strchr(flags, '+') != NULL, space = strchr(flags, ' ') != NULL;
    bool alt = strchr(flags, '#') != NULL;
    char spec[64];
    size_t n = 0;
    ev_value conv = EV_ERR, owned = EV_ERR;
    switch (t) {
    case 's': case 'r': case 'a':
        conv = owned = t == 's' ? ev_to_str(I, v) : ev_repr(I, v);
        if (EV_IS_ERR(conv))
            return -1;
        spec[n++] = left ? '<' : '>';
        break;
    case 'd': case 'i': case 'u':
        if (v.tag == EV_T_FLOAT) {
            if (!isfinite(v.u.f)) {
                ev_raise(I, &ev_type_OverflowError, "cannot convert float %s to integer",
                         isnan(v.u.f) ? "NaN" : "infinity");
                return -1;
            }
            owned = ev_float_round(I, trunc(v.u.f), false, 0);
            if (EV_IS_ERR(owned))
                return -1;
            conv = owned;
        } else if (ev_is_int(v)) {
            conv = v.tag == EV_T_BOOL ? ev_int(v.u.i) : v;
        } else {
            ev_raise(I, &ev_type_TypeError, "%%%c format: a real number is required, not %s", t,
                     ev_type_name(v));
            return -1;
        }
        t = 'd';
        break;
    case 'o': case 'x': case 'X':
        if (!ev_is_int(v)) {
            ev_raise(I, &ev_type_TypeError, "%%%c format: an integer is required, not %s", t,
                     ev_type_name(v));
            return -1;
        }
        conv = v.tag == EV_T_BOOL ? ev_int(v.u.i) : v;
        break;
    case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': {
        double d;
        if (!ev_is_int(v) && v.tag != EV_T_FLOAT) {
            ev_raise(I, &ev_type_TypeError, "must be real number, not %s", ev_type_name(v));
            return -1;
        }
        if (ev_num_to_double(I, v, &d))
            return -1;
        conv = ev_float(d);
        if (prec < 0)
            prec = 6;
        break;
    }
    case 'c':
        if (ev_is(v, EV_O_STR) && ev_as_str(v)->nchars == 1) {
            conv = v;
            t = 's';
        } else if (ev_is_int(v)) {
            conv = v.tag == EV_T_BOOL ? ev_int(v.u.i) : v;
        } else {
            ev_raise(I, &ev_type_TypeError, "%%c requires int or char");
            return -1;
        }
        spec[n++] = left ? '<' : '>';
        break;
    default:
        return -2;
    }
    if (t != 's' && t != 'r' && t != 'a' && t != 'c') {
        if (left)
            spec[n++] = '<';
        else if (zero)
            spec[n++] = '=', spec[0] = '0', spec[1] = '=', n = 2;
        if (plus)
            spec[n++] = '+';
        else if (space)
            spec[n++] = ' ';
        if (alt && (t == 'o' || t == 'x' || t == 'X' || t == 'e' || t == 'E' || t == 'f' || t == 'F' ||
                    t == 'g' || t == 'G'))
            spec[n++] = '#';
    }
    n += (size_t)snprintf(spec + n, sizeof spec - n, "%lld", (long long)(width > 0 ? width : 0));
    if (width <= 0)
        n--; /* no width: drop the "0" */
    if (prec >= 0 && t != 'd' && t != 'o' && t != 'x' && t != 'X' && t != 'c')
        n += (size_t)snprintf(spec + n, sizeof spec - n, ".%lld", (long long)prec);
    if (t != 'r' && t != 'a')
        spec[n++] = t == 's' ? 's' : t;
    else
        spec[n++] = 's';
    spec[n] = '\0';
    ev_value sv = ev_str_new(I, spec, n);
    int rc = -1;
    if (!EV_IS_ERR(sv)) {
        ev_value out = ev_str_format_spec(I, conv, ev_as_str(sv));
        ev_decref(I, sv);
        if (!EV_IS_ERR(out)) {
            rc = ev_buf_put(I, b, ev_as_str(out)->data, ev_as_str(out)->len);
            ev_decref(I, out);
        }
    }
    ev_decref(I, owned);
    return rc;
}

ev_value ev_str_percent(ev_interp *I, ev_str *fmt, ev_value args)
{
    const ev_value *items = &args;
    size_t nitems = 1, k = 0;
    bool mapping = ev_is(args, EV_O_DICT);
    if (ev_is(args, EV_O_TUPLE)) {
        items = ev_as_tuple(args)->items;
        nitems = ev_as_tuple(args)->len;
    }
    ev_buf b = {0};
    const char *s = fmt->data;
    size_t len = fmt->len, i = 0;
    bool used_mapping = false;
    while (i < len) {
        if (s[i] != '%') {
            size_t j = i;
            while (j < len && s[j] != '%')
                j++;
            if (ev_buf_put(I, &b, s + i, j - i))
                goto fail;
            i = j;
            continue;
        }
        size_t start = i++;
        ev_value v = EV_ERR;
        if (i < len && s[i] == '(') {
            size_t j = ++i;
            int depth = 1;
            while (i < len && depth) {
                depth += s[i] == '(' ? 1 : s[i] == ')' ? -1 : 0;
                i++;
            }
            if (depth || !mapping) {
                ev_raise(I, depth ? &ev_type_ValueError : &ev_type_TypeError,
                         depth ? "incomplete format key" : "format requires a mapping");
                goto fail;
            }
            ev_value key = ev_str_new(I, s + j, i - 1 - j);
            if (EV_IS_ERR(key))
                goto fail;
            v = ev_getitem(I, args, key);
            ev_decref(I, key);
            if (EV_IS_ERR(v))
                goto fail;
            ev_decref(I, v); /* the dict keeps it alive */
            used_mapping = true;
        }
        char flags[8] = {0};
        size_t nf = 0;
        while (i < len && strchr("-+ #0", s[i]) && nf < sizeof flags - 1)
            flags[nf++] = s[i++];
        int64_t width = -1, prec = -1;
        if (i < len && s[i] == '*') {
            ev_value w = next_arg(I, items, nitems, &k);
            if (EV_IS_ERR(w) || ev_index(I, w, &width, "* wants int"))
                goto fail;
            if (width < 0) {
                flags[nf++] = '-';
                width = -width;
            }
            i++;
        } else {
            while (i < len && s[i] >= '0' && s[i] <= '9' && width < 100000000)
                width = (width < 0 ? 0 : width * 10) + (s[i++] - '0');
        }
        if (i < len && s[i] == '.') {
            i++;
            prec = 0;
            if (i < len && s[i] == '*') {
                ev_value p = next_arg(I, items, nitems, &k);
                if (EV_IS_ERR(p) || ev_index(I, p, &prec, "* wants int"))
                    goto fail;
                i++;
            } else {
                while (i < len && s[i] >= '0' && s[i] <= '9' && prec < 100000000)
                    prec = prec * 10 + (s[i++] - '0');
            }
        }
        while (i < len && (s[i] == 'h' || s[i] == 'l' || s[i] == 'L'))
            i++;
        if (i >= len) {
            ev_raise(I, &ev_type_ValueError, "incomplete format");
            goto fail;
        }
        char t = s[i++];
        if (t == '%') {
            if (ev_buf_put(I, &b, "%", 1))
                goto fail;
            continue;
        }
        if (EV_IS_ERR(v)) {
            if (mapping)
                v = args;
            else {
                v = next_arg(I, items, nitems, &k);
                if (EV_IS_ERR(v))
                    goto fail;
            }
        }
        int r = percent_one(I, &b, v, t, flags, width, prec);
        if (r == -2) {
            unsigned char uc = (unsigned char)t;
            ev_raise(I, &ev_type_ValueError, "unsupported format character '%c' (0x%x) at index %zu",
                     uc < 128 ? t : '?', uc, i - 1);
            (void)start;
            goto fail;
        }
        if (r)
            goto fail;
    }
    if (!mapping && !used_mapping && k < nitems) {
        ev_raise(I, &ev_type_TypeError, "not all arguments converted during string formatting");
        goto fail;
    }
    return ev_buf_to_str(I, &b);
fail:
    ev_buf_free(I, &b);
    return EV_ERR;
}
