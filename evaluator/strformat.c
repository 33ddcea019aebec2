/*
 * strformat.c - str.format(): replacement fields {name!conv:spec} with
 * CPython's field-name grammar (index or keyword, then .attr and [key]
 * chains), automatic and manual numbering, nested fields in the spec.
 * Formatting itself is format(value, spec) (ev_str_format_spec).
 */
#include <string.h>

#include "evaluator/ev.h"

#define MAX_NESTING 2 /* CPython: "Max string recursion exceeded" */

typedef struct fmt_state {
    int argc;
    const ev_value *argv;
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
        for (int i = 0; i < I->kw_n; i++)
            if (I->kw_names[i]->len == k && memcmp(I->kw_names[i]->data, f, k) == 0)
                obj = ev_dup(I->kw_vals[i]);
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

ev_value ev_str_format_method(ev_interp *I, ev_value self, int argc, const ev_value *argv)
{
    fmt_state st = {argc, argv, 0, 0};
    return format_into(I, ev_as_str(self)->data, ev_as_str(self)->len, &st, 0);
}
