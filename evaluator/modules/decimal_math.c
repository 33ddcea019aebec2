/*
 * decimal_math.c - the transcendental operations of the decimal module:
 * exp, ln, log10 and power (with any exponent, and three-argument pow),
 * correctly rounded, computed as CPython 3.11's Lib/_pydecimal.py does
 * with integer arithmetic (_ilog, _iexp, _dlog, _dlog10, _dexp, _dpower,
 * _power_exact, _power_modulo), here on GMP integers.
 *
 * The loops that raise the working precision until the rounding is
 * decided ask the clock on every round, and every working number is
 * bounded by the context precision, which the memory limit bounds.
 */
#include <string.h>

#include "evaluator/modules/decimal_int.h"

/* ---- integer helpers (Python semantics: floor division, two's complement &) ------------------ */

static int64_t nbits(const mpz_t x) { return mpz_sgn(x) ? (int64_t)mpz_sizeinbase(x, 2) : 0; }

/* closest integer to a/b (b > 0), ties to even */
static void div_nearest(mpz_t r, const mpz_t a, const mpz_t b)
{
    mpz_t q, m;
    mpz_inits(q, m, NULL);
    mpz_fdiv_qr(q, m, a, b);
    mpz_mul_2exp(m, m, 1);
    if (mpz_odd_p(q))
        mpz_add_ui(m, m, 1);
    if (mpz_cmp(m, b) > 0)
        mpz_add_ui(q, q, 1);
    mpz_set(r, q);
    mpz_clears(q, m, NULL);
}

static void div_nearest_ui(mpz_t r, const mpz_t a, unsigned long b)
{
    mpz_t t;
    mpz_init_set_ui(t, b);
    div_nearest(r, a, t);
    mpz_clear(t);
}

/* closest integer to x / 2**shift, ties to even */
static void rshift_nearest(mpz_t r, const mpz_t x, uint64_t shift)
{
    mpz_t q, m, b;
    mpz_inits(q, m, b, NULL);
    mpz_fdiv_q_2exp(q, x, shift);
    mpz_fdiv_r_2exp(m, x, shift);
    mpz_setbit(b, shift);
    mpz_mul_2exp(m, m, 1);
    if (mpz_odd_p(q))
        mpz_add_ui(m, m, 1);
    if (mpz_cmp(m, b) > 0)
        mpz_add_ui(q, q, 1);
    mpz_set(r, q);
    mpz_clears(q, m, b, NULL);
}

/* _sqrt_nearest(n, a): Newton's iteration from a to its fixed point */
static void sqrt_nearest(mpz_t r, const mpz_t n, const mpz_t a0)
{
    mpz_t a, b, t;
    mpz_init_set(a, a0);
    mpz_init_set_ui(b, 0);
    mpz_init(t);
    while (mpz_cmp(a, b) != 0) {
        mpz_set(b, a);
        /* a = (a - (-n // a)) >> 1 */
        mpz_neg(t, n);
        mpz_fdiv_q(t, t, a);
        mpz_sub(t, a, t);
        mpz_fdiv_q_2exp(a, t, 1);
    }
    mpz_set(r, a);
    mpz_clears(a, b, t, NULL);
}

static int64_t ndig(const mpz_t x) { return dec_ndigits(x); }

/* -int(-10*len(str(M))//(3*L)): the number of series terms */
static int64_t terms(const mpz_t M, int64_t L)
{
    int64_t num = 10 * ndig(M), den = 3 * L;
    return (num + den - 1) / den;
}

static int tick(ev_interp *I) { return ev_tick(I); }

/* _ilog: an integer approximation to M*log(x/M) */
static int ilog(ev_interp *I, mpz_t res, const mpz_t x, const mpz_t M)
{
    const int64_t L = 8;
    mpz_t y, t, u, v, w, ys;
    mpz_inits(y, t, u, v, w, ys, NULL);
    int rc = -1;
    mpz_sub(y, x, M);
    int64_t R = 0;
    for (;;) {
        /* R <= L and abs(y) << L-R >= M  or  R > L and abs(y) >> R-L >= M */
        mpz_abs(t, y);
        if (R <= L)
            mpz_mul_2exp(t, t, (mp_bitcnt_t)(L - R));
        else
            mpz_fdiv_q_2exp(t, t, (mp_bitcnt_t)(R - L));
        if (mpz_cmp(t, M) < 0)
            break;
        if (tick(I))
            goto out;
        /* y = _div_nearest((M*y) << 1, M + _sqrt_nearest(M*(M+_rshift_nearest(y, R)), M)) */
        rshift_nearest(t, y, (uint64_t)R);
        mpz_add(t, t, M);
        mpz_mul(t, t, M);
        sqrt_nearest(u, t, M);
        mpz_add(u, u, M);
        mpz_mul(v, M, y);
        mpz_mul_2exp(v, v, 1);
        div_nearest(y, v, u);
        R++;
    }
    int64_t T = terms(M, L);
    rshift_nearest(ys, y, (uint64_t)R);
    div_nearest_ui(w, M, (unsigned long)T);
    for (int64_t k = T - 1; k > 0; k--) {
        if ((k & 63) == 0 && tick(I))
            goto out;
        div_nearest_ui(t, M, (unsigned long)k);
        mpz_mul(u, ys, w);
        div_nearest(u, u, M);
        mpz_sub(w, t, u);
    }
    mpz_mul(t, w, y);
    div_nearest(res, t, M);
    rc = 0;
out:
    mpz_clears(y, t, u, v, w, ys, NULL);
    return rc;
}

/* floor(10**p * log(10)) for p >= 0 */
static int log10_digits(ev_interp *I, mpz_t r, int64_t p)
{
    static const char digits[] = "23025850929940456840179914546843642076011014886";
    if (p < (int64_t)sizeof digits - 1) {
        char buf[sizeof digits];
        memcpy(buf, digits, (size_t)p + 1);
        buf[p + 1] = 0;
        mpz_set_str(r, buf, 10);
        return 0;
    }
    /* as _Log10Memoize.getdigits: more digits until the last ones are not all zero */
    int64_t extra = 3;
    mpz_t M, t, q;
    mpz_inits(M, t, q, NULL);
    int rc = -1;
    for (;;) {
        if (dec_pow10(I, M, p + extra + 2))
            goto out;
        mpz_mul_ui(t, M, 10);
        if (ilog(I, q, t, M))
            goto out;
        div_nearest_ui(q, q, 100);
        /* digits[-extra:] != '0'*extra */
        mpz_t p10;
        mpz_init(p10);
        mpz_ui_pow_ui(p10, 10, (unsigned long)extra);
        bool nz = !mpz_divisible_p(q, p10);
        mpz_clear(p10);
        if (nz)
            break;
        extra += 3;
    }
    /* digits.rstrip('0')[:-1], then its first p+1 digits */
    while (mpz_divisible_ui_p(q, 10) && mpz_sgn(q))
        mpz_divexact_ui(q, q, 10);
    mpz_tdiv_q_ui(q, q, 10);
    {
        int64_t n = ndig(q);
        if (n > p + 1) {
            if (dec_pow10(I, t, n - p - 1))
                goto out;
            mpz_tdiv_q(q, q, t);
        }
    }
    mpz_set(r, q);
    rc = 0;
out:
    mpz_clears(M, t, q, NULL);
    return rc;
}

/* _iexp: an integer approximation to M*exp(x/M) */
static int iexp(ev_interp *I, mpz_t res, const mpz_t x, const mpz_t M)
{
    const int64_t L = 8;
    mpz_t t, y, Ms, u;
    mpz_inits(t, y, Ms, u, NULL);
    int rc = -1;
    mpz_mul_2exp(t, x, L);
    mpz_fdiv_q(t, t, M);
    int64_t R = nbits(t);
    int64_t T = terms(M, L);
    div_nearest_ui(y, x, (unsigned long)T);
    mpz_mul_2exp(Ms, M, (mp_bitcnt_t)R);
    for (int64_t i = T - 1; i > 0; i--) {
        if ((i & 63) == 0 && tick(I))
            goto out;
        mpz_add(t, Ms, y);
        mpz_mul(t, t, x);
        mpz_mul_ui(u, Ms, (unsigned long)i);
        div_nearest(y, t, u);
    }
    for (int64_t k = R - 1; k >= 0; k--) {
        if ((k & 63) == 0 && tick(I))
            goto out;
        mpz_mul_2exp(Ms, M, (mp_bitcnt_t)(k + 2));
        mpz_add(t, y, Ms);
        mpz_mul(t, t, y);
        div_nearest(y, t, Ms);
    }
    mpz_add(res, M, y);
    rc = 0;
out:
    mpz_clears(t, y, Ms, u, NULL);
    return rc;
}

/* _dexp(c, e, p) -> (d, f) */
static int dexp(ev_interp *I, mpz_t d, int64_t *f, const mpz_t c, int64_t e, int64_t p)
{
    p += 2;
    int64_t extra = e + ndig(c) - 1;
    if (extra < 0)
        extra = 0;
    int64_t q = p + extra, shift = e + q;
    mpz_t cs, l10, quot, rem, t, M;
    mpz_inits(cs, l10, quot, rem, t, M, NULL);
    int rc = -1;
    mpz_set(cs, c);
    if (shift >= 0) {
        if (dec_shift_up(I, cs, shift))
            goto out;
    } else {
        if (dec_pow10(I, t, -shift))
            goto out;
        mpz_fdiv_q(cs, cs, t);
    }
    if (log10_digits(I, l10, q))
        goto out;
    mpz_fdiv_qr(quot, rem, cs, l10);
    if (dec_pow10(I, t, extra))
        goto out;
    div_nearest(rem, rem, t);
    if (dec_pow10(I, M, p) || iexp(I, t, rem, M))
        goto out;
    div_nearest_ui(d, t, 1000);
    if (!mpz_fits_slong_p(quot)) {
        ev_raise_limit(I, "memory");
        goto out;
    }
    *f = mpz_get_si(quot) - p + 3;
    rc = 0;
out:
    mpz_clears(cs, l10, quot, rem, t, M, NULL);
    return rc;
}

/* _dlog(c, e, p): 10**p * log(c * 10**e) */
static int dlog(ev_interp *I, mpz_t res, const mpz_t c0, int64_t e, int64_t p)
{
    p += 2;
    int64_t l = ndig(c0);
    int64_t f = e + l - (e + l >= 1);
    mpz_t c, t, logd, flt;
    mpz_init_set(c, c0);
    mpz_inits(t, logd, flt, NULL);
    int rc = -1;
    if (p > 0) {
        int64_t k = e + p - f;
        if (k >= 0) {
            if (dec_shift_up(I, c, k))
                goto out;
        } else {
            if (dec_pow10(I, t, -k))
                goto out;
            div_nearest(c, c, t);
        }
        if (dec_pow10(I, t, p) || ilog(I, logd, c, t))
            goto out;
    }
    if (f) {
        char buf[32];
        int extra = snprintf(buf, sizeof buf, "%lld", (long long)(f < 0 ? -f : f)) - 1;
        if (p + extra >= 0) {
            if (log10_digits(I, t, p + extra))
                goto out;
            mpz_mul_si(t, t, (long)f);
            mpz_t p10;
            mpz_init(p10);
            mpz_ui_pow_ui(p10, 10, (unsigned long)extra);
            div_nearest(flt, t, p10);
            mpz_clear(p10);
        }
    }
    mpz_add(t, flt, logd);
    div_nearest_ui(res, t, 100);
    rc = 0;
out:
    mpz_clears(c, t, logd, flt, NULL);
    return rc;
}

/* _dlog10(c, e, p): 10**p * log10(c * 10**e) */
static int dlog10(ev_interp *I, mpz_t res, const mpz_t c0, int64_t e, int64_t p)
{
    p += 2;
    int64_t l = ndig(c0);
    int64_t f = e + l - (e + l >= 1);
    mpz_t c, t, M, logd, ltp, l10;
    mpz_init_set(c, c0);
    mpz_inits(t, M, logd, ltp, l10, NULL);
    int rc = -1;
    if (p > 0) {
        if (dec_pow10(I, M, p))
            goto out;
        int64_t k = e + p - f;
        if (k >= 0) {
            if (dec_shift_up(I, c, k))
                goto out;
        } else {
            if (dec_pow10(I, t, -k))
                goto out;
            div_nearest(c, c, t);
        }
        if (ilog(I, logd, c, M) || log10_digits(I, l10, p))
            goto out;
        mpz_mul(t, logd, M);
        div_nearest(logd, t, l10);
        mpz_mul_si(ltp, M, (long)f);
    } else {
        mpz_set_si(t, (long)f);
        if (dec_pow10(I, M, -p))
            goto out;
        div_nearest(ltp, t, M);
    }
    mpz_add(t, ltp, logd);
    div_nearest_ui(res, t, 100);
    rc = 0;
out:
    mpz_clears(c, t, M, logd, ltp, l10, NULL);
    return rc;
}

/* _dpower(xc, xe, yc, ye, p) -> (c, e) */
static int dpower(ev_interp *I, mpz_t rc_, int64_t *re, const mpz_t xc, int64_t xe, const mpz_t yc, int64_t ye,
                  int64_t p)
{
    int64_t b = ndig(yc) + ye;
    mpz_t lxc, pc, t;
    mpz_inits(lxc, pc, t, NULL);
    int rc = -1;
    if (dlog(I, lxc, xc, xe, p + b + 1))
        goto out;
    int64_t shift = ye - b;
    mpz_mul(pc, lxc, yc);
    if (shift >= 0) {
        if (dec_shift_up(I, pc, shift))
            goto out;
    } else {
        if (dec_pow10(I, t, -shift))
            goto out;
        div_nearest(pc, pc, t);
    }
    if (mpz_sgn(pc) == 0) {
        if ((ndig(xc) + xe >= 1) == (mpz_sgn(yc) > 0)) {
            if (dec_pow10(I, rc_, p - 1))
                goto out;
            mpz_add_ui(rc_, rc_, 1);
            *re = 1 - p;
        } else {
            if (dec_pow10(I, rc_, p))
                goto out;
            mpz_sub_ui(rc_, rc_, 1);
            *re = -p;
        }
    } else {
        int64_t e;
        if (dexp(I, t, &e, pc, -(p + 1), p + 1))
            goto out;
        div_nearest_ui(rc_, t, 10);
        *re = e + 1;
    }
    rc = 0;
out:
    mpz_clears(lxc, pc, t, NULL);
    return rc;
}

/* coeff % (5*10**(len(str(abs(coeff)))-p-1)) is nonzero: the rounding is
 * decided (a negative power counts as undecided) */
static bool decided(ev_interp *I, const mpz_t coeff, int64_t p)
{
    int64_t k = ndig(coeff) - p - 1;
    if (k < 0)
        return false;
    mpz_t m;
    mpz_init(m);
    if (dec_pow10(I, m, k)) {
        mpz_clear(m);
        return true; /* the limit is raised; the caller sees it */
    }
    mpz_mul_ui(m, m, 5);
    bool r = !mpz_divisible_p(coeff, m);
    mpz_clear(m);
    return r;
}

/* len(str(abs(v))) */
static int64_t len_i64(int64_t v)
{
    char buf[32];
    return snprintf(buf, sizeof buf, "%llu", (unsigned long long)(v < 0 ? -(uint64_t)v : (uint64_t)v));
}

/* _ln_exp_bound and _log10_exp_bound of a finite positive d != 1 */
static int64_t ln_exp_bound(ev_interp *I, const dec *d)
{
    int64_t adj = dec_adjusted(d);
    if (adj >= 1)
        return len_i64(adj * 23 / 10) - 1;
    if (adj <= -2)
        return len_i64((-1 - adj) * 23 / 10) - 1;
    mpz_t num, t;
    mpz_inits(num, t, NULL);
    int64_t r;
    if (dec_pow10(I, t, -d->e)) {
        mpz_clears(num, t, NULL);
        return 0;
    }
    if (adj == 0) {
        mpz_sub(num, d->c, t);
        /* len(num) - len(den) - (num < den) as strings */
        char *ns = mpz_get_str(NULL, 10, num), *ds = mpz_get_str(NULL, 10, d->c);
        r = (int64_t)strlen(ns) - (int64_t)strlen(ds) - (strcmp(ns, ds) < 0);
        void (*fr)(void *, size_t);
        mp_get_memory_functions(NULL, NULL, &fr);
        fr(ns, strlen(ns) + 1);
        fr(ds, strlen(ds) + 1);
    } else {
        mpz_sub(num, t, d->c);
        r = d->e + ndig(num) - 1;
    }
    mpz_clears(num, t, NULL);
    return r;
}

static int64_t log10_exp_bound(ev_interp *I, const dec *d)
{
    int64_t adj = dec_adjusted(d);
    if (adj >= 1)
        return len_i64(adj) - 1;
    if (adj <= -2)
        return len_i64(-1 - adj) - 1;
    mpz_t num, t;
    mpz_inits(num, t, NULL);
    int64_t r;
    if (dec_pow10(I, t, -d->e)) {
        mpz_clears(num, t, NULL);
        return 0;
    }
    void (*fr)(void *, size_t);
    mp_get_memory_functions(NULL, NULL, &fr);
    if (adj == 0) {
        mpz_sub(num, d->c, t);
        mpz_mul_ui(t, d->c, 231);
        char *ns = mpz_get_str(NULL, 10, num), *ds = mpz_get_str(NULL, 10, t);
        r = (int64_t)strlen(ns) - (int64_t)strlen(ds) - (strcmp(ns, ds) < 0) + 2;
        fr(ns, strlen(ns) + 1);
        fr(ds, strlen(ds) + 1);
    } else {
        mpz_sub(num, t, d->c);
        char *ns = mpz_get_str(NULL, 10, num);
        r = (int64_t)strlen(ns) + d->e - (strcmp(ns, "231") < 0) - 1;
        fr(ns, strlen(ns) + 1);
    }
    mpz_clears(num, t, NULL);
    return r;
}

static void set_special(dec *r, int kind, int sign)
{
    r->special = kind;
    r->sign = sign;
    mpz_set_ui(r->c, 0);
    r->e = 0;
}

static void set_one_exp(dec *r, int sign, int64_t e)
{
    r->special = DEC_FINITE;
    r->sign = sign;
    mpz_set_ui(r->c, 1);
    r->e = e;
}

static bool is_one(const dec *d)
{
    if (d->special || d->sign || d->e > 0)
        return false;
    mpz_t t;
    mpz_init(t);
    mpz_ui_pow_ui(t, 10, (unsigned long)(-d->e));
    bool r = mpz_cmp(d->c, t) == 0;
    mpz_clear(t);
    return r;
}

/* fix with ROUND_HALF_EVEN */
static int fix_half_even(ev_interp *I, dec *r, dctx *ctx)
{
    int saved = ctx->round;
    ctx->round = RD_HALF_EVEN;
    int rc = dec_fix(I, r, ctx);
    ctx->round = saved;
    return rc;
}

/* the Ziv loop's working precision must stay affordable */
static int afford_places(ev_interp *I, int64_t places)
{
    if (places > 50000000) {
        ev_raise_limit(I, "memory");
        return -1;
    }
    return tick(I);
}

int dec_exp(ev_interp *I, dec *r, const dec *a, dctx *ctx)
{
    if (dec_check_nans(r, a, NULL, ctx))
        return dec_fix(I, r, ctx);
    if (a->special == DEC_INF) {
        if (a->sign) {
            set_special(r, DEC_FINITE, 0);
            return 0;
        }
        dec_copy(r, a);
        return 0;
    }
    if (dec_is_zero(a)) {
        set_one_exp(r, 0, 0);
        return 0;
    }
    int64_t p = ctx->prec, adj = dec_adjusted(a);
    int64_t etiny = ctx->emin - ctx->prec + 1;
    if (a->sign == 0 && adj > len_i64((ctx->emax + 1) * 3)) {
        set_one_exp(r, 0, ctx->emax + 1);
    } else if (a->sign == 1 && adj > len_i64((-etiny + 1) * 3)) {
        set_one_exp(r, 0, etiny - 1);
    } else if (a->sign == 0 && adj < -p) {
        /* '1' + '0'*(p-1) + '1' at exponent -p */
        r->special = DEC_FINITE;
        r->sign = 0;
        if (dec_pow10(I, r->c, p))
            return -1;
        mpz_add_ui(r->c, r->c, 1);
        r->e = -p;
    } else if (a->sign == 1 && adj < -p - 1) {
        r->special = DEC_FINITE;
        r->sign = 0;
        if (dec_pow10(I, r->c, p + 1))
            return -1;
        mpz_sub_ui(r->c, r->c, 1);
        r->e = -p - 1;
    } else {
        mpz_t c;
        mpz_init_set(c, a->c);
        if (a->sign)
            mpz_neg(c, c);
        int64_t extra = 3, e;
        for (;;) {
            if (afford_places(I, p + extra) || dexp(I, r->c, &e, c, a->e, p + extra)) {
                mpz_clear(c);
                return -1;
            }
            if (decided(I, r->c, p))
                break;
            extra += 3;
        }
        mpz_clear(c);
        r->special = DEC_FINITE;
        r->sign = 0;
        r->e = e;
    }
    return fix_half_even(I, r, ctx);
}

/* ln (ten: log10) */
static int dec_log(ev_interp *I, dec *r, const dec *a, bool ten, dctx *ctx)
{
    if (dec_check_nans(r, a, NULL, ctx))
        return dec_fix(I, r, ctx);
    if (dec_is_zero(a)) {
        set_special(r, DEC_INF, 1);
        return 0;
    }
    if (a->special == DEC_INF && a->sign == 0) {
        dec_copy(r, a);
        return 0;
    }
    if (!ten && is_one(a)) {
        set_special(r, DEC_FINITE, 0);
        return 0;
    }
    if (a->sign)
        return dec_set_nan_result(r, ctx, ST_INVALID_OP);
    /* log10 of a power of ten: exactly its adjusted exponent */
    if (ten) {
        mpz_t t;
        mpz_init(t);
        bool pow10 = false;
        int64_t n = ndig(a->c);
        if (n < 100000) {
            mpz_ui_pow_ui(t, 10, (unsigned long)(n - 1));
            pow10 = mpz_cmp(t, a->c) == 0;
        }
        mpz_clear(t);
        if (pow10) {
            int64_t v = a->e + n - 1;
            r->special = DEC_FINITE;
            r->sign = v < 0;
            mpz_set_ui(r->c, (unsigned long)(v < 0 ? -v : v));
            r->e = 0;
            return fix_half_even(I, r, ctx);
        }
    }
    int64_t p = ctx->prec;
    int64_t places = p - (ten ? log10_exp_bound(I, a) : ln_exp_bound(I, a)) + 2;
    mpz_t coeff;
    mpz_init(coeff);
    for (;;) {
        if (afford_places(I, places) ||
            (ten ? dlog10(I, coeff, a->c, a->e, places) : dlog(I, coeff, a->c, a->e, places))) {
            mpz_clear(coeff);
            return -1;
        }
        if (decided(I, coeff, p))
            break;
        places += 3;
    }
    r->special = DEC_FINITE;
    r->sign = mpz_sgn(coeff) < 0;
    mpz_abs(r->c, coeff);
    r->e = -places;
    mpz_clear(coeff);
    return fix_half_even(I, r, ctx);
}

int dec_ln(ev_interp *I, dec *r, const dec *a, dctx *ctx) { return dec_log(I, r, a, false, ctx); }
int dec_log10(ev_interp *I, dec *r, const dec *a, dctx *ctx) { return dec_log(I, r, a, true, ctx); }

/* ---- power ------------------------------------------------------------------------------------ */

static bool is_integer(const dec *d)
{
    if (d->special)
        return false;
    if (d->e >= 0 || mpz_sgn(d->c) == 0)
        return true;
    int64_t n = ndig(d->c);
    if (-d->e > n)
        return false;
    mpz_t t;
    mpz_init(t);
    mpz_ui_pow_ui(t, 10, (unsigned long)-d->e);
    bool r = mpz_divisible_p(d->c, t);
    mpz_clear(t);
    return r;
}

/* int(d) of an integral d known to be small, or INT64_MAX when huge */
static int64_t int_of(const dec *d)
{
    if (d->e > 18)
        return mpz_sgn(d->c) ? (d->sign ? INT64_MIN : INT64_MAX) : 0;
    mpz_t t;
    mpz_init_set(t, d->c);
    if (d->e >= 0) {
        for (int64_t k = 0; k < d->e; k++)
            mpz_mul_ui(t, t, 10);
    } else {
        mpz_t p;
        mpz_init(p);
        mpz_ui_pow_ui(p, 10, (unsigned long)-d->e);
        mpz_tdiv_q(t, t, p);
        mpz_clear(p);
    }
    int64_t v = mpz_fits_slong_p(t) ? mpz_get_si(t) : INT64_MAX;
    mpz_clear(t);
    if (v == INT64_MAX)
        return d->sign ? INT64_MIN : INT64_MAX;
    return d->sign ? -v : v;
}

static bool is_even_int(const dec *d)
{
    /* an integral d: its units digit */
    if (mpz_sgn(d->c) == 0 || d->e > 0)
        return true;
    mpz_t t;
    mpz_init_set(t, d->c);
    mpz_t p;
    mpz_init(p);
    mpz_ui_pow_ui(p, 10, (unsigned long)-d->e);
    mpz_tdiv_q(t, t, p);
    bool r = mpz_even_p(t);
    mpz_clears(t, p, NULL);
    return r;
}

static int64_t log10_lb(const mpz_t c)
{
    static const int corr[10] = {0, 100, 70, 53, 40, 31, 23, 16, 10, 5};
    char *s = mpz_get_str(NULL, 10, c);
    int64_t n = (int64_t)strlen(s);
    int64_t r = 100 * n - corr[s[0] - '0'];
    void (*fr)(void *, size_t);
    mp_get_memory_functions(NULL, NULL, &fr);
    fr(s, strlen(s) + 1);
    return r;
}

/* n * 10**e when an integer (e may be negative), as _decimal_lshift_exact;
 * false when not */
static bool lshift_exact(mpz_t r, const mpz_t n, int64_t e)
{
    if (mpz_sgn(n) == 0) {
        mpz_set_ui(r, 0);
        return true;
    }
    if (e >= 0) {
        if (e > 100)
            return false; /* only used with small results */
        mpz_set(r, n);
        for (int64_t k = 0; k < e; k++)
            mpz_mul_ui(r, r, 10);
        return true;
    }
    mpz_t t;
    mpz_init_set(t, n);
    mpz_abs(t, t);
    int64_t z = 0;
    while (mpz_divisible_ui_p(t, 10) && z < -e) {
        mpz_divexact_ui(t, t, 10);
        z++;
    }
    mpz_clear(t);
    if (z < -e)
        return false;
    mpz_t p;
    mpz_init(p);
    mpz_ui_pow_ui(p, 10, (unsigned long)-e);
    mpz_fdiv_q(r, n, p);
    mpz_clear(p);
    return true;
}

/* _power_exact: 1 and r when x**y is exact within p digits, 0 when not */
static int power_exact(ev_interp *I, dec *r, const dec *x, const dec *y, int64_t p)
{
    mpz_t xc, yc, t, m, n, a, q, rem;
    mpz_init_set(xc, x->c);
    mpz_init_set(yc, y->c);
    mpz_inits(t, m, n, a, q, rem, NULL);
    int64_t xe = x->e, ye = y->e;
    int res = 0;
    while (mpz_divisible_ui_p(xc, 10)) {
        mpz_divexact_ui(xc, xc, 10);
        xe++;
    }
    while (mpz_divisible_ui_p(yc, 10)) {
        mpz_divexact_ui(yc, yc, 10);
        ye++;
    }
    bool yint = is_integer(y);
    if (mpz_cmp_ui(xc, 1) == 0) {
        /* xe *= yc */
        mpz_set_si(t, (long)xe);
        mpz_mul(t, t, yc);
        while (mpz_sgn(t) && mpz_divisible_ui_p(t, 10)) {
            mpz_divexact_ui(t, t, 10);
            ye++;
        }
        if (ye < 0)
            goto out;
        /* exponent = xe * 10**ye, negated for a negative y */
        if (ye > 20)
            goto out;
        for (int64_t k = 0; k < ye; k++)
            mpz_mul_ui(t, t, 10);
        if (y->sign)
            mpz_neg(t, t);
        if (!mpz_fits_slong_p(t))
            goto out;
        int64_t exponent = mpz_get_si(t), zeros = 0;
        if (yint && y->sign == 0) {
            int64_t ideal = x->e * int_of(y);
            zeros = exponent - ideal;
            if (zeros > p - 1)
                zeros = p - 1;
        }
        r->special = DEC_FINITE;
        r->sign = 0;
        if (dec_pow10(I, r->c, zeros))
            goto fail;
        r->e = exponent - zeros;
        res = 1;
        goto out;
    }
    if (y->sign) {
        unsigned long last = mpz_fdiv_ui(xc, 10);
        int64_t e;
        mpz_t ee, xee;
        mpz_inits(ee, xee, NULL);
        if (last == 2 || last == 4 || last == 6 || last == 8) {
            /* xc must be a power of 2 */
            if (mpz_scan1(xc, 0) != mpz_sizeinbase(xc, 2) - 1) {
                mpz_clears(ee, xee, NULL);
                goto out;
            }
            e = nbits(xc) - 1;
            int64_t emax = p * 93 / 65;
            if (ye >= len_i64(emax)) {
                mpz_clears(ee, xee, NULL);
                goto out;
            }
            mpz_mul_si(t, yc, (long)e);
            mpz_set_si(a, (long)xe);
            mpz_mul(a, a, yc);
            if (!lshift_exact(ee, t, ye) || !lshift_exact(xee, a, ye) || mpz_cmp_si(ee, (long)emax) > 0) {
                mpz_clears(ee, xee, NULL);
                goto out;
            }
            e = mpz_get_si(ee);
            mpz_ui_pow_ui(xc, 5, (unsigned long)e);
        } else if (last == 5) {
            e = nbits(xc) * 28 / 65;
            mpz_ui_pow_ui(t, 5, (unsigned long)e);
            mpz_fdiv_qr(q, rem, t, xc);
            if (mpz_sgn(rem)) {
                mpz_clears(ee, xee, NULL);
                goto out;
            }
            mpz_set(xc, q);
            while (mpz_divisible_ui_p(xc, 5)) {
                mpz_divexact_ui(xc, xc, 5);
                e--;
            }
            int64_t emax = p * 10 / 3;
            if (ye >= len_i64(emax)) {
                mpz_clears(ee, xee, NULL);
                goto out;
            }
            mpz_mul_si(t, yc, (long)e);
            mpz_set_si(a, (long)xe);
            mpz_mul(a, a, yc);
            if (!lshift_exact(ee, t, ye) || !lshift_exact(xee, a, ye) || mpz_cmp_si(ee, (long)emax) > 0) {
                mpz_clears(ee, xee, NULL);
                goto out;
            }
            e = mpz_get_si(ee);
            mpz_set_ui(xc, 1);
            mpz_mul_2exp(xc, xc, (mp_bitcnt_t)e);
        } else {
            mpz_clears(ee, xee, NULL);
            goto out;
        }
        if (dec_pow10(I, t, p)) {
            mpz_clears(ee, xee, NULL);
            goto fail;
        }
        if (mpz_cmp(xc, t) >= 0 || !mpz_fits_slong_p(xee)) {
            mpz_clears(ee, xee, NULL);
            goto out;
        }
        r->special = DEC_FINITE;
        r->sign = 0;
        mpz_set(r->c, xc);
        r->e = -e - mpz_get_si(xee);
        mpz_clears(ee, xee, NULL);
        res = 1;
        goto out;
    }
    /* y > 0 */
    int64_t xc_bits = nbits(xc);
    if (ye >= 0) {
        if (ye > 20)
            goto out;
        mpz_set(m, yc);
        for (int64_t k = 0; k < ye; k++)
            mpz_mul_ui(m, m, 10);
        mpz_set_ui(n, 1);
    } else {
        if (xe != 0) {
            mpz_mul_si(t, yc, (long)xe);
            if (ndig(t) <= -ye)
                goto out;
        }
        mpz_mul_ui(t, yc, (unsigned long)xc_bits);
        if (ndig(t) <= -ye)
            goto out;
        mpz_set(m, yc);
        if (-ye > 40)
            goto out;
        mpz_ui_pow_ui(n, 10, (unsigned long)-ye);
        while (mpz_even_p(m) && mpz_even_p(n)) {
            mpz_divexact_ui(m, m, 2);
            mpz_divexact_ui(n, n, 2);
        }
        while (mpz_divisible_ui_p(m, 5) && mpz_divisible_ui_p(n, 5)) {
            mpz_divexact_ui(m, m, 5);
            mpz_divexact_ui(n, n, 5);
        }
    }
    if (mpz_cmp_ui(n, 1) > 0) {
        if (mpz_cmp_si(n, (long)xc_bits) >= 0 || !mpz_fits_slong_p(n))
            goto out;
        int64_t nn = mpz_get_si(n);
        int64_t xq = xe / nn, xr = xe % nn;
        if (xr < 0) {
            xr += nn;
            xq--;
        }
        if (xr != 0)
            goto out;
        xe = xq;
        /* a = 1 << -(-nbits(xc)//n); Newton for the nth root */
        mpz_set_ui(a, 1);
        mpz_mul_2exp(a, a, (mp_bitcnt_t)((xc_bits + nn - 1) / nn));
        for (;;) {
            if (tick(I))
                goto fail;
            mpz_pow_ui(t, a, (unsigned long)(nn - 1));
            mpz_fdiv_qr(q, rem, xc, t);
            if (mpz_cmp(a, q) <= 0)
                break;
            mpz_mul_ui(a, a, (unsigned long)(nn - 1));
            mpz_add(a, a, q);
            mpz_fdiv_q_ui(a, a, (unsigned long)nn);
        }
        if (!(mpz_cmp(a, q) == 0 && mpz_sgn(rem) == 0))
            goto out;
        mpz_set(xc, a);
    }
    if (mpz_cmp_ui(xc, 1) > 0) {
        mpz_set_si(t, (long)(p * 100 / log10_lb(xc)));
        if (mpz_cmp(m, t) > 0)
            goto out;
    }
    if (!mpz_fits_ulong_p(m))
        goto out;
    unsigned long mm = mpz_get_ui(m);
    mpz_pow_ui(xc, xc, mm);
    xe *= (int64_t)mm;
    if (dec_pow10(I, t, p))
        goto fail;
    if (mpz_cmp(xc, t) > 0)
        goto out;
    {
        int64_t zeros = 0, lx = ndig(xc);
        if (yint && y->sign == 0) {
            int64_t ideal = x->e * int_of(y);
            zeros = xe - ideal;
            if (zeros > p - lx)
                zeros = p - lx;
        }
        r->special = DEC_FINITE;
        r->sign = 0;
        mpz_set(r->c, xc);
        if (dec_shift_up(I, r->c, zeros))
            goto fail;
        r->e = xe - zeros;
        res = 1;
    }
    goto out;
fail:
    res = -1;
out:
    mpz_clears(xc, yc, t, m, n, a, q, rem, NULL);
    return res;
}

int dec_pow(ev_interp *I, dec *r, const dec *x0, const dec *y, dctx *ctx)
{
    if (dec_check_nans(r, x0, y, ctx))
        return dec_fix(I, r, ctx);
    if (dec_is_zero(y)) {
        if (dec_is_zero(x0))
            return dec_set_nan_result(r, ctx, ST_INVALID_OP);
        set_one_exp(r, 0, 0);
        return 0;
    }
    int rsign = 0;
    dec x;
    dec_init(&x);
    dec_copy(&x, x0);
    int rc = 0;
    bool yint = is_integer(y);
    if (x.sign) {
        if (yint) {
            if (!is_even_int(y))
                rsign = 1;
        } else if (!dec_is_zero(&x)) {
            rc = dec_set_nan_result(r, ctx, ST_INVALID_OP);
            goto out;
        }
        x.sign = 0;
    }
    if (dec_is_zero(&x)) {
        if (y->sign == 0) {
            set_special(r, DEC_FINITE, rsign);
        } else {
            set_special(r, DEC_INF, rsign);
        }
        goto out;
    }
    if (x.special == DEC_INF) {
        if (y->sign == 0)
            set_special(r, DEC_INF, rsign);
        else
            set_special(r, DEC_FINITE, rsign);
        goto out;
    }
    if (is_one(&x)) {
        int64_t exp;
        if (yint) {
            int64_t mult;
            if (y->sign)
                mult = 0;
            else {
                int64_t v = int_of(y);
                mult = v > ctx->prec ? ctx->prec : v;
            }
            exp = x.e * mult;
            if (exp < 1 - ctx->prec) {
                exp = 1 - ctx->prec;
                ctx->status |= ST_ROUNDED;
            }
        } else {
            ctx->status |= ST_INEXACT | ST_ROUNDED;
            exp = 1 - ctx->prec;
        }
        r->special = DEC_FINITE;
        r->sign = rsign;
        if (dec_pow10(I, r->c, -exp)) {
            rc = -1;
            goto out;
        }
        r->e = exp;
        goto out;
    }
    int64_t xadj = dec_adjusted(&x);
    if (y->special == DEC_INF) {
        if ((y->sign == 0) == (xadj < 0))
            set_special(r, DEC_FINITE, rsign);
        else
            set_special(r, DEC_INF, rsign);
        goto out;
    }
    bool have = false, exact = false;
    int64_t bound = log10_exp_bound(I, &x) + dec_adjusted(y);
    if ((xadj >= 0) == (y->sign == 0)) {
        if (bound >= len_i64(ctx->emax)) {
            set_one_exp(r, rsign, ctx->emax + 1);
            have = true;
        }
    } else {
        int64_t etiny = ctx->emin - ctx->prec + 1;
        if (bound >= len_i64(-etiny)) {
            set_one_exp(r, rsign, etiny - 1);
            have = true;
        }
    }
    if (!have) {
        int e = power_exact(I, r, &x, y, ctx->prec + 1);
        if (e < 0) {
            rc = -1;
            goto out;
        }
        if (e) {
            r->sign = rsign;
            have = exact = true;
        }
    }
    if (!have) {
        int64_t p = ctx->prec, extra = 3, e;
        mpz_t yc;
        mpz_init_set(yc, y->c);
        if (y->sign)
            mpz_neg(yc, yc);
        for (;;) {
            if (afford_places(I, p + extra) || dpower(I, r->c, &e, x.c, x.e, yc, y->e, p + extra)) {
                mpz_clear(yc);
                rc = -1;
                goto out;
            }
            if (decided(I, r->c, p))
                break;
            extra += 3;
        }
        mpz_clear(yc);
        r->special = DEC_FINITE;
        r->sign = rsign;
        r->e = e;
    }
    if (exact && !yint) {
        /* pad to prec+1 digits, round in a quiet context, then signal */
        int64_t len = ndig(r->c);
        if (len <= ctx->prec) {
            int64_t ed = ctx->prec + 1 - len;
            if (dec_shift_up(I, r->c, ed)) {
                rc = -1;
                goto out;
            }
            r->e -= ed;
        }
        dctx q = *ctx;
        q.status = 0;
        if (dec_fix(I, r, &q)) {
            rc = -1;
            goto out;
        }
        q.status |= ST_INEXACT;
        if (q.status & ST_SUBNORMAL)
            q.status |= ST_UNDERFLOW;
        ctx->status |= q.status & (ST_OVERFLOW | ST_UNDERFLOW | ST_SUBNORMAL | ST_INEXACT | ST_ROUNDED | ST_CLAMPED);
    } else {
        rc = dec_fix(I, r, ctx);
    }
out:
    dec_clear(&x);
    return rc;
}

/* pow(x, y, m): all integral, as _power_modulo */
int dec_pow_mod(ev_interp *I, dec *r, const dec *x, const dec *y, const dec *m, dctx *ctx)
{
    const dec *nan = NULL;
    if (x->special == DEC_SNAN)
        nan = x;
    else if (y->special == DEC_SNAN)
        nan = y;
    else if (m->special == DEC_SNAN)
        nan = m;
    if (nan) {
        dec_copy(r, nan);
        r->special = DEC_NAN;
        ctx->status |= ST_INVALID_OP;
        return dec_fix(I, r, ctx);
    }
    nan = x->special == DEC_NAN ? x : y->special == DEC_NAN ? y : m->special == DEC_NAN ? m : NULL;
    if (nan) {
        dec_copy(r, nan);
        return dec_fix(I, r, ctx);
    }
    if (!is_integer(x) || !is_integer(y) || !is_integer(m) || (y->sign && !dec_is_zero(y)) || dec_is_zero(m) ||
        dec_adjusted(m) >= ctx->prec || (dec_is_zero(x) && dec_is_zero(y)))
        return dec_set_nan_result(r, ctx, ST_INVALID_OP);
    int sign = is_even_int(y) ? 0 : x->sign;
    mpz_t mod, base, ex, t;
    mpz_inits(mod, base, ex, t, NULL);
    int rc = -1;
    /* the integral values (exponents >= 0 after dropping zero fractions) */
    dec xi, yi, mi;
    dec_init(&xi);
    dec_init(&yi);
    dec_init(&mi);
    if (dec_rescale(I, &mi, m, m->e < 0 ? 0 : m->e, RD_DOWN) || dec_rescale(I, &xi, x, x->e < 0 ? 0 : x->e, RD_DOWN) ||
        dec_rescale(I, &yi, y, y->e < 0 ? 0 : y->e, RD_DOWN))
        goto out;
    mpz_set(mod, mi.c);
    if (dec_shift_up(I, mod, mi.e))
        goto out;
    /* base = (xc % mod * pow(10, xe, mod)) % mod */
    mpz_mod(base, xi.c, mod);
    mpz_set_ui(t, 10);
    mpz_set_si(ex, (long)xi.e);
    mpz_powm(t, t, ex, mod);
    mpz_mul(base, base, t);
    mpz_mod(base, base, mod);
    for (int64_t i = 0; i < yi.e; i++) {
        if (tick(I))
            goto out;
        mpz_set_ui(t, 10);
        mpz_powm(base, base, t, mod);
    }
    if (ev_big_powm(I, base, base, yi.c, mod))
        goto out;
    r->special = DEC_FINITE;
    r->sign = sign;
    mpz_set(r->c, base);
    r->e = 0;
    rc = 0;
out:
    dec_clear(&xi);
    dec_clear(&yi);
    dec_clear(&mi);
    mpz_clears(mod, base, ex, t, NULL);
    return rc;
}
