/* pattern.c - CPython 3.11's errors in match statements that tree-sitter's
 * grammar lets through.
 *
 * tree-sitter parses every case pattern loosely: a bare name as a mapping
 * key, `**rest` before other keys, `a as b as c`, `1 + 2` as a complex
 * literal, `_` as an as-target all come out clean, and nothing in its tree
 * knows that `case x:` before another case makes that case unreachable.
 * CPython refuses them in two places, and so does this file:
 *
 *   - its parser (parse pass): "invalid syntax" at the token where the
 *     grammar stops, "cannot use '_' as a target", "real/imaginary number
 *     required in complex literal"; the first in source order wins, like
 *     every parser error;
 *   - its compiler (compiler_match, compile pass): irrefutable patterns
 *     before the last case or alternative, a name bound twice, alternatives
 *     binding different names, two starred names, duplicate literal keys,
 *     f-strings as patterns.  The compiler reports where its location was
 *     last set, which is the last pattern it began to compile: the same
 *     model is kept here (c->loc).
 *
 * Patterns are runs of sibling nodes: in a union, `-1` is an anonymous '-'
 * and an integer side by side, `_` an anonymous node. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/an_int.h"

#define MAX_STORES 256 /* names bound in one case; past it the checks give up */

typedef struct pname {
    uint32_t s, len;
} pname;

typedef struct psyms {
    TSSymbol match, case_clause, case_pattern, union_p, as_p, dotted, ident, list_p, tuple_p, dict_p, splat_p,
        class_p, keyword_p, complex_p, string, concat, integer, flt, none, true_, false_, if_clause;
    TSFieldId f_key, f_guard;
} psyms;

typedef struct pctx {
    const an_parse *p;
    const an_tokres *tr;
    const an_flat *f;
    psyms y;
    an_diagnosis *perr, *comp;
    /* compile pass */
    uint32_t loc_s, loc_e; /* the compiler's location: the last pattern begun */
    bool allow_irrefutable;
    pname stores[MAX_STORES];
    size_t nstores, store_base;
    bool gave_up;
} pctx;

static void psyms_init(psyms *y)
{
#define S(var, name) y->var = an_symbol(name, strlen(name), true)
    S(match, "match_statement");
    S(case_clause, "case_clause");
    S(case_pattern, "case_pattern");
    S(union_p, "union_pattern");
    S(as_p, "as_pattern");
    S(dotted, "dotted_name");
    S(ident, "identifier");
    S(list_p, "list_pattern");
    S(tuple_p, "tuple_pattern");
    S(dict_p, "dict_pattern");
    S(splat_p, "splat_pattern");
    S(class_p, "class_pattern");
    S(keyword_p, "keyword_pattern");
    S(complex_p, "complex_pattern");
    S(string, "string");
    S(concat, "concatenated_string");
    S(integer, "integer");
    S(flt, "float");
    S(none, "none");
    S(true_, "true");
    S(false_, "false");
    S(if_clause, "if_clause");
#undef S
    y->f_key = an_field("key", 3);
    y->f_guard = an_field("guard", 5);
}

static const char HINT_PATTERN[] =
    "a case pattern matches literals, dotted names (Color.RED), captures, [sequences], {mappings} and Class(...) "
    "patterns; see the match statement in the Python tutorial";
static const char HINT_UNREACHABLE[] =
    "a bare name captures anything: move this case last, add a guard (case x if ...), or match a constant "
    "with a dotted name (case Color.RED)";

static inline TSSymbol SYM(const pctx *c, uint32_t n) { return c->f->v[n].sym; }
static inline bool NAMED(const pctx *c, uint32_t n) { return c->f->v[n].named; }
static inline uint32_t NEXT(const pctx *c, uint32_t n) { return c->f->v[n].next; }
static inline uint32_t BEG(const pctx *c, uint32_t n) { return c->f->v[n].start; }
static inline uint32_t END(const pctx *c, uint32_t n) { return c->f->v[n].end; }

/* an anonymous node whose text is t */
static bool anon_is(const pctx *c, uint32_t n, const char *t)
{
    size_t l = strlen(t);
    return !NAMED(c, n) && END(c, n) - BEG(c, n) == l && memcmp(c->p->src + BEG(c, n), t, l) == 0;
}

/* the token that starts at byte b: its end */
static uint32_t tok_end_at(const pctx *c, uint32_t b)
{
    size_t lo = 0, hi = c->tr->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (c->tr->toks[mid].s < b)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < c->tr->n && c->tr->toks[lo].s == b ? c->tr->toks[lo].e : b + 1;
}

static void parse_error_at(pctx *c, const char *msg, uint32_t b)
{
    an_diagnosis_set(c->perr, msg, HINT_PATTERN, b, tok_end_at(c, b));
}

/* A dotted_name of one part: a capture target (the grammar's bare NAME). */
static bool is_capture(const pctx *c, uint32_t n)
{
    return SYM(c, n) == c->y.dotted && NEXT(c, n + 1) == NEXT(c, n);
}

/* The node after a splat pattern's star ('*x', '**x', '*_'), or AN_NONE */
static uint32_t splat_target(const pctx *c, uint32_t n)
{
    uint32_t star = n + 1;
    return star < NEXT(c, n) && NEXT(c, star) < NEXT(c, n) ? NEXT(c, star) : AN_NONE;
}

static bool text_is(const pctx *c, uint32_t n, const char *t)
{
    size_t l = strlen(t);
    return END(c, n) - BEG(c, n) == l && memcmp(c->p->src + BEG(c, n), t, l) == 0;
}

/* --- the parse pass --------------------------------------------------------------------- */

/* A string literal with an f prefix (in any part of a concatenation) */
static bool is_fstring(const pctx *c, uint32_t n)
{
    if (SYM(c, n) == c->y.concat) {
        for (uint32_t k = n + 1; k < NEXT(c, n); k = NEXT(c, k))
            if (SYM(c, k) == c->y.string && is_fstring(c, k))
                return true;
        return false;
    }
    for (uint32_t i = BEG(c, n); i < END(c, n) && c->p->src[i] != '\'' && c->p->src[i] != '"'; i++)
        if (c->p->src[i] == 'f' || c->p->src[i] == 'F')
            return true;
    return false;
}

static bool imaginary(const pctx *c, uint32_t n)
{
    char last = c->p->src[END(c, n) - 1];
    return last == 'j' || last == 'J';
}

/* Parser errors of one node inside a case pattern (the walk visits every
 * node in source order). */
static void parse_node(pctx *c, uint32_t n)
{
    const psyms *y = &c->y;
    TSSymbol s = SYM(c, n);
    if (s == y->dict_p) {
        bool after_rest = false;
        for (uint32_t k = n + 1; k < NEXT(c, n) && !c->perr->found; k = NEXT(c, k)) {
            if (after_rest && !anon_is(c, k, ",") && !anon_is(c, k, "}")) {
                /* '{' items ',' '**' target ','? '}': nothing after the rest */
                parse_error_at(c, "invalid syntax", BEG(c, k));
            } else if (SYM(c, k) == y->splat_p) {
                after_rest = true;
                uint32_t tg = splat_target(c, k);
                if (tg != AN_NONE && text_is(c, tg, "_")) /* {**_} */
                    parse_error_at(c, "invalid syntax", BEG(c, tg));
            } else if (c->f->v[k].field == y->f_key && is_capture(c, k) && NEXT(c, k) < NEXT(c, n)) {
                /* a key is a literal or a dotted name: the parser read
                 * the name as the start of one and stops after it */
                parse_error_at(c, "invalid syntax", BEG(c, NEXT(c, k)));
            }
        }
    } else if (s == y->as_p) {
        uint32_t inner = n + 1, as = NEXT(c, inner), target = as < NEXT(c, n) ? NEXT(c, as) : AN_NONE;
        /* `a as b as c`: an as-pattern is an or-pattern 'as' a name, so a
         * second 'as' needs parentheses around the first */
        if (SYM(c, inner) == y->case_pattern && inner + 1 < NEXT(c, inner) && SYM(c, inner + 1) == y->as_p &&
            BEG(c, inner + 1) == BEG(c, inner) && anon_is(c, as, "as"))
            parse_error_at(c, "invalid syntax", BEG(c, as));
        else if (target != AN_NONE && text_is(c, target, "_"))
            an_diagnosis_set(c->perr, "cannot use '_' as a target", "name the value (case [x, y] as pair) or leave out 'as'",
                  BEG(c, target), END(c, target));
    } else if (s == y->complex_p) {
        uint32_t left = AN_NONE, right = AN_NONE;
        for (uint32_t k = n + 1; k < NEXT(c, n); k = NEXT(c, k))
            if (NAMED(c, k))
                *(left == AN_NONE ? &left : &right) = k;
        if (left != AN_NONE && imaginary(c, left))
            an_diagnosis_set(c->perr, "real number required in complex literal", HINT_PATTERN, BEG(c, left), END(c, left));
        else if (right != AN_NONE && !imaginary(c, right))
            an_diagnosis_set(c->perr, "imaginary number required in complex literal", HINT_PATTERN, BEG(c, right),
                  END(c, right));
    }
}

/* --- literal keys (compiler_pattern_mapping's duplicate check) --------------------------- */

typedef struct pkey {
    enum { K_NUM, K_STR, K_BYTES, K_NONE } kind;
    bool exact;     /* an int that fits: iv */
    int64_t iv;
    double dv, im;  /* K_NUM: the value as a complex number (im 0 for a real) */
    char *text;     /* K_STR/K_BYTES: the value; owned */
    size_t len;
    char repr[96];
} pkey;

static void key_free(pkey *k)
{
    free(k->text);
    k->text = NULL;
}

/* Python's repr of a float (the shortest round trip) */
static void float_repr(double v, char *out, size_t cap)
{
    char buf[40];
    int prec = 1;
    for (; prec <= 17; prec++) {
        snprintf(buf, sizeof buf, "%.*e", prec - 1, v);
        if (strtod(buf, NULL) == v)
            break;
    }
    /* buf: [-]d[.ddd]e[+-]XX */
    char digits[24];
    size_t nd = 0;
    const char *q = buf;
    bool neg = *q == '-';
    if (neg)
        q++;
    for (; *q && *q != 'e'; q++)
        if (*q != '.' && nd < sizeof digits - 1)
            digits[nd++] = *q;
    digits[nd] = '\0';
    int exp = atoi(q + 1);
    while (nd > 1 && digits[nd - 1] == '0')
        digits[--nd] = '\0';
    size_t o = 0;
#define PUT(ch) (o + 1 < cap ? (void)(out[o++] = (ch)) : (void)0)
    if (neg)
        PUT('-');
    if (exp >= -4 && exp < 16) {
        if (exp < 0) {
            PUT('0');
            PUT('.');
            for (int z = 0; z < -exp - 1; z++)
                PUT('0');
            for (size_t i = 0; i < nd; i++)
                PUT(digits[i]);
        } else {
            for (int i = 0; i <= exp; i++)
                PUT((size_t)i < nd ? digits[i] : '0');
            PUT('.');
            if ((size_t)exp + 1 < nd)
                for (size_t i = (size_t)exp + 1; i < nd; i++)
                    PUT(digits[i]);
            else
                PUT('0');
        }
        out[o] = '\0';
    } else {
        PUT(digits[0]);
        if (nd > 1) {
            PUT('.');
            for (size_t i = 1; i < nd; i++)
                PUT(digits[i]);
        }
        out[o] = '\0';
        snprintf(out + o, cap - o, "e%c%02d", exp < 0 ? '-' : '+', exp < 0 ? -exp : exp);
    }
#undef PUT
}

/* repr of a float as format 'r' gives it: no ".0" added */
static void float_r(double v, char *out, size_t cap)
{
    float_repr(v, out, cap);
    size_t l = strlen(out);
    if (l > 2 && strcmp(out + l - 2, ".0") == 0)
        out[l - 2] = '\0';
}

/* complex.__repr__: 1j, (1+2j), (-0-1j) */
static void complex_repr(double re, double im, char *out, size_t cap)
{
    char r[48], i[48];
    float_r(im, i, sizeof i);
    if (re == 0 && !signbit(re)) {
        snprintf(out, cap, "%sj", i);
        return;
    }
    float_r(re, r, sizeof r);
    snprintf(out, cap, "(%s%s%sj)", r, i[0] == '-' ? "" : "+", i);
}

/* A number literal's value; false when it is beyond what this check reads
 * exactly (complex, an int past 63 bits): such a key is left alone. */
static bool number_key(const pctx *c, uint32_t n, bool neg, pkey *k)
{
    char buf[128];
    size_t l = 0;
    for (uint32_t i = BEG(c, n); i < END(c, n); i++)
        if (c->p->src[i] != '_') {
            if (l + 1 >= sizeof buf)
                return false;
            buf[l++] = c->p->src[i];
        }
    buf[l] = '\0';
    if (l == 0)
        return false;
    k->kind = K_NUM;
    if (buf[l - 1] == 'j' || buf[l - 1] == 'J') {
        /* an imaginary literal: 0j + N, negated as a complex (-0.0 real) */
        buf[l - 1] = '\0';
        k->exact = false;
        k->dv = neg ? -0.0 : 0.0;
        k->im = strtod(buf, NULL);
        if (neg)
            k->im = -k->im;
        complex_repr(k->dv, k->im, k->repr, sizeof k->repr);
        return true;
    }
    if (SYM(c, n) == c->y.integer) {
        int base = 10;
        const char *d = buf;
        if (buf[0] == '0' && (buf[1] == 'x' || buf[1] == 'X'))
            base = 16, d += 2;
        else if (buf[0] == '0' && (buf[1] == 'o' || buf[1] == 'O'))
            base = 8, d += 2;
        else if (buf[0] == '0' && (buf[1] == 'b' || buf[1] == 'B'))
            base = 2, d += 2;
        char *end;
        unsigned long long u = strtoull(d, &end, base);
        if (*end || u > (unsigned long long)INT64_MAX)
            return false;
        k->exact = true;
        k->iv = neg ? -(int64_t)u : (int64_t)u;
        k->dv = (double)k->iv;
        snprintf(k->repr, sizeof k->repr, "%lld", (long long)k->iv);
        return true;
    }
    k->exact = false;
    k->dv = strtod(buf, NULL);
    if (neg)
        k->dv = -k->dv;
    float_repr(k->dv, k->repr, sizeof k->repr);
    return true;
}

/* Python's repr of a str or bytes value made of printable ASCII (false for
 * anything else: such a key is left alone) */
static bool text_repr(const char *s, size_t len, bool bytes, char *out, size_t cap)
{
    bool sq = memchr(s, '\'', len) != NULL, dq = memchr(s, '"', len) != NULL;
    char q = sq && !dq ? '"' : '\'';
    size_t o = 0;
    if (bytes)
        out[o++] = 'b';
    out[o++] = q;
    for (size_t i = 0; i < len; i++) {
        unsigned char ch = (unsigned char)s[i];
        const char *esc = ch == '\\' ? "\\\\" : ch == '\n' ? "\\n" : ch == '\t' ? "\\t" : ch == '\r' ? "\\r"
                        : ch == (unsigned char)q ? (q == '\'' ? "\\'" : "\\\"") : NULL;
        char hex[5];
        if (!esc && (ch < 0x20 || ch == 0x7f)) {
            snprintf(hex, sizeof hex, "\\x%02x", ch);
            esc = hex;
        }
        if (!esc && ch >= 0x80)
            return false;
        size_t el = esc ? strlen(esc) : 1;
        if (o + el + 3 > cap)
            return false;
        if (esc)
            memcpy(out + o, esc, el);
        else
            out[o] = (char)ch;
        o += el;
    }
    out[o++] = q;
    out[o] = '\0';
    return true;
}

static int hexval(char ch)
{
    return ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10 : -1;
}

/* Appends the value of one string literal node to *k; false when it uses
 * an escape this check does not read (\N{...}, \u, octal...). */
static bool string_part(const pctx *c, uint32_t n, pkey *k, int *bytes)
{
    const char *s = c->p->src + BEG(c, n), *e = c->p->src + END(c, n);
    bool raw = false, b = false;
    while (s < e && *s != '\'' && *s != '"') {
        raw |= *s == 'r' || *s == 'R';
        b |= *s == 'b' || *s == 'B';
        s++;
    }
    size_t ql = e - s >= 6 && s[0] == s[1] && s[1] == s[2] ? 3 : 1;
    if ((size_t)(e - s) < 2 * ql)
        return false;
    s += ql;
    e -= ql;
    if (*bytes >= 0 && *bytes != (int)b)
        return false;
    *bytes = b;
    char *t = realloc(k->text, k->len + (size_t)(e - s) + 1);
    if (!t)
        return false;
    k->text = t;
    for (; s < e; s++) {
        char ch = *s;
        if (ch == '\\' && !raw) {
            if (++s >= e)
                return false;
            switch (*s) {
            case '\\': ch = '\\'; break;
            case '\'': ch = '\''; break;
            case '"': ch = '"'; break;
            case 'n': ch = '\n'; break;
            case 't': ch = '\t'; break;
            case 'r': ch = '\r'; break;
            case 'a': ch = '\a'; break;
            case 'b': ch = '\b'; break;
            case 'f': ch = '\f'; break;
            case 'v': ch = '\v'; break;
            case '\n': continue;
            case 'x': {
                int h1 = s + 1 < e ? hexval(s[1]) : -1, h2 = s + 2 < e ? hexval(s[2]) : -1;
                if (h1 < 0 || h2 < 0 || (!b && h1 * 16 + h2 >= 0x80))
                    return false;
                ch = (char)(h1 * 16 + h2);
                s += 2;
                break;
            }
            default:
                return false;
            }
        }
        k->text[k->len++] = ch;
    }
    return true;
}

/* The constant a mapping key stands for; false: not one this check reads */
static bool key_of(const pctx *c, uint32_t first, uint32_t end, pkey *k)
{
    const psyms *y = &c->y;
    memset(k, 0, sizeof *k);
    bool neg = anon_is(c, first, "-");
    uint32_t n = neg ? NEXT(c, first) : first;
    if (n >= end || NEXT(c, n) != end)
        return false;
    TSSymbol s = SYM(c, n);
    if (s == y->integer || s == y->flt)
        return number_key(c, n, neg, k);
    if (s == y->complex_p && !neg) {
        /* [-]real (+|-) imag, folded as CPython adds a real and a complex */
        uint32_t part[2] = {AN_NONE, AN_NONE}, np = 0;
        bool rneg = false, minus = false;
        for (uint32_t q = n + 1; q < NEXT(c, n); q = NEXT(c, q)) {
            if (NAMED(c, q) && np < 2)
                part[np++] = q;
            else if (anon_is(c, q, "-"))
                *(np == 0 ? &rneg : &minus) = true;
        }
        pkey rk = {0}, ik = {0};
        if (np != 2 || !number_key(c, part[0], rneg, &rk) || rk.im != 0 || !number_key(c, part[1], false, &ik))
            return false;
        double rv = rk.exact ? (double)rk.iv : rk.dv;
        k->kind = K_NUM;
        k->exact = false;
        k->dv = minus ? rv - 0.0 : rv + 0.0;
        k->im = minus ? 0.0 - ik.im : 0.0 + ik.im;
        complex_repr(k->dv, k->im, k->repr, sizeof k->repr);
        return true;
    }
    if (s == y->none) {
        k->kind = K_NONE;
        snprintf(k->repr, sizeof k->repr, "None");
        return true;
    }
    if (s == y->true_ || s == y->false_) {
        k->kind = K_NUM;
        k->exact = true;
        k->iv = s == y->true_;
        k->dv = (double)k->iv;
        snprintf(k->repr, sizeof k->repr, "%s", k->iv ? "True" : "False");
        return true;
    }
    if ((s == y->string || s == y->concat) && !is_fstring(c, n)) {
        int bytes = -1;
        bool ok = true;
        if (s == y->string)
            ok = string_part(c, n, k, &bytes);
        else
            for (uint32_t p = n + 1; ok && p < NEXT(c, n); p = NEXT(c, p))
                if (SYM(c, p) == y->string)
                    ok = string_part(c, p, k, &bytes);
        k->kind = bytes == 1 ? K_BYTES : K_STR;
        if (ok && text_repr(k->text ? k->text : "", k->len, bytes == 1, k->repr, sizeof k->repr))
            return true;
        key_free(k);
    }
    return false;
}

static bool key_eq(const pkey *a, const pkey *b)
{
    if (a->kind != b->kind)
        return false;
    switch (a->kind) {
    case K_NONE:
        return true;
    case K_STR:
    case K_BYTES:
        return a->len == b->len && (a->len == 0 || memcmp(a->text, b->text, a->len) == 0);
    case K_NUM:
        if (a->exact && b->exact)
            return a->iv == b->iv;
        if (a->im != b->im)
            return false;
        if ((a->exact && (a->iv > (1LL << 53) || a->iv < -(1LL << 53))) ||
            (b->exact && (b->iv > (1LL << 53) || b->iv < -(1LL << 53))))
            return false;
        return a->dv == b->dv;
    }
    return false;
}

/* --- the compile pass -------------------------------------------------------------------- */

static void comp_error(pctx *c, const char *msg, const char *hint)
{
    an_diagnosis_set(c->comp, msg, hint, c->loc_s, c->loc_e);
}

static void set_loc(pctx *c, uint32_t s, uint32_t e)
{
    c->loc_s = s;
    c->loc_e = e;
}

static void store_name(pctx *c, uint32_t s, uint32_t len)
{
    for (size_t i = c->store_base; i < c->nstores; i++)
        if (c->stores[i].len == len && memcmp(c->p->src + c->stores[i].s, c->p->src + s, len) == 0) {
            char msg[160];
            snprintf(msg, sizeof msg, "multiple assignments to name '%.*s' in pattern", (int)(len > 100 ? 100 : len),
                     c->p->src + s);
            comp_error(c, msg, "bind each name once in a pattern; compare the parts in a guard (case [a, b] if a == b)");
            return;
        }
    if (c->nstores == MAX_STORES) {
        c->gave_up = true;
        return;
    }
    c->stores[c->nstores++] = (pname){s, len};
}

static void compile_node(pctx *c, uint32_t n, int depth);

/* A pattern as a run of siblings [first, end): '_', '-' number, or one node. */
static void compile_run(pctx *c, uint32_t first, uint32_t end, int depth)
{
    if (first >= end || c->comp->found || c->gave_up)
        return;
    if (anon_is(c, first, "_") && NEXT(c, first) == end) {
        set_loc(c, BEG(c, first), END(c, first));
        if (!c->allow_irrefutable)
            comp_error(c, "wildcard makes remaining patterns unreachable", HINT_UNREACHABLE);
        return;
    }
    if (anon_is(c, first, "-")) {
        set_loc(c, BEG(c, first), END(c, end - 1 > first ? end - 1 : first));
        return; /* a negative number */
    }
    compile_node(c, first, depth);
}

static void compile_sub(pctx *c, uint32_t first, uint32_t end, int depth)
{
    bool allow = c->allow_irrefutable;
    c->allow_irrefutable = true;
    compile_run(c, first, end, depth);
    c->allow_irrefutable = allow;
}

/* A sequence of element nodes (case_pattern each) in [first, end) of the
 * node spanning [s, e): one starred name at most. */
static void compile_sequence(pctx *c, uint32_t first, uint32_t end, uint32_t s, uint32_t e, int depth)
{
    set_loc(c, s, e);
    int stars = 0;
    for (uint32_t k = first; k < end; k = NEXT(c, k))
        if (SYM(c, k) == c->y.case_pattern && k + 1 < NEXT(c, k) && SYM(c, k + 1) == c->y.splat_p)
            stars++;
    if (stars > 1) {
        comp_error(c, "multiple starred names in sequence pattern", "a sequence pattern takes one *rest at most");
        return;
    }
    for (uint32_t k = first; k < end; k = NEXT(c, k))
        if (SYM(c, k) == c->y.case_pattern)
            compile_sub(c, k, NEXT(c, k), depth + 1);
}

static void compile_mapping(pctx *c, uint32_t n, int depth)
{
    const psyms *y = &c->y;
    set_loc(c, BEG(c, n), END(c, n));
    /* keys first: literals, no two equal, or dotted names */
    pkey seen[64];
    size_t nseen = 0;
    bool stop = false;
    for (uint32_t k = n + 1; k < NEXT(c, n) && !stop; k = NEXT(c, k)) {
        if (c->f->v[k].field != y->f_key)
            continue;
        uint32_t kend = NEXT(c, k), at = k;
        if (anon_is(c, k, "-")) { /* '-' and the number are both the key */
            k = kend;
            kend = NEXT(c, kend);
        }
        if ((SYM(c, k) == y->string || SYM(c, k) == y->concat) && is_fstring(c, k)) {
            comp_error(c, "mapping pattern keys may only match literals and attribute lookups", HINT_PATTERN);
            stop = true;
            continue;
        }
        pkey key;
        if (!key_of(c, at, kend, &key))
            continue;
        for (size_t i = 0; i < nseen && !stop; i++)
            if (key_eq(&seen[i], &key)) {
                char msg[160];
                snprintf(msg, sizeof msg, "mapping pattern checks duplicate key (%s)", key.repr);
                comp_error(c, msg, "each key appears once in a mapping pattern");
                stop = true;
            }
        if (!stop && nseen < sizeof seen / sizeof *seen)
            seen[nseen++] = key;
        else
            key_free(&key);
    }
    for (size_t i = 0; i < nseen; i++)
        key_free(&seen[i]);
    if (stop)
        return;
    uint32_t rest = AN_NONE;
    for (uint32_t k = n + 1; k < NEXT(c, n); k = NEXT(c, k)) {
        if (SYM(c, k) == y->case_pattern)
            compile_sub(c, k, NEXT(c, k), depth + 1);
        else if (SYM(c, k) == y->splat_p)
            rest = k;
    }
    uint32_t tg = rest != AN_NONE ? splat_target(c, rest) : AN_NONE;
    if (tg != AN_NONE && SYM(c, tg) == y->ident)
        store_name(c, BEG(c, tg), END(c, tg) - BEG(c, tg));
}

/* The value of keyword pattern kw (name '=' value): [*first, *end) */
static bool kw_value(const pctx *c, uint32_t kw, uint32_t *first, uint32_t *end)
{
    uint32_t eq = NEXT(c, kw + 1);
    if (eq >= NEXT(c, kw) || !anon_is(c, eq, "="))
        return false;
    *first = NEXT(c, eq);
    *end = NEXT(c, kw);
    return *first < *end;
}

static void compile_class(pctx *c, uint32_t n, int depth)
{
    const psyms *y = &c->y;
    set_loc(c, BEG(c, n), END(c, n));
    /* validate_kwd_attrs: a keyword named twice, placed at its pattern */
    for (uint32_t k = NEXT(c, n + 1); k < NEXT(c, n); k = NEXT(c, k)) {
        if (SYM(c, k) != y->case_pattern || k + 1 >= NEXT(c, k) || SYM(c, k + 1) != y->keyword_p)
            continue;
        uint32_t name = k + 2, vf, ve;
        for (uint32_t j = NEXT(c, k); j < NEXT(c, n); j = NEXT(c, j)) {
            if (SYM(c, j) != y->case_pattern || j + 1 >= NEXT(c, j) || SYM(c, j + 1) != y->keyword_p)
                continue;
            uint32_t other = j + 2;
            if (END(c, other) - BEG(c, other) == END(c, name) - BEG(c, name) &&
                memcmp(c->p->src + BEG(c, other), c->p->src + BEG(c, name), END(c, name) - BEG(c, name)) == 0 &&
                kw_value(c, j + 1, &vf, &ve)) {
                char msg[160];
                uint32_t l = END(c, name) - BEG(c, name);
                snprintf(msg, sizeof msg, "attribute name repeated in class pattern: %.*s", (int)(l > 100 ? 100 : l),
                         c->p->src + BEG(c, name));
                set_loc(c, BEG(c, vf), END(c, ve - 1 > vf ? ve - 1 : vf));
                comp_error(c, msg, "name each attribute once in a class pattern");
                return;
            }
        }
    }
    for (uint32_t k = NEXT(c, n + 1); k < NEXT(c, n); k = NEXT(c, k)) {
        if (SYM(c, k) != y->case_pattern)
            continue;
        uint32_t kw = k + 1, vf, ve;
        if (kw < NEXT(c, k) && SYM(c, kw) == y->keyword_p) {
            if (kw_value(c, kw, &vf, &ve))
                compile_sub(c, vf, ve, depth + 1);
        } else {
            compile_sub(c, k, NEXT(c, k), depth + 1);
        }
    }
}

/* or-patterns: every alternative binds the same names; only the last may
 * be irrefutable, and only when the whole may (compiler_pattern_or) */
static void compile_union(pctx *c, uint32_t n, int depth)
{
    set_loc(c, BEG(c, n), END(c, n));
    bool allow = c->allow_irrefutable;
    size_t outer_base = c->store_base, mark = c->nstores;
    pname control[MAX_STORES];
    size_t ncontrol = 0;
    bool first_alt = true;
    uint32_t a = n + 1;
    while (a < NEXT(c, n) && !c->comp->found && !c->gave_up) {
        uint32_t e = a;
        while (e < NEXT(c, n) && !anon_is(c, e, "|"))
            e = NEXT(c, e);
        bool last = e >= NEXT(c, n);
        c->store_base = c->nstores = mark;
        c->allow_irrefutable = last && allow;
        compile_run(c, a, e, depth + 1);
        if (c->comp->found || c->gave_up)
            break;
        if (first_alt) {
            ncontrol = c->nstores - mark;
            memcpy(control, c->stores + mark, ncontrol * sizeof *control);
            first_alt = false;
        } else {
            bool same = c->nstores - mark == ncontrol;
            for (size_t i = 0; same && i < ncontrol; i++) {
                bool found = false;
                for (size_t j = mark; j < c->nstores && !found; j++)
                    found = c->stores[j].len == control[i].len &&
                            memcmp(c->p->src + c->stores[j].s, c->p->src + control[i].s, control[i].len) == 0;
                same = found;
            }
            if (!same)
                comp_error(c, "alternative patterns bind different names",
                           "bind the same names in every alternative of '|', or split them into separate cases");
        }
        a = last ? e : NEXT(c, e);
    }
    c->nstores = mark;
    c->store_base = outer_base;
    c->allow_irrefutable = allow;
    for (size_t i = 0; i < ncontrol && !c->comp->found && !c->gave_up; i++)
        store_name(c, control[i].s, control[i].len);
}

static void compile_node(pctx *c, uint32_t n, int depth)
{
    const psyms *y = &c->y;
    if (depth > AN_MAX_TREE_DEPTH || c->comp->found || c->gave_up) {
        c->gave_up = c->gave_up || depth > AN_MAX_TREE_DEPTH;
        return;
    }
    TSSymbol s = SYM(c, n);
    if (s == y->case_pattern) {
        compile_run(c, n + 1, NEXT(c, n), depth + 1);
    } else if (s == y->union_p) {
        compile_union(c, n, depth);
    } else if (s == y->as_p) {
        set_loc(c, BEG(c, n), END(c, n));
        uint32_t inner = n + 1, as = NEXT(c, inner), target = as < NEXT(c, n) ? NEXT(c, as) : AN_NONE;
        if (SYM(c, inner) == y->case_pattern)
            compile_node(c, inner, depth + 1);
        if (target != AN_NONE && SYM(c, target) == y->ident && !c->comp->found)
            store_name(c, BEG(c, target), END(c, target) - BEG(c, target));
    } else if (s == y->dotted) {
        set_loc(c, BEG(c, n), END(c, n));
        if (!is_capture(c, n))
            return; /* a value pattern */
        if (!c->allow_irrefutable) {
            char msg[160];
            uint32_t l = END(c, n) - BEG(c, n);
            snprintf(msg, sizeof msg, "name capture '%.*s' makes remaining patterns unreachable",
                     (int)(l > 100 ? 100 : l), c->p->src + BEG(c, n));
            comp_error(c, msg, HINT_UNREACHABLE);
            return;
        }
        store_name(c, BEG(c, n), END(c, n) - BEG(c, n));
    } else if (s == y->splat_p) {
        set_loc(c, BEG(c, n), END(c, n));
        uint32_t tg = splat_target(c, n);
        if (tg != AN_NONE && SYM(c, tg) == y->ident)
            store_name(c, BEG(c, tg), END(c, tg) - BEG(c, tg));
    } else if (s == y->list_p) {
        compile_sequence(c, n + 1, NEXT(c, n), BEG(c, n), END(c, n), depth);
    } else if (s == y->tuple_p) {
        /* (p) is p itself; (p,) and (p, q) are sequences */
        uint32_t elems = 0;
        bool comma = false;
        for (uint32_t k = n + 1; k < NEXT(c, n); k = NEXT(c, k)) {
            elems += SYM(c, k) == y->case_pattern;
            comma |= anon_is(c, k, ",");
        }
        if (elems == 1 && !comma) {
            set_loc(c, BEG(c, n), END(c, n));
            for (uint32_t k = n + 1; k < NEXT(c, n); k = NEXT(c, k))
                if (SYM(c, k) == y->case_pattern)
                    compile_node(c, k, depth + 1);
        } else {
            compile_sequence(c, n + 1, NEXT(c, n), BEG(c, n), END(c, n), depth);
        }
    } else if (s == y->dict_p) {
        compile_mapping(c, n, depth);
    } else if (s == y->class_p) {
        compile_class(c, n, depth);
    } else {
        set_loc(c, BEG(c, n), END(c, n));
        if ((s == y->string || s == y->concat) && is_fstring(c, n))
            comp_error(c, "patterns may only match literals and attribute lookups", HINT_PATTERN);
    }
}

/* Is the case's pattern a bare wildcard (WILDCARD_CHECK), groups unwrapped? */
static bool is_wildcard(const pctx *c, uint32_t first, uint32_t end)
{
    for (int guard = 0; guard < 64 && first < end; guard++) {
        if (anon_is(c, first, "_"))
            return NEXT(c, first) == end;
        if (NEXT(c, first) != end)
            return false;
        TSSymbol s = SYM(c, first);
        if (s == c->y.case_pattern) {
            end = NEXT(c, first);
            first = first + 1;
        } else if (s == c->y.tuple_p) {
            uint32_t only = AN_NONE;
            int elems = 0;
            for (uint32_t k = first + 1; k < NEXT(c, first); k = NEXT(c, k)) {
                if (anon_is(c, k, ","))
                    return false;
                if (SYM(c, k) == c->y.case_pattern) {
                    only = k;
                    elems++;
                }
            }
            if (elems != 1)
                return false;
            first = only + 1;
            end = NEXT(c, only);
        } else {
            return false;
        }
    }
    return false;
}

/* The pattern of a case clause: [first, end) of its children, which hold
 * one case_pattern, or several for an open sequence (case a, *rest:). */
static void case_span(const pctx *c, uint32_t cl, uint32_t *first, uint32_t *end, int *npat, uint32_t *guard)
{
    *first = AN_NONE;
    *end = AN_NONE;
    *npat = 0;
    *guard = AN_NONE;
    for (uint32_t k = cl + 1; k < NEXT(c, cl); k = NEXT(c, k)) {
        if (SYM(c, k) == c->y.case_pattern) {
            if (*first == AN_NONE)
                *first = k;
            *end = NEXT(c, k);
            ++*npat;
        } else if (c->f->v[k].field == c->y.f_guard || SYM(c, k) == c->y.if_clause) {
            *guard = k;
        }
    }
}

static void compile_match(pctx *c, uint32_t m)
{
    uint32_t cases[4096];
    size_t n = 0;
    for (uint32_t k = m + 1; k < NEXT(c, m); k++) /* the clauses sit in the body block */
        if (SYM(c, k) == c->y.case_clause && c->f->v[k].parent != AN_NONE &&
            c->f->v[c->f->v[k].parent].parent == m) {
            if (n == sizeof cases / sizeof *cases) {
                c->gave_up = true;
                return;
            }
            cases[n++] = k;
            k = NEXT(c, k) - 1;
        }
    if (n == 0)
        return;
    uint32_t first, end, guard;
    int npat;
    case_span(c, cases[n - 1], &first, &end, &npat, &guard);
    bool has_default = n > 1 && npat == 1 && is_wildcard(c, first, end);
    for (size_t i = 0; i < n - has_default && !c->comp->found && !c->gave_up; i++) {
        case_span(c, cases[i], &first, &end, &npat, &guard);
        if (first == AN_NONE)
            continue;
        c->nstores = c->store_base = 0;
        c->allow_irrefutable = guard != AN_NONE || i == n - 1;
        if (npat > 1) /* an open sequence: case a, *rest: */
            compile_sequence(c, first, end, BEG(c, first), END(c, end - 1 > first ? end - 1 : first), 0);
        else
            compile_node(c, first, 0);
    }
}

an_status an_pattern_check(const an_parse *p, const an_tokres *tr, an_diagnosis *perr, an_diagnosis *comp)
{
    memset(perr, 0, sizeof *perr);
    memset(comp, 0, sizeof *comp);
    bool any = false;
    for (size_t i = 0; i < tr->n && !any; i++)
        any = tr->toks[i].kind == AN_TK_NAME && tr->toks[i].e - tr->toks[i].s == 4 &&
              memcmp(p->src + tr->toks[i].s, "case", 4) == 0;
    if (!any || p->nflat != an_parse_nroots(p))
        return AN_OK;
    pctx *c = calloc(1, sizeof *c);
    if (!c)
        return AN_ENOMEM;
    c->p = p;
    c->tr = tr;
    c->perr = perr;
    c->comp = comp;
    psyms_init(&c->y);
    for (size_t r = 0; r < p->nflat; r++) {
        c->f = &p->flat[r];
        /* the parser's errors anywhere in a case pattern, in source order */
        for (uint32_t n = 0; n < c->f->n && !perr->found; n++) {
            if (SYM(c, n) != c->y.case_clause)
                continue;
            for (uint32_t k = n + 1; k < NEXT(c, n) && !perr->found; k++) {
                if (c->f->v[k].field == c->y.f_guard || SYM(c, k) == c->y.if_clause) {
                    k = NEXT(c, k) - 1; /* the guard and the body are expressions and statements */
                    continue;
                }
                if (SYM(c, k) == c->y.case_pattern || c->f->v[k].depth > c->f->v[n].depth + 1)
                    parse_node(c, k);
                else if (c->f->v[k].named && SYM(c, k) != c->y.case_pattern)
                    k = NEXT(c, k) - 1; /* the body */
            }
        }
        /* CPython compiles case i's pattern, then its body (where a match
         * may nest), then case i + 1: its first error is the earliest */
        for (uint32_t n = 0; n < c->f->n && !c->gave_up; n++) {
            if (SYM(c, n) != c->y.match)
                continue;
            an_diagnosis one = {0};
            c->comp = &one;
            compile_match(c, n);
            if (one.found && (!comp->found || one.at < comp->at))
                *comp = one;
            c->comp = comp;
        }
    }
    free(c);
    return AN_OK;
}
