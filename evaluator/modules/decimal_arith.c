/*
 * decimal_arith.c - the General Decimal Arithmetic of the decimal module on
 * GMP coefficients, operation for operation as CPython 3.11's
 * Lib/_pydecimal.py computes it (_fix, _rescale, __add__, __mul__,
 * __truediv__, _divide, sqrt, quantize, to_integral, __pow__ for integral
 * exponents), with the status the C _decimal (libmpdec) reports.
 *
 * Every value here is a `dec` (decimal_int.h); the signals of an operation
 * accumulate in ctx->status and the caller (decimal.c) turns them into
 * flags and trapped exceptions.  A -1 return is a Python exception already
 * raised: the memory or time limit, before a coefficient too big to make.
 */
#include <string.h>

#include "evaluator/modules/decimal_int.h"

const char *const dec_round_names[RD_COUNT] = {
    "ROUND_UP",      "ROUND_DOWN",      "ROUND_CEILING",   "ROUND_FLOOR",
    "ROUND_HALF_UP", "ROUND_HALF_DOWN", "ROUND_HALF_EVEN", "ROUND_05UP",
};

void dec_init(dec *d)
{
    d->sign = 0;
    d->special = DEC_FINITE;
    mpz_init(d->c);
    d->e = 0;
}

void dec_clear(dec *d) { mpz_clear(d->c); }

void dec_copy(dec *dst, const dec *src)
{
    if (dst == src)
        return;
    dst->sign = src->sign;
    dst->special = src->special;
    mpz_set(dst->c, src->c);
    dst->e = src->e;
}

int64_t dec_ndigits(const mpz_t z)
{
    if (mpz_fits_ulong_p(z) || (mpz_sgn(z) < 0 && mpz_cmpabs_ui(z, ~0UL) <= 0)) {
        unsigned long v = mpz_getlimbn(z, 0);
        int64_t n = 1;
        while (v >= 10) {
            v /= 10;
            n++;
        }
        return n;
    }
    /* sizeinbase is exact or one too many */
    int64_t n = (int64_t)mpz_sizeinbase(z, 10);
    mpz_t p;
    mpz_init(p);
    mpz_ui_pow_ui(p, 10, (unsigned long)(n - 1));
    if (mpz_cmpabs(z, p) < 0)
        n--;
    mpz_clear(p);
    return n;
}

/* Refuse a number of n digits before making it: the memory limit (a
 * coefficient takes n * log2(10) / 8 bytes, and an operation holds a few). */
static int afford_digits(ev_interp *I, double n)
{
    double bytes = n * 0.4153 * 4;
    if (I->mem_max && bytes > (double)I->mem_max) {
        ev_raise_limit(I, "memory");
        return -1;
    }
    return ev_time_afford(I, ev_big_mul_seconds(n * 0.4153 / 8) * 2);
}

int dec_pow10(ev_interp *I, mpz_t r, int64_t n)
{
    if (n < 0)
        n = 0;
    if (n > 40 && afford_digits(I, (double)n))
        return -1;
    mpz_ui_pow_ui(r, 10, (unsigned long)n);
    return 0;
}

int dec_shift_up(ev_interp *I, mpz_t c, int64_t n)
{
    if (n <= 0 || mpz_sgn(c) == 0)
        return 0;
    if (n < 19) {
        static const uint64_t p[19] = {1ULL, 10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL, 1000000ULL,
                                       10000000ULL, 100000000ULL, 1000000000ULL, 10000000000ULL,
                                       100000000000ULL, 1000000000000ULL, 10000000000000ULL,
                                       100000000000000ULL, 1000000000000000ULL, 10000000000000000ULL,
                                       100000000000000000ULL, 1000000000000000000ULL};
        mpz_mul_ui(c, c, p[n]);
        return 0;
    }
    mpz_t t;
    mpz_init(t);
    if (dec_pow10(I, t, n) || afford_digits(I, (double)n + (double)dec_ndigits(c))) {
        mpz_clear(t);
        return -1;
    }
    mpz_mul(c, c, t);
    mpz_clear(t);
    return 0;
}

/* How rounding the coefficient c to its first `digits` digits goes (the
 * _round_* methods): q gets the kept digits; returns 1 when q must be
 * incremented, 0 when exact, -1 when inexact and truncated. */
static int round_digits(ev_interp *I, mpz_t q, const mpz_t c, int64_t ndrop, int sign, int mode, int *err)
{
    mpz_t p, r;
    mpz_inits(p, r, NULL);
    *err = 0;
    if (dec_pow10(I, p, ndrop)) {
        *err = 1;
        mpz_clears(p, r, NULL);
        return 0;
    }
    mpz_tdiv_qr(q, r, c, p);
    int res;
    if (mpz_sgn(r) == 0) {
        res = 0;
    } else {
        /* compare r with half = 5 * 10**(ndrop-1): 2r vs p */
        mpz_mul_2exp(r, r, 1);
        int h = mpz_cmp(r, p);
        switch (mode) {
        case RD_DOWN: res = -1; break;
        case RD_UP: res = 1; break;
        case RD_HALF_UP: res = h >= 0 ? 1 : -1; break;
        case RD_HALF_DOWN: res = h > 0 ? 1 : -1; break;
        case RD_HALF_EVEN: res = h > 0 || (h == 0 && mpz_odd_p(q)) ? 1 : -1; break;
        case RD_CEILING: res = sign ? -1 : 1; break;
        case RD_FLOOR: res = sign ? 1 : -1; break;
        default: { /* 05UP */
            unsigned long last = mpz_fdiv_ui(q, 10);
            res = last == 0 || last == 5 ? 1 : -1;
        }
        }
    }
    mpz_clears(p, r, NULL);
    return res;
}

int dec_rescale(ev_interp *I, dec *r, const dec *a, int64_t exp, int round)
{
    dec_copy(r, a);
    if (a->special)
        return 0;
    if (mpz_sgn(a->c) == 0) {
        r->e = exp;
        return 0;
    }
    if (a->e >= exp) {
        if (dec_shift_up(I, r->c, a->e - exp))
            return -1;
        r->e = exp;
        return 0;
    }
    int64_t digits = dec_ndigits(a->c) + a->e - exp;
    if (digits < 0) {
        mpz_set_ui(r->c, 1);
        r->e = exp - 1;
        digits = 0;
    }
    int err;
    mpz_t src;
    mpz_init_set(src, r->c);
    int ch = round_digits(I, r->c, src, dec_ndigits(src) - digits, r->sign, round, &err);
    mpz_clear(src);
    if (err)
        return -1;
    if (ch == 1)
        mpz_add_ui(r->c, r->c, 1);
    r->e = exp;
    return 0;
}

int dec_set_nan_result(dec *r, dctx *ctx, unsigned cond)
{
    ctx->status |= cond;
    r->sign = 0;
    r->special = DEC_NAN;
    mpz_set_ui(r->c, 0);
    r->e = 0;
    return 0;
}

static void set_inf(dec *r, int sign)
{
    r->sign = sign;
    r->special = DEC_INF;
    mpz_set_ui(r->c, 0);
    r->e = 0;
}

/* Overflow's result: infinity or the largest finite number, by rounding */
static int overflow(ev_interp *I, dec *r, int sign, dctx *ctx)
{
    ctx->status |= ST_OVERFLOW | ST_INEXACT | ST_ROUNDED;
    int m = ctx->round;
    bool inf = m == RD_HALF_UP || m == RD_HALF_EVEN || m == RD_HALF_DOWN || m == RD_UP ||
               (m == RD_CEILING && sign == 0) || (m == RD_FLOOR && sign == 1);
    if (inf) {
        set_inf(r, sign);
        return 0;
    }
    r->sign = sign;
    r->special = DEC_FINITE;
    if (dec_pow10(I, r->c, ctx->prec))
        return -1;
    mpz_sub_ui(r->c, r->c, 1);
    r->e = ctx->emax - ctx->prec + 1;
    return 0;
}

/* _fix_nan: the payload keeps its last prec - clamp digits */
static int fix_nan(ev_interp *I, dec *d, dctx *ctx)
{
    int64_t maxlen = ctx->prec - ctx->clamp;
    if (mpz_sgn(d->c) && dec_ndigits(d->c) > maxlen) {
        mpz_t p;
        mpz_init(p);
        if (dec_pow10(I, p, maxlen)) {
            mpz_clear(p);
            return -1;
        }
        mpz_tdiv_r(d->c, d->c, p);
        mpz_clear(p);
    }
    return 0;
}

int dec_fix(ev_interp *I, dec *d, dctx *ctx)
{
    if (d->special) {
        if (dec_is_nan(d))
            return fix_nan(I, d, ctx);
        return 0;
    }
    int64_t etiny = ctx->emin - ctx->prec + 1, etop = ctx->emax - ctx->prec + 1;
    if (mpz_sgn(d->c) == 0) {
        int64_t exp_max = ctx->clamp ? etop : ctx->emax;
        int64_t ne = d->e < etiny ? etiny : d->e;
        if (ne > exp_max)
            ne = exp_max;
        if (ne != d->e) {
            ctx->status |= ST_CLAMPED;
            d->e = ne;
        }
        return 0;
    }
    int64_t nd = dec_ndigits(d->c);
    int64_t exp_min = nd + d->e - ctx->prec;
    if (exp_min > etop)
        return overflow(I, d, d->sign, ctx);
    bool subnormal = exp_min < etiny;
    if (subnormal)
        exp_min = etiny;
    if (d->e < exp_min) {
        int64_t digits = nd + d->e - exp_min;
        if (digits < 0) {
            mpz_set_ui(d->c, 1);
            d->e = exp_min - 1;
            digits = 0;
            nd = 1;
        }
        int err;
        mpz_t src;
        mpz_init_set(src, d->c);
        int ch = round_digits(I, d->c, src, nd - digits, d->sign, ctx->round, &err);
        mpz_clear(src);
        if (err)
            return -1;
        if (ch > 0) {
            mpz_add_ui(d->c, d->c, 1);
            if (dec_ndigits(d->c) > ctx->prec) {
                mpz_tdiv_q_ui(d->c, d->c, 10);
                exp_min++;
            }
        }
        d->e = exp_min;
        if (exp_min > etop) {
            if (overflow(I, d, d->sign, ctx))
                return -1;
        }
        if (ch && subnormal)
            ctx->status |= ST_UNDERFLOW;
        if (subnormal)
            ctx->status |= ST_SUBNORMAL;
        if (ch)
            ctx->status |= ST_INEXACT;
        ctx->status |= ST_ROUNDED;
        if (d->special == DEC_FINITE && mpz_sgn(d->c) == 0)
            ctx->status |= ST_CLAMPED;
        return 0;
    }
    if (subnormal)
        ctx->status |= ST_SUBNORMAL;
    if (ctx->clamp == 1 && d->e > etop) {
        ctx->status |= ST_CLAMPED;
        if (dec_shift_up(I, d->c, d->e - etop))
            return -1;
        d->e = etop;
    }
    return 0;
}

int dec_check_nans(dec *r, const dec *a, const dec *b, dctx *ctx)
{
    const dec *n = NULL;
    if (a->special == DEC_SNAN)
        n = a;
    else if (b && b->special == DEC_SNAN)
        n = b;
    if (n) {
        ctx->status |= ST_INVALID_OP;
        dec_copy(r, n);
        r->special = DEC_NAN;
        return 1;
    }
    if (a->special == DEC_NAN)
        n = a;
    else if (b && b->special == DEC_NAN)
        n = b;
    if (n) {
        dec_copy(r, n);
        return 1;
    }
    return 0;
}

/* _normalize: align the exponents, the far smaller operand shrunk to a
 * 1 just below the precision's reach */
static int align(ev_interp *I, mpz_t ca, int64_t *ea, mpz_t cb, int64_t *eb, int64_t prec)
{
    mpz_ptr tc, oc;
    int64_t *te, *oe;
    if (*ea < *eb) {
        tc = cb, te = eb, oc = ca, oe = ea;
    } else {
        tc = ca, te = ea, oc = cb, oe = eb;
    }
    int64_t tlen = dec_ndigits(tc), olen = dec_ndigits(oc);
    int64_t m = tlen - prec - 2;
    int64_t exp = *te + (m < -1 ? m : -1);
    if (olen + *oe - 1 < exp) {
        mpz_set_ui(oc, mpz_sgn(oc) < 0 ? 0 : 1);
        if (mpz_sgn(oc) == 0)
            mpz_set_ui(oc, 1);
        *oe = exp;
    }
    if (dec_shift_up(I, tc, *te - *oe))
        return -1;
    *te = *oe;
    return 0;
}

int dec_add(ev_interp *I, dec *r, const dec *a, const dec *b, bool sub, dctx *ctx)
{
    int bsign = b->sign ^ (sub ? 1 : 0);
    if (a->special || b->special) {
        if (dec_check_nans(r, a, b, ctx))
            return fix_nan(I, r, ctx);
        if (a->special == DEC_INF) {
            if (b->special == DEC_INF && a->sign != bsign)
                return dec_set_nan_result(r, ctx, ST_INVALID_OP);
            set_inf(r, a->sign);
            return 0;
        }
        set_inf(r, bsign);
        return 0;
    }
    int64_t exp = a->e < b->e ? a->e : b->e;
    bool negzero = ctx->round == RD_FLOOR && a->sign != bsign;
    bool az = mpz_sgn(a->c) == 0, bz = mpz_sgn(b->c) == 0;
    if (az && bz) {
        r->special = DEC_FINITE;
        r->sign = (a->sign < bsign ? a->sign : bsign) | negzero;
        mpz_set_ui(r->c, 0);
        r->e = exp;
        return dec_fix(I, r, ctx);
    }
    if (az || bz) {
        const dec *o = az ? b : a;
        int os = az ? bsign : a->sign;
        int64_t lim = o->e - ctx->prec - 1;
        if (exp < lim)
            exp = lim;
        if (dec_rescale(I, r, o, exp, ctx->round))
            return -1;
        r->sign = os;
        return dec_fix(I, r, ctx);
    }
    mpz_t ca, cb;
    mpz_init_set(ca, a->c);
    mpz_init_set(cb, b->c);
    int64_t ea = a->e, eb = b->e;
    if (align(I, ca, &ea, cb, &eb, ctx->prec)) {
        mpz_clears(ca, cb, NULL);
        return -1;
    }
    if (a->sign)
        mpz_neg(ca, ca);
    if (bsign)
        mpz_neg(cb, cb);
    mpz_add(r->c, ca, cb);
    mpz_clears(ca, cb, NULL);
    r->special = DEC_FINITE;
    r->e = ea;
    if (mpz_sgn(r->c) == 0) {
        r->sign = negzero;
        r->e = exp;
    } else {
        r->sign = mpz_sgn(r->c) < 0;
        mpz_abs(r->c, r->c);
    }
    return dec_fix(I, r, ctx);
}

int dec_mul(ev_interp *I, dec *r, const dec *a, const dec *b, dctx *ctx)
{
    int sign = a->sign ^ b->sign;
    if (a->special || b->special) {
        if (dec_check_nans(r, a, b, ctx))
            return fix_nan(I, r, ctx);
        if ((a->special == DEC_INF && dec_is_zero(b)) || (b->special == DEC_INF && dec_is_zero(a)))
            return dec_set_nan_result(r, ctx, ST_INVALID_OP);
        set_inf(r, sign);
        return 0;
    }
    if (ev_time_afford(I, ev_big_prod_seconds((double)mpz_size(a->c), (double)mpz_size(b->c))))
        return -1;
    mpz_mul(r->c, a->c, b->c);
    r->special = DEC_FINITE;
    r->sign = sign;
    r->e = a->e + b->e;
    return dec_fix(I, r, ctx);
}

int dec_div(ev_interp *I, dec *r, const dec *a, const dec *b, dctx *ctx)
{
    int sign = a->sign ^ b->sign;
    if (a->special || b->special) {
        if (dec_check_nans(r, a, b, ctx))
            return fix_nan(I, r, ctx);
        if (a->special == DEC_INF && b->special == DEC_INF)
            return dec_set_nan_result(r, ctx, ST_INVALID_OP);
        if (a->special == DEC_INF) {
            set_inf(r, sign);
            return 0;
        }
        ctx->status |= ST_CLAMPED;
        r->special = DEC_FINITE;
        r->sign = sign;
        mpz_set_ui(r->c, 0);
        r->e = ctx->emin - ctx->prec + 1;
        return 0;
    }
    if (mpz_sgn(b->c) == 0) {
        if (mpz_sgn(a->c) == 0)
            return dec_set_nan_result(r, ctx, ST_DIV_UNDEFINED);
        ctx->status |= ST_DIV_BY_ZERO;
        set_inf(r, sign);
        return 0;
    }
    r->special = DEC_FINITE;
    r->sign = sign;
    if (mpz_sgn(a->c) == 0) {
        mpz_set_ui(r->c, 0);
        r->e = a->e - b->e;
        return dec_fix(I, r, ctx);
    }
    int64_t shift = dec_ndigits(b->c) - dec_ndigits(a->c) + ctx->prec + 1;
    int64_t exp = a->e - b->e - shift;
    mpz_t n, d, rem;
    mpz_init_set(n, a->c);
    mpz_init_set(d, b->c);
    mpz_init(rem);
    int fail = shift >= 0 ? dec_shift_up(I, n, shift) : dec_shift_up(I, d, -shift);
    if (!fail)
        fail = ev_time_afford(I, ev_big_div_seconds((double)mpz_size(n), (double)mpz_size(d)));
    if (fail) {
        mpz_clears(n, d, rem, NULL);
        return -1;
    }
    mpz_tdiv_qr(r->c, rem, n, d);
    if (mpz_sgn(rem)) {
        if (mpz_divisible_ui_p(r->c, 5))
            mpz_add_ui(r->c, r->c, 1);
    } else {
        int64_t ideal = a->e - b->e;
        while (exp < ideal && mpz_divisible_ui_p(r->c, 10)) {
            mpz_divexact_ui(r->c, r->c, 10);
            exp++;
        }
    }
    mpz_clears(n, d, rem, NULL);
    r->e = exp;
    return dec_fix(I, r, ctx);
}

/* _divide: the integer quotient and remainder of finite a, b (b nonzero or
 * b infinite) */
static int divide_parts(ev_interp *I, dec *q, dec *rm, const dec *a, const dec *b, dctx *ctx)
{
    int sign = a->sign ^ b->sign;
    int64_t ideal = b->special == DEC_INF ? a->e : (a->e < b->e ? a->e : b->e);
    if (mpz_sgn(a->c) == 0 || b->special == DEC_INF || dec_adjusted(a) - dec_adjusted(b) <= -2) {
        q->special = DEC_FINITE;
        q->sign = sign;
        mpz_set_ui(q->c, 0);
        q->e = 0;
        return dec_rescale(I, rm, a, ideal, ctx->round);
    }
    int64_t expdiff = dec_adjusted(a) - dec_adjusted(b);
    if (expdiff <= ctx->prec) {
        mpz_t x, y;
        mpz_init_set(x, a->c);
        mpz_init_set(y, b->c);
        int fail = a->e >= b->e ? dec_shift_up(I, x, a->e - b->e) : dec_shift_up(I, y, b->e - a->e);
        if (fail) {
            mpz_clears(x, y, NULL);
            return -1;
        }
        mpz_tdiv_qr(q->c, rm->c, x, y);
        mpz_clears(x, y, NULL);
        if (dec_ndigits(q->c) <= ctx->prec) {
            q->special = rm->special = DEC_FINITE;
            q->sign = sign;
            q->e = 0;
            rm->sign = a->sign;
            rm->e = ideal;
            return 0;
        }
    }
    dec_set_nan_result(q, ctx, ST_DIV_IMPOSSIBLE);
    dec_copy(rm, q);
    return 0;
}

int dec_divmod(ev_interp *I, dec *r, dec *r2, const dec *a, const dec *b, int which, dctx *ctx)
{
    int sign = a->sign ^ b->sign;
    dec qq, rr;
    dec_init(&qq);
    dec_init(&rr);
    int rc = 0;
    if (a->special || b->special) {
        if (dec_check_nans(&qq, a, b, ctx)) {
            rc = fix_nan(I, &qq, ctx);
            dec_copy(&rr, &qq);
            goto out;
        }
        if (a->special == DEC_INF) {
            if (b->special == DEC_INF || which == 1) {
                dec_set_nan_result(&qq, ctx, ST_INVALID_OP);
                dec_copy(&rr, &qq);
            } else if (which == 2) {
                set_inf(&qq, sign);
                dec_set_nan_result(&rr, ctx, ST_INVALID_OP);
            } else {
                set_inf(&qq, sign);
            }
            goto out;
        }
    }
    if (b->special == DEC_FINITE && mpz_sgn(b->c) == 0) {
        if (mpz_sgn(a->c) == 0) {
            dec_set_nan_result(&qq, ctx, ST_DIV_UNDEFINED);
        } else if (which == 0) {
            ctx->status |= ST_DIV_BY_ZERO;
            set_inf(&qq, sign);
        } else if (which == 1) {
            dec_set_nan_result(&qq, ctx, ST_INVALID_OP);
        } else {
            ctx->status |= ST_DIV_BY_ZERO | ST_INVALID_OP;
            set_inf(&qq, sign);
            dec_set_nan_result(&rr, ctx, 0);
            goto out;
        }
        dec_copy(&rr, &qq);
        goto out;
    }
    rc = divide_parts(I, &qq, &rr, a, b, ctx);
    if (!rc && which != 0)
        rc = dec_fix(I, &rr, ctx);
out:
    if (!rc) {
        if (which == 1) {
            dec_copy(r, &rr);
        } else {
            dec_copy(r, &qq);
            if (which == 2)
                dec_copy(r2, &rr);
        }
    }
    dec_clear(&qq);
    dec_clear(&rr);
    return rc;
}

int dec_quantize(ev_interp *I, dec *r, const dec *a, const dec *b, int round, dctx *ctx)
{
    if (a->special || b->special) {
        if (dec_check_nans(r, a, b, ctx))
            return fix_nan(I, r, ctx);
        if (a->special == DEC_INF && b->special == DEC_INF) {
            dec_copy(r, a);
            return 0;
        }
        return dec_set_nan_result(r, ctx, ST_INVALID_OP);
    }
    int64_t etiny = ctx->emin - ctx->prec + 1;
    if (!(etiny <= b->e && b->e <= ctx->emax))
        return dec_set_nan_result(r, ctx, ST_INVALID_OP);
    if (mpz_sgn(a->c) == 0) {
        dec_copy(r, a);
        r->e = b->e;
        return dec_fix(I, r, ctx);
    }
    int64_t adj = dec_adjusted(a);
    if (adj > ctx->emax || adj - b->e + 1 > ctx->prec)
        return dec_set_nan_result(r, ctx, ST_INVALID_OP);
    if (dec_rescale(I, r, a, b->e, round))
        return -1;
    if ((mpz_sgn(r->c) && dec_adjusted(r) > ctx->emax) || dec_ndigits(r->c) > ctx->prec)
        return dec_set_nan_result(r, ctx, ST_INVALID_OP);
    if (mpz_sgn(r->c) && dec_adjusted(r) < ctx->emin)
        ctx->status |= ST_SUBNORMAL;
    if (r->e > a->e) {
        if (dec_cmp(r, a) != 0)
            ctx->status |= ST_INEXACT;
        ctx->status |= ST_ROUNDED;
    }
    return dec_fix(I, r, ctx);
}

int dec_to_integral(ev_interp *I, dec *r, const dec *a, int round, bool exact, dctx *ctx)
{
    if (a->special) {
        if (dec_check_nans(r, a, NULL, ctx))
            return fix_nan(I, r, ctx);
        dec_copy(r, a);
        return 0;
    }
    if (a->e >= 0) {
        dec_copy(r, a);
        return 0;
    }
    if (mpz_sgn(a->c) == 0) {
        dec_copy(r, a);
        r->e = 0;
        return 0;
    }
    if (dec_rescale(I, r, a, 0, round))
        return -1;
    if (exact) {
        if (dec_cmp(r, a) != 0)
            ctx->status |= ST_INEXACT;
        ctx->status |= ST_ROUNDED;
    }
    return 0;
}

int dec_sqrt(ev_interp *I, dec *r, const dec *a, dctx *ctx)
{
    if (a->special) {
        if (dec_check_nans(r, a, NULL, ctx))
            return fix_nan(I, r, ctx);
        if (a->sign == 0) {
            dec_copy(r, a);
            return 0;
        }
        return dec_set_nan_result(r, ctx, ST_INVALID_OP);
    }
    if (mpz_sgn(a->c) == 0) {
        r->special = DEC_FINITE;
        r->sign = a->sign;
        mpz_set_ui(r->c, 0);
        r->e = a->e >= 0 ? a->e / 2 : -((-a->e + 1) / 2);
        return dec_fix(I, r, ctx);
    }
    if (a->sign)
        return dec_set_nan_result(r, ctx, ST_INVALID_OP);
    int64_t prec = ctx->prec + 1, len = dec_ndigits(a->c), l;
    int64_t e = a->e >= 0 ? a->e / 2 : -((-a->e + 1) / 2);
    mpz_t c, n, t;
    mpz_init_set(c, a->c);
    mpz_inits(n, t, NULL);
    int rc = -1;
    if (a->e & 1) {
        mpz_mul_ui(c, c, 10);
        l = (len >> 1) + 1;
    } else {
        l = (len + 1) >> 1;
    }
    int64_t shift = prec - l;
    bool exact;
    if (shift >= 0) {
        if (dec_shift_up(I, c, 2 * shift))
            goto done;
        exact = true;
    } else {
        if (dec_pow10(I, t, -2 * shift))
            goto done;
        mpz_tdiv_qr(c, t, c, t);
        exact = mpz_sgn(t) == 0;
    }
    e -= shift;
    if (ev_time_afford(I, 4 * ev_big_div_seconds((double)mpz_size(c), (double)mpz_size(c) / 2)))
        goto done;
    mpz_sqrtrem(n, t, c);
    exact = exact && mpz_sgn(t) == 0;
    if (exact) {
        if (shift >= 0) {
            if (dec_pow10(I, t, shift))
                goto done;
            mpz_tdiv_q(n, n, t);
        } else if (dec_shift_up(I, n, -shift)) {
            goto done;
        }
        e += shift;
    } else if (mpz_divisible_ui_p(n, 5)) {
        mpz_add_ui(n, n, 1);
    }
    r->special = DEC_FINITE;
    r->sign = 0;
    mpz_set(r->c, n);
    r->e = e;
    {
        int saved = ctx->round;
        ctx->round = RD_HALF_EVEN;
        rc = dec_fix(I, r, ctx);
        ctx->round = saved;
    }
done:
    mpz_clears(c, n, t, NULL);
    return rc;
}

int dec_plus(ev_interp *I, dec *r, const dec *a, bool minus, dctx *ctx)
{
    if (a->special) {
        if (dec_check_nans(r, a, NULL, ctx))
            return fix_nan(I, r, ctx);
        dec_copy(r, a);
        if (minus)
            r->sign ^= 1;
        return 0;
    }
    dec_copy(r, a);
    if (mpz_sgn(a->c) == 0 && ctx->round != RD_FLOOR)
        r->sign = 0;
    else if (minus)
        r->sign ^= 1;
    return dec_fix(I, r, ctx);
}

int dec_normalize(ev_interp *I, dec *r, const dec *a, dctx *ctx)
{
    if (a->special) {
        if (dec_check_nans(r, a, NULL, ctx))
            return fix_nan(I, r, ctx);
        dec_copy(r, a);
        return 0;
    }
    dec_copy(r, a);
    if (dec_fix(I, r, ctx))
        return -1;
    if (r->special)
        return 0;
    if (mpz_sgn(r->c) == 0) {
        r->e = 0;
        return 0;
    }
    int64_t exp_max = ctx->clamp ? ctx->emax - ctx->prec + 1 : ctx->emax;
    while (r->e < exp_max && mpz_divisible_ui_p(r->c, 10)) {
        mpz_divexact_ui(r->c, r->c, 10);
        r->e++;
    }
    return 0;
}

int dec_cmp(const dec *a, const dec *b)
{
    if (a->special == DEC_INF || b->special == DEC_INF) {
        int va = a->special == DEC_INF ? (a->sign ? -1 : 1) : 0;
        int vb = b->special == DEC_INF ? (b->sign ? -1 : 1) : 0;
        if (va == vb)
            return 0;
        if (va || vb)
            return va > vb ? 1 : (va < vb ? -1 : 0);
    }
    bool az = mpz_sgn(a->c) == 0, bz = mpz_sgn(b->c) == 0;
    if (az && bz)
        return 0;
    if (az)
        return b->sign ? 1 : -1;
    if (bz)
        return a->sign ? -1 : 1;
    if (a->sign != b->sign)
        return a->sign ? -1 : 1;
    int s = a->sign ? -1 : 1;
    int64_t aa = dec_adjusted(a), ab = dec_adjusted(b);
    if (aa != ab)
        return aa > ab ? s : -s;
    /* same adjusted exponent: compare the coefficients padded alike */
    mpz_t x, y;
    mpz_init_set(x, a->c);
    mpz_init_set(y, b->c);
    int64_t la = dec_ndigits(x), lb = dec_ndigits(y);
    if (la < lb) {
        mpz_t p;
        mpz_init(p);
        mpz_ui_pow_ui(p, 10, (unsigned long)(lb - la));
        mpz_mul(x, x, p);
        mpz_clear(p);
    } else if (lb < la) {
        mpz_t p;
        mpz_init(p);
        mpz_ui_pow_ui(p, 10, (unsigned long)(la - lb));
        mpz_mul(y, y, p);
        mpz_clear(p);
    }
    int c = mpz_cmp(x, y);
    mpz_clears(x, y, NULL);
    return c == 0 ? 0 : (c > 0 ? s : -s);
}

int dec_compare_total(const dec *a, const dec *b)
{
    int sign = a->sign ? -1 : 1;
    if (a->sign != b->sign)
        return a->sign ? -1 : 1;
    /* same sign: order of kinds finite < inf < qNaN < sNaN (reversed when negative) */
    /* finite < infinity < sNaN < NaN, reversed when negative */
    int ra = a->special == DEC_NAN ? 3 : a->special == DEC_SNAN ? 2 : a->special;
    int rb = b->special == DEC_NAN ? 3 : b->special == DEC_SNAN ? 2 : b->special;
    if (ra != rb)
        return ra > rb ? sign : -sign;
    if (ra >= 2) {
        int c = mpz_cmp(a->c, b->c);
        return c == 0 ? 0 : (c > 0 ? sign : -sign);
    }
    if (ra == 1)
        return 0;
    int c = dec_cmp(a, b);
    if (c)
        return c;
    if (a->e == b->e)
        return 0;
    return a->e > b->e ? sign : -sign;
}

/* x ** n for an integral exponent: the exact power correctly rounded (a
 * negative n divides 1 by it); results past the exponent range are
 * decided from the adjusted exponents without computing them. */
