/*
 * statistics_dist.c - the types of the statistics module: NormalDist and
 * LinearRegression (the named tuple linear_regression returns), as
 * Lib/statistics.py and Modules/_statisticsmodule.c of CPython 3.11.
 *
 * Both are EV_TYPE_CSLOTS types (see ev.h): their state is in C slots and
 * their special methods are C functions.  NormalDist follows statistics.py
 * operation for operation (doubles in C where CPython computes with floats,
 * math.hypot/fabs and Python arithmetic where the operands may be anything),
 * so results are CPython's bit for bit.  samples() draws from the random
 * module exactly as random.Random(seed).gauss does: it seeds the shared
 * generator and restores its state afterwards.  Unlike CPython, setting an
 * unknown attribute on a NormalDist does not raise (no __slots__ check).
 */
#include <math.h>
#include <string.h>

#include "evaluator/modules/statistics.h"

#define TAU 6.283185307179586
#define SQRT2 1.4142135623730951

/* ---- LinearRegression: the named tuple (slope, intercept) ------------------------------------------ */

ev_value ev_namedtuple(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);

/* The class, made once per session by collections.namedtuple as CPython's
 * statistics.py does, with __module__ 'statistics'. */
ev_value st_linreg_class(ev_interp *I)
{
    ev_value tn = ev_str_from_cstr(I, "LinearRegression");
    ev_value fields = EV_IS_ERR(tn) ? EV_ERR : ev_str_from_cstr(I, "slope intercept");
    if (EV_IS_ERR(fields)) {
        if (!EV_IS_ERR(tn))
            ev_decref(I, tn);
        return EV_ERR;
    }
    ev_value a[5] = {tn, fields, EV_ERR, EV_ERR, EV_ERR};
    ev_value cls = ev_namedtuple(I, EV_NONE, 2, a, NULL);
    ev_decref(I, tn);
    ev_decref(I, fields);
    ev_str *mod = EV_IS_ERR(cls) ? NULL : ev_intern(I, "__module__", 10);
    ev_value mv = mod ? ev_str_from_cstr(I, "statistics") : EV_ERR;
    if (!EV_IS_ERR(cls) && (EV_IS_ERR(mv) || ev_class_setattr(I, cls, mod, mv))) {
        ev_decref(I, cls);
        cls = EV_ERR;
    }
    if (!EV_IS_ERR(mv))
        ev_decref(I, mv);
    return cls;
}

ev_value st_linreg_new(ev_interp *I, double slope, double intercept)
{
    ev_str *mn = ev_intern(I, "statistics", 10), *cn = ev_intern(I, "LinearRegression", 16);
    ev_value m = mn && cn ? ev_import(I, mn) : EV_ERR;
    if (EV_IS_ERR(m))
        return m;
    ev_value *cls = ev_dict_lookup_str(((ev_module *)m.u.o)->ns, cn);
    ev_value args[2] = {ev_float(slope), ev_float(intercept)};
    ev_value r = cls ? ev_call(I, *cls, 2, args, 0, NULL, NULL)
                     : ev_raise(I, &ev_type_RuntimeError, "statistics.LinearRegression is missing");
    ev_decref(I, m);
    return r;
}

/* ---- NormalDist ----------------------------------------------------------------------------------------- */

static double nd_mu(ev_value v) { return ev_as_cinstance(v)->slots[0].u.f; }
static double nd_sigma(ev_value v) { return ev_as_cinstance(v)->slots[1].u.f; }

static ev_value nd_make(ev_interp *I, double mu, double sigma)
{
    ev_value o = ev_cinstance_new(I, &ev_type_NormalDist, 2);
    if (EV_IS_ERR(o))
        return o;
    ev_as_cinstance(o)->slots[0] = ev_float(mu);
    ev_as_cinstance(o)->slots[1] = ev_float(sigma);
    return o;
}

/* NormalDist(mu, sigma): sigma < 0.0 is refused, then both become floats. */
static ev_value nd_build(ev_interp *I, ev_value mu, ev_value sigma)
{
    int neg = ev_compare(I, sigma, ev_float(0.0), 0);
    if (neg < 0)
        return EV_ERR;
    if (neg)
        return st_error(I, "sigma must be non-negative");
    double m, s;
    if (st_num_double(I, mu, &m) || st_num_double(I, sigma, &s))
        return EV_ERR;
    return nd_make(I, m, s);
}

static ev_value nd_ctor(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return nd_build(I, EV_IS_ERR(argv[0]) ? ev_float(0.0) : argv[0],
                    EV_IS_ERR(argv[1]) ? ev_float(1.0) : argv[1]);
}

static ev_value nd_from_samples(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    /* cls(*_mean_stdev(data)) */
    ssres s;
    st_ssres_init(&s);
    ev_value r = EV_ERR;
    if (st_do_ss(I, argv[0], EV_NONE, &s))
        goto done;
    if (s.n < 2) {
        st_error(I, "stdev requires at least two data points");
        goto done;
    }
    double xbar, sd;
    if (st_xval_double(I, &s.c, &xbar))
        goto done;
    if (s.ss.is_float) {
        sd = xbar / s.ss.f;
    } else {
        st_xval_div_int(&s.ss, s.n - 1);
        ev_value f = st_float_sqrt_of_frac(I, s.ss.q);
        if (EV_IS_ERR(f))
            goto done;
        sd = f.u.f;
    }
    r = nd_build(I, ev_float(xbar), ev_float(sd));
done:
    st_ssres_clear(&s);
    return r;
}

static ev_value nd_samples(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value seed = EV_IS_ERR(argv[1]) ? EV_NONE : argv[1];
    ev_value saved = EV_NONE, res = EV_ERR, r = EV_ERR;
    if (seed.tag != EV_T_NONE) {
        /* random.Random(seed).gauss: seed the shared generator, restore it after */
        saved = st_call_module(I, "random", "getstate", 0, NULL);
        if (EV_IS_ERR(saved))
            return saved;
        ev_value s = st_call_module(I, "random", "seed", 1, &seed);
        if (EV_IS_ERR(s))
            goto done;
    }
    int64_t n;
    if (st_range_arg(I, argv[0], &n))
        goto done;
    res = ev_list_new(I, 0);
    if (EV_IS_ERR(res))
        goto done;
    ev_value ms[2] = {ev_as_cinstance(self)->slots[0], ev_as_cinstance(self)->slots[1]};
    for (int64_t i = 0; i < n; i++) {
        ev_value g = st_call_module(I, "random", "gauss", 2, ms);
        if (EV_IS_ERR(g))
            goto done;
        int e = ev_list_append(I, ev_as_list(res), g);
        ev_decref(I, g);
        if (e)
            goto done;
    }
    r = res;
    res = EV_ERR;
done:
    if (!EV_IS_ERR(res))
        ev_decref(I, res);
    if (seed.tag != EV_T_NONE) {
        ev_value pending = I->exc;
        I->exc = EV_NONE;
        ev_value ok = st_call_module(I, "random", "setstate", 1, &saved);
        if (!EV_IS_ERR(ok))
            ev_decref(I, ok);
        else if (!EV_IS_ERR(r)) {
            ev_decref(I, r);
            r = EV_ERR;
        }
        if (EV_IS_ERR(r) && pending.tag != EV_T_NONE) {
            ev_decref(I, I->exc);
            I->exc = pending;
        } else {
            ev_decref(I, pending);
        }
        ev_decref(I, saved);
    }
    return r;
}

/* x - self._mu as a double */
static int minus_mu(ev_interp *I, ev_value x, ev_value self, double *out)
{
    return st_binary_double(I, EV_OP_SUB, x, ev_as_cinstance(self)->slots[0], out);
}

static ev_value nd_pdf(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    double s = nd_sigma(self), variance = s * s, diff;
    if (variance == 0.0)
        return st_error(I, "pdf() not defined when sigma is zero");
    if (minus_mu(I, argv[0], self, &diff))
        return EV_ERR;
    return ev_float(exp(diff * diff / (-2.0 * variance)) / sqrt(TAU * variance));
}

static double cdf_of(double mu, double sigma, double diff)
{
    (void)mu;
    return 0.5 * (1.0 + erf(diff / (sigma * SQRT2)));
}

static ev_value nd_cdf(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    double diff;
    if (nd_sigma(self) == 0.0)
        return st_error(I, "cdf() not defined when sigma is zero");
    if (minus_mu(I, argv[0], self, &diff))
        return EV_ERR;
    return ev_float(cdf_of(nd_mu(self), nd_sigma(self), diff));
}

/* _normal_dist_inv_cdf: Wichura's AS241 algorithm, as Modules/_statisticsmodule.c */
static double normal_dist_inv_cdf(double p, double mu, double sigma)
{
    double q, num, den, r, x;
    q = p - 0.5;
    if (fabs(q) <= 0.425) {
        r = 0.180625 - q * q;
        num = (((((((2.5090809287301226727e+3 * r + 3.3430575583588128105e+4) * r +
                    6.7265770927008700853e+4) * r + 4.5921953931549871457e+4) * r +
                  1.3731693765509461125e+4) * r + 1.9715909503065514427e+3) * r +
                1.3314166789178437745e+2) * r + 3.3871328727963666080e+0) * q;
        den = ((((((5.2264952788528545610e+3 * r + 2.8729085735721942674e+4) * r +
                    3.9307895800092710610e+4) * r + 2.1213794301586595867e+4) * r +
                  5.3941960214247511077e+3) * r + 6.8718700749205790830e+2) * r +
                4.2313330701600911252e+1) * r + 1.0;
        x = num / den;
        return mu + (x * sigma);
    }
    r = (q <= 0.0) ? p : (1.0 - p);
    r = sqrt(-log(r));
    if (r <= 5.0) {
        r = r - 1.6;
        num = (((((((7.74545014278341407640e-4 * r + 2.27238449892691845833e-2) * r +
                    2.41780725177450611770e-1) * r + 1.27045825245236838258e+0) * r +
                  3.64784832476320460504e+0) * r + 5.76949722146069140550e+0) * r +
                4.63033784615654529590e+0) * r + 1.42343711074968357734e+0);
        den = (((((((1.05075007164441684324e-9 * r + 5.47593808499534494600e-4) * r +
                    1.51986665636164571966e-2) * r + 1.48103976427480074590e-1) * r +
                  6.89767334985100004550e-1) * r + 1.67638483018380384940e+0) * r +
                2.05319162663775882187e+0) * r + 1.0);
    } else {
        r = r - 5.0;
        num = (((((((2.01033439929228813265e-7 * r + 2.71155556874348757815e-5) * r +
                    1.24266094738807843860e-3) * r + 2.65321895265761230930e-2) * r +
                  2.96560571828504891230e-1) * r + 1.78482653991729133580e+0) * r +
                5.46378491116411436990e+0) * r + 6.65790464350110377720e+0);
        den = (((((((2.04426310338993978564e-15 * r + 1.42151175831644588870e-7) * r +
                    1.84631831751005468180e-5) * r + 7.86869131145613259100e-4) * r +
                  1.48753612908506148525e-2) * r + 1.36929880922735805310e-1) * r +
                5.99832206555887937690e-1) * r + 1.0);
    }
    x = num / den;
    if (q < 0.0)
        x = -x;
    return mu + (x * sigma);
}

static ev_value inv_cdf_value(ev_interp *I, ev_value self, ev_value p)
{
    int bad = ev_compare(I, p, ev_float(0.0), 1);
    if (bad == 0)
        bad = ev_compare(I, p, ev_float(1.0), 5);
    if (bad < 0)
        return EV_ERR;
    if (bad)
        return st_error(I, "p must be in the range 0.0 < p < 1.0");
    if (nd_sigma(self) <= 0.0)
        return st_error(I, "cdf() not defined when sigma at or below zero");
    double pd;
    if (ev_num_to_double(I, p, &pd))
        return EV_ERR;
    return ev_float(normal_dist_inv_cdf(pd, nd_mu(self), nd_sigma(self)));
}

static ev_value nd_inv_cdf(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return inv_cdf_value(I, self, argv[0]);
}

static ev_value nd_quantiles(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int64_t n = 4;
    if (!EV_IS_ERR(argv[0]) && st_range_arg(I, argv[0], &n))
        return EV_ERR;
    ev_value res = ev_list_new(I, 0);
    for (int64_t i = 1; !EV_IS_ERR(res) && i < n; i++) {
        ev_value q = ev_binary(I, EV_OP_TRUEDIV, ev_int(i), EV_IS_ERR(argv[0]) ? ev_int(4) : argv[0]);
        ev_value v = EV_IS_ERR(q) ? q : inv_cdf_value(I, self, q);
        if (EV_IS_ERR(v) || ev_list_append(I, ev_as_list(res), v)) {
            ev_decref(I, res);
            res = EV_ERR;
        }
        ev_decref(I, v);
    }
    return res;
}

static ev_value nd_overlap(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value other = argv[0];
    if (!ev_is_cinstance(other, &ev_type_NormalDist))
        return ev_raise(I, &ev_type_TypeError, "Expected another NormalDist instance");
    ev_value X = self, Y = other;
    /* (Y._sigma, Y._mu) < (X._sigma, X._mu) */
    if (nd_sigma(Y) != nd_sigma(X) ? nd_sigma(Y) < nd_sigma(X) : nd_mu(Y) < nd_mu(X)) {
        X = other;
        Y = self;
    }
    double xs = nd_sigma(X), ys = nd_sigma(Y), xm = nd_mu(X), ym = nd_mu(Y);
    double X_var = xs * xs, Y_var = ys * ys;
    if (X_var == 0.0 || Y_var == 0.0)
        return st_error(I, "overlap() not defined when sigma is zero");
    double dv = Y_var - X_var, dm = fabs(ym - xm);
    if (dv == 0.0)
        return ev_float(1.0 - erf(dm / (2.0 * xs * SQRT2)));
    double a = xm * Y_var - ym * X_var;
    double lg = Y_var / X_var;
    if (!(lg > 0.0))
        return ev_raise(I, &ev_type_ValueError, "math domain error");
    double rad = dm * dm + dv * log(lg);
    if (rad < 0.0)
        return ev_raise(I, &ev_type_ValueError, "math domain error");
    double b = xs * ys * sqrt(rad);
    double x1 = (a + b) / dv, x2 = (a - b) / dv;
    return ev_float(1.0 - (fabs(cdf_of(ym, ys, x1 - ym) - cdf_of(xm, xs, x1 - xm)) +
                           fabs(cdf_of(ym, ys, x2 - ym) - cdf_of(xm, xs, x2 - xm))));
}

static ev_value nd_zscore(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    double diff;
    if (nd_sigma(self) == 0.0)
        return st_error(I, "zscore() not defined when sigma is zero");
    if (minus_mu(I, argv[0], self, &diff))
        return EV_ERR;
    return ev_float(diff / nd_sigma(self));
}

static ev_value nd_get_mu(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_float(nd_mu(self));
}

static ev_value nd_get_sigma(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_float(nd_sigma(self));
}

static ev_value nd_get_variance(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_float(nd_sigma(self) * nd_sigma(self));
}

/* x1 + x2, x1 - x2 (NormalDist or number) */
static ev_value nd_addsub(ev_interp *I, ev_value x1, ev_value x2, ev_binop op)
{
    if (ev_is_cinstance(x2, &ev_type_NormalDist)) {
        ev_value a[2] = {ev_float(nd_sigma(x1)), ev_float(nd_sigma(x2))};
        ev_value h = st_call_module(I, "math", "hypot", 2, a);
        if (EV_IS_ERR(h))
            return h;
        double m = op == EV_OP_ADD ? nd_mu(x1) + nd_mu(x2) : nd_mu(x1) - nd_mu(x2);
        return nd_build(I, ev_float(m), h);
    }
    ev_value m = ev_binary(I, op, ev_float(nd_mu(x1)), x2);
    if (EV_IS_ERR(m))
        return m;
    ev_value r = nd_build(I, m, ev_float(nd_sigma(x1)));
    ev_decref(I, m);
    return r;
}

static ev_value nd_add(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return nd_addsub(I, self, argv[0], EV_OP_ADD);
}

static ev_value nd_sub(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return nd_addsub(I, self, argv[0], EV_OP_SUB);
}

static ev_value nd_rsub(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    /* -(x1 - x2) */
    ev_value d = nd_addsub(I, self, argv[0], EV_OP_SUB);
    if (EV_IS_ERR(d))
        return d;
    ev_value r = ev_negate(I, d);
    ev_decref(I, d);
    return r;
}

/* x1 * x2, x1 / x2: NormalDist(x1._mu OP x2, x1._sigma OP fabs(x2)) */
static ev_value nd_muldiv(ev_interp *I, ev_value x1, ev_value x2, ev_binop op)
{
    ev_value m = ev_binary(I, op, ev_float(nd_mu(x1)), x2);
    if (EV_IS_ERR(m))
        return m;
    ev_value f = st_math1(I, "fabs", x2);
    ev_value s = EV_IS_ERR(f) ? f : ev_binary(I, op, ev_float(nd_sigma(x1)), f);
    ev_value r = EV_IS_ERR(s) ? s : nd_build(I, m, s);
    ev_decref(I, m);
    if (!EV_IS_ERR(s))
        ev_decref(I, s);
    return r;
}

static ev_value nd_mul(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return nd_muldiv(I, self, argv[0], EV_OP_MUL);
}

static ev_value nd_truediv(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return nd_muldiv(I, self, argv[0], EV_OP_TRUEDIV);
}

static ev_value nd_pos(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return nd_build(I, ev_float(nd_mu(self)), ev_float(nd_sigma(self)));
}

static ev_value nd_neg(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return nd_build(I, ev_float(-nd_mu(self)), ev_float(nd_sigma(self)));
}

static ev_value nd_eq(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (!ev_is_cinstance(argv[0], &ev_type_NormalDist))
        return EV_NOTIMPL;
    return ev_bool(nd_mu(self) == nd_mu(argv[0]) && nd_sigma(self) == nd_sigma(argv[0]));
}

static ev_value nd_ne(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (!ev_is_cinstance(argv[0], &ev_type_NormalDist))
        return EV_NOTIMPL;
    return ev_bool(!(nd_mu(self) == nd_mu(argv[0]) && nd_sigma(self) == nd_sigma(argv[0])));
}

static ev_value nd_hash(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value t = ev_tuple_new(I, 2);
    if (EV_IS_ERR(t))
        return t;
    ev_as_tuple(t)->items[0] = ev_float(nd_mu(self));
    ev_as_tuple(t)->items[1] = ev_float(nd_sigma(self));
    int64_t h;
    int e = ev_hash(I, t, &h);
    ev_decref(I, t);
    return e ? EV_ERR : ev_int(h);
}

static ev_value nd_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_buf b = {0};
    if (ev_buf_puts(I, &b, "NormalDist(mu=") || ev_buf_repr(I, &b, ev_float(nd_mu(self))) ||
        ev_buf_puts(I, &b, ", sigma=") || ev_buf_repr(I, &b, ev_float(nd_sigma(self))) ||
        ev_buf_puts(I, &b, ")")) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

static const ev_builtin_def normaldist_methods[] = {
    {"mean", nd_get_mu, 0, 0, EV_BF_PROP},
    {"median", nd_get_mu, 0, 0, EV_BF_PROP},
    {"mode", nd_get_mu, 0, 0, EV_BF_PROP},
    {"stdev", nd_get_sigma, 0, 0, EV_BF_PROP},
    {"variance", nd_get_variance, 0, 0, EV_BF_PROP},
    {"_mu", nd_get_mu, 0, 0, EV_BF_PROP},
    {"_sigma", nd_get_sigma, 0, 0, EV_BF_PROP},
    {"samples", nd_samples, 1, 2, 0, "n, *, seed"},
    {"pdf", nd_pdf, 1, 1, 0, "x"},
    {"cdf", nd_cdf, 1, 1, 0, "x"},
    {"inv_cdf", nd_inv_cdf, 1, 1, 0, "p"},
    {"quantiles", nd_quantiles, 0, 1, 0, "n"},
    {"overlap", nd_overlap, 1, 1, 0, "other"},
    {"zscore", nd_zscore, 1, 1, 0, "x"},
    {"__add__", nd_add, 1, 1, 0},
    {"__radd__", nd_add, 1, 1, 0},
    {"__sub__", nd_sub, 1, 1, 0},
    {"__rsub__", nd_rsub, 1, 1, 0},
    {"__mul__", nd_mul, 1, 1, 0},
    {"__rmul__", nd_mul, 1, 1, 0},
    {"__truediv__", nd_truediv, 1, 1, 0},
    {"__pos__", nd_pos, 0, 0, 0},
    {"__neg__", nd_neg, 0, 0, 0},
    {"__eq__", nd_eq, 1, 1, 0},
    {"__ne__", nd_ne, 1, 1, 0},
    {"__hash__", nd_hash, 0, 0, 0},
    {"__repr__", nd_repr, 0, 0, 0},
    {NULL, NULL, 0, 0, 0},
};

static const ev_builtin_def normaldist_type_methods[] = {
    {"from_samples", nd_from_samples, 1, 1, 0, "data"},
    {NULL, NULL, 0, 0, 0},
};

ev_type ev_type_NormalDist = {STATIC_TYPE, .name = "NormalDist", .call = nd_ctor,
                              .methods = normaldist_methods,
                              .type_methods = normaldist_type_methods, .max_args = 2,
                              .params = "mu, sigma", .module = "statistics",
                              .tflags = EV_TYPE_CSLOTS};
