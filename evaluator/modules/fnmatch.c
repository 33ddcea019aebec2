/*
 * fnmatch.c - the fnmatch module, CPython 3.11 behaviour (Lib/fnmatch.py):
 * fnmatch, fnmatchcase, filter and translate.
 *
 * translate() builds exactly the regular expression CPython's does (the
 * same escapes, the bracket-range repairs, the atomic groups for `*`), and
 * matching compiles it with safepy's re engine, so a pattern matches what
 * it matches in CPython; bytes patterns go through latin-1 as there.  Case
 * normalisation is posixpath.normcase, which is os.fspath: names and
 * patterns must be str, bytes or os.PathLike.  CPython caches compiled
 * patterns (an lru_cache); here filter() compiles once per call and the
 * others once per call too, which changes nothing a program can see but
 * the time taken.
 */
#include <string.h>

#include "evaluator/modules/modules.h"
#include "evaluator/modules/re_int.h"
#include "evaluator/objects/str_int.h"

/* ---- code point vectors ------------------------------------------------------------------------ */

typedef struct cvec {
    uint32_t *d;
    size_t n, cap;
} cvec;

static int cv_reserve(ev_interp *I, cvec *v, size_t extra)
{
    if (v->n + extra <= v->cap)
        return 0;
    if (extra > SIZE_MAX / 16 - v->n) {
        ev_raise_nomem(I);
        return -1;
    }
    size_t cap = v->cap ? v->cap : 16;
    while (cap < v->n + extra)
        cap *= 2;
    uint32_t *d = ev_realloc(I, v->d, cap * sizeof *d);
    if (!d) {
        ev_raise_nomem(I);
        return -1;
    }
    v->d = d;
    v->cap = cap;
    return 0;
}

static int cv_put(ev_interp *I, cvec *v, uint32_t c)
{
    if (cv_reserve(I, v, 1))
        return -1;
    v->d[v->n++] = c;
    return 0;
}

static int cv_puts(ev_interp *I, cvec *v, const char *s)
{
    for (; *s; s++)
        if (cv_put(I, v, (unsigned char)*s))
            return -1;
    return 0;
}

static int cv_append(ev_interp *I, cvec *v, const uint32_t *d, size_t n)
{
    if (cv_reserve(I, v, n))
        return -1;
    if (n)
        memcpy(v->d + v->n, d, n * sizeof *d);
    v->n += n;
    return 0;
}

static void cv_free(ev_interp *I, cvec *v)
{
    ev_dealloc(I, v->d);
    v->d = NULL;
    v->n = v->cap = 0;
}

/* ---- translate ----------------------------------------------------------------------------------- */

/* re.escape of one character: the 3.7+ set of specials */
static bool re_special(uint32_t c)
{
    return c < 128 && c && strchr("()[]{}?*+-|^$\\.&~# \t\n\r\v\f", (int)c) != NULL;
}

/* the items of the first pass: fixed text, or STAR */
typedef struct item {
    bool star;
    size_t off, len; /* in the pieces vector */
} item;

typedef struct items {
    item *d;
    size_t n, cap;
} items;

static int items_add(ev_interp *I, items *it, bool star, size_t off, size_t len)
{
    if (it->n == it->cap) {
        size_t cap = it->cap ? it->cap * 2 : 16;
        item *d = ev_realloc(I, it->d, cap * sizeof *d);
        if (!d) {
            ev_raise_nomem(I);
            return -1;
        }
        it->d = d;
        it->cap = cap;
    }
    it->d[it->n++] = (item){star, off, len};
    return 0;
}

/* s.replace('\\', '\\\\') and, with hyph, .replace('-', '\\-'), appended to out */
static int put_escaped(ev_interp *I, cvec *out, const uint32_t *s, size_t n, bool hyph)
{
    for (size_t i = 0; i < n; i++) {
        if ((s[i] == '\\' || (hyph && s[i] == '-')) && cv_put(I, out, '\\'))
            return -1;
        if (cv_put(I, out, s[i]))
            return -1;
    }
    return 0;
}

/* The bracket expression pat[i:j] (j at the closing ']') as the class body
 * fnmatch.translate makes, into stuff. */
static int bracket(ev_interp *I, const uint32_t *pat, size_t i, size_t j, cvec *stuff)
{
    bool hyphen = false;
    for (size_t k = i; k < j; k++)
        hyphen |= pat[k] == '-';
    cvec raw = {0};
    int e = 0;
    if (!hyphen) {
        e = put_escaped(I, &raw, pat + i, j - i, false);
    } else {
        /* chunks split at the range hyphens, each a private vector */
        cvec *chunks = NULL;
        size_t nch = 0;
        size_t k = pat[i] == '!' ? i + 2 : i + 1;
        for (;;) {
            size_t f = k;
            while (f < j && pat[f] != '-')
                f++;
            if (k >= j || f >= j)
                break;
            cvec *nc = ev_realloc(I, chunks, (nch + 1) * sizeof *nc);
            if (!nc) {
                e = -1;
                ev_raise_nomem(I);
                break;
            }
            chunks = nc;
            chunks[nch] = (cvec){0};
            if (cv_append(I, &chunks[nch++], pat + i, f - i)) {
                e = -1;
                break;
            }
            i = f + 1;
            k = f + 3;
        }
        if (!e) {
            if (j > i) {
                cvec *nc = ev_realloc(I, chunks, (nch + 1) * sizeof *nc);
                if (!nc) {
                    e = -1;
                    ev_raise_nomem(I);
                } else {
                    chunks = nc;
                    chunks[nch] = (cvec){0};
                    e = cv_append(I, &chunks[nch++], pat + i, j - i);
                }
            } else if (nch) {
                e = cv_put(I, &chunks[nch - 1], '-');
            }
        }
        /* remove empty ranges, invalid in a regular expression */
        for (size_t c = nch; !e && c-- > 1;) {
            cvec *a = &chunks[c - 1], *b = &chunks[c];
            if (!a->n || !b->n) {
                ev_raise(I, &ev_type_IndexError, "string index out of range");
                e = -1;
                break;
            }
            if (a->d[a->n - 1] > b->d[0]) {
                a->n--;
                if (cv_append(I, a, b->d + 1, b->n - 1)) {
                    e = -1;
                    break;
                }
                cv_free(I, b);
                memmove(chunks + c, chunks + c + 1, (nch - c - 1) * sizeof *chunks);
                nch--;
            }
        }
        for (size_t c = 0; !e && c < nch; c++)
            e = (c && cv_put(I, &raw, '-')) || put_escaped(I, &raw, chunks[c].d, chunks[c].n, true) ? -1 : 0;
        for (size_t c = 0; c < nch; c++)
            cv_free(I, &chunks[c]);
        ev_dealloc(I, chunks);
    }
    /* escape the set operations (&&, ~~ and ||) */
    for (size_t k = 0; !e && k < raw.n; k++)
        e = ((raw.d[k] == '&' || raw.d[k] == '~' || raw.d[k] == '|') && cv_put(I, stuff, '\\')) ||
                    cv_put(I, stuff, raw.d[k]) ? -1 : 0;
    cv_free(I, &raw);
    return e;
}

/* fnmatch.translate over code points, into out */
static int translate_cp(ev_interp *I, const uint32_t *pat, size_t n, cvec *out)
{
    cvec pieces = {0}, stuff = {0};
    items it = {0};
    int e = 0;
    size_t i = 0;
    while (!e && i < n) {
        uint32_t c = pat[i++];
        size_t at = pieces.n;
        if (c == '*') {
            /* consecutive stars are one */
            if (!it.n || !it.d[it.n - 1].star)
                e = items_add(I, &it, true, 0, 0);
            continue;
        }
        if (c == '?') {
            e = cv_put(I, &pieces, '.');
        } else if (c == '[') {
            size_t j = i;
            if (j < n && pat[j] == '!')
                j++;
            if (j < n && pat[j] == ']')
                j++;
            while (j < n && pat[j] != ']')
                j++;
            if (j >= n) {
                e = cv_puts(I, &pieces, "\\[");
            } else {
                stuff.n = 0;
                e = bracket(I, pat, i, j, &stuff);
                i = j + 1;
                if (e)
                    break;
                if (stuff.n == 0) {
                    e = cv_puts(I, &pieces, "(?!)"); /* an empty range never matches */
                } else if (stuff.n == 1 && stuff.d[0] == '!') {
                    e = cv_put(I, &pieces, '.'); /* a negated empty range matches anything */
                } else {
                    e = cv_put(I, &pieces, '[');
                    if (!e && stuff.d[0] == '!')
                        stuff.d[0] = '^';
                    else if (!e && (stuff.d[0] == '^' || stuff.d[0] == '['))
                        e = cv_put(I, &pieces, '\\');
                    e = e || cv_append(I, &pieces, stuff.d, stuff.n) || cv_put(I, &pieces, ']') ? -1 : 0;
                }
            }
        } else {
            e = (re_special(c) && cv_put(I, &pieces, '\\')) || cv_put(I, &pieces, c) ? -1 : 0;
        }
        if (!e)
            e = items_add(I, &it, false, at, pieces.n - at);
    }
    /* the stars: `*fixed` inside the pattern is an atomic minimal match */
    e = e || cv_puts(I, out, "(?s:") ? -1 : 0;
    size_t k = 0;
    while (!e && k < it.n && !it.d[k].star) {
        e = cv_append(I, out, pieces.d + it.d[k].off, it.d[k].len);
        k++;
    }
    while (!e && k < it.n) {
        k++; /* the star */
        if (k == it.n) {
            e = cv_puts(I, out, ".*");
            break;
        }
        size_t from = k;
        while (k < it.n && !it.d[k].star)
            k++;
        bool last = k == it.n;
        e = cv_puts(I, out, last ? ".*" : "(?>.*?");
        for (size_t m = from; !e && m < k; m++)
            e = cv_append(I, out, pieces.d + it.d[m].off, it.d[m].len);
        if (!e && !last)
            e = cv_put(I, out, ')');
    }
    e = e || cv_puts(I, out, ")\\Z") ? -1 : 0;
    cv_free(I, &pieces);
    cv_free(I, &stuff);
    ev_dealloc(I, it.d);
    return e;
}

/* code points as a str (latin1: as bytes, each below 256) */
static ev_value cp_to_value(ev_interp *I, const cvec *v, bool latin1)
{
    if (latin1) {
        unsigned char *b = ev_alloc(I, v->n ? v->n : 1);
        if (!b)
            return ev_raise_nomem(I);
        for (size_t i = 0; i < v->n; i++)
            b[i] = (unsigned char)v->d[i];
        ev_value r = ev_bytes_new(I, EV_O_BYTES, b, v->n);
        ev_dealloc(I, b);
        return r;
    }
    if (v->n > SIZE_MAX / 8)
        return ev_raise_nomem(I);
    char *s = ev_alloc(I, v->n * 4 + 1);
    if (!s)
        return ev_raise_nomem(I);
    size_t k = 0;
    for (size_t i = 0; i < v->n; i++) {
        uint32_t u = v->d[i];
        if (u < 0x80) {
            s[k++] = (char)u;
        } else if (u < 0x800) {
            s[k++] = (char)(0xC0 | (u >> 6));
            s[k++] = (char)(0x80 | (u & 0x3F));
        } else if (u < 0x10000) {
            s[k++] = (char)(0xE0 | (u >> 12));
            s[k++] = (char)(0x80 | ((u >> 6) & 0x3F));
            s[k++] = (char)(0x80 | (u & 0x3F));
        } else {
            s[k++] = (char)(0xF0 | (u >> 18));
            s[k++] = (char)(0x80 | ((u >> 12) & 0x3F));
            s[k++] = (char)(0x80 | ((u >> 6) & 0x3F));
            s[k++] = (char)(0x80 | (u & 0x3F));
        }
    }
    ev_value r = ev_str_new(I, s, k);
    ev_dealloc(I, s);
    return r;
}

/* The pattern's code points: a str's, or a bytes pattern's bytes as latin-1. */
static int pattern_cps(ev_interp *I, ev_value pat, cvec *out)
{
    if (ev_is(pat, EV_O_STR)) {
        ev_str *s = ev_as_str(pat);
        if (cv_reserve(I, out, s->nchars))
            return -1;
        size_t pos = 0;
        for (size_t i = 0; i < s->nchars; i++)
            out->d[out->n++] = (uint32_t)ev_str_decode_at(s->data, s->len, &pos);
        return 0;
    }
    ev_bytes *b = ev_as_bytes(pat);
    if (cv_reserve(I, out, b->len))
        return -1;
    for (size_t i = 0; i < b->len; i++)
        out->d[out->n++] = b->data[i];
    return 0;
}

/* fnmatch.translate(pat) for a str pattern, or CPython's error for another type */
static ev_value translate_value(ev_interp *I, ev_value pat, bool bytes_ok)
{
    bool bytes = ev_is(pat, EV_O_BYTES);
    if (!ev_is(pat, EV_O_STR) && !(bytes && bytes_ok)) {
        int64_t n;
        if (ev_len(I, pat, &n))
            return EV_ERR;
        if (n == 0)
            return ev_str_from_cstr(I, "(?s:)\\Z");
        if (ev_is_byteslike(pat))
            /* re.escape(pat[0]) on an int */
            return ev_raise(I, &ev_type_TypeError, "decoding to str: need a bytes-like object, int found");
        return ev_raise(I, &ev_type_NotImplementedError,
                        "fnmatch.translate of a '%s' is not supported by safepy: pass a str", ev_type_name(pat));
    }
    cvec cps = {0}, out = {0};
    ev_value r = EV_ERR;
    if (!pattern_cps(I, pat, &cps) && !translate_cp(I, cps.d, cps.n, &out))
        r = cp_to_value(I, &out, bytes);
    cv_free(I, &cps);
    cv_free(I, &out);
    return r;
}

/* _compile_pattern(pat): the regex of a str or bytes pattern, compiled */
static ev_value compile_pattern(ev_interp *I, ev_value pat)
{
    int64_t h;
    if (ev_hash(I, pat, &h)) /* lru_cache hashes the argument first */
        return EV_ERR;
    ev_value src = translate_value(I, pat, true);
    if (EV_IS_ERR(src))
        return src;
    ev_value p = re_compile_uncached(I, src);
    ev_decref(I, src);
    return p;
}

/* os.fspath(v) (posixpath.normcase): a new reference */
static ev_value fspath(ev_interp *I, ev_value v)
{
    if (ev_is(v, EV_O_STR) || ev_is(v, EV_O_BYTES))
        return ev_dup(v);
    ev_str *name = ev_intern(I, "__fspath__", 10);
    if (!name)
        return ev_raise_nomem(I);
    ev_type *t = ev_type_of(v);
    if (!ev_is_user(v) || !ev_type_lookup(t, name))
        return ev_raise(I, &ev_type_TypeError, "expected str, bytes or os.PathLike object, not %s",
                        ev_type_name(v));
    ev_value fn = ev_getattr(I, v, name);
    if (EV_IS_ERR(fn))
        return fn;
    ev_value r = ev_call(I, fn, 0, NULL, 0, NULL, NULL);
    ev_decref(I, fn);
    if (EV_IS_ERR(r))
        return r;
    if (!ev_is(r, EV_O_STR) && !ev_is(r, EV_O_BYTES)) {
        ev_raise(I, &ev_type_TypeError, "expected %s.__fspath__() to return str or bytes, not %s",
                 ev_type_name(v), ev_type_name(r));
        ev_decref(I, r);
        return EV_ERR;
    }
    return r;
}

/* ---- the functions ----------------------------------------------------------------------------- */

static ev_value fn_fnmatchcase_impl(ev_interp *I, ev_value name, ev_value pat)
{
    ev_value p = compile_pattern(I, pat);
    if (EV_IS_ERR(p))
        return p;
    int r = re_match_start(I, p, name);
    ev_decref(I, p);
    return r < 0 ? EV_ERR : ev_bool(r);
}

static ev_value fm_fnmatchcase(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return fn_fnmatchcase_impl(I, argv[0], argv[1]);
}

static ev_value fm_fnmatch(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value name = fspath(I, argv[0]);
    if (EV_IS_ERR(name))
        return name;
    ev_value pat = fspath(I, argv[1]);
    if (EV_IS_ERR(pat)) {
        ev_decref(I, name);
        return pat;
    }
    ev_value r = fn_fnmatchcase_impl(I, name, pat);
    ev_decref(I, name);
    ev_decref(I, pat);
    return r;
}

static ev_value fm_filter(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value result = ev_list_new(I, 0);
    if (EV_IS_ERR(result))
        return result;
    ev_value pat = fspath(I, argv[1]), p = EV_ERR, it = EV_ERR;
    if (EV_IS_ERR(pat))
        goto fail;
    p = compile_pattern(I, pat);
    ev_decref(I, pat);
    if (EV_IS_ERR(p))
        goto fail;
    it = ev_iter(I, argv[0]);
    if (EV_IS_ERR(it))
        goto fail;
    for (;;) {
        ev_value name;
        int r = ev_next(I, it, &name);
        if (r < 0)
            goto fail;
        if (r == 0)
            break;
        int m = re_match_start(I, p, name);
        int e = m < 0 || (m && ev_list_append(I, ev_as_list(result), name));
        ev_decref(I, name);
        if (e)
            goto fail;
    }
    ev_decref(I, it);
    ev_decref(I, p);
    return result;
fail:
    if (!EV_IS_ERR(it))
        ev_decref(I, it);
    if (!EV_IS_ERR(p))
        ev_decref(I, p);
    ev_decref(I, result);
    return EV_ERR;
}

static ev_value fm_translate(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return translate_value(I, argv[0], false);
}

static const ev_builtin_def fnmatch_functions[] = {
    {"fnmatch", fm_fnmatch, 2, 2, 0, "name, pat"},
    {"fnmatchcase", fm_fnmatchcase, 2, 2, 0, "name, pat"},
    {"filter", fm_filter, 2, 2, 0, "names, pat"},
    {"translate", fm_translate, 1, 1, 0, "pat"},
    {NULL, NULL, 0, 0, 0},
};

/* CPython 3.11's __all__ */
static const char *const all_names[] = {"filter", "fnmatch", "fnmatchcase", "translate", NULL};

const ev_module_def ev_module_fnmatch = {"fnmatch", fnmatch_functions, NULL, all_names};
