/* Float repr and the format-spec mini-language, CPython 3.11-exact.
 *
 * The layout code is a close port of CPython's Python/formatter_unicode.c
 * (parse_internal_render_format_spec, calc_number_widths, fill_number,
 * _PyUnicode_InsertThousandsGrouping) and Python/pystrtod.c
 * (format_float_short).  Instead of David Gay's dtoa we get digits from glibc's
 * printf, which is correctly rounded (round-half-even on the exact binary
 * value), and find the shortest round-trip digits by trying 1..17 digits. */
#include "evaluator/numfmt.h"

#include <limits.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <utf8proc.h>

#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))

/* ---- growable buffer ---------------------------------------------------- */

void ev_sbuf_init(ev_sbuf *b, size_t max)
{
    b->data = NULL;
    b->len = b->cap = 0;
    b->max = max;
}

void ev_sbuf_free(ev_sbuf *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

ev_nf_status ev_sbuf_reserve(ev_sbuf *b, size_t extra)
{
    if (extra > b->max || b->len > b->max - extra)
        return EV_NF_TOO_BIG;
    size_t need = b->len + extra + 1;   /* keep room for a NUL */
    if (need <= b->cap)
        return EV_NF_OK;
    size_t cap = b->cap ? b->cap : 32;
    while (cap < need)
        cap = cap > SIZE_MAX / 2 ? need : cap * 2;
    char *p = realloc(b->data, cap);
    if (!p)
        return EV_NF_NOMEM;
    b->data = p;
    b->cap = cap;
    return EV_NF_OK;
}

ev_nf_status ev_sbuf_append(ev_sbuf *b, const char *s, size_t n)
{
    ev_nf_status st = ev_sbuf_reserve(b, n);
    if (st != EV_NF_OK)
        return st;
    if (n)
        memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
    return EV_NF_OK;
}

/* ---- UTF-8 and Unicode properties --------------------------------------- */

uint32_t ev_nf_utf8_next(const char *s, size_t len, size_t *i)
{
    const unsigned char *p = (const unsigned char *)s + *i;
    size_t left = len - *i;
    uint32_t c = p[0];
    size_t n;
    if (c < 0x80) {
        *i += 1;
        return c;
    }
    if (c >= 0xC2 && c <= 0xDF) { n = 2; c &= 0x1F; }
    else if (c >= 0xE0 && c <= 0xEF) { n = 3; c &= 0x0F; }
    else if (c >= 0xF0 && c <= 0xF4) { n = 4; c &= 0x07; }
    else goto bad;
    if (left < n)
        goto bad;
    for (size_t k = 1; k < n; k++) {
        if ((p[k] & 0xC0) != 0x80)
            goto bad;
        c = (c << 6) | (p[k] & 0x3F);
    }
    /* Surrogates are let through: the evaluator may carry them (WTF-8). */
    if ((n == 3 && c < 0x800) || (n == 4 && (c < 0x10000 || c > 0x10FFFF)))
        goto bad;
    *i += n;
    return c;
bad:
    *i += 1;
    return 0xFFFD;
}

static size_t utf8_put(char *dst, uint32_t c)
{
    if (c < 0x80) { dst[0] = (char)c; return 1; }
    if (c < 0x800) {
        dst[0] = (char)(0xC0 | (c >> 6));
        dst[1] = (char)(0x80 | (c & 0x3F));
        return 2;
    }
    if (c < 0x10000) {
        dst[0] = (char)(0xE0 | (c >> 12));
        dst[1] = (char)(0x80 | ((c >> 6) & 0x3F));
        dst[2] = (char)(0x80 | (c & 0x3F));
        return 3;
    }
    dst[0] = (char)(0xF0 | (c >> 18));
    dst[1] = (char)(0x80 | ((c >> 12) & 0x3F));
    dst[2] = (char)(0x80 | ((c >> 6) & 0x3F));
    dst[3] = (char)(0x80 | (c & 0x3F));
    return 4;
}

/* Unicode decimal digits (category Nd) come in contiguous runs of ten
 * starting at zero, so the value is the distance to the run start mod 10. */
int ev_nf_decimal(uint32_t cp)
{
    if (cp < 0x80)
        return cp >= '0' && cp <= '9' ? (int)(cp - '0') : -1;
    if (cp > 0x10FFFF || utf8proc_category((utf8proc_int32_t)cp) != UTF8PROC_CATEGORY_ND)
        return -1;
    uint32_t start = cp;
    while (utf8proc_category((utf8proc_int32_t)(start - 1)) == UTF8PROC_CATEGORY_ND)
        start--;
    return (int)((cp - start) % 10);
}

/* CPython's Py_UNICODE_ISSPACE: bidi class WS/B/S or category Zs. */
bool ev_nf_isspace(uint32_t c)
{
    if (c < 0x80)
        return (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x20);
    return c == 0x85 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) ||
           c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

/* ---- digits, the dtoa way ----------------------------------------------- */

/* Large enough for "%.1100f" of DBL_MAX (309 + 1 + 1100 digits) and for
 * "%.799e".  No double needs more than 767 significant digits or 1074
 * fraction digits, so clamping to these changes no digit. */
#define DIGBUF 1536
#define MAX_SIG 800
#define MAX_FRAC 1100

/* The parts of a finite double as _Py_dg_dtoa returns them: digits without
 * leading or trailing zeros, value = 0.DIGITS * 10**decpt. */
typedef struct digits {
    char d[DIGBUF];
    int64_t n;
    int64_t decpt;
    int neg;
} digits;

/* round(a * 10**f) exactly, half to even, for a finite a >= 0: a is
 * m * 2**e with m < 2**53, so a * 10**f = m * 5**f * 2**(e+f), which
 * 128-bit integers hold exactly while f <= 20 (5**20 < 2**47) and
 * a < 1e17.  False outside that range: the caller asks printf, whose exact
 * but multi-precision digits cost several times more. */
static bool fixed_exact(double a, int f, unsigned __int128 *q)
{
    if (f < 0 || f > 20 || !(a < 1e17))
        return false;
    int e;
    double fr = frexp(a, &e);
    uint64_t m = (uint64_t)ldexp(fr, 53);
    e -= 53;
    unsigned __int128 n = m;
    for (int i = 0; i < f; i++)
        n *= 5;
    int s = -(e + f);
    if (s <= 0) {
        *q = n << -s; /* a * 10**f < 1e37 < 2**123: no bit lost */
        return true;
    }
    if (s >= 110) { /* n < 2**100 <= half: rounds to zero */
        *q = 0;
        return true;
    }
    unsigned __int128 r = n >> s, rem = n - (r << s), half = (unsigned __int128)1 << (s - 1);
    if (rem > half || (rem == half && (r & 1)))
        r++;
    *q = r;
    return true;
}

/* The decimal digits of q, at least `width` of them (zero-padded on the
 * left), into d; returns the count. */
static int u128_digits(unsigned __int128 q, int width, char *d)
{
    /* 128-bit division is a library call: it only peels 19-digit chunks
     * off while q does not fit 64 bits; the digits come from 64-bit
     * arithmetic, which the compiler turns into multiplications */
    char tmp[48];
    int k = 0;
    while (q > UINT64_MAX) {
        uint64_t chunk = (uint64_t)(q % 10000000000000000000u);
        q /= 10000000000000000000u;
        for (int i = 0; i < 19; i++) {
            tmp[k++] = (char)('0' + (int)(chunk % 10));
            chunk /= 10;
        }
    }
    uint64_t r = (uint64_t)q;
    do {
        tmp[k++] = (char)('0' + (int)(r % 10));
        r /= 10;
    } while (r);
    while (k < width)
        tmp[k++] = '0';
    for (int i = 0; i < k; i++)
        d[i] = tmp[k - 1 - i];
    return k;
}

static unsigned __int128 pow10_u128(int p)
{
    unsigned __int128 r = 1;
    while (p-- > 0)
        r *= 10;
    return r;
}

/* The p significant digits of a (1 <= p <= 17), as "%.*e" rounds them,
 * into g (untrimmed; value = 0.DIGITS * 10**decpt); false when out of
 * fixed_exact's range.  The decimal exponent estimate from log10 can be
 * one off near powers of ten: the digit count of the result corrects it. */
static bool sig_exact(double a, int p, digits *g)
{
    if (!(a > 0) || p < 1 || p > 17)
        return false;
    int k = (int)floor(log10(a));
    for (int tries = 0; tries < 3; tries++) {
        unsigned __int128 q;
        if (!fixed_exact(a, p - 1 - k, &q))
            return false;
        if (q >= pow10_u128(p)) {
            k++; /* estimate low, or the rounding carried into a new digit */
            continue;
        }
        if (q < pow10_u128(p - 1)) {
            k--;
            continue;
        }
        if (q == pow10_u128(p - 1)) {
            /* 1000...: a carry into this exponent, or an estimate one too
             * high for an a just below 10**k (log10 rounded up): with k - 1,
             * the latter still has p digits */
            unsigned __int128 q2;
            if (!fixed_exact(a, p - k, &q2))
                return false;
            if (q2 < pow10_u128(p)) {
                q = q2;
                k--;
            }
        }
        g->n = u128_digits(q, p, g->d);
        g->decpt = k + 1;
        return true;
    }
    return false;
}

/* Pull the digits out of printf's "%e" text ("d.ddde+XX"). */
static void digits_from_e(digits *g, const char *txt)
{
    const char *p = txt;
    g->n = 0;
    while (*p && *p != 'e') {
        if (*p != '.')
            g->d[g->n++] = *p;
        p++;
    }
    g->decpt = strtol(p + 1, NULL, 10) + 1;
}

/* Strip leading and trailing zeros; zero itself is "0" at decpt 1. */
static void digits_trim(digits *g, double v)
{
    int64_t lead = 0;
    while (lead < g->n && g->d[lead] == '0')
        lead++;
    if (lead) {
        memmove(g->d, g->d + lead, (size_t)(g->n - lead));
        g->n -= lead;
        g->decpt -= lead;
    }
    while (g->n > 0 && g->d[g->n - 1] == '0')
        g->n--;
    if (v == 0) {
        g->d[0] = '0';
        g->n = 1;
        g->decpt = 1;
    }
}

/* The powers of ten a double holds exactly. */
static const double pow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                               1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

/* round(x, nd) as CPython computes it (the digits correctly rounded half to
 * even on the exact binary value, then read back), without text: the
 * scaled value from exact integer arithmetic, then one correctly rounded
 * division when the integer fits in 53 bits.  False when x or nd is
 * outside that range (the caller takes the general way). */
bool ev_nf_round(double x, int64_t nd, double *out)
{
    unsigned __int128 q;
    if (nd < 0 || nd > 20 || !fixed_exact(fabs(x), (int)nd, &q) || q > ((unsigned __int128)1 << 53))
        return false;
    *out = copysign((double)(uint64_t)q / pow10[nd], x);
    return true;
}

/* The double the decimal 0.d1...dn x 10**decpt reads as.  Clinger's fast
 * path when the digits fit in 53 bits and the power of ten is exact: one
 * IEEE multiplication or division of exact operands rounds correctly, as
 * strtod does (which the other cases ask). */
static double digits_read(const digits *g)
{
    int64_t e = g->decpt - g->n;
    if (g->n <= 15 && e >= -22 && e <= 22) {
        uint64_t m = 0;
        for (int64_t i = 0; i < g->n; i++)
            m = m * 10 + (uint64_t)(g->d[i] - '0');
        return e >= 0 ? (double)m * pow10[e] : (double)m / pow10[-e];
    }
    char txt[48];
    snprintf(txt, sizeof txt, "0.%.*se%lld", (int)g->n, g->d, (long long)g->decpt);
    return strtod(txt, NULL);
}

/* The p-digit candidate for v: the nearest p-digit decimal, or its upper
 * neighbour.  At a power of two the interval that reads back as v is half
 * as wide below v as above, so the nearest can miss while the next one up
 * (farther, on the wide side) still reads back.  True if one round-trips. */
static bool try_digits(double a, int p, digits *g)
{
    if (!sig_exact(a, p, g)) {
        char txt[48];
        snprintf(txt, sizeof txt, "%.*e", p - 1, a);
        digits_from_e(g, txt);
    }
    double back = digits_read(g);
    if (back == a)
        return true;
    if (back > a || p >= 17)
        return false;
    digits up = *g;
    int64_t k = up.n - 1;
    while (k >= 0 && up.d[k] == '9')
        up.d[k--] = '0';
    if (k < 0) {
        memmove(up.d + 1, up.d, (size_t)up.n);
        up.d[0] = '1';
        up.decpt++;
    } else {
        up.d[k]++;
    }
    if (digits_read(&up) != a)
        return false;
    *g = up;
    return true;
}

/* Mode 0: the shortest digits that read back as v; among those the nearest.
 * "Some p-digit decimal reads back as v" is monotonic in p (append a zero),
 * and try_digits finds one whenever one exists, so binary search works
 * where a probe cannot decide it at once. */
static void digits_shortest(digits *g, double a)
{
    /* Computed values need 16 or 17 digits, typed ones at most 15: one
     * probe at 15 splits the two populations, then bisect. */
    /* A 15-digit decimal is spaced wider than a double's rounding interval
     * (relative 5e-16 at least, against at most 1.1e-16), so when some
     * p <= 15 digits read back as v, rounding v to 15 digits gives exactly
     * those digits padded with zeros: the 15-digit probe, trimmed, is the
     * shortest.  Otherwise 16 or 17.  Subnormals have fewer significant
     * bits, so a wider interval: they bisect over 1..17. */
    if (a >= DBL_MIN || a == 0) {
        if (!try_digits(a, 15, g) && !try_digits(a, 16, g))
            try_digits(a, 17, g);
    } else {
        int lo = 1, hi = 17;
        while (lo < hi) {
            int mid = (lo + hi) / 2;
            if (try_digits(a, mid, g))
                hi = mid;
            else
                lo = mid + 1;
        }
        try_digits(a, lo, g);
    }
    digits_trim(g, a);
}

/* mode 0: shortest; mode 2: nd significant digits; mode 3: nd digits after
 * the point.  v must be finite. */
static void float_digits(double v, int mode, int64_t nd, digits *g)
{
    double a = fabs(v);
    g->neg = signbit(v) ? 1 : 0;
    if (mode == 0) {
        digits_shortest(g, a);
        return;
    }
    char txt[DIGBUF];
    if (mode == 2) {
        int p = (int)MIN(MAX(nd, 1), MAX_SIG);
        if (!sig_exact(a, p, g)) {
            snprintf(txt, sizeof txt, "%.*e", p - 1, a);
            digits_from_e(g, txt);
        }
        digits_trim(g, a);
        return;
    }
    int p = (int)MIN(nd, MAX_FRAC);
    unsigned __int128 scaled;
    if (fixed_exact(a, p, &scaled)) {
        int k = u128_digits(scaled, p + 1, g->d);
        g->n = k;
        g->decpt = k - p;
        digits_trim(g, a);
        if (a != 0 && g->n == 0)
            g->decpt = -nd;
        return;
    }
    snprintf(txt, sizeof txt, "%.*f", p, a);
    g->n = 0;
    g->decpt = -1;
    for (const char *q = txt; *q; q++) {
        if (*q == '.')
            g->decpt = g->n;
        else
            g->d[g->n++] = *q;
    }
    if (g->decpt < 0)
        g->decpt = g->n;
    digits_trim(g, a);
    /* A nonzero value that rounds to nothing: dtoa gives no digits and
     * decpt = -nd, which format_float_short turns into "0.000". */
    if (a != 0 && g->n == 0)
        g->decpt = -nd;
}

/* ---- format_float_short ------------------------------------------------- */

/* A writer that only counts when dst is NULL; remembers the last byte so
 * both passes see the same text. */
typedef struct tw { char *dst; size_t pos; char last; } tw;

static void put_rep(tw *w, char c, int64_t n)
{
    if (n <= 0)
        return;
    if (w->dst)
        memset(w->dst + w->pos, c, (size_t)n);
    w->pos += (size_t)n;
    w->last = c;
}

static void put_mem(tw *w, const char *s, int64_t n)
{
    if (n <= 0)
        return;
    if (w->dst)
        memcpy(w->dst + w->pos, s, (size_t)n);
    w->pos += (size_t)n;
    w->last = s[n - 1];
}

typedef struct ffs_opts {
    char code;          /* 'e' 'f' 'g' 'r' */
    int64_t precision;  /* already adjusted as PyOS_double_to_string does */
    bool add_dot_0, alt, upper;
} ffs_opts;

/* Port of CPython's format_float_short for finite digits.  Returns the
 * length; writes into dst (no NUL) when dst is not NULL, so call it once to
 * size and once to write. */
static size_t ffs_render(const digits *g, int neg, const ffs_opts *o, char *dst)
{
    int64_t decpt = g->decpt, nd = g->n, vstart, vend = nd;
    int64_t exp = 0;
    bool use_exp = false;

    switch (o->code) {
    case 'e':
        use_exp = true;
        vend = o->precision;
        break;
    case 'f':
        vend = decpt + o->precision;
        break;
    case 'g':
        if (decpt <= -4 || decpt > (o->add_dot_0 ? o->precision - 1 : o->precision))
            use_exp = true;
        if (o->alt)
            vend = o->precision;
        break;
    default: /* 'r': exponent from 1e16 on */
        if (decpt <= -4 || decpt > 16)
            use_exp = true;
        break;
    }
    if (use_exp) {
        exp = decpt - 1;
        decpt = 1;
    }
    vstart = decpt <= 0 ? decpt - 1 : 0;
    if (!use_exp && o->add_dot_0)
        vend = vend > decpt ? vend : decpt + 1;
    else
        vend = vend > decpt ? vend : decpt;

    tw w = { dst, 0, 0 };
    if (neg)
        put_rep(&w, '-', 1);
    if (decpt <= 0) {
        put_rep(&w, '0', decpt - vstart);
        put_rep(&w, '.', 1);
        put_rep(&w, '0', -decpt);
    } else {
        put_rep(&w, '0', -vstart);
    }
    if (0 < decpt && decpt <= nd) {
        put_mem(&w, g->d, decpt);
        put_rep(&w, '.', 1);
        put_mem(&w, g->d + decpt, nd - decpt);
    } else {
        put_mem(&w, g->d, nd);
    }
    if (nd < decpt) {
        put_rep(&w, '0', decpt - nd);
        put_rep(&w, '.', 1);
        put_rep(&w, '0', vend - decpt);
    } else {
        put_rep(&w, '0', vend - nd);
    }
    /* A trailing point goes unless '#' asked to keep it. */
    if (!o->alt && w.last == '.')
        w.pos--;
    if (use_exp) {
        /* "e+05", "e-123": at least two digits (snprintf cost ~1000
         * instructions here, a tenth of a float's formatting) */
        char e[8];
        int el = 0;
        unsigned ax = (unsigned)(exp < 0 ? -exp : exp);
        e[el++] = o->upper ? 'E' : 'e';
        e[el++] = exp < 0 ? '-' : '+';
        if (ax >= 100)
            e[el++] = (char)('0' + ax / 100);
        e[el++] = (char)('0' + ax / 10 % 10);
        e[el++] = (char)('0' + ax % 10);
        put_mem(&w, e, el);
    }
    return w.pos;
}

/* PyOS_double_to_string: text of v into small (smallcap bytes, room for a
 * '%' after it) when it fits, else into a fresh malloc'd buffer. */
static ev_nf_status double_to_string(double v, char type, int64_t precision, bool alt,
                                     bool add_dot_0, bool no_neg_0, size_t max,
                                     char *small, size_t smallcap, char **out, size_t *outlen)
{
    ffs_opts o = { .code = type, .precision = precision, .add_dot_0 = add_dot_0,
                   .alt = alt, .upper = false };
    int mode = 0;
    switch (type) {
    case 'E': o.upper = true; o.code = 'e'; /* fall through */
    case 'e': mode = 2; o.precision++; break;
    case 'F': o.upper = true; o.code = 'f'; /* fall through */
    case 'f': mode = 3; break;
    case 'G': o.upper = true; o.code = 'g'; /* fall through */
    case 'g': mode = 2; if (o.precision == 0) o.precision = 1; break;
    default: mode = 0; break;
    }
    *out = NULL;
    if (!isfinite(v)) {
        char *b = smallcap >= 6 ? small : malloc(6);
        if (!b)
            return EV_NF_NOMEM;
        size_t n = 0;
        if (isinf(v) && v < 0)
            b[n++] = '-';
        memcpy(b + n, isinf(v) ? (o.upper ? "INF" : "inf") : (o.upper ? "NAN" : "nan"), 3);
        *out = b;
        *outlen = n + 3;
        return EV_NF_OK;
    }
    digits gd, *g = &gd;
    float_digits(v, mode, o.precision, g);
    int neg = g->neg;
    /* 'z': a result that rounds to zero loses its minus sign. */
    if (no_neg_0 && neg && (g->n == 0 || (g->n == 1 && g->d[0] == '0')))
        neg = 0;
    size_t n = ffs_render(g, neg, &o, NULL);
    if (n > max)
        return EV_NF_TOO_BIG;
    char *b = n + 2 <= smallcap ? small : malloc(n + 2);    /* room for a '%' */
    if (!b)
        return EV_NF_NOMEM;
    size_t m = ffs_render(g, neg, &o, b);
    *out = b;
    *outlen = m;
    return EV_NF_OK;
}

size_t ev_float_repr(double v, char buf[32])
{
    if (!isfinite(v)) {
        const char *s = isnan(v) ? "nan" : v > 0 ? "inf" : "-inf";
        size_t n = strlen(s);
        memcpy(buf, s, n + 1);
        return n;
    }
    digits g;
    ffs_opts o = { .code = 'r', .precision = 0, .add_dot_0 = true };
    float_digits(v, 0, 0, &g);
    size_t n = ffs_render(&g, g.neg, &o, buf);
    buf[n] = '\0';
    return n;
}

/* ---- the format spec ---------------------------------------------------- */

static void set_err(char *err, const char *msg)
{
    if (err)
        snprintf(err, EV_NF_ERRLEN, "%s", msg);
}

/* A code point as CPython's messages quote it: 'x' or '\x..'. */
static void quote_code(char *dst, size_t cap, uint32_t c)
{
    if (c > 32 && c < 128)
        snprintf(dst, cap, "%c", (char)c);
    else
        snprintf(dst, cap, "\\x%x", (unsigned)c);
}

static bool is_align(uint32_t c) { return c == '<' || c == '>' || c == '=' || c == '^'; }

/* get_integer: a run of Unicode decimal digits; -1 on overflow. */
static int64_t get_integer(const char *s, size_t len, size_t *pos, int64_t *result, char *err)
{
    int64_t acc = 0, ndig = 0;
    while (*pos < len) {
        size_t next = *pos;
        int d = ev_nf_decimal(ev_nf_utf8_next(s, len, &next));
        if (d < 0)
            break;
        if (acc > (INT64_MAX - d) / 10) {
            set_err(err, "Too many decimal digits in format string");
            return -1;
        }
        acc = acc * 10 + d;
        ndig++;
        *pos = next;
    }
    *result = acc;
    return ndig;
}

static uint32_t peek(const char *s, size_t len, size_t pos, size_t *next)
{
    *next = pos;
    return pos < len ? ev_nf_utf8_next(s, len, next) : UINT32_MAX;
}

ev_nf_status ev_fmtspec_parse(const char *s, size_t len, ev_nf_kind kind,
                              const char *tname, ev_fmtspec *f, char *err)
{
    char default_align = kind == EV_NF_KIND_STR ? '<' : '>';
    size_t pos = 0, n1, n2;
    bool align_given = false, fill_given = false;

    memset(f, 0, sizeof *f);
    f->empty = len == 0;
    f->fill = ' ';
    f->align = default_align;
    f->width = -1;
    f->precision = -1;
    f->type = kind == EV_NF_KIND_INT ? 'd' : kind == EV_NF_KIND_STR ? 's' : 0;
    if (len == 0)
        return EV_NF_OK;

    uint32_t c0 = peek(s, len, pos, &n1);
    uint32_t c1 = peek(s, len, n1, &n2);
    if (c1 != UINT32_MAX && is_align(c1)) {
        f->fill = c0;
        f->align = (char)c1;
        fill_given = align_given = true;
        pos = n2;
    } else if (is_align(c0)) {
        f->align = (char)c0;
        align_given = true;
        pos = n1;
    }
    if (pos < len && (s[pos] == '+' || s[pos] == '-' || s[pos] == ' '))
        f->sign = s[pos++];
    if (pos < len && s[pos] == 'z') {
        f->no_neg_0 = true;
        pos++;
    }
    if (pos < len && s[pos] == '#') {
        f->alternate = true;
        pos++;
    }
    /* '0' before the width: zero fill, and sign-aware unless aligned. */
    if (!fill_given && pos < len && s[pos] == '0') {
        f->fill = '0';
        if (!align_given && default_align == '>')
            f->align = '=';
        pos++;
    }
    int64_t got = get_integer(s, len, &pos, &f->width, err);
    if (got < 0)
        return EV_NF_VALUE_ERROR;
    if (got == 0)
        f->width = -1;
    if (pos < len && s[pos] == ',') {
        f->thousands = ',';
        pos++;
    }
    if (pos < len && s[pos] == '_') {
        if (f->thousands) {
            set_err(err, "Cannot specify both ',' and '_'.");
            return EV_NF_VALUE_ERROR;
        }
        f->thousands = '_';
        pos++;
    }
    if (pos < len && s[pos] == ',' && f->thousands == '_') {
        set_err(err, "Cannot specify both ',' and '_'.");
        return EV_NF_VALUE_ERROR;
    }
    if (pos < len && s[pos] == '.') {
        pos++;
        got = get_integer(s, len, &pos, &f->precision, err);
        if (got < 0)
            return EV_NF_VALUE_ERROR;
        if (got == 0) {
            set_err(err, "Format specifier missing precision");
            return EV_NF_VALUE_ERROR;
        }
    }
    if (pos < len) {
        size_t after = pos;
        uint32_t t = ev_nf_utf8_next(s, len, &after);
        if (after < len) {
            /* Echo the spec, cut (on a character boundary) to fit err. */
            size_t room = EV_NF_ERRLEN - 1 - (sizeof "Invalid format specifier '' for object of type ''" - 1) -
                          MIN(strlen(tname), 200);
            size_t show = MIN(len, room);
            while (show < len && show > 0 && ((unsigned char)s[show] & 0xC0) == 0x80)
                show--;
            if (err)
                snprintf(err, EV_NF_ERRLEN, "Invalid format specifier '%.*s' for object of type '%.200s'",
                         (int)show, s, tname);
            return EV_NF_VALUE_ERROR;
        }
        f->type = t;
    }
    if (f->thousands) {
        switch (f->type) {
        case 'd': case 'e': case 'f': case 'g': case 'E': case 'G': case '%': case 'F': case 0:
            break;
        case 'b': case 'o': case 'x': case 'X':
            if (f->thousands == '_')
                break;
            /* fall through */
        default: {
            char q[16];
            quote_code(q, sizeof q, f->type);
            if (err)
                snprintf(err, EV_NF_ERRLEN, "Cannot specify '%c' with '%s'.", f->thousands, q);
            return EV_NF_VALUE_ERROR;
        }
        }
    }
    return EV_NF_OK;
}

static ev_nf_status unknown_code(uint32_t type, const char *tname, char *err)
{
    char q[16];
    quote_code(q, sizeof q, type);
    if (err)
        snprintf(err, EV_NF_ERRLEN, "Unknown format code '%s' for object of type '%.200s'", q, tname);
    return EV_NF_VALUE_ERROR;
}

/* ---- number layout (calc_number_widths + fill_number) ------------------- */

typedef struct numtext {
    char sign;              /* '-' when negative, else 0 */
    const char *prefix;     /* "0x", "0X", ... or NULL */
    size_t n_prefix;
    const char *num;        /* digits[.remainder] or, for 'c', one character */
    size_t n_num;
    bool char_only;         /* 'c': no digits, the text is one code point */
    bool all_digits;        /* int: the whole text is digits (hex has letters) */
    int group;              /* digits per group: 0 (none), 3 or 4 */
    bool upper;             /* 'X': upper-case the digits */
} numtext;

/* _PyUnicode_InsertThousandsGrouping: count (end == NULL) or write the
 * grouped, zero-padded digits backwards ending at `end`. */
static int64_t group_digits(const char *digs, int64_t n_digits, int64_t min_width,
                            int group, char sep, char *end)
{
    int64_t remaining = n_digits, count = 0, len, zeros, chars;
    const char *dp = digs + n_digits;
    bool use_sep = false;
    min_width = MAX(0, min_width);
    for (;;) {
        bool last = group <= 0;
        len = MAX(MAX(remaining, min_width), 1);
        if (!last)
            len = MIN(group, len);
        zeros = MAX(0, len - remaining);
        chars = MAX(0, MIN(remaining, len));
        count += (use_sep ? 1 : 0) + zeros + chars;
        if (end) {
            if (use_sep)
                *--end = sep;
            end -= chars;
            dp -= chars;
            memcpy(end, dp, (size_t)chars);
            end -= zeros;
            memset(end, '0', (size_t)zeros);
        }
        if (last)
            return count;
        use_sep = true;
        remaining -= chars;
        min_width -= len;
        if (remaining <= 0 && min_width <= 0)
            return count;
        min_width -= 1;
    }
}

static ev_nf_status put_number(ev_sbuf *out, const ev_fmtspec *f, const numtext *t)
{
    int64_t n_digits = 0, n_decimal = 0, n_rem, rem_bytes;
    const char *rem;
    if (t->char_only) {
        rem = t->num;
        rem_bytes = (int64_t)t->n_num;
        n_rem = 1;
    } else if (t->all_digits) {
        n_digits = (int64_t)t->n_num;
        rem = t->num + n_digits;
        rem_bytes = n_rem = 0;
    } else {
        while ((size_t)n_digits < t->n_num && t->num[n_digits] >= '0' && t->num[n_digits] <= '9')
            n_digits++;
        n_decimal = (size_t)n_digits < t->n_num && t->num[n_digits] == '.';
        rem = t->num + n_digits + n_decimal;
        rem_bytes = n_rem = (int64_t)t->n_num - n_digits - n_decimal;
    }
    char sign = 0;
    if (f->sign == '+')
        sign = t->sign == '-' ? '-' : '+';
    else if (f->sign == ' ')
        sign = t->sign == '-' ? '-' : ' ';
    else if (t->sign == '-')
        sign = '-';
    int64_t n_sign = sign ? 1 : 0;
    int64_t n_other = n_sign + (int64_t)t->n_prefix + n_decimal + n_rem;
    int64_t min_width = (f->fill == '0' && f->align == '=') ? f->width - n_other : 0;
    if (min_width > (int64_t)out->max)
        return EV_NF_TOO_BIG;
    char sep = f->thousands ? f->thousands : 0;
    int group = sep ? t->group : 0;
    int64_t grouped = n_digits ? group_digits(t->num, n_digits, min_width, group, sep, NULL) : 0;
    int64_t pad = f->width - (n_other + grouped), lpad = 0, spad = 0, rpad = 0;
    if (pad > (int64_t)out->max)
        return EV_NF_TOO_BIG;
    if (pad > 0) {
        switch (f->align) {
        case '<': rpad = pad; break;
        case '^': lpad = pad / 2; rpad = pad - lpad; break;
        case '=': spad = pad; break;
        default: lpad = pad; break;
        }
    }
    char fill[4];
    size_t fl = utf8_put(fill, f->fill);
    uint64_t total = (uint64_t)(lpad + spad + rpad) * fl + (uint64_t)n_sign + t->n_prefix +
                     (uint64_t)grouped + (uint64_t)n_decimal + (uint64_t)rem_bytes;
    if (total > out->max)
        return EV_NF_TOO_BIG;
    ev_nf_status st = ev_sbuf_reserve(out, (size_t)total);
    if (st != EV_NF_OK)
        return st;
    char *p = out->data + out->len;
    for (int64_t i = 0; i < lpad; i++, p += fl)
        memcpy(p, fill, fl);
    if (sign)
        *p++ = sign;
    if (t->n_prefix) {
        memcpy(p, t->prefix, t->n_prefix);
        p += t->n_prefix;
    }
    for (int64_t i = 0; i < spad; i++, p += fl)
        memcpy(p, fill, fl);
    if (n_digits) {
        group_digits(t->num, n_digits, min_width, group, sep, p + grouped);
        if (t->upper)
            for (int64_t i = 0; i < grouped; i++)
                if (p[i] >= 'a' && p[i] <= 'z')
                    p[i] = (char)(p[i] - 'a' + 'A');
        p += grouped;
    }
    if (n_decimal)
        *p++ = '.';
    memcpy(p, rem, (size_t)rem_bytes);
    p += rem_bytes;
    for (int64_t i = 0; i < rpad; i++, p += fl)
        memcpy(p, fill, fl);
    out->len += (size_t)total;
    out->data[out->len] = '\0';
    return EV_NF_OK;
}

/* ---- float -------------------------------------------------------------- */

/* format_float_internal; f->type is one of the float codes or 0. */
static ev_nf_status format_float_internal(double v, const ev_fmtspec *f, ev_sbuf *out, char *err)
{
    char type = (char)f->type;
    int64_t precision = f->precision, default_precision = 6;
    bool add_dot_0 = false, add_pct = false;

    if (precision > INT_MAX) {
        set_err(err, "precision too big");
        return EV_NF_VALUE_ERROR;
    }
    if (type == 0) {
        /* No type: repr without a precision, else 'g' keeping a ".0". */
        add_dot_0 = true;
        type = 'r';
        default_precision = 0;
    }
    if (type == 'n')
        type = 'g';   /* the C locale: no grouping, '.' */
    if (type == '%') {
        type = 'f';
        v *= 100;
        add_pct = true;
    }
    if (precision < 0)
        precision = default_precision;
    else if (type == 'r')
        type = 'g';

    char small[64], *buf;
    size_t n;
    ev_nf_status st = double_to_string(v, type, precision, f->alternate, add_dot_0,
                                       f->no_neg_0, out->max, small, sizeof small, &buf, &n);
    if (st != EV_NF_OK)
        return st;
    if (add_pct)
        buf[n++] = '%';
    numtext t = { .sign = 0, .num = buf, .n_num = n, .group = 3 };
    if (buf[0] == '-') {
        t.sign = '-';
        t.num++;
        t.n_num--;
    }
    st = put_number(out, f, &t);
    if (buf != small)
        free(buf);
    return st;
}

ev_nf_status ev_format_float(double v, const ev_fmtspec *f, const char *tname,
                             ev_sbuf *out, char *err)
{
    if (f->empty) {
        char b[32];
        size_t n = ev_float_repr(v, b);
        return ev_sbuf_append(out, b, n);
    }
    switch (f->type) {
    case 0: case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case 'n': case '%':
        return format_float_internal(v, f, out, err);
    default:
        return unknown_code(f->type, tname, err);
    }
}

/* ---- int ---------------------------------------------------------------- */

bool ev_int_to_double(const mpz_t v, double *out)
{
    size_t bits = mpz_sizeinbase(v, 2);
    if (bits <= 53) {
        *out = mpz_get_d(v);   /* exact */
        return true;
    }
    if (bits > 1024)
        return false;
    /* Keep 54 bits plus a sticky bit and round half to even by hand:
     * mpz_get_d truncates. */
    mpz_t q;
    mpz_init(q);
    mpz_abs(q, v);
    size_t shift = bits - 54;
    int sticky = mpz_scan1(q, 0) < shift;
    mpz_tdiv_q_2exp(q, q, shift);
    uint64_t m = mpz_get_ui(q);    /* 54 bits */
    mpz_clear(q);
    uint64_t r = m >> 1;
    if ((m & 1) && (sticky || (r & 1)))
        r++;
    double d = ldexp((double)r, (int)shift + 1);
    if (isinf(d))
        return false;
    *out = mpz_sgn(v) < 0 ? -d : d;
    return true;
}

/* Decimal digit count of |v|, exact. */
static size_t decimal_digits(const mpz_t v)
{
    size_t n = mpz_sizeinbase(v, 10);   /* exact or one too many */
    if (n <= 1)
        return n;
    mpz_t p;
    mpz_init(p);
    mpz_ui_pow_ui(p, 10, n - 1);
    int below = mpz_cmpabs(v, p) < 0;
    mpz_clear(p);
    return below ? n - 1 : n;
}

static const char limit_to_str[] =
    "Exceeds the limit (4300 digits) for integer string conversion; "
    "use sys.set_int_max_str_digits() to increase the limit";

static bool over_str_limit(const mpz_t v)
{
    size_t n = mpz_sizeinbase(v, 10);
    return n > EV_INT_MAX_STR_DIGITS && (n > EV_INT_MAX_STR_DIGITS + 1 ||
                                         decimal_digits(v) > EV_INT_MAX_STR_DIGITS);
}

/* Digits of |v| in base into a fresh malloc'd buffer. */
static ev_nf_status int_digits(const mpz_t v, int base, size_t max, char **out, size_t *n)
{
    size_t cap = mpz_sizeinbase(v, base);
    if (cap > max)
        return EV_NF_TOO_BIG;
    char *b = malloc(cap + 2);
    if (!b)
        return EV_NF_NOMEM;
    mpz_get_str(b, base, v);
    char *d = b[0] == '-' ? b + 1 : b;
    *n = strlen(d);
    memmove(b, d, *n + 1);
    *out = b;
    return EV_NF_OK;
}

ev_nf_status ev_int_to_decimal(const mpz_t v, ev_sbuf *out, char *err)
{
    if (over_str_limit(v)) {
        set_err(err, limit_to_str);
        return EV_NF_VALUE_ERROR;
    }
    ev_nf_status st = ev_sbuf_reserve(out, mpz_sizeinbase(v, 10) + 1);
    if (st != EV_NF_OK)
        return st;
    mpz_get_str(out->data + out->len, 10, v);
    out->len += strlen(out->data + out->len);
    return EV_NF_OK;
}

static ev_nf_status format_long_internal(const mpz_t v, const ev_fmtspec *f,
                                         ev_sbuf *out, char *err)
{
    if (f->precision != -1) {
        set_err(err, "Precision not allowed in integer format specifier");
        return EV_NF_VALUE_ERROR;
    }
    if (f->no_neg_0) {
        set_err(err, "Negative zero coercion (z) not allowed in integer format specifier");
        return EV_NF_VALUE_ERROR;
    }
    if (f->type == 'c') {
        if (f->sign) {
            set_err(err, "Sign not allowed with integer format specifier 'c'");
            return EV_NF_VALUE_ERROR;
        }
        if (f->alternate) {
            set_err(err, "Alternate form (#) not allowed with integer format specifier 'c'");
            return EV_NF_VALUE_ERROR;
        }
        if (!mpz_fits_slong_p(v)) {
            set_err(err, "Python int too large to convert to C long");
            return EV_NF_OVERFLOW;
        }
        long x = mpz_get_si(v);
        if (x < 0 || x > 0x10FFFF) {
            set_err(err, "%c arg not in range(0x110000)");
            return EV_NF_OVERFLOW;
        }
        char ch[4];
        numtext t = { .num = ch, .n_num = utf8_put(ch, (uint32_t)x), .char_only = true };
        return put_number(out, f, &t);
    }
    int base = 10;
    const char *prefix = NULL;
    switch (f->type) {
    case 'b': base = 2; prefix = "0b"; break;
    case 'o': base = 8; prefix = "0o"; break;
    case 'x': base = 16; prefix = "0x"; break;
    case 'X': base = 16; prefix = "0X"; break;
    default: break;
    }
    if (base == 10 && over_str_limit(v)) {
        set_err(err, limit_to_str);
        return EV_NF_VALUE_ERROR;
    }
    char *d;
    size_t n;
    ev_nf_status st = int_digits(v, base, out->max, &d, &n);
    if (st != EV_NF_OK)
        return st;
    numtext t = { .sign = mpz_sgn(v) < 0 ? '-' : 0, .num = d, .n_num = n,
                  .group = base == 10 ? 3 : 4, .upper = f->type == 'X',
                  .all_digits = true };
    if (f->alternate && prefix) {
        t.prefix = prefix;
        t.n_prefix = 2;
    }
    st = put_number(out, f, &t);
    free(d);
    return st;
}

ev_nf_status ev_format_int(const mpz_t v, const ev_fmtspec *f, const char *tname,
                           ev_sbuf *out, char *err)
{
    size_t len0 = out->len;
    ev_nf_status st;
    if (f->empty) {
        st = ev_int_to_decimal(v, out, err);
        goto done;
    }
    switch (f->type) {
    case 'b': case 'c': case 'd': case 'o': case 'x': case 'X': case 'n':
        st = format_long_internal(v, f, out, err);
        break;
    case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case '%': {
        double d;
        if (!ev_int_to_double(v, &d)) {
            set_err(err, "int too large to convert to float");
            st = EV_NF_OVERFLOW;
            break;
        }
        st = format_float_internal(d, f, out, err);
        break;
    }
    default:
        st = unknown_code(f->type, tname, err);
        break;
    }
done:
    if (st != EV_NF_OK)
        out->len = len0;
    return st;
}

ev_nf_status ev_format_i64(int64_t v, const ev_fmtspec *f, const char *tname,
                           ev_sbuf *out, char *err)
{
    /* The common specs of a machine int ({:d} {:>6} {:x} {:,} {:08b}) take
     * their digits straight from the value, without GMP; everything else
     * (errors, 'c', float presentation types) goes the general way. */
    int base = 0;
    const char *prefix = NULL;
    if (!f->empty && f->precision == -1 && !f->no_neg_0) {
        switch (f->type) {
        case 'd': case 'n': base = 10; break;
        case 'b': base = 2; prefix = "0b"; break;
        case 'o': base = 8; prefix = "0o"; break;
        case 'x': base = 16; prefix = "0x"; break;
        case 'X': base = 16; prefix = "0X"; break;
        default: break;
        }
    }
    if (base) {
        char buf[72];
        uint64_t m = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
        size_t n = 0;
        do {
            unsigned dgt = (unsigned)(m % (unsigned)base);
            buf[sizeof buf - 1 - n++] = (char)(dgt < 10 ? '0' + dgt : 'a' + dgt - 10);
            m /= (unsigned)base;
        } while (m);
        numtext t = { .sign = v < 0 ? '-' : 0, .num = buf + sizeof buf - n, .n_num = n,
                      .group = base == 10 ? 3 : 4, .upper = f->type == 'X', .all_digits = true };
        if (f->alternate && prefix) {
            t.prefix = prefix;
            t.n_prefix = 2;
        }
        size_t len0 = out->len;
        ev_nf_status st = put_number(out, f, &t);
        if (st != EV_NF_OK)
            out->len = len0;
        return st;
    }
    mpz_t z;
    mpz_init_set_si(z, (long)v);   /* long is 64-bit on the supported targets */
    ev_nf_status st = ev_format_int(z, f, tname, out, err);
    mpz_clear(z);
    return st;
}

/* ---- str ---------------------------------------------------------------- */

ev_nf_status ev_format_str(const char *s, size_t len, const ev_fmtspec *f,
                           const char *tname, ev_sbuf *out, char *err)
{
    if (f->empty)
        return ev_sbuf_append(out, s, len);
    if (f->type != 's')
        return unknown_code(f->type, tname, err);
    if (f->sign) {
        set_err(err, f->sign == ' ' ? "Space not allowed in string format specifier"
                                    : "Sign not allowed in string format specifier");
        return EV_NF_VALUE_ERROR;
    }
    if (f->no_neg_0) {
        set_err(err, "Negative zero coercion (z) not allowed in string format specifier");
        return EV_NF_VALUE_ERROR;
    }
    if (f->alternate) {
        set_err(err, "Alternate form (#) not allowed in string format specifier");
        return EV_NF_VALUE_ERROR;
    }
    if (f->align == '=') {
        set_err(err, "'=' alignment not allowed in string format specifier");
        return EV_NF_VALUE_ERROR;
    }
    /* Count code points, cutting at the precision. */
    int64_t nchars = 0;
    size_t bytes = 0;
    while (bytes < len && (f->precision < 0 || nchars < f->precision)) {
        bytes++;
        while (bytes < len && ((unsigned char)s[bytes] & 0xC0) == 0x80)
            bytes++;
        nchars++;
    }
    int64_t total = f->width > nchars ? f->width : nchars, lpad;
    if (f->align == '>')
        lpad = total - nchars;
    else if (f->align == '^')
        lpad = (total - nchars) / 2;
    else
        lpad = 0;
    int64_t rpad = total - nchars - lpad;
    if (total - nchars > (int64_t)out->max)
        return EV_NF_TOO_BIG;
    char fill[4];
    size_t fl = utf8_put(fill, f->fill);
    uint64_t need = (uint64_t)(lpad + rpad) * fl + bytes;
    if (need > out->max)
        return EV_NF_TOO_BIG;
    ev_nf_status st = ev_sbuf_reserve(out, (size_t)need);
    if (st != EV_NF_OK)
        return st;
    char *p = out->data + out->len;
    for (int64_t i = 0; i < lpad; i++, p += fl)
        memcpy(p, fill, fl);
    memcpy(p, s, bytes);
    p += bytes;
    for (int64_t i = 0; i < rpad; i++, p += fl)
        memcpy(p, fill, fl);
    out->len += (size_t)need;
    out->data[out->len] = '\0';
    return EV_NF_OK;
}
