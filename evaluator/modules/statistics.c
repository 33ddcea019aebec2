/*
 * statistics.c - the statistics module, CPython 3.11 behaviour.
 *
 * Every function follows Lib/statistics.py step by step: the same
 * arithmetic in the same order, the same errors and messages.  What CPython
 * computes with fractions (_sum, _ss, _convert) is computed here exactly
 * with GMP: a running sum n / 2**k (every int and finite float is one), made
 * a rational at the end, converted to float by the correctly rounded int
 * true division that Fraction.__float__ uses, so means and variances are bit
 * for bit CPython's.  Infinities and NaNs take _sum's float side path.
 * What CPython computes with floats (fmean, covariance, NormalDist...) uses
 * the same operations: math.fsum, math.hypot and friends through the math
 * module, IEEE doubles in C for the rest.
 *
 * Inputs are ints, bools and floats: safepy has no Fraction or Decimal.
 * Other values fail where CPython's would (can't convert type 'str' to
 * numerator/denominator, unsupported operand...).
 *
 * NormalDist and LinearRegression are in statistics_dist.c.
 */
#include <math.h>
#include <string.h>

#include "evaluator/modules/statistics.h"



/* ---- helpers ------------------------------------------------------------------------------------ */

ev_value st_error(ev_interp *I, const char *msg)
{
    return ev_raise(I, &ev_type_StatisticsError, "%s", msg);
}

/* The pending exception is an instance of t (and no limit is pending). */
static bool pending_is(ev_interp *I, ev_type *t)
{
    return !I->limit && ev_is(I->exc, EV_O_EXC) && ev_type_is_subclass(((ev_exc *)I->exc.u.o)->type, t);
}

static void clear_pending(ev_interp *I)
{
    ev_decref(I, I->exc);
    I->exc = EV_NONE;
}

/* module.name(args) for a module of the session (math, random). */
ev_value st_call_module(ev_interp *I, const char *module, const char *name, int argc,
                            const ev_value *argv)
{
    ev_str *m = ev_intern(I, module, strlen(module)), *n = ev_intern(I, name, strlen(name));
    if (!m || !n)
        return ev_raise_nomem(I);
    ev_value mod = ev_import(I, m);
    if (EV_IS_ERR(mod))
        return mod;
    ev_value fn = ev_getattr(I, mod, n);
    ev_decref(I, mod);
    if (EV_IS_ERR(fn))
        return fn;
    ev_value r = ev_call(I, fn, argc, argv, 0, NULL, NULL);
    ev_decref(I, fn);
    return r;
}

ev_value st_math1(ev_interp *I, const char *name, ev_value x)
{
    return st_call_module(I, "math", name, 1, &x);
}

/* math.fsum(v) as a double. */
static int fsum_of(ev_interp *I, ev_value v, double *out)
{
    ev_value r = st_math1(I, "fsum", v);
    if (EV_IS_ERR(r))
        return -1;
    *out = r.u.f;
    return 0;
}

/* float(v), as the float constructor does it. */
static ev_value to_float(ev_interp *I, ev_value v)
{
    if (v.tag == EV_T_FLOAT)
        return v;
    return ev_call(I, ev_obj_val(&ev_type_float.h), 1, &v, 0, NULL, NULL);
}

int st_num_double(ev_interp *I, ev_value v, double *out)
{
    ev_value f = to_float(I, v);
    if (EV_IS_ERR(f))
        return -1;
    *out = f.u.f;
    return 0;
}

/* a OP b as Python computes it, as a double (both sides give a float). */
int st_binary_double(ev_interp *I, ev_binop op, ev_value a, ev_value b, double *out)
{
    ev_value r = ev_binary(I, op, a, b);
    if (EV_IS_ERR(r))
        return -1;
    if (r.tag != EV_T_FLOAT) {
        int e = st_num_double(I, r, out);
        ev_decref(I, r);
        return e;
    }
    *out = r.u.f;
    return 0;
}

static ev_value list_of(ev_interp *I, ev_value iterable)
{
    return ev_list_from_iterable(I, iterable);
}

/* sorted(data) */
static ev_value sorted_of(ev_interp *I, ev_value data)
{
    ev_value l = ev_list_from_iterable(I, data);
    if (EV_IS_ERR(l))
        return l;
    if (ev_sort_values(I, ev_as_list(l)->items, ev_as_list(l)->len, EV_NONE, false)) {
        ev_decref(I, l);
        return EV_ERR;
    }
    return l;
}

/* An int argument of range(): "'float' object cannot be interpreted as an integer". */
int st_range_arg(ev_interp *I, ev_value v, int64_t *out)
{
    if (v.tag == EV_T_INT || v.tag == EV_T_BOOL) {
        *out = v.u.i;
        return 0;
    }
    if (ev_is(v, EV_O_INT)) {
        /* a range that long cannot be iterated within any limit */
        mpz_t z;
        mpz_init(z);
        ev_int_to_mpz(v, z);
        *out = mpz_sgn(z) < 0 ? INT64_MIN : INT64_MAX;
        mpz_clear(z);
        return 0;
    }
    ev_raise(I, &ev_type_TypeError, "'%s' object cannot be interpreted as an integer",
             ev_type_name(v));
    return -1;
}

/* ---- exact sums (_sum, _ss) ----------------------------------------------------------------------- */

/* A running exact sum num / 2**shift. */
typedef struct xacc {
    mpz_t num;
    uint64_t shift;
} xacc;

/* acc += m * 2**e */
static void xacc_add(xacc *a, const mpz_t m, int64_t e)
{
    if (e < 0 && (uint64_t)-e > a->shift) {
        mpz_mul_2exp(a->num, a->num, (mp_bitcnt_t)((uint64_t)-e - a->shift));
        a->shift = (uint64_t)-e;
    }
    mpz_t t;
    mpz_init(t);
    mpz_mul_2exp(t, m, (mp_bitcnt_t)((int64_t)a->shift + e));
    mpz_add(a->num, a->num, t);
    mpz_clear(t);
}

static void xacc_to_q(xacc *a, mpq_t q)
{
    mpq_set_num(q, a->num);
    mpz_t d;
    mpz_init_set_ui(d, 1);
    mpz_mul_2exp(d, d, (mp_bitcnt_t)a->shift);
    mpq_set_den(q, d);
    mpz_clear(d);
    mpq_canonicalize(q);
}

/* The state of _sum / _ss over some data. */
typedef struct xsum {
    xacc sx, sxx;      /* sum of x and of x*x (sxx only when asked) */
    bool squares;
    bool is_float;     /* T is float (else int: ints and bools only) */
    bool nonfinite;    /* an inf or nan was seen: the total is nf */
    double nf;
    int64_t count;
} xsum;

static void xsum_init(xsum *s, bool squares)
{
    memset(s, 0, sizeof *s);
    mpz_init(s->sx.num);
    mpz_init(s->sxx.num);
    s->squares = squares;
}

static void xsum_clear(xsum *s)
{
    mpz_clear(s->sx.num);
    mpz_clear(s->sxx.num);
}

/* One value into the sum, as _exact_ratio and the partials do. */
static int xsum_add(ev_interp *I, xsum *s, ev_value x)
{
    mpz_t m;
    int64_t e = 0;
    if (x.tag == EV_T_INT || x.tag == EV_T_BOOL) {
        mpz_init_set_si(m, (long)x.u.i);
    } else if (ev_is(x, EV_O_INT)) {
        mpz_init(m);
        ev_int_to_mpz(x, m);
    } else if (ev_is_subfloat(x)) {
        /* CPython converts the result to the subclass (statistics._convert);
         * that type bookkeeping is not done here */
        ev_raise(I, &ev_type_NotImplementedError,
                 "statistics on instances of the float subclass '%s' is not supported by safepy; "
                 "convert them with float() first", ev_type_name(x));
        return -1;
    } else if (x.tag == EV_T_FLOAT) {
        s->is_float = true;
        double d = x.u.f;
        if (!isfinite(d)) {
            s->nf = (s->nonfinite ? s->nf : 0.0) + d;
            s->nonfinite = true;
            s->count++;
            return 0;
        }
        int ex;
        double fr = frexp(d, &ex);
        int64_t mant = (int64_t)ldexp(fr, 53);
        e = (int64_t)ex - 53;
        if (mant != 0) {
            int tz = __builtin_ctzll((unsigned long long)(mant < 0 ? -mant : mant));
            mant >>= tz; /* exact: the low bits are zero */
            e += tz;
        }
        mpz_init_set_si(m, (long)mant);
    } else {
        ev_raise(I, &ev_type_TypeError, "can't convert type '%s' to numerator/denominator",
                 ev_type_name(x));
        return -1;
    }
    s->count++;
    xacc_add(&s->sx, m, e);
    if (s->squares) {
        mpz_mul(m, m, m);
        xacc_add(&s->sxx, m, 2 * e);
    }
    mpz_clear(m);
    return 0;
}

static int xsum_iter(ev_interp *I, xsum *s, ev_value data)
{
    ev_value it = ev_iter(I, data);
    if (EV_IS_ERR(it))
        return -1;
    ev_value x;
    int r;
    while ((r = ev_next(I, it, &x)) > 0) {
        int e = ev_tick(I) ? -1 : xsum_add(I, s, x);
        ev_decref(I, x);
        if (e) {
            r = -1;
            break;
        }
    }
    ev_decref(I, it);
    return r < 0 ? -1 : 0;
}


/* float(Fraction): numerator / denominator, a correctly rounded int division. */
static ev_value q_to_float(ev_interp *I, const mpq_t q)
{
    ev_value n = ev_int_from_mpz(I, mpq_numref(q));
    if (EV_IS_ERR(n))
        return n;
    ev_value d = ev_int_from_mpz(I, mpq_denref(q));
    if (EV_IS_ERR(d)) {
        ev_decref(I, n);
        return d;
    }
    ev_value r = ev_binary(I, EV_OP_TRUEDIV, n, d);
    ev_decref(I, n);
    ev_decref(I, d);
    return r;
}

int st_xval_double(ev_interp *I, const xval *v, double *out)
{
    if (v->is_float) {
        *out = v->f;
        return 0;
    }
    ev_value f = q_to_float(I, v->q);
    if (EV_IS_ERR(f))
        return -1;
    *out = f.u.f;
    return 0;
}

/* _convert(value, T) */
static ev_value convert(ev_interp *I, const xval *v, bool is_float)
{
    if (v->is_float)
        return ev_float(v->f);
    if (!is_float && mpz_cmp_ui(mpq_denref(v->q), 1) == 0)
        return ev_int_from_mpz(I, mpq_numref(v->q));
    return q_to_float(I, v->q);
}

/* value / n (n > 0) */
void st_xval_div_int(xval *v, int64_t n)
{
    if (v->is_float) {
        v->f = v->f / (double)n;
        return;
    }
    mpq_t d;
    mpq_init(d);
    mpq_set_si(d, (long)n, 1);
    mpq_div(v->q, v->q, d);
    mpq_clear(d);
}

/* _sum(data): the total in *total (mpq initialised by the caller). */
static int do_sum(ev_interp *I, ev_value data, xval *total, bool *is_float, int64_t *count)
{
    xsum s;
    xsum_init(&s, false);
    int e = xsum_iter(I, &s, data);
    if (e == 0) {
        total->is_float = s.nonfinite;
        total->f = s.nf;
        xacc_to_q(&s.sx, total->q);
        *is_float = s.is_float;
        *count = s.count;
    }
    xsum_clear(&s);
    return e;
}


void st_ssres_init(ssres *r)
{
    memset(r, 0, sizeof *r);
    mpq_init(r->ss.q);
    mpq_init(r->c.q);
}

void st_ssres_clear(ssres *r)
{
    mpq_clear(r->ss.q);
    mpq_clear(r->c.q);
}

/* _sum((d := x - c) * d for x in data) */
static int ss_given_c(ev_interp *I, ev_value data, ev_value c, ssres *r)
{
    xsum s;
    xsum_init(&s, false);
    ev_value it = ev_iter(I, data);
    int e = EV_IS_ERR(it) ? -1 : 0;
    ev_value x;
    while (e == 0) {
        int got = ev_next(I, it, &x);
        if (got <= 0) {
            e = got;
            break;
        }
        ev_value d = ev_binary(I, EV_OP_SUB, x, c);
        ev_decref(I, x);
        if (EV_IS_ERR(d)) {
            e = -1;
            break;
        }
        ev_value dd = ev_binary(I, EV_OP_MUL, d, d);
        ev_decref(I, d);
        if (EV_IS_ERR(dd)) {
            e = -1;
            break;
        }
        e = ev_tick(I) ? -1 : xsum_add(I, &s, dd);
        ev_decref(I, dd);
    }
    if (!EV_IS_ERR(it))
        ev_decref(I, it);
    if (e == 0) {
        r->is_float = s.is_float;
        r->ss.is_float = s.nonfinite;
        r->ss.f = s.nf;
        xacc_to_q(&s.sx, r->ss.q);
        r->n = s.count;
    }
    xsum_clear(&s);
    return e;
}

int st_do_ss(ev_interp *I, ev_value data, ev_value c, ssres *r)
{
    if (!EV_IS_ERR(c) && c.tag != EV_T_NONE)
        return ss_given_c(I, data, c, r);
    xsum s;
    xsum_init(&s, true);
    int e = xsum_iter(I, &s, data);
    if (e == 0) {
        r->is_float = s.is_float;
        r->n = s.count;
        if (s.count == 0) {
            mpq_set_ui(r->ss.q, 0, 1);
            mpq_set_ui(r->c.q, 0, 1);
        } else if (s.nonfinite) {
            r->ss.is_float = r->c.is_float = true;
            r->ss.f = r->c.f = s.nf;
        } else {
            /* ssd = (count * sxx - sx * sx) / count; c = sx / count */
            mpq_t sx, sxx, t, n;
            mpq_inits(sx, sxx, t, n, NULL);
            xacc_to_q(&s.sx, sx);
            xacc_to_q(&s.sxx, sxx);
            mpq_set_si(n, (long)s.count, 1);
            mpq_mul(t, n, sxx);
            mpq_mul(sxx, sx, sx);
            mpq_sub(t, t, sxx);
            mpq_div(r->ss.q, t, n);
            mpq_div(r->c.q, sx, n);
            mpq_clears(sx, sxx, t, n, NULL);
        }
    }
    xsum_clear(&s);
    return e;
}

/* _float_sqrt_of_frac(n, m): the square root of n/m, correctly rounded. */
ev_value st_float_sqrt_of_frac(ev_interp *I, const mpq_t q)
{
    const mpz_t *n = (const mpz_t *)mpq_numref(q), *m = (const mpz_t *)mpq_denref(q);
    int64_t bn = mpz_sgn(*n) ? (int64_t)mpz_sizeinbase(*n, 2) : 0;
    int64_t bm = mpz_sgn(*m) ? (int64_t)mpz_sizeinbase(*m, 2) : 0;
    int64_t diff = bn - bm - (2 * 53 + 3);
    int64_t qq = diff >= 0 ? diff / 2 : -((-diff + 1) / 2); /* floor division */
    mpz_t num, den, a, t, nn, mm;
    mpz_inits(num, den, a, t, nn, mm, NULL);
    mpz_set(nn, *n);
    mpz_set(mm, *m);
    if (qq >= 0)
        mpz_mul_2exp(mm, mm, (mp_bitcnt_t)(2 * qq));
    else
        mpz_mul_2exp(nn, nn, (mp_bitcnt_t)(-2 * qq));
    /* _integer_sqrt_of_frac_rto: a = isqrt(n // m); a | (a*a*m != n) */
    mpz_fdiv_q(t, nn, mm);
    mpz_sqrt(a, t);
    mpz_mul(t, a, a);
    mpz_mul(t, t, mm);
    if (mpz_cmp(t, nn) != 0)
        mpz_setbit(a, 0);
    if (qq >= 0) {
        mpz_mul_2exp(num, a, (mp_bitcnt_t)qq);
        mpz_set_ui(den, 1);
    } else {
        mpz_set(num, a);
        mpz_set_ui(den, 1);
        mpz_mul_2exp(den, den, (mp_bitcnt_t)-qq);
    }
    mpq_t r;
    mpq_init(r);
    mpq_set_num(r, num);
    mpq_set_den(r, den); /* not canonical: the division below does not care */
    ev_value f = q_to_float(I, r);
    mpq_clear(r);
    mpz_clears(num, den, a, t, nn, mm, NULL);
    return f;
}

/* ---- averages ------------------------------------------------------------------------------------------ */

static ev_value st_mean(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    xval total;
    mpq_init(total.q);
    bool is_float;
    int64_t n;
    ev_value r = EV_ERR;
    if (do_sum(I, argv[0], &total, &is_float, &n))
        goto done;
    if (n < 1) {
        st_error(I, "mean requires at least one data point");
        goto done;
    }
    st_xval_div_int(&total, n);
    r = convert(I, &total, is_float);
done:
    mpq_clear(total.q);
    return r;
}

/* fmean's data: a list, and its length */
static ev_value st_fmean(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value weights = EV_IS_ERR(argv[1]) ? EV_NONE : argv[1], wl = EV_NONE, prods = EV_NONE;
    /* CPython wraps data without a len() in a lazy counter and lists the
     * weights before it iterates data: the weights' errors come first */
    if (weights.tag == EV_T_NONE) {
        /* n = len(data); total = fsum(data): a sized data is summed as it
         * iterates, so what its items' __float__ do to it shows */
        int64_t n;
        if (ev_len(I, argv[0], &n) == 0) {
            double t;
            if (fsum_of(I, argv[0], &t))
                return EV_ERR;
            if (n == 0) {
                st_error(I, "fmean requires at least one data point");
                return EV_ERR;
            }
            return ev_float(t / (double)n);
        }
        if (I->limit || !ev_is(I->exc, EV_O_EXC) ||
            !ev_type_is_subclass(((ev_exc *)I->exc.u.o)->type, &ev_type_TypeError))
            return EV_ERR;
        ev_decref(I, I->exc); /* no len(): counted as it is listed */
        I->exc = EV_NONE;
    } else {
        wl = list_of(I, weights);
        if (EV_IS_ERR(wl))
            return wl;
    }
    ev_value data = list_of(I, argv[0]);
    if (EV_IS_ERR(data)) {
        ev_decref(I, wl);
        return data;
    }
    ev_list *dl = ev_as_list(data);
    ev_value r = EV_ERR;
    double total, num, den;
    if (weights.tag == EV_T_NONE) {
        if (fsum_of(I, data, &total))
            goto done;
        if (dl->len == 0) {
            st_error(I, "fmean requires at least one data point");
            goto done;
        }
        r = ev_float(total / (double)dl->len);
        goto done;
    }
    size_t m = dl->len < ev_as_list(wl)->len ? dl->len : ev_as_list(wl)->len;
    prods = ev_list_new(I, m);
    if (EV_IS_ERR(prods))
        goto done;
    for (size_t i = 0; i < m; i++) {
        ev_value p = ev_binary(I, EV_OP_MUL, dl->items[i], ev_as_list(wl)->items[i]);
        if (EV_IS_ERR(p))
            goto done;
        int e = ev_list_append(I, ev_as_list(prods), p);
        ev_decref(I, p);
        if (e)
            goto done;
    }
    if (fsum_of(I, prods, &num))
        goto done;
    if (dl->len != ev_as_list(wl)->len) {
        st_error(I, "data and weights must be the same length");
        goto done;
    }
    if (fsum_of(I, wl, &den))
        goto done;
    if (den == 0.0) {
        st_error(I, "sum of weights must be non-zero");
        goto done;
    }
    r = ev_float(num / den);
done:
    ev_decref(I, data);
    if (!EV_IS_ERR(wl))
        ev_decref(I, wl);
    if (!EV_IS_ERR(prods))
        ev_decref(I, prods);
    return r;
}

static ev_value st_geometric_mean(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value data = list_of(I, argv[0]);
    if (EV_IS_ERR(data))
        return data;
    ev_list *dl = ev_as_list(data);
    ev_value logs = ev_list_new(I, dl->len), r = EV_ERR;
    if (EV_IS_ERR(logs))
        goto done;
    for (size_t i = 0; i < dl->len; i++) {
        ev_value l = st_math1(I, "log", dl->items[i]);
        if (EV_IS_ERR(l))
            goto bad;
        int e = ev_list_append(I, ev_as_list(logs), l);
        ev_decref(I, l);
        if (e)
            goto done;
    }
    double total;
    if (fsum_of(I, logs, &total))
        goto bad;
    if (dl->len == 0)
        goto nodata;
    r = st_math1(I, "exp", ev_float(total / (double)dl->len));
    goto done;
bad:
    if (!pending_is(I, &ev_type_ValueError))
        goto done;
    clear_pending(I);
nodata:
    st_error(I, "geometric mean requires a non-empty dataset containing positive numbers");
done:
    ev_decref(I, data);
    if (!EV_IS_ERR(logs))
        ev_decref(I, logs);
    return r;
}

/* x < 0 -> StatisticsError(msg), as _fail_neg */
static int fail_neg(ev_interp *I, ev_value x, const char *msg)
{
    int neg = ev_compare(I, x, ev_int(0), 0);
    if (neg > 0)
        st_error(I, msg);
    return neg ? -1 : 0;
}

static ev_value st_harmonic_mean(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const char errmsg[] = "harmonic mean does not support negative values";
    ev_value data = list_of(I, argv[0]), wl = EV_NONE, r = EV_ERR;
    ev_value weights = EV_IS_ERR(argv[1]) ? EV_NONE : argv[1];
    xval sw, total;
    mpq_init(sw.q);
    mpq_init(total.q);
    sw.is_float = total.is_float = false;
    if (EV_IS_ERR(data))
        goto done;
    ev_list *dl = ev_as_list(data);
    size_t n = dl->len;
    if (n < 1) {
        st_error(I, "harmonic_mean requires at least one data point");
        goto done;
    }
    if (n == 1 && weights.tag == EV_T_NONE) {
        /* data[0] on the data itself unless it was an iterator (a set
         * or a dict says so) */
        ev_value it = ev_iter(I, argv[0]);
        if (EV_IS_ERR(it))
            goto done;
        bool is_iter = it.tag == EV_T_OBJ && argv[0].tag == EV_T_OBJ && it.u.o == argv[0].u.o;
        ev_decref(I, it);
        ev_value x = is_iter ? ev_dup(dl->items[0]) : ev_getitem(I, argv[0], ev_int(0));
        if (EV_IS_ERR(x))
            goto done;
        if (ev_is_subfloat(x))
            ev_raise(I, &ev_type_NotImplementedError,
                     "statistics on instances of the float subclass '%s' is not supported by safepy; "
                     "convert them with float() first", ev_type_name(x));
        else if (!ev_is_int(x) && x.tag != EV_T_FLOAT)
            ev_raise(I, &ev_type_TypeError, "unsupported type");
        else if (!fail_neg(I, x, errmsg))
            r = ev_dup(x);
        ev_decref(I, x);
        goto done;
    }
    if (weights.tag == EV_T_NONE) {
        mpq_set_ui(sw.q, (unsigned long)n, 1);
    } else {
        wl = list_of(I, weights);
        if (EV_IS_ERR(wl))
            goto done;
        if (ev_as_list(wl)->len != n) {
            st_error(I, "Number of weights does not match data size");
            goto done;
        }
        xsum s;
        xsum_init(&s, false);
        int e = 0;
        for (size_t i = 0; i < n && !e; i++)
            e = fail_neg(I, ev_as_list(wl)->items[i], errmsg) || xsum_add(I, &s, ev_as_list(wl)->items[i]);
        if (!e) {
            sw.is_float = s.nonfinite;
            sw.f = s.nf;
            xacc_to_q(&s.sx, sw.q);
        }
        xsum_clear(&s);
        if (e)
            goto done;
    }
    /* _sum(w / x if w else 0 for w, x in zip(weights, _fail_neg(data))) */
    xsum s;
    xsum_init(&s, false);
    int e = 0;
    bool zero_div = false;
    for (size_t i = 0; i < n && !e; i++) {
        ev_value w = weights.tag == EV_T_NONE ? ev_int(1) : ev_as_list(wl)->items[i];
        ev_value x = dl->items[i];
        if (fail_neg(I, x, errmsg)) {
            e = -1;
            break;
        }
        int t = ev_truth(I, w);
        if (t < 0) {
            e = -1;
            break;
        }
        ev_value v = t ? ev_binary(I, EV_OP_TRUEDIV, w, x) : ev_int(0);
        if (EV_IS_ERR(v)) {
            if (pending_is(I, &ev_type_ZeroDivisionError)) {
                clear_pending(I);
                zero_div = true;
            }
            e = -1;
            break;
        }
        e = xsum_add(I, &s, v);
        ev_decref(I, v);
    }
    bool is_float = s.is_float;
    if (!e) {
        total.is_float = s.nonfinite;
        total.f = s.nf;
        xacc_to_q(&s.sx, total.q);
    }
    xsum_clear(&s);
    if (zero_div) {
        r = ev_int(0);
        goto done;
    }
    if (e)
        goto done;
    /* total <= 0 */
    if (total.is_float ? !(total.f > 0) && !isnan(total.f) : mpq_sgn(total.q) <= 0) {
        st_error(I, "Weighted sum must be positive");
        goto done;
    }
    if (sw.is_float || total.is_float) {
        double a, b;
        if (st_xval_double(I, &sw, &a) || st_xval_double(I, &total, &b))
            goto done;
        r = ev_float(a / b);
        goto done;
    }
    mpq_div(sw.q, sw.q, total.q);
    r = convert(I, &sw, is_float);
done:
    mpq_clear(sw.q);
    mpq_clear(total.q);
    ev_decref(I, data);
    ev_decref(I, wl);
    return r;
}

/* ---- medians and modes ------------------------------------------------------------------------------ */

static ev_value sorted_nonempty(ev_interp *I, ev_value data)
{
    ev_value l = sorted_of(I, data);
    if (!EV_IS_ERR(l) && ev_as_list(l)->len == 0) {
        ev_decref(I, l);
        return st_error(I, "no median for empty data");
    }
    return l;
}

static ev_value st_median(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value l = sorted_nonempty(I, argv[0]);
    if (EV_IS_ERR(l))
        return l;
    ev_list *d = ev_as_list(l);
    size_t n = d->len;
    ev_value r;
    if (n % 2 == 1) {
        r = ev_dup(d->items[n / 2]);
    } else {
        ev_value s = ev_binary(I, EV_OP_ADD, d->items[n / 2 - 1], d->items[n / 2]);
        r = EV_IS_ERR(s) ? s : ev_binary(I, EV_OP_TRUEDIV, s, ev_int(2));
        ev_decref(I, s);
    }
    ev_decref(I, l);
    return r;
}

static ev_value st_median_low(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value l = sorted_nonempty(I, argv[0]);
    if (EV_IS_ERR(l))
        return l;
    size_t n = ev_as_list(l)->len;
    ev_value r = ev_dup(ev_as_list(l)->items[n % 2 == 1 ? n / 2 : n / 2 - 1]);
    ev_decref(I, l);
    return r;
}

static ev_value st_median_high(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value l = sorted_nonempty(I, argv[0]);
    if (EV_IS_ERR(l))
        return l;
    ev_value r = ev_dup(ev_as_list(l)->items[ev_as_list(l)->len / 2]);
    ev_decref(I, l);
    return r;
}

/* float(v), a ValueError becoming median_grouped's TypeError */
static int grouped_float(ev_interp *I, ev_value v, double *out)
{
    if (st_num_double(I, v, out) == 0)
        return 0;
    if (pending_is(I, &ev_type_ValueError)) {
        clear_pending(I);
        ev_raise(I, &ev_type_TypeError, "Value cannot be converted to a float");
    }
    return -1;
}

static ev_value st_median_grouped(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value l = sorted_nonempty(I, argv[0]);
    if (EV_IS_ERR(l))
        return l;
    ev_list *d = ev_as_list(l);
    size_t n = d->len, lo = 0, hi = n;
    ev_value x = d->items[n / 2], r = EV_ERR;
    /* i = bisect_left(data, x); j = bisect_right(data, x, lo=i) */
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int lt = ev_compare(I, d->items[mid], x, 0);
        if (lt < 0)
            goto done;
        if (lt)
            lo = mid + 1;
        else
            hi = mid;
    }
    size_t i = lo;
    hi = n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int lt = ev_compare(I, x, d->items[mid], 0);
        if (lt < 0)
            goto done;
        if (lt)
            hi = mid;
        else
            lo = mid + 1;
    }
    size_t j = lo;
    double interval = 1.0, xf;
    if ((!EV_IS_ERR(argv[1]) && grouped_float(I, argv[1], &interval)) || grouped_float(I, x, &xf))
        goto done;
    double L = xf - interval / 2.0;
    r = ev_float(L + interval * ((double)n / 2 - (double)i) / (double)(j - i));
done:
    ev_decref(I, l);
    return r;
}

/* Counter(iter(data)): the counts dict; *maxc the highest count. */
static ev_value count_values(ev_interp *I, ev_value data, int64_t *maxc)
{
    ev_value counts = ev_dict_new(I);
    if (EV_IS_ERR(counts))
        return counts;
    ev_value it = ev_iter(I, data);
    if (EV_IS_ERR(it)) {
        ev_decref(I, counts);
        return it;
    }
    *maxc = 0;
    ev_value x;
    int r;
    while ((r = ev_next(I, it, &x)) > 0) {
        ev_value c;
        int f = ev_tick(I) ? -1 : ev_dict_get(I, ev_as_dict(counts), x, &c);
        int e = f < 0;
        if (!e) {
            int64_t k = f ? c.u.i + 1 : 1;
            if (k > *maxc)
                *maxc = k;
            e = ev_dict_set(I, ev_as_dict(counts), x, ev_int(k));
        }
        ev_decref(I, x);
        if (e) {
            r = -1;
            break;
        }
    }
    ev_decref(I, it);
    if (r < 0) {
        ev_decref(I, counts);
        return EV_ERR;
    }
    return counts;
}

static ev_value st_mode(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int64_t maxc;
    ev_value counts = count_values(I, argv[0], &maxc);
    if (EV_IS_ERR(counts))
        return counts;
    ev_dict *d = ev_as_dict(counts);
    ev_value r = EV_ERR;
    for (size_t i = 0; i < d->nentries; i++)
        if (!EV_IS_ERR(d->entries[i].key) && d->entries[i].value.u.i == maxc) {
            r = ev_dup(d->entries[i].key);
            break;
        }
    ev_decref(I, counts);
    return EV_IS_ERR(r) ? st_error(I, "no mode for empty data") : r;
}

static ev_value st_multimode(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int64_t maxc;
    ev_value counts = count_values(I, argv[0], &maxc);
    if (EV_IS_ERR(counts))
        return counts;
    ev_dict *d = ev_as_dict(counts);
    ev_value r = ev_list_new(I, 0);
    for (size_t i = 0; !EV_IS_ERR(r) && i < d->nentries; i++)
        if (!EV_IS_ERR(d->entries[i].key) && d->entries[i].value.u.i == maxc &&
            ev_list_append(I, ev_as_list(r), d->entries[i].key)) {
            ev_decref(I, r);
            r = EV_ERR;
        }
    ev_decref(I, counts);
    return r;
}

/* (a * (n - delta) + b * delta) / n with Python's arithmetic */
static ev_value interpolate(ev_interp *I, ev_value a, ev_value b, int64_t n, int64_t delta)
{
    ev_value p = ev_binary(I, EV_OP_MUL, a, ev_int(n - delta));
    if (EV_IS_ERR(p))
        return p;
    ev_value q = ev_binary(I, EV_OP_MUL, b, ev_int(delta));
    if (EV_IS_ERR(q)) {
        ev_decref(I, p);
        return q;
    }
    ev_value s = ev_binary(I, EV_OP_ADD, p, q);
    ev_decref(I, p);
    ev_decref(I, q);
    if (EV_IS_ERR(s))
        return s;
    ev_value r = ev_binary(I, EV_OP_TRUEDIV, s, ev_int(n));
    ev_decref(I, s);
    return r;
}

static ev_value st_quantiles(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value nv = EV_IS_ERR(argv[1]) ? ev_int(4) : argv[1];
    ev_value method = EV_IS_ERR(argv[2]) ? EV_NONE : argv[2];
    int lt1 = ev_compare(I, nv, ev_int(1), 0);
    if (lt1 < 0)
        return EV_ERR;
    if (lt1)
        return st_error(I, "n must be at least 1");
    ev_value l = sorted_of(I, argv[0]);
    if (EV_IS_ERR(l))
        return l;
    ev_list *d = ev_as_list(l);
    int64_t ld = (int64_t)d->len, n;
    ev_value r = EV_ERR, res = EV_ERR;
    if (ld < 2) {
        st_error(I, "must have at least two data points");
        goto done;
    }
    ev_str *incl = ev_intern(I, "inclusive", 9), *excl = incl ? ev_intern(I, "exclusive", 9) : NULL;
    if (!excl)
        goto done;
    int inclusive = EV_IS_ERR(argv[2]) ? 0 : ev_eq(I, method, ev_obj_val(&incl->h));
    if (inclusive < 0)
        goto done;
    int exclusive = inclusive ? 0 : EV_IS_ERR(argv[2]) ? 1 : ev_eq(I, method, ev_obj_val(&excl->h));
    if (exclusive < 0)
        goto done;
    if (!inclusive && !exclusive) {
        ev_value rep = ev_repr(I, method);
        if (!EV_IS_ERR(rep)) {
            ev_raise(I, &ev_type_ValueError, "Unknown method: %s", ev_as_str(rep)->data);
            ev_decref(I, rep);
        }
        goto done;
    }
    if (st_range_arg(I, nv, &n))
        goto done;
    res = ev_list_new(I, 0);
    if (EV_IS_ERR(res))
        goto done;
    for (int64_t i = 1; i < n; i++) {
        if (ev_tick(I))
            goto done;
        ev_value v;
        if (inclusive) {
            /* j, delta = divmod(i * m, n) with m = ld - 1 */
            __int128 im = (__int128)i * (ld - 1);
            int64_t j = (int64_t)(im / n), delta = (int64_t)(im % n);
            v = interpolate(I, d->items[j], d->items[j + 1], n, delta);
        } else {
            __int128 im = (__int128)i * (ld + 1);
            int64_t j = (int64_t)(im / n);
            j = j < 1 ? 1 : j > ld - 1 ? ld - 1 : j;
            int64_t delta = (int64_t)(im - (__int128)j * n);
            v = interpolate(I, d->items[j - 1], d->items[j], n, delta);
        }
        if (EV_IS_ERR(v))
            goto done;
        int e = ev_list_append(I, ev_as_list(res), v);
        ev_decref(I, v);
        if (e)
            goto done;
    }
    r = res;
    res = EV_ERR;
done:
    if (!EV_IS_ERR(res))
        ev_decref(I, res);
    ev_decref(I, l);
    return r;
}

/* ---- spread ----------------------------------------------------------------------------------------- */

enum { V_SAMPLE = 1, V_SQRT = 2 };

/* variance, pvariance, stdev, pstdev */
static ev_value spread(ev_interp *I, ev_value data, ev_value c, int how, const char *errmsg)
{
    ssres s;
    st_ssres_init(&s);
    ev_value r = EV_ERR;
    if (st_do_ss(I, data, c, &s))
        goto done;
    if (s.n < ((how & V_SAMPLE) ? 2 : 1)) {
        st_error(I, errmsg);
        goto done;
    }
    st_xval_div_int(&s.ss, (how & V_SAMPLE) ? s.n - 1 : s.n);
    if (!(how & V_SQRT)) {
        r = convert(I, &s.ss, s.is_float);
    } else if (s.ss.is_float) {
        ev_raise(I, &ev_type_AttributeError, "'float' object has no attribute 'numerator'");
    } else {
        r = st_float_sqrt_of_frac(I, s.ss.q);
    }
done:
    st_ssres_clear(&s);
    return r;
}

static ev_value st_variance(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return spread(I, argv[0], argv[1], V_SAMPLE, "variance requires at least two data points");
}

static ev_value st_pvariance(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return spread(I, argv[0], argv[1], 0, "pvariance requires at least one data point");
}

static ev_value st_stdev(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return spread(I, argv[0], argv[1], V_SAMPLE | V_SQRT, "stdev requires at least two data points");
}

static ev_value st_pstdev(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return spread(I, argv[0], argv[1], V_SQRT, "pstdev requires at least one data point");
}

/* ---- two variables ---------------------------------------------------------------------------------- */

/* The shared start of covariance, correlation and linear_regression: the
 * lengths checked, x and y as lists. */
static int two_lists(ev_interp *I, ev_value x, ev_value y, const char *what, ev_value *xl, ev_value *yl)
{
    int64_t n, ny;
    char msg[160];
    if (ev_len(I, x, &n) || ev_len(I, y, &ny))
        return -1;
    if (ny != n) {
        snprintf(msg, sizeof msg, "%s requires that both inputs have same number of data points", what);
        st_error(I, msg);
        return -1;
    }
    if (n < 2) {
        snprintf(msg, sizeof msg, "%s requires at least two data points", what);
        st_error(I, msg);
        return -1;
    }
    *xl = list_of(I, x);
    if (EV_IS_ERR(*xl))
        return -1;
    *yl = list_of(I, y);
    if (EV_IS_ERR(*yl)) {
        ev_decref(I, *xl);
        return -1;
    }
    return 0;
}

/* fsum((a_i - abar) * (b_i - bbar)) over the common length (zip) */
static int fsum_dev_products(ev_interp *I, ev_list *a, double abar, ev_list *b, double bbar,
                             double *out)
{
    size_t m = a->len < b->len ? a->len : b->len;
    ev_value prods = ev_list_new(I, m);
    if (EV_IS_ERR(prods))
        return -1;
    int e = 0;
    for (size_t i = 0; i < m && !e; i++) {
        ev_value da = ev_binary(I, EV_OP_SUB, a->items[i], ev_float(abar));
        if (EV_IS_ERR(da)) {
            e = -1;
            break;
        }
        ev_value db = a == b ? ev_dup(da) : ev_binary(I, EV_OP_SUB, b->items[i], ev_float(bbar));
        ev_value p = EV_IS_ERR(db) ? db : ev_binary(I, EV_OP_MUL, da, db);
        ev_decref(I, da);
        if (!EV_IS_ERR(db))
            ev_decref(I, db);
        if (EV_IS_ERR(p)) {
            e = -1;
            break;
        }
        e = ev_list_append(I, ev_as_list(prods), p);
        ev_decref(I, p);
    }
    if (!e)
        e = fsum_of(I, prods, out);
    ev_decref(I, prods);
    return e;
}

static int bars(ev_interp *I, ev_value xl, ev_value yl, double *xbar, double *ybar)
{
    double sx, sy;
    size_t n = ev_as_list(xl)->len;
    if (fsum_of(I, xl, &sx) || fsum_of(I, yl, &sy))
        return -1;
    *xbar = sx / (double)n;
    *ybar = sy / (double)n;
    return 0;
}

static ev_value st_covariance(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value xl, yl, r = EV_ERR;
    if (two_lists(I, argv[0], argv[1], "covariance", &xl, &yl))
        return EV_ERR;
    double xbar, ybar, sxy;
    if (!bars(I, xl, yl, &xbar, &ybar) &&
        !fsum_dev_products(I, ev_as_list(xl), xbar, ev_as_list(yl), ybar, &sxy))
        r = ev_float(sxy / (double)(ev_as_list(xl)->len - 1));
    ev_decref(I, xl);
    ev_decref(I, yl);
    return r;
}

static ev_value st_correlation(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value xl, yl, r = EV_ERR;
    if (two_lists(I, argv[0], argv[1], "correlation", &xl, &yl))
        return EV_ERR;
    double xbar, ybar, sxy, sxx, syy;
    ev_list *x = ev_as_list(xl), *y = ev_as_list(yl);
    if (!bars(I, xl, yl, &xbar, &ybar) && !fsum_dev_products(I, x, xbar, y, ybar, &sxy) &&
        !fsum_dev_products(I, x, xbar, x, xbar, &sxx) &&
        !fsum_dev_products(I, y, ybar, y, ybar, &syy)) {
        double den = sqrt(sxx * syy);
        if (den == 0.0)
            st_error(I, "at least one of the inputs is constant");
        else
            r = ev_float(sxy / den);
    }
    ev_decref(I, xl);
    ev_decref(I, yl);
    return r;
}

static ev_value st_linear_regression(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value xl, yl, r = EV_ERR, prods = EV_ERR;
    if (two_lists(I, argv[0], argv[1], "linear regression", &xl, &yl))
        return EV_ERR;
    ev_list *x = ev_as_list(xl), *y = ev_as_list(yl);
    int prop = EV_IS_ERR(argv[2]) ? 0 : ev_truth(I, argv[2]);
    double sxy, sxx, xbar = 0, ybar = 0;
    if (prop < 0)
        goto done;
    if (prop) {
        /* fsum(xi * yi), fsum(xi * xi) */
        for (int pass = 0; pass < 2; pass++) {
            ev_list *b = pass == 0 ? y : x;
            size_t m = x->len < b->len ? x->len : b->len;
            prods = ev_list_new(I, m);
            if (EV_IS_ERR(prods))
                goto done;
            for (size_t i = 0; i < m; i++) {
                ev_value p = ev_binary(I, EV_OP_MUL, x->items[i], b->items[i]);
                if (EV_IS_ERR(p))
                    goto done;
                int e = ev_list_append(I, ev_as_list(prods), p);
                ev_decref(I, p);
                if (e)
                    goto done;
            }
            if (fsum_of(I, prods, pass == 0 ? &sxy : &sxx))
                goto done;
            ev_decref(I, prods);
            prods = EV_ERR;
        }
    } else if (bars(I, xl, yl, &xbar, &ybar) || fsum_dev_products(I, x, xbar, y, ybar, &sxy) ||
               fsum_dev_products(I, x, xbar, x, xbar, &sxx)) {
        goto done;
    }
    if (sxx == 0.0) {
        st_error(I, "x is constant");
        goto done;
    }
    double slope = sxy / sxx;
    r = st_linreg_new(I, slope, prop ? 0.0 : ybar - slope * xbar);
done:
    if (!EV_IS_ERR(prods))
        ev_decref(I, prods);
    ev_decref(I, xl);
    ev_decref(I, yl);
    return r;
}

/* ---- the module --------------------------------------------------------------------------------------- */

static ev_value exc_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value args = ev_tuple_new(I, (size_t)argc);
    if (EV_IS_ERR(args))
        return args;
    for (int i = 0; i < argc; i++)
        ev_as_tuple(args)->items[i] = ev_dup(argv[i]);
    return ev_exc_new(I, (ev_type *)self.u.o, args);
}

ev_type ev_type_StatisticsError = {STATIC_TYPE, .name = "statistics.StatisticsError",
                                   .base = &ev_type_ValueError, .call = exc_new, .max_args = -1,
                                   .module = "statistics"};
static const ev_builtin_def functions[] = {
    {"mean", st_mean, 1, 1, 0, "data"},
    {"fmean", st_fmean, 1, 2, 0, "data, weights"},
    {"geometric_mean", st_geometric_mean, 1, 1, 0, "data"},
    {"harmonic_mean", st_harmonic_mean, 1, 2, 0, "data, weights"},
    {"median", st_median, 1, 1, 0, "data"},
    {"median_low", st_median_low, 1, 1, 0, "data"},
    {"median_high", st_median_high, 1, 1, 0, "data"},
    {"median_grouped", st_median_grouped, 1, 2, 0, "data, interval"},
    {"mode", st_mode, 1, 1, 0, "data"},
    {"multimode", st_multimode, 1, 1, 0, "data"},
    {"quantiles", st_quantiles, 1, 1, 0, "data, *, n, method"},
    {"variance", st_variance, 1, 2, 0, "data, xbar"},
    {"pvariance", st_pvariance, 1, 2, 0, "data, mu"},
    {"stdev", st_stdev, 1, 2, 0, "data, xbar"},
    {"pstdev", st_pstdev, 1, 2, 0, "data, mu"},
    {"covariance", st_covariance, 2, 2, 0, "x, y, /"},
    {"correlation", st_correlation, 2, 2, 0, "x, y, /"},
    {"linear_regression", st_linear_regression, 2, 2, 0, "x, y, /, *, proportional"},
    {NULL, NULL, 0, 0, 0},
};

static int init(ev_interp *I, ev_dict *ns)
{
    ev_value lr = st_linreg_class(I);
    int e = EV_IS_ERR(lr) || ev_module_set(I, ns, "StatisticsError", ev_obj_val(&ev_type_StatisticsError.h)) ||
            ev_module_set(I, ns, "NormalDist", ev_obj_val(&ev_type_NormalDist.h)) ||
            ev_module_set(I, ns, "LinearRegression", lr);
    if (!EV_IS_ERR(lr))
        ev_decref(I, lr);
    return e ? -1 : 0;
}

/* CPython 3.11's __all__ */
static const char *const all_names[] = {
    "NormalDist", "StatisticsError", "correlation", "covariance", "fmean", "geometric_mean",
    "harmonic_mean", "linear_regression", "mean", "median", "median_grouped", "median_high",
    "median_low", "mode", "multimode", "pstdev", "pvariance", "quantiles", "stdev", "variance", NULL
};

const ev_module_def ev_module_statistics = {"statistics", functions, init, all_names};
