/*
 * decimal_ops.c - the decimal operations beyond arithmetic proper, as
 * CPython 3.11's Lib/_pydecimal.py defines them: fma, next_plus,
 * next_minus, next_toward, logb, scaleb, remainder_near, the logical
 * operations (and, or, xor, invert) and the digit rotations (rotate,
 * shift).  Same conventions as decimal_arith.c: the signals go to
 * ctx->status, -1 is a Python exception (a limit).
 */
#include <string.h>

#include "evaluator/modules/decimal_int.h"

static void set_nan(dec *r, dctx *ctx, unsigned cond) { (void)dec_set_nan_result(r, ctx, cond); }

static void set_inf(dec *r, int sign)
{
    r->special = DEC_INF;
    r->sign = sign;
    mpz_set_ui(r->c, 0);
    r->e = 0;
}

int dec_fma(ev_interp *I, dec *r, const dec *a, const dec *b, const dec *c, dctx *ctx)
{
    dec p;
    dec_init(&p);
    int rc = 0;
    if (a->special || b->special) {
        if (a->special == DEC_SNAN || b->special == DEC_SNAN) {
            dec_copy(r, a->special == DEC_SNAN ? a : b);
            r->special = DEC_NAN;
            ctx->status |= ST_INVALID_OP;
            rc = dec_fix(I, r, ctx);
            goto out;
        }
        if (a->special == DEC_NAN || b->special == DEC_NAN) {
            dec_copy(&p, a->special == DEC_NAN ? a : b);
        } else if ((a->special == DEC_INF && dec_is_zero(b)) || (b->special == DEC_INF && dec_is_zero(a))) {
            set_nan(r, ctx, ST_INVALID_OP);
            goto out;
        } else {
            set_inf(&p, a->sign ^ b->sign);
        }
    } else {
        if (ev_time_afford(I, ev_big_prod_seconds((double)mpz_size(a->c), (double)mpz_size(b->c)))) {
            rc = -1;
            goto out;
        }
        p.special = DEC_FINITE;
        p.sign = a->sign ^ b->sign;
        mpz_mul(p.c, a->c, b->c);
        p.e = a->e + b->e;
    }
    rc = dec_add(I, r, &p, c, false, ctx);
out:
    dec_clear(&p);
    return rc;
}

/* next_plus (up) / next_minus */
int dec_next(ev_interp *I, dec *r, const dec *a, bool up, dctx *ctx)
{
    if (a->special) {
        if (dec_check_nans(r, a, NULL, ctx))
            return 0;
        if ((a->sign == 0) == up) {
            dec_copy(r, a);
            return 0;
        }
        /* the largest finite of the other sign */
        r->special = DEC_FINITE;
        r->sign = a->sign;
        if (dec_pow10(I, r->c, ctx->prec))
            return -1;
        mpz_sub_ui(r->c, r->c, 1);
        r->e = ctx->emax - ctx->prec + 1;
        return 0;
    }
    dctx c2 = *ctx;
    c2.round = up ? RD_CEILING : RD_FLOOR;
    c2.status = 0;
    dec_copy(r, a);
    if (dec_fix(I, r, &c2))
        return -1;
    if (r->special || dec_cmp(r, a) != 0)
        return 0;
    dec tiny;
    dec_init(&tiny);
    mpz_set_ui(tiny.c, 1);
    tiny.e = ctx->emin - ctx->prec;
    c2.status = 0;
    int rc = dec_add(I, r, a, &tiny, !up, &c2);
    dec_clear(&tiny);
    return rc;
}

int dec_next_toward(ev_interp *I, dec *r, const dec *a, const dec *b, dctx *ctx)
{
    if (dec_check_nans(r, a, b, ctx))
        return 0;
    int c = dec_cmp(a, b);
    if (c == 0) {
        dec_copy(r, a);
        r->sign = b->sign;
        return 0;
    }
    if (dec_next(I, r, a, c < 0, ctx))
        return -1;
    if (r->special == DEC_INF) {
        ctx->status |= ST_OVERFLOW | ST_INEXACT | ST_ROUNDED;
    } else if (dec_adjusted(r) < ctx->emin) {
        ctx->status |= ST_UNDERFLOW | ST_SUBNORMAL | ST_INEXACT | ST_ROUNDED;
        if (dec_is_zero(r))
            ctx->status |= ST_CLAMPED;
    }
    return 0;
}

int dec_logb(ev_interp *I, dec *r, const dec *a, dctx *ctx)
{
    if (a->special) {
        if (dec_check_nans(r, a, NULL, ctx))
            return 0;
        set_inf(r, 0);
        return 0;
    }
    if (dec_is_zero(a)) {
        ctx->status |= ST_DIV_BY_ZERO;
        set_inf(r, 1);
        return 0;
    }
    int64_t adj = dec_adjusted(a);
    r->special = DEC_FINITE;
    r->sign = adj < 0;
    mpz_set_ui(r->c, (unsigned long)(adj < 0 ? -adj : adj));
    r->e = 0;
    return dec_fix(I, r, ctx);
}

/* b as a small integer for scaleb/rotate/shift: 0 ok, 1 not an integer
 * with exponent 0 or outside [lo, hi] */
static int small_int(const dec *b, int64_t lo, int64_t hi, int64_t *out)
{
    if (b->special || b->e != 0 || !mpz_fits_slong_p(b->c))
        return 1;
    int64_t v = mpz_get_si(b->c);
    if (b->sign)
        v = -v;
    if (v < lo || v > hi)
        return 1;
    *out = v;
    return 0;
}

int dec_scaleb(ev_interp *I, dec *r, const dec *a, const dec *b, dctx *ctx)
{
    if (dec_check_nans(r, a, b, ctx))
        return 0;
    int64_t lim = 2 * (ctx->emax + ctx->prec), n;
    if (small_int(b, -lim, lim, &n)) {
        set_nan(r, ctx, ST_INVALID_OP);
        return 0;
    }
    dec_copy(r, a);
    if (a->special == DEC_INF)
        return 0;
    r->e += n;
    return dec_fix(I, r, ctx);
}

int dec_remainder_near(ev_interp *I, dec *r, const dec *a, const dec *b, dctx *ctx)
{
    if (dec_check_nans(r, a, b, ctx))
        return 0;
    if (a->special == DEC_INF) {
        set_nan(r, ctx, ST_INVALID_OP);
        return 0;
    }
    if (dec_is_zero(b)) {
        set_nan(r, ctx, dec_is_zero(a) ? ST_DIV_UNDEFINED : ST_INVALID_OP);
        return 0;
    }
    if (b->special == DEC_INF) {
        dec_copy(r, a);
        return dec_fix(I, r, ctx);
    }
    int64_t ideal = a->e < b->e ? a->e : b->e;
    if (dec_is_zero(a)) {
        dec_copy(r, a);
        r->e = ideal;
        return dec_fix(I, r, ctx);
    }
    int64_t expdiff = dec_adjusted(a) - dec_adjusted(b);
    if (expdiff >= ctx->prec + 1) {
        set_nan(r, ctx, ST_DIV_IMPOSSIBLE);
        return 0;
    }
    if (expdiff <= -2) {
        if (dec_rescale(I, r, a, ideal, ctx->round))
            return -1;
        return dec_fix(I, r, ctx);
    }
    mpz_t x, y, q, rm, t;
    mpz_init_set(x, a->c);
    mpz_init_set(y, b->c);
    mpz_inits(q, rm, t, NULL);
    int rc = -1;
    if (a->e >= b->e ? dec_shift_up(I, x, a->e - b->e) : dec_shift_up(I, y, b->e - a->e))
        goto out;
    mpz_tdiv_qr(q, rm, x, y);
    /* 2r + (q & 1) > y: round the quotient up */
    mpz_mul_2exp(t, rm, 1);
    if (mpz_odd_p(q))
        mpz_add_ui(t, t, 1);
    if (mpz_cmp(t, y) > 0) {
        mpz_sub(rm, rm, y);
        mpz_add_ui(q, q, 1);
    }
    if (dec_pow10(I, t, ctx->prec))
        goto out;
    if (mpz_cmp(q, t) >= 0) {
        set_nan(r, ctx, ST_DIV_IMPOSSIBLE);
        rc = 0;
        goto out;
    }
    r->special = DEC_FINITE;
    r->sign = a->sign;
    if (mpz_sgn(rm) < 0) {
        r->sign ^= 1;
        mpz_neg(rm, rm);
    }
    mpz_set(r->c, rm);
    r->e = ideal;
    rc = dec_fix(I, r, ctx);
out:
    mpz_clears(x, y, q, rm, t, NULL);
    return rc;
}

/* ---- digit strings ------------------------------------------------------------------------------- */

static void free_gmp_str(char *s)
{
    void (*freefn)(void *, size_t);
    mp_get_memory_functions(NULL, NULL, &freefn);
    freefn(s, strlen(s) + 1);
}

/* the coefficient of d as exactly `prec` digits (left-padded with zeros or
 * keeping the last prec), in a buffer of ev_alloc */
static char *digits_to(ev_interp *I, const mpz_t c, int64_t prec)
{
    if (prec > 100000 && ev_time_afford(I, 1e-8 * (double)prec))
        return NULL;
    char *s = mpz_get_str(NULL, 10, c);
    size_t n = strlen(s);
    char *out = ev_alloc(I, (size_t)prec + 1);
    if (!out) {
        free_gmp_str(s);
        ev_raise_nomem(I);
        return NULL;
    }
    if ((int64_t)n >= prec) {
        memcpy(out, s + n - (size_t)prec, (size_t)prec);
    } else {
        memset(out, '0', (size_t)prec - n);
        memcpy(out + prec - (int64_t)n, s, n);
    }
    out[prec] = 0;
    free_gmp_str(s);
    return out;
}

static int set_digits(ev_interp *I, dec *r, const char *s)
{
    while (*s == '0' && s[1])
        s++;
    if (mpz_set_str(r->c, s, 10))
        mpz_set_ui(r->c, 0);
    return 0;
}

static bool is_logical(const dec *d)
{
    if (d->special || d->sign || d->e != 0)
        return false;
    char *s = mpz_get_str(NULL, 10, d->c);
    bool ok = true;
    for (char *p = s; *p; p++)
        if (*p != '0' && *p != '1')
            ok = false;
    free_gmp_str(s);
    return ok;
}

/* op: '&', '|', '^' */
int dec_logical(ev_interp *I, dec *r, const dec *a, const dec *b, int op, dctx *ctx)
{
    if (!is_logical(a) || !is_logical(b)) {
        set_nan(r, ctx, ST_INVALID_OP);
        return 0;
    }
    char *x = digits_to(I, a->c, ctx->prec);
    char *y = x ? digits_to(I, b->c, ctx->prec) : NULL;
    if (!y) {
        if (x)
            ev_dealloc(I, x);
        return -1;
    }
    for (int64_t i = 0; i < ctx->prec; i++) {
        int u = x[i] - '0', v = y[i] - '0';
        x[i] = (char)('0' + (op == '&' ? (u & v) : op == '|' ? (u | v) : (u ^ v)));
    }
    r->special = DEC_FINITE;
    r->sign = 0;
    r->e = 0;
    set_digits(I, r, x);
    ev_dealloc(I, x);
    ev_dealloc(I, y);
    return 0;
}

int dec_logical_invert(ev_interp *I, dec *r, const dec *a, dctx *ctx)
{
    dec ones;
    dec_init(&ones);
    if (dec_pow10(I, ones.c, ctx->prec)) {
        dec_clear(&ones);
        return -1;
    }
    mpz_sub_ui(ones.c, ones.c, 1);
    mpz_tdiv_q_ui(ones.c, ones.c, 9);
    int rc = dec_logical(I, r, a, &ones, '^', ctx);
    dec_clear(&ones);
    return rc;
}

/* rotate (rot) or shift */
int dec_rotate(ev_interp *I, dec *r, const dec *a, const dec *b, bool rot, dctx *ctx)
{
    if (dec_check_nans(r, a, b, ctx))
        return 0;
    int64_t n;
    if (small_int(b, -ctx->prec, ctx->prec, &n)) {
        set_nan(r, ctx, ST_INVALID_OP);
        return 0;
    }
    if (a->special == DEC_INF) {
        dec_copy(r, a);
        return 0;
    }
    int64_t p = ctx->prec;
    char *s = digits_to(I, a->c, p);
    if (!s)
        return -1;
    char *o = ev_alloc(I, (size_t)p + 1);
    if (!o) {
        ev_dealloc(I, s);
        ev_raise_nomem(I);
        return -1;
    }
    if (rot) {
        /* rotdig[n:] + rotdig[:n], n taken modulo the length as a slice */
        int64_t k = n < 0 ? n + p : n;
        memcpy(o, s + k, (size_t)(p - k));
        memcpy(o + p - k, s, (size_t)k);
    } else if (n < 0) {
        /* rotdig[:n]: the digits shifted right */
        memset(o, '0', (size_t)-n);
        memcpy(o - n, s, (size_t)(p + n));
    } else {
        memcpy(o, s + n, (size_t)(p - n));
        memset(o + p - n, '0', (size_t)n);
    }
    o[p] = 0;
    r->special = DEC_FINITE;
    r->sign = a->sign;
    r->e = a->e;
    set_digits(I, r, o);
    ev_dealloc(I, s);
    ev_dealloc(I, o);
    return 0;
}
