/*
 * re_trans.c - Python regular expression syntax to PCRE2 syntax.
 *
 * The parser follows CPython 3.11's re/_parser.py step by step (same
 * tokenizer, same order of checks) so that a bad pattern raises re.error
 * with CPython's message and position.  It writes a PCRE2 pattern in which
 * every construct whose meaning differs is spelled out explicitly:
 *  - literals other than ASCII letters and digits become \x{..} (so PCRE2
 *    never sees a character it reads differently, e.g. '[' in a class);
 *  - groups are plain numbered groups: names stay on the Python side, so
 *    PCRE2's rules on names (length, characters) never apply;
 *  - \Z is \z; {,n} is {0,n}; verbose whitespace and comments are dropped;
 *  - \s is Python's str.isspace() set; under ASCII, \d \w \s \b are the
 *    ASCII classes (the pattern itself is always compiled with UCP).
 * Widths are computed as _parser's getwidth() for the look-behind check.
 */
#include <stdio.h>
#include <string.h>
#include <utf8proc.h>

#include "evaluator/modules/re_int.h"
#include "evaluator/ucd.h"

#define MAXREPEAT 4294967295ULL
#define MAXGROUPS 1073741823ULL
#define PCRE2_MAXQ 65535u
#define MAX_NEST 200

typedef struct width {
    uint64_t lo, hi;
} width;

typedef struct tok {
    uint32_t c; /* the character, or the one after a backslash */
    int len;    /* 0: end of pattern, 1: a character, 2: an escape */
} tok;

typedef struct gref {
    uint64_t g;
    size_t pos;
} gref;

typedef struct tr {
    ev_interp *I;
    ev_value patv;
    uint32_t *s;
    size_t n;
    size_t index; /* just after `nx` */
    tok nx;
    ev_buf *out;
    int64_t flags;
    uint32_t ngroups;   /* capturing groups opened so far */
    width *gw;          /* per group, valid once closed */
    bool *gclosed;
    uint32_t *parent;
    size_t gcap;
    int64_t lookbehindgroups; /* -1: None */
    uint32_t cur_group;       /* innermost open capturing group */
    ev_dict *groupdict;
    gref *grefs;
    size_t ngrefs, grefcap;
    int depth;
    bool lookbehind_bad; /* reported after parsing, as the compiler does */
    /* a bytes pattern: read as latin-1 (as _parser does), compiled without
     * UTF, so every character is one byte and the classes stop at \xff */
    bool bytes;
    bool sur_unsafe; /* see re_trans */
} tr;

/* ---- errors ---------------------------------------------------------------- */

static size_t tell(const tr *t) { return t->index - (size_t)t->nx.len; }

static int fail_at(tr *t, const char *msg, size_t offset)
{
    size_t here = tell(t);
    re_raise_error(t->I, msg, t->patv, (int64_t)(here >= offset ? here - offset : 0));
    return -1;
}

/* UTF-8 of code points into buf (NUL-terminated, truncated to fit). */
static void cps_utf8(const uint32_t *c, size_t n, char *buf, size_t cap)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        utf8proc_uint8_t tmp[4];
        utf8proc_ssize_t m = utf8proc_encode_char((utf8proc_int32_t)c[i], tmp);
        if (k + (size_t)m + 1 > cap)
            break;
        memcpy(buf + k, tmp, (size_t)m);
        k += (size_t)m;
    }
    buf[k] = '\0';
}

static void tok_text(tok k, char *buf, size_t cap)
{
    char one[8];
    cps_utf8(&k.c, 1, one, sizeof one);
    snprintf(buf, cap, "%s%s", k.len == 2 ? "\\" : "", one);
}

/* msg % repr(name): "unknown group name 'x'" */
static int fail_name(tr *t, const char *prefix, const uint32_t *name, size_t len, size_t offset)
{
    char raw[512];
    cps_utf8(name, len, raw, sizeof raw);
    ev_value sv = ev_str_from_cstr(t->I, raw);
    if (EV_IS_ERR(sv))
        return -1;
    ev_value r = ev_repr(t->I, sv);
    ev_decref(t->I, sv);
    if (EV_IS_ERR(r))
        return -1;
    char msg[700];
    snprintf(msg, sizeof msg, "%s%s", prefix, ev_as_str(r)->data);
    ev_decref(t->I, r);
    return fail_at(t, msg, offset);
}

/* ---- the tokenizer (_parser.Tokenizer) ------------------------------------------- */

static int advance(tr *t)
{
    size_t i = t->index;
    if (i >= t->n) {
        t->nx.len = 0;
        return 0;
    }
    if (t->s[i] == '\\') {
        if (i + 1 >= t->n) {
            re_raise_error(t->I, "bad escape (end of pattern)", t->patv, (int64_t)t->n - 1);
            return -1;
        }
        t->nx = (tok){t->s[i + 1], 2};
        t->index = i + 2;
    } else {
        t->nx = (tok){t->s[i], 1};
        t->index = i + 1;
    }
    return 0;
}

static int get(tr *t, tok *out)
{
    *out = t->nx;
    return advance(t);
}

/* 1 matched and consumed, 0 not, -1 error */
static int match(tr *t, uint32_t c)
{
    if (t->nx.len == 1 && t->nx.c == c)
        return advance(t) ? -1 : 1;
    return 0;
}

static bool next_is(const tr *t, uint32_t c) { return t->nx.len == 1 && t->nx.c == c; }

static void seek(tr *t, size_t index)
{
    t->index = index;
    (void)advance(t); /* was valid when first read */
}

static bool is_digit(tok k) { return k.len == 1 && k.c >= '0' && k.c <= '9'; }
static bool is_oct(tok k) { return k.len == 1 && k.c >= '0' && k.c <= '7'; }
static bool is_hex(tok k)
{
    return k.len == 1 && ((k.c >= '0' && k.c <= '9') || (k.c >= 'a' && k.c <= 'f') ||
                          (k.c >= 'A' && k.c <= 'F'));
}
static bool ascii_letter(uint32_t c) { return (c | 32) >= 'a' && (c | 32) <= 'z'; }

/* getuntil(terminator, name): the collected code points in *res (session
 * memory, freed by the caller), 2-character escapes kept as written. */
static int getuntil(tr *t, uint32_t term, const char *what, uint32_t **res, size_t *rlen)
{
    size_t cap = 16, n = 0;
    uint32_t *r = ev_alloc(t->I, cap * sizeof *r);
    if (!r) {
        ev_raise_nomem(t->I);
        return -1;
    }
    for (;;) {
        tok c;
        if (get(t, &c))
            goto fail;
        char msg[96];
        if (c.len == 0) {
            if (n == 0) {
                snprintf(msg, sizeof msg, "missing %s", what);
                fail_at(t, msg, 0);
            } else {
                snprintf(msg, sizeof msg, "missing %c, unterminated name", (char)term);
                fail_at(t, msg, n);
            }
            goto fail;
        }
        if (c.len == 1 && c.c == term) {
            if (n == 0) {
                snprintf(msg, sizeof msg, "missing %s", what);
                fail_at(t, msg, 1);
                goto fail;
            }
            break;
        }
        if (n + 2 > cap) {
            cap *= 2;
            uint32_t *nr = ev_realloc(t->I, r, cap * sizeof *r);
            if (!nr) {
                ev_raise_nomem(t->I);
                goto fail;
            }
            r = nr;
        }
        if (c.len == 2)
            r[n++] = '\\';
        r[n++] = c.c;
    }
    *res = r;
    *rlen = n;
    return 0;
fail:
    ev_dealloc(t->I, r);
    return -1;
}

static bool is_identifier(const uint32_t *s, size_t n)
{
    if (n == 0)
        return false;
    for (size_t i = 0; i < n; i++) {
        uint32_t c = s[i];
        if (c < 128) {
            if (c == '_' || ascii_letter(c) || (i > 0 && c >= '0' && c <= '9'))
                continue;
            return false;
        }
        utf8proc_category_t cat = utf8proc_category((utf8proc_int32_t)c);
        bool start = cat == UTF8PROC_CATEGORY_LU || cat == UTF8PROC_CATEGORY_LL ||
                     cat == UTF8PROC_CATEGORY_LT || cat == UTF8PROC_CATEGORY_LM ||
                     cat == UTF8PROC_CATEGORY_LO || cat == UTF8PROC_CATEGORY_NL;
        bool cont = cat == UTF8PROC_CATEGORY_MN || cat == UTF8PROC_CATEGORY_MC ||
                    cat == UTF8PROC_CATEGORY_ND || cat == UTF8PROC_CATEGORY_PC;
        if (!(start || (i > 0 && cont)))
            return false;
    }
    return true;
}

static int checkgroupname(tr *t, const uint32_t *name, size_t len, size_t offset)
{
    if (!is_identifier(name, len))
        return fail_name(t, "bad character in group name ", name, len, len + offset);
    return 0;
}

/* ---- output ------------------------------------------------------------------------ */

static int put(tr *t, const char *s) { return ev_buf_puts(t->I, t->out, s); }

static int put_lit(tr *t, uint32_t c)
{
    if (c >= 0xD800 && c <= 0xDFFF) {
        ev_raise(t->I, &ev_type_ValueError, "a lone surrogate in a pattern is not supported by safepy");
        return -1;
    }
    if (c >= 0xE000 && c <= 0xE7FF && !t->bytes)
        t->sur_unsafe = true;
    if (c < 128 && (ascii_letter(c) || (c >= '0' && c <= '9')))
        return ev_buf_printf(t->I, t->out, "%c", (char)c);
    if (c >= 128 && !t->bytes) {
        char b[8];
        cps_utf8(&c, 1, b, sizeof b);
        return put(t, b);
    }
    return ev_buf_printf(t->I, t->out, "\\x{%x}", (unsigned)c);
}

/* A literal standing alone.  Under ASCII, CPython folds case for ASCII
 * letters only: a non-ASCII literal stays case-sensitive. */
static int put_lit_item(tr *t, uint32_t c, bool ascii)
{
    if (!ascii || c < 128)
        return put_lit(t, c);
    return put(t, "(?-i:") || put_lit(t, c) || put(t, ")");
}

/* str.isspace(), as ranges; and its complement */
static const char SPACE[] = "\\x{9}-\\x{d}\\x{1c}-\\x{20}\\x{85}\\x{a0}\\x{1680}\\x{2000}-\\x{200a}"
                            "\\x{2028}\\x{2029}\\x{202f}\\x{205f}\\x{3000}";
static const char NONSPACE[] = "\\x{0}-\\x{8}\\x{e}-\\x{1b}\\x{21}-\\x{84}\\x{86}-\\x{9f}"
                               "\\x{a1}-\\x{167f}\\x{1681}-\\x{1fff}\\x{200b}-\\x{2027}"
                               "\\x{202a}-\\x{202e}\\x{2030}-\\x{205e}\\x{2060}-\\x{2fff}"
                               "\\x{3001}-\\x{10ffff}";
/* the ASCII classes and their complements, as class bodies */
static const char A_D[] = "0-9", A_ND[] = "\\x{0}-\\x{2f}\\x{3a}-\\x{10ffff}";
static const char A_W[] = "0-9A-Z_a-z",
                  A_NW[] = "\\x{0}-\\x{2f}\\x{3a}-\\x{40}\\x{5b}-\\x{5e}\\x{60}\\x{7b}-\\x{10ffff}";
static const char A_S[] = "\\x{9}-\\x{d}\\x{20}", A_NS[] = "\\x{0}-\\x{8}\\x{e}-\\x{1f}\\x{21}-\\x{10ffff}";

/* A category escape (d D s S w W) inside a class or standing alone. */
static int put_category(tr *t, uint32_t c, bool ascii, bool in_class)
{
    const char *body = NULL;
    if (!ascii) {
        switch (c) {
        case 'd': return put(t, "\\d");
        case 'D': return put(t, "\\D");
        case 'w': return put(t, "\\w");
        case 'W': return put(t, "\\W");
        case 's': body = SPACE; break;
        default: body = NONSPACE; break;
        }
    } else {
        switch (c) {
        case 'd': body = A_D; break;
        case 'D': body = A_ND; break;
        case 'w': body = A_W; break;
        case 'W': body = A_NW; break;
        case 's': body = A_S; break;
        default: body = A_NS; break;
        }
    }
    size_t blen = strlen(body);
    if (t->bytes && blen > 10 && strcmp(body + blen - 10, "\\x{10ffff}") == 0) {
        /* the complements end at the last byte */
        if ((!in_class && put(t, "[")) || ev_buf_put(t->I, t->out, body, blen - 10) ||
            put(t, "\\x{ff}") || (!in_class && put(t, "]")))
            return -1;
        return 0;
    }
    if (in_class)
        return put(t, body);
    return put(t, "[") || put(t, body) || put(t, "]");
}

static int put_boundary(tr *t, bool negated, bool ascii)
{
    if (!ascii) /* sre's \B never matches in an empty string */
        return put(t, negated ? "(?:(?!\\A\\z)\\B)" : "\\b");
    if (negated)
        return put(t, "(?:(?<=[0-9A-Z_a-z])(?=[0-9A-Z_a-z])|(?!\\A\\z)(?<![0-9A-Z_a-z])(?![0-9A-Z_a-z]))");
    return put(t, "(?:(?<=[0-9A-Z_a-z])(?![0-9A-Z_a-z])|(?<![0-9A-Z_a-z])(?=[0-9A-Z_a-z]))");
}

/* ---- widths and groups ----------------------------------------------------------------- */

static uint64_t sat_add(uint64_t a, uint64_t b)
{
    uint64_t r = a + b;
    return r < a || r > ((uint64_t)1 << 62) ? (uint64_t)1 << 62 : r;
}
static uint64_t sat_mul(uint64_t a, uint64_t b)
{
    if (a == 0 || b == 0)
        return 0;
    if (a > ((uint64_t)1 << 62) / b)
        return (uint64_t)1 << 62;
    return a * b;
}
static width width_cap(width w)
{
    if (w.lo > MAXREPEAT - 1)
        w.lo = MAXREPEAT - 1;
    if (w.hi > MAXREPEAT)
        w.hi = MAXREPEAT;
    return w;
}

static int open_group(tr *t, uint32_t *gid)
{
    if ((size_t)t->ngroups + 2 > t->gcap) {
        size_t cap = t->gcap ? t->gcap * 2 : 16;
        width *gw = ev_realloc(t->I, t->gw, cap * sizeof *gw);
        if (!gw)
            goto nomem;
        t->gw = gw;
        bool *gc = ev_realloc(t->I, t->gclosed, cap * sizeof *gc);
        if (!gc)
            goto nomem;
        t->gclosed = gc;
        uint32_t *pa = ev_realloc(t->I, t->parent, cap * sizeof *pa);
        if (!pa)
            goto nomem;
        t->parent = pa;
        t->gcap = cap;
    }
    if (t->ngroups + 1 >= 65535) { /* PCRE2's own limit; CPython's is 2**30 */
        re_raise_error(t->I, "too many groups (safepy allows 65534)", EV_NONE, -1);
        return -1;
    }
    *gid = ++t->ngroups;
    t->gclosed[*gid] = false;
    t->gw[*gid] = (width){0, 0};
    t->parent[*gid] = t->cur_group;
    return 0;
nomem:
    ev_raise_nomem(t->I);
    return -1;
}

static bool checkgroup(const tr *t, uint64_t gid) { return gid <= t->ngroups && t->gclosed[gid]; }

static int checklookbehindgroup(tr *t, uint64_t gid)
{
    if (t->lookbehindgroups >= 0) {
        if (!checkgroup(t, gid))
            return fail_at(t, "cannot refer to an open group", 0);
        if ((int64_t)gid >= t->lookbehindgroups)
            return fail_at(t, "cannot refer to group defined in the same lookbehind subpattern", 0);
    }
    return 0;
}

/* ---- escapes ---------------------------------------------------------------------------- */

/* What an escape stands for. */
typedef enum { E_LIT, E_CAT, E_AT, E_GROUPREF } ekind;
typedef struct esc {
    ekind k;
    uint32_t v; /* the literal, the category letter, the AT letter (A Z b B), the group */
} esc;

static int bad_escape(tr *t, const char *text, size_t len)
{
    char msg[64];
    snprintf(msg, sizeof msg, "bad escape %s", text);
    return fail_at(t, msg, len);
}

/* \x, \u, \U, \N{...}: the escape started by letter c (already consumed). */
static int unicode_escape(tr *t, uint32_t c, esc *e)
{
    char text[16] = {'\\', (char)c, 0};
    size_t len = 2;
    if (t->bytes && c != 'x') /* UNICODE_ESCAPES only in str patterns */
        return bad_escape(t, text, len);
    if (c == 'N') {
        int m = match(t, '{');
        if (m < 0)
            return -1;
        if (!m)
            return fail_at(t, "missing {", 0);
        uint32_t *name;
        size_t nlen;
        if (getuntil(t, '}', "character name", &name, &nlen))
            return -1;
        char raw[300];
        cps_utf8(name, nlen, raw, sizeof raw);
        uint32_t cp;
        bool ok = nlen < 256 && strlen(raw) == nlen && ev_ucd_lookup(raw, nlen, &cp);
        if (!ok) {
            int r = fail_name(t, "undefined character name ", name, nlen, nlen + 4);
            ev_dealloc(t->I, name);
            return r;
        }
        ev_dealloc(t->I, name);
        *e = (esc){E_LIT, cp};
        return 0;
    }
    int want = c == 'x' ? 2 : c == 'u' ? 4 : 8;
    uint32_t v = 0;
    for (int i = 0; i < want && is_hex(t->nx); i++) {
        uint32_t d = t->nx.c;
        v = v * 16 + (d <= '9' ? d - '0' : (d | 32) - 'a' + 10);
        text[len++] = (char)d;
        text[len] = 0;
        if (advance(t))
            return -1;
    }
    if ((int)len - 2 != want) {
        char msg[64];
        snprintf(msg, sizeof msg, "incomplete escape %s", text);
        return fail_at(t, msg, len);
    }
    if (c == 'U' && v > 0x10FFFF)
        return bad_escape(t, text, len);
    *e = (esc){E_LIT, v};
    return 0;
}

static const uint32_t *plain_escape(uint32_t c)
{
    static const uint32_t tbl[][2] = {{'a', 7}, {'b', 8}, {'f', 12}, {'n', 10}, {'r', 13},
                                      {'t', 9}, {'v', 11}, {'\\', '\\'}};
    for (size_t i = 0; i < sizeof tbl / sizeof *tbl; i++)
        if (tbl[i][0] == c)
            return &tbl[i][1];
    return NULL;
}

static bool is_cat(uint32_t c) { return c && strchr("dDsSwW", (int)c); }

/* _class_escape: the escape token k (already consumed) inside a class. */
static int class_escape(tr *t, tok k, esc *e)
{
    uint32_t c = k.c;
    const uint32_t *pe = plain_escape(c);
    if (pe) {
        *e = (esc){E_LIT, *pe};
        return 0;
    }
    if (is_cat(c)) {
        *e = (esc){E_CAT, c};
        return 0;
    }
    if (c == 'x' || c == 'u' || c == 'U' || c == 'N')
        return unicode_escape(t, c, e);
    char text[8] = {'\\', 0, 0, 0, 0, 0};
    if (c >= '0' && c <= '7') {
        size_t len = 2;
        text[1] = (char)c;
        uint32_t v = c - '0';
        for (int i = 0; i < 2 && is_oct(t->nx); i++) {
            v = v * 8 + (t->nx.c - '0');
            text[len++] = (char)t->nx.c;
            if (advance(t))
                return -1;
        }
        if (v > 0377) {
            char msg[80];
            snprintf(msg, sizeof msg, "octal escape value %s outside of range 0-0o377", text);
            return fail_at(t, msg, len);
        }
        *e = (esc){E_LIT, v};
        return 0;
    }
    char buf[16];
    tok_text(k, buf, sizeof buf);
    if (c == '8' || c == '9' || ascii_letter(c))
        return bad_escape(t, buf, 2);
    *e = (esc){E_LIT, c};
    return 0;
}

/* _escape: an escape token k (consumed) outside a class. */
static int escape(tr *t, tok k, esc *e)
{
    uint32_t c = k.c;
    if (c == 'A' || c == 'Z' || c == 'b' || c == 'B') {
        *e = (esc){E_AT, c};
        return 0;
    }
    if (is_cat(c)) {
        *e = (esc){E_CAT, c};
        return 0;
    }
    const uint32_t *pe = plain_escape(c);
    if (pe) {
        *e = (esc){E_LIT, *pe};
        return 0;
    }
    if (c == 'x' || c == 'u' || c == 'U' || c == 'N')
        return unicode_escape(t, c, e);
    char text[8] = {'\\', (char)c, 0, 0, 0, 0};
    size_t len = 2;
    if (c == '0') {
        uint32_t v = 0;
        for (int i = 0; i < 2 && is_oct(t->nx); i++) {
            v = v * 8 + (t->nx.c - '0');
            if (advance(t))
                return -1;
        }
        *e = (esc){E_LIT, v};
        return 0;
    }
    if (c >= '1' && c <= '9') {
        if (is_digit(t->nx)) {
            text[len++] = (char)t->nx.c;
            if (advance(t))
                return -1;
            if (text[1] <= '7' && text[2] <= '7' && is_oct(t->nx)) {
                text[len++] = (char)t->nx.c;
                if (advance(t))
                    return -1;
                uint32_t v = (uint32_t)((text[1] - '0') * 64 + (text[2] - '0') * 8 + (text[3] - '0'));
                if (v > 0377) {
                    char msg[80];
                    snprintf(msg, sizeof msg, "octal escape value %s outside of range 0-0o377", text);
                    return fail_at(t, msg, len);
                }
                *e = (esc){E_LIT, v};
                return 0;
            }
        }
        uint32_t group = (uint32_t)atoi(text + 1);
        if (group < t->ngroups + 1) {
            if (!checkgroup(t, group))
                return fail_at(t, "cannot refer to an open group", len);
            if (checklookbehindgroup(t, group))
                return -1;
            *e = (esc){E_GROUPREF, group};
            return 0;
        }
        char msg[64];
        snprintf(msg, sizeof msg, "invalid group reference %u", group);
        return fail_at(t, msg, len - 1);
    }
    char buf[16];
    tok_text(k, buf, sizeof buf);
    if (ascii_letter(c))
        return bad_escape(t, buf, 2);
    *e = (esc){E_LIT, c};
    return 0;
}

/* ---- the parser ------------------------------------------------------------------------------ */

static int parse_sub(tr *t, bool verbose, int nested, bool ascii, width *w);

typedef enum { IT_NONE, IT_AT, IT_REPEAT, IT_OTHER } itkind;

/* A character set; the '[' is consumed. */
static int parse_class(tr *t, bool ascii)
{
    size_t here = tell(t) - 1;
    int neg = match(t, '^');
    if (neg < 0 || put(t, neg ? "[^" : "["))
        return -1;
    size_t nitems = 0;
    for (;;) {
        tok this;
        if (get(t, &this))
            return -1;
        if (this.len == 0)
            return fail_at(t, "unterminated character set", tell(t) - here);
        if (this.len == 1 && this.c == ']' && nitems)
            break;
        esc c1;
        if (this.len == 2) {
            if (class_escape(t, this, &c1))
                return -1;
        } else {
            c1 = (esc){E_LIT, this.c};
        }
        int m = match(t, '-');
        if (m < 0)
            return -1;
        if (m) {
            tok that;
            if (get(t, &that))
                return -1;
            if (that.len == 0)
                return fail_at(t, "unterminated character set", tell(t) - here);
            if (that.len == 1 && that.c == ']') {
                if ((c1.k == E_CAT ? put_category(t, c1.v, ascii, true) : put_lit(t, c1.v)) ||
                    put_lit(t, '-'))
                    return -1;
                nitems += 2;
                break;
            }
            esc c2;
            if (that.len == 2) {
                if (class_escape(t, that, &c2))
                    return -1;
            } else {
                c2 = (esc){E_LIT, that.c};
            }
            if (c1.k != E_LIT || c2.k != E_LIT || c2.v < c1.v) {
                char a[16], b[16], msg[64];
                tok_text(this, a, sizeof a);
                tok_text(that, b, sizeof b);
                snprintf(msg, sizeof msg, "bad character range %s-%s", a, b);
                return fail_at(t, msg, (size_t)(this.len + 1 + that.len));
            }
            if (c1.v <= 0xE7FF && c2.v >= 0xD800 && !(c1.v <= 0xD800 && c2.v >= 0xE7FF))
                t->sur_unsafe = true;
            if (put_lit(t, c1.v) || put(t, "-") || put_lit(t, c2.v))
                return -1;
        } else if (c1.k == E_CAT ? put_category(t, c1.v, ascii, true) : put_lit(t, c1.v)) {
            return -1;
        }
        nitems++;
    }
    return put(t, "]");
}

static int64_t flag_of(tok k)
{
    if (k.len != 1)
        return 0;
    switch (k.c) {
    case 'i': return RE_IGNORECASE;
    case 'L': return RE_LOCALE;
    case 'm': return RE_MULTILINE;
    case 's': return RE_DOTALL;
    case 'x': return RE_VERBOSE;
    case 'a': return RE_ASCII;
    case 't': return RE_TEMPLATE;
    case 'u': return RE_UNICODE;
    }
    return 0;
}

static bool tok_isalpha(tok k)
{
    if (k.len != 1)
        return false;
    if (k.c < 128)
        return ascii_letter(k.c);
    utf8proc_category_t cat = utf8proc_category((utf8proc_int32_t)k.c);
    return cat >= UTF8PROC_CATEGORY_LU && cat <= UTF8PROC_CATEGORY_LO;
}

/* _parse_flags: 1 global flags (applied), 0 scoped (*add, *del), -1 error */
static int parse_flags(tr *t, tok ch, int64_t *add, int64_t *del)
{
    const int64_t TYPE_FLAGS = RE_ASCII | RE_LOCALE | RE_UNICODE;
    *add = *del = 0;
    if (!(ch.len == 1 && ch.c == '-')) {
        for (;;) {
            int64_t f = flag_of(ch);
            if (ch.c == 'L' && !t->bytes)
                return fail_at(t, "bad inline flags: cannot use 'L' flag with a str pattern", 0);
            if (ch.c == 'u' && t->bytes)
                return fail_at(t, "bad inline flags: cannot use 'u' flag with a bytes pattern", 0);
            *add |= f;
            if ((f & TYPE_FLAGS) && (*add & TYPE_FLAGS) != f)
                return fail_at(t, "bad inline flags: flags 'a', 'u' and 'L' are incompatible", 0);
            if (get(t, &ch))
                return -1;
            if (ch.len == 0)
                return fail_at(t, "missing -, : or )", 0);
            if (ch.len == 1 && (ch.c == ')' || ch.c == '-' || ch.c == ':'))
                break;
            if (!flag_of(ch))
                return fail_at(t, tok_isalpha(ch) ? "unknown flag" : "missing -, : or )", (size_t)ch.len);
        }
    }
    if (ch.c == ')') {
        t->flags |= *add;
        return 1;
    }
    if (*add & (RE_DEBUG | RE_TEMPLATE))
        return fail_at(t, "bad inline flags: cannot turn on global flag", 1);
    if (ch.c == '-') {
        if (get(t, &ch))
            return -1;
        if (ch.len == 0)
            return fail_at(t, "missing flag", 0);
        if (!flag_of(ch))
            return fail_at(t, tok_isalpha(ch) ? "unknown flag" : "missing flag", (size_t)ch.len);
        for (;;) {
            int64_t f = flag_of(ch);
            if (f & TYPE_FLAGS)
                return fail_at(t, "bad inline flags: cannot turn off flags 'a', 'u' and 'L'", 0);
            *del |= f;
            if (get(t, &ch))
                return -1;
            if (ch.len == 0)
                return fail_at(t, "missing :", 0);
            if (ch.len == 1 && ch.c == ':')
                break;
            if (!flag_of(ch))
                return fail_at(t, tok_isalpha(ch) ? "unknown flag" : "missing :", (size_t)ch.len);
        }
    }
    if (*del & (RE_DEBUG | RE_TEMPLATE))
        return fail_at(t, "bad inline flags: cannot turn off global flag", 1);
    if (*add & *del)
        return fail_at(t, "bad inline flags: flag turned on and off", 1);
    return 0;
}

static int put_pcre_flags(tr *t, int64_t add, int64_t del)
{
    char b[16];
    size_t k = 0;
    b[k++] = '(';
    b[k++] = '?';
    if (add & RE_IGNORECASE) b[k++] = 'i';
    if (add & RE_MULTILINE) b[k++] = 'm';
    if (add & RE_DOTALL) b[k++] = 's';
    if (del & (RE_IGNORECASE | RE_MULTILINE | RE_DOTALL)) {
        b[k++] = '-';
        if (del & RE_IGNORECASE) b[k++] = 'i';
        if (del & RE_MULTILINE) b[k++] = 'm';
        if (del & RE_DOTALL) b[k++] = 's';
    }
    b[k++] = ':';
    b[k] = 0;
    return put(t, b);
}

static int put_repeat(tr *t, uint64_t mn, uint64_t mx, int mode)
{
    int r;
    if (mn == 0 && mx == MAXREPEAT)
        r = put(t, "*");
    else if (mn == 1 && mx == MAXREPEAT)
        r = put(t, "+");
    else if (mn == 0 && mx == 1)
        r = put(t, "?");
    else {
        if (mn > PCRE2_MAXQ) {
            re_raise_error(t->I, "a repeat count above 65535 is not supported by safepy", t->patv, -1);
            return -1;
        }
        if (mx == mn)
            r = ev_buf_printf(t->I, t->out, "{%llu}", (unsigned long long)mn);
        else if (mx > PCRE2_MAXQ) /* PCRE2's bound; beyond it, unbounded */
            r = ev_buf_printf(t->I, t->out, "{%llu,}", (unsigned long long)mn);
        else
            r = ev_buf_printf(t->I, t->out, "{%llu,%llu}", (unsigned long long)mn, (unsigned long long)mx);
    }
    if (r)
        return r;
    return mode == 1 ? put(t, "?") : mode == 2 ? put(t, "+") : 0;
}

/* A group body after "(" [ "?..." ]: parse_sub, then ")". */
static int group_body(tr *t, bool verbose, int nested, bool ascii, size_t start, width *w)
{
    if (parse_sub(t, verbose, nested + 1, ascii, w))
        return -1;
    int m = match(t, ')');
    if (m < 0)
        return -1;
    if (!m)
        return fail_at(t, "missing ), unterminated subpattern", tell(t) - start);
    return put(t, ")");
}

/* _parse: one branch; stops at '|', ')' or the end. */
static int parse(tr *t, bool verbose, int nested, bool first, bool ascii, width *wout)
{
    width w = {0, 0};
    itkind last = IT_NONE;
    width lastw = {0, 0};
    size_t nitems = 0;
    for (;;) {
        tok this = t->nx;
        if (this.len == 0)
            break;
        if (this.len == 1 && (this.c == '|' || this.c == ')'))
            break;
        if (advance(t))
            return -1;
        if (verbose && this.len == 1) {
            if (this.c == ' ' || (this.c >= 9 && this.c <= 13))
                continue;
            if (this.c == '#') {
                for (;;) {
                    if (get(t, &this))
                        return -1;
                    if (this.len == 0 || (this.len == 1 && this.c == '\n'))
                        break;
                }
                continue;
            }
        }
        width iw = {1, 1};
        itkind ik = IT_OTHER;
        if (this.len == 2) {
            esc e;
            if (escape(t, this, &e))
                return -1;
            int r = 0;
            switch (e.k) {
            case E_LIT: r = put_lit_item(t, e.v, ascii); break;
            case E_CAT: r = put_category(t, e.v, ascii, false); break;
            case E_AT:
                iw = (width){0, 0};
                ik = IT_AT;
                r = e.v == 'A' ? put(t, "\\A") : e.v == 'Z' ? put(t, "\\z") : put_boundary(t, e.v == 'B', ascii);
                break;
            case E_GROUPREF:
                iw = t->gw[e.v];
                r = ev_buf_printf(t->I, t->out, "(?:\\g{%u})", (unsigned)e.v);
                break;
            }
            if (r)
                return -1;
        } else if (!strchr(".\\[{()*+?^$|", (int)(this.c < 128 ? this.c : 'a')) || this.c == 0) {
            if (put_lit_item(t, this.c, ascii))
                return -1;
        } else if (this.c == '[') {
            if (parse_class(t, ascii))
                return -1;
        } else if (this.c == '*' || this.c == '+' || this.c == '?' || this.c == '{') {
            size_t here = tell(t);
            uint64_t mn, mx;
            if (this.c == '?') {
                mn = 0, mx = 1;
            } else if (this.c == '*') {
                mn = 0, mx = MAXREPEAT;
            } else if (this.c == '+') {
                mn = 1, mx = MAXREPEAT;
            } else {
                if (next_is(t, '}')) {
                    if (put_lit(t, '{'))
                        return -1;
                    goto item_done;
                }
                mn = 0, mx = MAXREPEAT;
                char lo[32], hi[32];
                size_t nlo = 0, nhi = 0;
                while (is_digit(t->nx)) {
                    if (nlo < sizeof lo - 1)
                        lo[nlo++] = (char)t->nx.c;
                    else
                        nlo = sizeof lo; /* too large: reported below */
                    if (advance(t))
                        return -1;
                }
                lo[nlo < sizeof lo ? nlo : sizeof lo - 1] = 0;
                int m = match(t, ',');
                if (m < 0)
                    return -1;
                if (m) {
                    while (is_digit(t->nx)) {
                        if (nhi < sizeof hi - 1)
                            hi[nhi++] = (char)t->nx.c;
                        else
                            nhi = sizeof hi;
                        if (advance(t))
                            return -1;
                    }
                    hi[nhi < sizeof hi ? nhi : sizeof hi - 1] = 0;
                } else {
                    memcpy(hi, lo, sizeof lo);
                    nhi = nlo;
                }
                m = match(t, '}');
                if (m < 0)
                    return -1;
                if (!m) {
                    if (put_lit(t, '{'))
                        return -1;
                    seek(t, here);
                    goto item_done;
                }
                if (nlo) {
                    mn = nlo >= 20 ? MAXREPEAT : strtoull(lo, NULL, 10);
                    if (mn >= MAXREPEAT) {
                        ev_raise(t->I, &ev_type_OverflowError, "the repetition number is too large");
                        return -1;
                    }
                }
                if (nhi) {
                    mx = nhi >= 20 ? MAXREPEAT : strtoull(hi, NULL, 10);
                    if (mx >= MAXREPEAT) {
                        ev_raise(t->I, &ev_type_OverflowError, "the repetition number is too large");
                        return -1;
                    }
                    if (mx < mn)
                        return fail_at(t, "min repeat greater than max repeat", tell(t) - here);
                }
            }
            if (last == IT_NONE || last == IT_AT)
                return fail_at(t, "nothing to repeat", tell(t) - here + 1);
            if (last == IT_REPEAT)
                return fail_at(t, "multiple repeat", tell(t) - here + 1);
            int mode = 0;
            int m = match(t, '?');
            if (m < 0)
                return -1;
            if (m)
                mode = 1;
            else if ((m = match(t, '+')) != 0) {
                if (m < 0)
                    return -1;
                mode = 2;
            }
            if (put_repeat(t, mn, mx, mode))
                return -1;
            /* the repeated item's width replaces its plain width */
            w.lo -= lastw.lo;
            w.hi -= lastw.hi;
            lastw = (width){sat_mul(lastw.lo, mn), sat_mul(lastw.hi, mx)};
            w.lo = sat_add(w.lo, lastw.lo);
            w.hi = sat_add(w.hi, lastw.hi);
            last = IT_REPEAT;
            continue;
        } else if (this.c == '.') {
            if (put(t, "."))
                return -1;
        } else if (this.c == '(') {
            size_t start = tell(t) - 1;
            bool capture = true, atomic = false;
            uint32_t *name = NULL;
            size_t nlen = 0;
            int64_t add = 0, del = 0;
            int m = match(t, '?');
            if (m < 0)
                return -1;
            if (m) {
                tok ch;
                if (get(t, &ch))
                    return -1;
                if (ch.len == 0)
                    return fail_at(t, "unexpected end of pattern", 0);
                if (ch.len == 1 && ch.c == 'P') {
                    if ((m = match(t, '<')) != 0) {
                        if (m < 0 || getuntil(t, '>', "group name", &name, &nlen))
                            return -1;
                        if (checkgroupname(t, name, nlen, 1)) {
                            ev_dealloc(t->I, name);
                            return -1;
                        }
                    } else if ((m = match(t, '=')) != 0) {
                        if (m < 0 || getuntil(t, ')', "group name", &name, &nlen))
                            return -1;
                        int r = checkgroupname(t, name, nlen, 1);
                        ev_value *gv = NULL;
                        if (r == 0) {
                            char raw[1024];
                            cps_utf8(name, nlen, raw, sizeof raw);
                            ev_str *key = ev_intern(t->I, raw, strlen(raw));
                            if (!key)
                                r = -1;
                            else if (!(gv = ev_dict_lookup_str(t->groupdict, key)))
                                r = fail_name(t, "unknown group name ", name, nlen, nlen + 1);
                        }
                        if (r == 0 && !checkgroup(t, (uint64_t)gv->u.i))
                            r = fail_at(t, "cannot refer to an open group", nlen + 1);
                        ev_dealloc(t->I, name);
                        if (r || checklookbehindgroup(t, (uint64_t)gv->u.i))
                            return -1;
                        iw = t->gw[gv->u.i];
                        if (ev_buf_printf(t->I, t->out, "(?:\\g{%u})", (unsigned)gv->u.i))
                            return -1;
                        goto item_done;
                    } else {
                        if (get(t, &ch))
                            return -1;
                        if (ch.len == 0)
                            return fail_at(t, "unexpected end of pattern", 0);
                        char tx[16], msg[40];
                        tok_text(ch, tx, sizeof tx);
                        snprintf(msg, sizeof msg, "unknown extension ?P%s", tx);
                        return fail_at(t, msg, (size_t)ch.len + 2);
                    }
                } else if (ch.len == 1 && ch.c == ':') {
                    capture = false;
                } else if (ch.len == 1 && ch.c == '#') {
                    for (;;) {
                        if (t->nx.len == 0)
                            return fail_at(t, "missing ), unterminated comment", tell(t) - start);
                        tok x;
                        if (get(t, &x))
                            return -1;
                        if (x.len == 1 && x.c == ')')
                            break;
                    }
                    continue; /* a comment is no item */
                } else if (ch.len == 1 && (ch.c == '=' || ch.c == '!' || ch.c == '<')) {
                    bool behind = false;
                    int64_t saved = t->lookbehindgroups;
                    if (ch.c == '<') {
                        if (get(t, &ch))
                            return -1;
                        if (ch.len == 0)
                            return fail_at(t, "unexpected end of pattern", 0);
                        if (!(ch.len == 1 && (ch.c == '=' || ch.c == '!'))) {
                            char tx[16], msg[40];
                            tok_text(ch, tx, sizeof tx);
                            snprintf(msg, sizeof msg, "unknown extension ?<%s", tx);
                            return fail_at(t, msg, (size_t)ch.len + 2);
                        }
                        behind = true;
                        if (saved < 0)
                            t->lookbehindgroups = t->ngroups + 1;
                    }
                    if (put(t, behind ? (ch.c == '=' ? "(?<=" : "(?<!") : (ch.c == '=' ? "(?=" : "(?!")))
                        return -1;
                    width aw;
                    if (parse_sub(t, verbose, nested + 1, ascii, &aw))
                        return -1;
                    if (behind && saved < 0)
                        t->lookbehindgroups = -1;
                    if ((m = match(t, ')')) <= 0)
                        return m < 0 ? -1 : fail_at(t, "missing ), unterminated subpattern", tell(t) - start);
                    if (put(t, ")"))
                        return -1;
                    aw = width_cap(aw);
                    if (behind && aw.lo != aw.hi)
                        t->lookbehind_bad = true;
                    iw = (width){0, 0};
                    goto item_done;
                } else if (ch.len == 1 && ch.c == '(') {
                    if (getuntil(t, ')', "group name", &name, &nlen))
                        return -1;
                    uint64_t cg = 0;
                    int r = 0;
                    if (is_identifier(name, nlen)) {
                        char raw[1024];
                        cps_utf8(name, nlen, raw, sizeof raw);
                        ev_str *key = ev_intern(t->I, raw, strlen(raw));
                        ev_value *gv = key ? ev_dict_lookup_str(t->groupdict, key) : NULL;
                        if (!key)
                            r = -1;
                        else if (!gv)
                            r = fail_name(t, "unknown group name ", name, nlen, nlen + 1);
                        else
                            cg = (uint64_t)gv->u.i;
                    } else {
                        bool digits = nlen > 0 && nlen < 19;
                        for (size_t i = 0; i < nlen; i++)
                            if (name[i] < '0' || name[i] > '9')
                                digits = false;
                        for (size_t i = 0; digits && i < nlen; i++)
                            cg = cg * 10 + (name[i] - '0');
                        char msg[64];
                        if (!digits)
                            r = fail_name(t, "bad character in group name ", name, nlen, nlen + 1);
                        else if (cg == 0)
                            r = fail_at(t, "bad group number", nlen + 1);
                        else if (cg >= MAXGROUPS) {
                            snprintf(msg, sizeof msg, "invalid group reference %llu", (unsigned long long)cg);
                            r = fail_at(t, msg, nlen + 1);
                        } else if (cg > t->ngroups) {
                            bool seen = false;
                            for (size_t i = 0; i < t->ngrefs; i++)
                                seen |= t->grefs[i].g == cg;
                            if (!seen) {
                                if (t->ngrefs == t->grefcap) {
                                    size_t cap = t->grefcap ? t->grefcap * 2 : 8;
                                    gref *ng = ev_realloc(t->I, t->grefs, cap * sizeof *ng);
                                    if (!ng) {
                                        ev_raise_nomem(t->I);
                                        r = -1;
                                    } else {
                                        t->grefs = ng;
                                        t->grefcap = cap;
                                    }
                                }
                                if (r == 0)
                                    t->grefs[t->ngrefs++] = (gref){cg, tell(t) - nlen - 1};
                            }
                        }
                    }
                    ev_dealloc(t->I, name);
                    if (r || checklookbehindgroup(t, cg))
                        return -1;
                    if (cg > 65535) {
                        re_raise_error(t->I, "invalid group reference", t->patv, -1);
                        return -1;
                    }
                    if (ev_buf_printf(t->I, t->out, "(?(%u)", (unsigned)cg))
                        return -1;
                    width yw, nw = {0, 0};
                    if (parse(t, verbose, nested + 1, false, ascii, &yw))
                        return -1;
                    bool has_no = false;
                    if ((m = match(t, '|')) != 0) {
                        if (m < 0 || put(t, "|") || parse(t, verbose, nested + 1, false, ascii, &nw))
                            return -1;
                        has_no = true;
                        if (next_is(t, '|'))
                            return fail_at(t, "conditional backref with more than two branches", 0);
                    }
                    if ((m = match(t, ')')) <= 0)
                        return m < 0 ? -1 : fail_at(t, "missing ), unterminated subpattern", tell(t) - start);
                    if (put(t, ")"))
                        return -1;
                    iw.lo = has_no ? (yw.lo < nw.lo ? yw.lo : nw.lo) : 0;
                    iw.hi = has_no && nw.hi > yw.hi ? nw.hi : yw.hi;
                    goto item_done;
                } else if (ch.len == 1 && ch.c == '>') {
                    capture = false;
                    atomic = true;
                } else if (flag_of(ch) || (ch.len == 1 && ch.c == '-')) {
                    int g = parse_flags(t, ch, &add, &del);
                    if (g < 0)
                        return -1;
                    if (g == 1) {
                        if (!first || nitems)
                            return fail_at(t, "global flags not at the start of the expression",
                                           tell(t) - start);
                        verbose = t->flags & RE_VERBOSE;
                        if (t->flags & RE_ASCII)
                            ascii = true;
                        continue;
                    }
                    capture = false;
                } else {
                    char tx[16], msg[40];
                    tok_text(ch, tx, sizeof tx);
                    snprintf(msg, sizeof msg, "unknown extension ?%s", tx);
                    return fail_at(t, msg, (size_t)ch.len + 1);
                }
            }
            uint32_t gid = 0, saved_cur = t->cur_group;
            if (capture) {
                if (open_group(t, &gid)) {
                    ev_dealloc(t->I, name);
                    return -1;
                }
                if (name) {
                    char raw[1024];
                    cps_utf8(name, nlen, raw, sizeof raw);
                    ev_str *key = ev_intern(t->I, raw, strlen(raw));
                    ev_value *old = key ? ev_dict_lookup_str(t->groupdict, key) : NULL;
                    int r = key ? 0 : -1;
                    if (r == 0 && old) {
                        char msg[1200];
                        ev_value rv = ev_repr(t->I, ev_obj_val(&key->h));
                        if (EV_IS_ERR(rv))
                            r = -1;
                        else {
                            snprintf(msg, sizeof msg, "redefinition of group name %s as group %u; was group %lld",
                                     ev_as_str(rv)->data, (unsigned)gid, (long long)old->u.i);
                            ev_decref(t->I, rv);
                            r = fail_at(t, msg, nlen + 1);
                        }
                    } else if (r == 0) {
                        r = ev_dict_set_str(t->I, t->groupdict, key, ev_int(gid));
                    }
                    ev_dealloc(t->I, name);
                    name = NULL;
                    if (r)
                        return -1;
                }
                t->cur_group = gid;
            }
            bool sub_verbose = (verbose || (add & RE_VERBOSE)) && !(del & RE_VERBOSE);
            bool sub_ascii = (add & RE_ASCII) ? true : (add & RE_UNICODE) ? false : ascii;
            int r;
            if (capture)
                r = put(t, "(");
            else if (atomic)
                r = put(t, "(?>");
            else
                r = put_pcre_flags(t, add, del);
            if (r || group_body(t, sub_verbose, nested, sub_ascii, start, &iw))
                return -1;
            t->cur_group = saved_cur;
            if (capture) {
                t->gw[gid] = width_cap(iw);
                t->gclosed[gid] = true;
            }
        } else if (this.c == '^') {
            if (put(t, "^"))
                return -1;
            iw = (width){0, 0};
            ik = IT_AT;
        } else if (this.c == '$') {
            if (put(t, "$"))
                return -1;
            iw = (width){0, 0};
            ik = IT_AT;
        } else {
            if (put_lit(t, this.c))
                return -1;
        }
    item_done:
        w.lo = sat_add(w.lo, iw.lo);
        w.hi = sat_add(w.hi, iw.hi);
        last = ik;
        lastw = iw;
        nitems++;
        if (ev_charge(t->I, 1))
            return -1;
    }
    *wout = width_cap(w);
    return 0;
}

static int parse_sub(tr *t, bool verbose, int nested, bool ascii, width *w)
{
    if (++t->depth > MAX_NEST) {
        ev_raise(t->I, &ev_type_RecursionError,
                 "maximum recursion depth exceeded (a pattern nested more than %d deep)", MAX_NEST);
        return -1;
    }
    width acc = {0, 0};
    bool any = false;
    for (;;) {
        width bw;
        bool br_ascii = ascii || (nested == 0 && (t->flags & RE_ASCII));
        if (parse(t, verbose, nested + 1, nested == 0 && !any, br_ascii, &bw))
            return -1;
        if (!any) {
            acc = bw;
        } else {
            if (bw.lo < acc.lo)
                acc.lo = bw.lo;
            if (bw.hi > acc.hi)
                acc.hi = bw.hi;
        }
        any = true;
        int m = match(t, '|');
        if (m < 0)
            return -1;
        if (!m)
            break;
        if (put(t, "|"))
            return -1;
        if (!nested)
            verbose = t->flags & RE_VERBOSE;
    }
    t->depth--;
    *w = acc;
    return 0;
}

/* ---- entry ----------------------------------------------------------------------------------- */

void re_trans_free(ev_interp *I, re_trans *t)
{
    ev_buf_free(I, &t->out);
    ev_decref(I, t->groupindex);
    t->groupindex = EV_NONE;
    ev_dealloc(I, t->parent);
    t->parent = NULL;
}

int re_translate(ev_interp *I, ev_value patv, int64_t flags, re_trans *out)
{
    memset(out, 0, sizeof *out);
    out->groupindex = EV_NONE;
    tr t;
    memset(&t, 0, sizeof t);
    t.I = I;
    t.patv = patv;
    t.out = &out->out;
    t.flags = flags;
    t.lookbehindgroups = -1;
    t.bytes = !ev_is(patv, EV_O_STR);
    int rc = -1;
    ev_str *pattern = t.bytes ? NULL : ev_as_str(patv);
    size_t nchars = t.bytes ? ev_as_bytes(patv)->len : pattern->nchars;
    t.s = ev_alloc(I, (nchars + 1) * sizeof *t.s);
    if (!t.s) {
        ev_raise_nomem(I);
        return -1;
    }
    if (t.bytes) {
        for (size_t i = 0; i < nchars; i++)
            t.s[t.n++] = ev_as_bytes(patv)->data[i];
    } else {
        utf8proc_ssize_t k = 0;
        const utf8proc_uint8_t *p = (const utf8proc_uint8_t *)pattern->data;
        while ((size_t)k < pattern->len) {
            utf8proc_int32_t c;
            utf8proc_ssize_t m = utf8proc_iterate(p + k, (utf8proc_ssize_t)(pattern->len - (size_t)k), &c);
            if (m <= 0) {
                c = 0xFFFD;
                m = 1;
            }
            t.s[t.n++] = (uint32_t)c;
            k += m;
        }
    }
    ev_value gd = ev_dict_new(I);
    if (EV_IS_ERR(gd))
        goto done;
    out->groupindex = gd;
    t.groupdict = ev_as_dict(gd);
    uint32_t slot;
    if (open_group(&t, &slot) < 0) /* sizes the arrays; slot 0 is group 0 */
        goto done;
    t.ngroups = 0;
    t.gclosed[0] = false;
    t.parent[0] = 0;
    t.gw[0] = (width){0, 0};
    if (advance(&t))
        goto done;
    width w;
    if (parse_sub(&t, flags & RE_VERBOSE, 0, t.bytes || (flags & RE_ASCII) != 0, &w))
        goto done;
    /* fix_flags */
    if (t.bytes) {
        if (t.flags & RE_UNICODE) {
            ev_raise(I, &ev_type_ValueError, "cannot use UNICODE flag with a bytes pattern");
            goto done;
        }
        if ((t.flags & RE_LOCALE) && (t.flags & RE_ASCII)) {
            ev_raise(I, &ev_type_ValueError, "ASCII and LOCALE flags are incompatible");
            goto done;
        }
    } else if (t.flags & RE_LOCALE) {
        ev_raise(I, &ev_type_ValueError, "cannot use LOCALE flag with a str pattern");
        goto done;
    }
    if (!t.bytes && !(t.flags & RE_ASCII))
        t.flags |= RE_UNICODE;
    else if (!t.bytes && (t.flags & RE_UNICODE)) {
        ev_raise(I, &ev_type_ValueError, "ASCII and UNICODE flags are incompatible");
        goto done;
    }
    if (t.nx.len != 0) {
        fail_at(&t, "unbalanced parenthesis", 0);
        goto done;
    }
    for (size_t i = 0; i < t.ngrefs; i++)
        if (t.grefs[i].g > t.ngroups) {
            char msg[64];
            snprintf(msg, sizeof msg, "invalid group reference %llu", (unsigned long long)t.grefs[i].g);
            re_raise_error(I, msg, t.patv, (int64_t)t.grefs[i].pos);
            goto done;
        }
    if (t.lookbehind_bad) {
        re_raise_error(I, "look-behind requires fixed-width pattern", EV_NONE, -1);
        goto done;
    }
    if (ev_buf_put(I, &out->out, "", 1)) /* the NUL, kept out of len */
        goto done;
    out->out.len--;
    out->groups = t.ngroups;
    out->flags = t.flags;
    out->sur_unsafe = t.sur_unsafe;
    out->parent = t.parent;
    t.parent = NULL;
    rc = 0;
done:
    ev_dealloc(I, t.s);
    ev_dealloc(I, t.gw);
    ev_dealloc(I, t.gclosed);
    ev_dealloc(I, t.parent);
    ev_dealloc(I, t.grefs);
    if (rc)
        re_trans_free(I, out);
    return rc;
}
