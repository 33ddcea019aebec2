/*
 * html.c - the html module, CPython 3.11 behaviour (Lib/html/__init__.py):
 * escape and unescape.
 *
 * unescape follows the HTML5 tokenizer's rules as CPython applies them: the
 * references its regular expression finds (&#digits, &#xhex, and up to 32
 * name characters, each with an optional ';'), the windows-1252 table for
 * the C1 numbers, U+FFFD for surrogates and numbers past U+10FFFF, nothing
 * for the invalid code points, and for a name the longest prefix that is a
 * named reference.  The names are the WHATWG table (build/gen/html_entities.h,
 * made at build time by evaluator/gen_html_entities.py), CPython's
 * html.entities.html5.
 * An argument that is not a str takes CPython's duck-typed path (its own
 * replace() for escape, `in` for unescape), so the errors are its errors.
 */
#include <string.h>

#include "evaluator/modules/modules.h"
#include "html_entities.h" /* build/gen: made by evaluator/gen_html_entities.py */

/* ---- escape --------------------------------------------------------------------------------------- */

static ev_value call_replace(ev_interp *I, ev_value s, const char *from, const char *to)
{
    ev_str *name = ev_intern(I, "replace", 7);
    if (!name)
        return ev_raise_nomem(I);
    ev_value fn = ev_getattr(I, s, name);
    if (EV_IS_ERR(fn))
        return fn;
    ev_value a[2] = {ev_str_from_cstr(I, from), ev_str_from_cstr(I, to)};
    ev_value r = EV_IS_ERR(a[0]) || EV_IS_ERR(a[1]) ? EV_ERR : ev_call(I, fn, 2, a, 0, NULL, NULL);
    for (int i = 0; i < 2; i++)
        if (!EV_IS_ERR(a[i]))
            ev_decref(I, a[i]);
    ev_decref(I, fn);
    return r;
}

static ev_value html_escape(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value s = argv[0];
    if (!ev_is(s, EV_O_STR) || (s.u.o->flags & EV_OBJ_SUB)) {
        /* s.replace(...) as html/__init__.py calls it: another type's own method */
        static const char *const steps[][2] = {{"&", "&amp;"}, {"<", "&lt;"}, {">", "&gt;"},
                                               {"\"", "&quot;"}, {"'", "&#x27;"}};
        ev_value cur = ev_dup(s);
        for (int i = 0; i < 5; i++) {
            if (i == 3) {
                int q = argc < 2 || EV_IS_ERR(argv[1]) ? 1 : ev_truth(I, argv[1]);
                if (q < 0) {
                    ev_decref(I, cur);
                    return EV_ERR;
                }
                if (!q)
                    break;
            }
            ev_value next = call_replace(I, cur, steps[i][0], steps[i][1]);
            ev_decref(I, cur);
            if (EV_IS_ERR(next))
                return next;
            cur = next;
        }
        return cur;
    }
    int quote = argc < 2 || EV_IS_ERR(argv[1]) ? 1 : ev_truth(I, argv[1]);
    if (quote < 0)
        return EV_ERR;
    ev_str *in = ev_as_str(s);
    ev_buf b = {0};
    size_t run = 0;
    for (size_t i = 0; i < in->len; i++) {
        const char *rep = NULL;
        switch (in->data[i]) {
        case '&': rep = "&amp;"; break;
        case '<': rep = "&lt;"; break;
        case '>': rep = "&gt;"; break;
        case '"': rep = quote ? "&quot;" : NULL; break;
        case '\'': rep = quote ? "&#x27;" : NULL; break;
        default: break;
        }
        if (!rep)
            continue;
        if (ev_buf_put(I, &b, in->data + run, i - run) || ev_buf_puts(I, &b, rep)) {
            ev_buf_free(I, &b);
            return EV_ERR;
        }
        run = i + 1;
    }
    if (run == 0 && !b.len)
        return ev_dup(s);
    if (ev_buf_put(I, &b, in->data + run, in->len - run)) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

/* ---- unescape ------------------------------------------------------------------------------------- */

/* windows-1252's characters for the C1 numbers (and 0 and CR), as the HTML5
 * tokenizer replaces them: 0 when the number maps to itself */
static uint32_t invalid_charref(uint64_t n)
{
    static const uint16_t c1[32] = {
        0x20ac, 0x81,   0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160,
        0x2039, 0x0152, 0x8d,   0x017d, 0x8f,   0x90,   0x2018, 0x2019, 0x201c, 0x201d, 0x2022,
        0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x9d,   0x017e, 0x0178,
    };
    if (n == 0)
        return 0xfffd;
    if (n == 0x0d)
        return 0x0d;
    if (n >= 0x80 && n <= 0x9f)
        return c1[n - 0x80];
    return 0;
}

/* the code points a reference to them produces nothing for */
static bool invalid_codepoint(uint64_t n)
{
    return (n >= 0x1 && n <= 0x8) || n == 0xb || (n >= 0xe && n <= 0x1f) || (n >= 0x7f && n <= 0x9f) ||
           (n >= 0xfdd0 && n <= 0xfdef) || (n & 0xfffe) == 0xfffe;
}

static int put_cp(ev_interp *I, ev_buf *b, uint32_t u)
{
    char out[4];
    size_t k = 0;
    if (u < 0x80) {
        out[k++] = (char)u;
    } else if (u < 0x800) {
        out[k++] = (char)(0xC0 | (u >> 6));
        out[k++] = (char)(0x80 | (u & 0x3F));
    } else if (u < 0x10000) {
        out[k++] = (char)(0xE0 | (u >> 12));
        out[k++] = (char)(0x80 | ((u >> 6) & 0x3F));
        out[k++] = (char)(0x80 | (u & 0x3F));
    } else {
        out[k++] = (char)(0xF0 | (u >> 18));
        out[k++] = (char)(0x80 | ((u >> 12) & 0x3F));
        out[k++] = (char)(0x80 | ((u >> 6) & 0x3F));
        out[k++] = (char)(0x80 | (u & 0x3F));
    }
    return ev_buf_put(I, b, out, k);
}

static const char *entity_find(const char *name, size_t len)
{
    size_t lo = 0, hi = sizeof html_entities / sizeof *html_entities;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const char *n = html_entities[mid].name;
        size_t nl = strlen(n);
        int c = memcmp(n, name, nl < len ? nl : len);
        if (c == 0)
            c = nl < len ? -1 : nl > len ? 1 : 0;
        if (c == 0)
            return html_entities[mid].chars;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }
static bool is_hex(char c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
static int hex_value(char c) { return is_digit(c) ? c - '0' : (c | 0x20) - 'a' + 10; }

/* A numeric reference's digits: the number, or UINT64_MAX past U+10FFFF */
static uint64_t parse_num(const char *d, size_t n, int base)
{
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++) {
        v = v * (uint64_t)base + (uint64_t)(base == 16 ? hex_value(d[i]) : d[i] - '0');
        if (v > 0x10ffff)
            return UINT64_MAX;
    }
    return v;
}

/* The reference at s[i] == '&' (the text after it up to end): 0 when none
 * starts here, else its length in bytes with the replacement appended. */
static int charref(ev_interp *I, const char *s, size_t i, size_t end, ev_buf *b, size_t *used)
{
    size_t j = i + 1;
    *used = 0;
    if (j < end && s[j] == '#') {
        size_t k = j + 1;
        int base = 10;
        if (k < end && (s[k] == 'x' || s[k] == 'X')) {
            base = 16;
            k++;
        }
        size_t d0 = k;
        while (k < end && (base == 16 ? is_hex(s[k]) : is_digit(s[k])))
            k++;
        if (k == d0)
            return 0; /* '#' is no name character either */
        uint64_t num = parse_num(s + d0, k - d0, base);
        if (k < end && s[k] == ';')
            k++;
        *used = k - i;
        uint32_t rep = invalid_charref(num);
        if (rep)
            return put_cp(I, b, rep);
        if ((num >= 0xd800 && num <= 0xdfff) || num > 0x10ffff)
            return put_cp(I, b, 0xfffd);
        if (invalid_codepoint(num))
            return 0;
        return put_cp(I, b, (uint32_t)num);
    }
    /* up to 32 characters of [^\t\n\f <&#;], then an optional ';' */
    size_t k = j, nch = 0, ascii = 0;
    bool all_ascii = true;
    while (k < end && nch < 32) {
        unsigned char c = (unsigned char)s[k];
        if (c == '\t' || c == '\n' || c == '\f' || c == ' ' || c == '<' || c == '&' || c == '#' || c == ';')
            break;
        size_t w = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
        if (c >= 0x80)
            all_ascii = false;
        else if (all_ascii)
            ascii++;
        k += w;
        nch++;
    }
    if (nch == 0)
        return 0;
    bool semi = k < end && s[k] == ';';
    if (semi)
        k++;
    *used = k - i;
    size_t len = nch + semi; /* code points of the group */
    const char *chars = all_ascii ? entity_find(s + j, k - j) : NULL;
    if (chars)
        return ev_buf_puts(I, b, chars);
    /* the longest prefix of at least two characters that is a name; only
     * the leading ASCII run can be one */
    size_t top = len - 1 < ascii ? len - 1 : ascii;
    for (size_t x = top; x >= 2; x--) {
        chars = entity_find(s + j, x);
        if (chars)
            return ev_buf_puts(I, b, chars) || ev_buf_put(I, b, s + j + x, k - j - x) ? -1 : 0;
    }
    return ev_buf_put(I, b, s + i, k - i);
}

static ev_value html_unescape(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value s = argv[0];
    if (!ev_is(s, EV_O_STR)) {
        /* `'&' not in s`, then the regular expression's refusal */
        ev_value amp = ev_str_from_cstr(I, "&");
        if (EV_IS_ERR(amp))
            return amp;
        int in = ev_contains(I, s, amp);
        ev_decref(I, amp);
        if (in < 0)
            return EV_ERR;
        if (!in)
            return ev_dup(s);
        return ev_raise(I, &ev_type_TypeError, "expected string or bytes-like object, got '%s'", ev_type_name(s));
    }
    ev_str *in = ev_as_str(s);
    const char *d = in->data;
    const char *first = memchr(d, '&', in->len);
    if (!first)
        return ev_dup(s);
    ev_buf b = {0};
    size_t run = 0, i = (size_t)(first - d);
    while (i < in->len) {
        if (d[i] != '&') {
            i++;
            continue;
        }
        size_t before = b.len, used;
        if (ev_buf_put(I, &b, d + run, i - run)) {
            ev_buf_free(I, &b);
            return EV_ERR;
        }
        if (charref(I, d, i, in->len, &b, &used)) {
            ev_buf_free(I, &b);
            return EV_ERR;
        }
        if (!used) {
            b.len = before; /* no reference here: the text stays in the run */
            i++;
            continue;
        }
        i += used;
        run = i;
    }
    if (ev_buf_put(I, &b, d + run, in->len - run)) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

static const ev_builtin_def html_functions[] = {
    {"escape", html_escape, 1, 2, 0, "s, quote"},
    {"unescape", html_unescape, 1, 1, 0, "s"},
    {NULL, NULL, 0, 0, 0},
};

/* CPython 3.11's __all__ */
static const char *const all_names[] = {"escape", "unescape", NULL};

const ev_module_def ev_module_html = {"html", html_functions, NULL, all_names};
