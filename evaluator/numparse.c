/* float(str), int(str, base) and CPython's numeric hash.
 *
 * Both parsers first do what CPython's _PyUnicode_TransformDecimalAndSpaceToASCII
 * does (non-ASCII whitespace becomes ' ', Unicode decimal digits become ASCII
 * digits, anything else non-ASCII ends the text as an invalid '?'), then
 * follow PyFloat_FromString and PyLong_FromString step by step, so the same
 * inputs are accepted and the same error wins when several apply. */
#include "evaluator/numfmt.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ASCII copy of s as described above; *out is malloc'd and NUL-terminated. */
static ev_nf_status to_ascii(const char *s, size_t len, char **out, size_t *outlen)
{
    char *b = malloc(len + 1);
    if (!b)
        return EV_NF_NOMEM;
    size_t i = 0, n = 0;
    while (i < len) {
        uint32_t c = ev_nf_utf8_next(s, len, &i);
        if (c < 127) {
            b[n++] = (char)c;
            continue;
        }
        int d;
        if (ev_nf_isspace(c)) {
            b[n++] = ' ';
        } else if ((d = ev_nf_decimal(c)) >= 0) {
            b[n++] = (char)('0' + d);
        } else {
            b[n++] = '?';
            break;
        }
    }
    b[n] = '\0';
    *out = b;
    *outlen = n;
    return EV_NF_OK;
}

/* Py_ISSPACE: the ASCII whitespace CPython strips around numbers. */
static bool is_space(char c)
{
    return c == ' ' || (c >= '\t' && c <= '\r');
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

static bool match_word(const char *p, size_t n, const char *word)
{
    if (strlen(word) != n)
        return false;
    for (size_t i = 0; i < n; i++)
        if ((p[i] | 0x20) != word[i])
            return false;
    return true;
}

/* The grammar _PyOS_ascii_strtod accepts, over the whole of p[0..n). */
static bool float_syntax_ok(const char *p, size_t n)
{
    size_t i = 0, ndig = 0;
    if (i < n && (p[i] == '+' || p[i] == '-'))
        i++;
    if (match_word(p + i, n - i, "inf") || match_word(p + i, n - i, "infinity") ||
        match_word(p + i, n - i, "nan"))
        return true;
    while (i < n && is_digit(p[i])) {
        i++;
        ndig++;
    }
    if (i < n && p[i] == '.') {
        i++;
        while (i < n && is_digit(p[i])) {
            i++;
            ndig++;
        }
    }
    if (ndig == 0)
        return false;
    if (i < n && (p[i] == 'e' || p[i] == 'E')) {
        i++;
        if (i < n && (p[i] == '+' || p[i] == '-'))
            i++;
        if (i >= n || !is_digit(p[i]))
            return false;
        while (i < n && is_digit(p[i]))
            i++;
    }
    return i == n;
}

ev_nf_status ev_parse_float(const char *s, size_t len, double *out)
{
    char *b;
    size_t n;
    ev_nf_status st = to_ascii(s, len, &b, &n);
    if (st != EV_NF_OK)
        return st;
    char *p = b, *end = b + n;
    while (p < end && is_space(*p))
        p++;
    while (end > p && is_space(end[-1]))
        end--;
    /* Underscores only between digits; squeeze them out in place. */
    char *w = p, prev = 0;
    for (char *q = p; q < end; q++) {
        if (*q == '_') {
            if (!is_digit(prev))
                goto invalid;
        } else {
            if (prev == '_' && !is_digit(*q))
                goto invalid;
            *w++ = *q;
        }
        prev = *q;
    }
    if (prev == '_')
        goto invalid;
    if (!float_syntax_ok(p, (size_t)(w - p)))
        goto invalid;
    *w = '\0';
    const char *body = p + (*p == '+' || *p == '-');
    if ((*body | 0x20) == 'i' || (*body | 0x20) == 'n') {
        double v = (*body | 0x20) == 'i' ? INFINITY : NAN;
        *out = *p == '-' ? -v : v;
    } else {
        /* glibc strtod is correctly rounded, overflows to inf, and with the
         * syntax checked above reads the whole text (the evaluator never
         * changes LC_NUMERIC from "C"). */
        *out = strtod(p, NULL);
    }
    free(b);
    return EV_NF_OK;
invalid:
    free(b);
    return EV_NF_INVALID;
}

static int digit_value(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'z') return c - 'a' + 10;
    if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
    return 37;
}

ev_nf_status ev_parse_int(const char *s, size_t len, int base, mpz_t out, char *err)
{
    if ((base != 0 && base < 2) || base > 36) {
        snprintf(err, EV_NF_ERRLEN, "int() base must be >= 2 and <= 36, or 0");
        return EV_NF_VALUE_ERROR;
    }
    char *b;
    size_t n;
    ev_nf_status st = to_ascii(s, len, &b, &n);
    if (st != EV_NF_OK)
        return st;
    /* b is NUL-terminated; a NUL inside the text stops the scan and then
     * fails the end-of-text check, as in CPython. */
    const char *p = b, *end = b + n;
    bool neg = false, error_if_nonzero = false;
    while (*p && is_space(*p))
        p++;
    if (*p == '+') {
        p++;
    } else if (*p == '-') {
        p++;
        neg = true;
    }
    if (base == 0) {
        if (p[0] != '0')
            base = 10;
        else if (p[1] == 'x' || p[1] == 'X')
            base = 16;
        else if (p[1] == 'o' || p[1] == 'O')
            base = 8;
        else if (p[1] == 'b' || p[1] == 'B')
            base = 2;
        else {
            /* old C-style octal "010": allowed only if the value is zero */
            error_if_nonzero = true;
            base = 10;
        }
    }
    if (p[0] == '0' && ((base == 16 && (p[1] == 'x' || p[1] == 'X')) ||
                        (base == 8 && (p[1] == 'o' || p[1] == 'O')) ||
                        (base == 2 && (p[1] == 'b' || p[1] == 'B')))) {
        p += 2;
        if (*p == '_')   /* one underscore allowed after the prefix */
            p++;
    }
    if (*p == '_')
        goto invalid;

    /* Scan digits and single underscores; copy the digits. */
    char *digs = malloc((size_t)(end - p) + 1);
    if (!digs) {
        free(b);
        return EV_NF_NOMEM;
    }
    size_t nd = 0;
    char prev = 0;
    while (*p && (digit_value(*p) < base || *p == '_')) {
        if (*p == '_') {
            if (prev == '_')
                goto invalid_digs;
        } else {
            digs[nd++] = *p;
        }
        prev = *p++;
    }
    if (prev == '_')
        goto invalid_digs;
    /* CPython checks the digit limit before looking at what follows. */
    if ((base & (base - 1)) != 0 && nd > EV_INT_MAX_STR_DIGITS) {
        snprintf(err, EV_NF_ERRLEN,
                 "Exceeds the limit (%d digits) for integer string conversion: "
                 "value has %zu digits; use sys.set_int_max_str_digits() "
                 "to increase the limit", EV_INT_MAX_STR_DIGITS, nd);
        free(digs);
        free(b);
        return EV_NF_VALUE_ERROR;
    }
    if (nd == 0)
        goto invalid_digs;
    while (*p && is_space(*p))
        p++;
    if (p != end)
        goto invalid_digs;
    digs[nd] = '\0';
    if (mpz_set_str(out, digs, base) != 0)
        goto invalid_digs;   /* cannot happen: digits were checked */
    free(digs);
    free(b);
    if (error_if_nonzero && mpz_sgn(out) != 0)
        return EV_NF_INVALID;
    if (neg)
        mpz_neg(out, out);
    return EV_NF_OK;
invalid_digs:
    free(digs);
invalid:
    free(b);
    return EV_NF_INVALID;
}

/* ---- hash ----------------------------------------------------------------
 * CPython's numeric hash: reduce modulo the Mersenne prime 2**61-1 so that
 * equal ints and floats hash alike; -1 is reserved and becomes -2. */

#define HASH_BITS 61
#define HASH_MOD (((uint64_t)1 << HASH_BITS) - 1)
#define HASH_INF 314159

int64_t ev_float_hash(double v)
{
    if (!isfinite(v))
        return isinf(v) ? (v > 0 ? HASH_INF : -HASH_INF) : 0;
    int e;
    double m = frexp(v, &e);
    int sign = 1;
    if (m < 0) {
        sign = -1;
        m = -m;
    }
    uint64_t x = 0;
    while (m) {   /* 28 bits at a time, as CPython does */
        x = ((x << 28) & HASH_MOD) | x >> (HASH_BITS - 28);
        m *= 268435456.0;
        e -= 28;
        uint64_t y = (uint64_t)m;
        m -= (double)y;
        x += y;
        if (x >= HASH_MOD)
            x -= HASH_MOD;
    }
    e = e >= 0 ? e % HASH_BITS : HASH_BITS - 1 - ((-1 - e) % HASH_BITS);
    x = ((x << e) & HASH_MOD) | x >> (HASH_BITS - e);
    int64_t h = sign < 0 ? -(int64_t)x : (int64_t)x;
    return h == -1 ? -2 : h;
}

int64_t ev_int_hash(const mpz_t v)
{
    /* unsigned long is 64-bit on the supported targets */
    uint64_t r = mpz_tdiv_ui(v, (unsigned long)HASH_MOD);
    int64_t h = mpz_sgn(v) < 0 ? -(int64_t)r : (int64_t)r;
    return h == -1 ? -2 : h;
}

int64_t ev_i64_hash(int64_t v)
{
    uint64_t a = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    int64_t h = (int64_t)(a % HASH_MOD);
    if (v < 0)
        h = -h;
    return h == -1 ? -2 : h;
}
