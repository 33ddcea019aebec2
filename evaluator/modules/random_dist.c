/*
 * random_dist.c - random's real-valued distributions (uniform, triangular,
 * normalvariate, gauss, lognormvariate, expovariate, vonmisesvariate,
 * gammavariate, betavariate, paretovariate, weibullvariate): each the same
 * steps as Lib/random.py, so a seed gives CPython's numbers.
 */
#include <math.h>
#include <string.h>

#include "evaluator/modules/random_int.h"

/* ---- real-valued distributions ---------------------------------------------------------- */

ev_value r_uniform(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    static const ev_defsig s = {"Random.uniform", {"a", "b"}, 2};
    ev_value a[2];
    rnd_state *st;
    if (ev_def_bind(I, &s, argc, argv, kw, a) || !(st = rnd_state_of(I, self)))
        return EV_ERR;
    /* a + (b - a) * random(), with Python's arithmetic */
    ev_value d = ev_binary(I, EV_OP_SUB, a[1], a[0]);
    if (EV_IS_ERR(d))
        return d;
    ev_value m = ev_binary(I, EV_OP_MUL, d, ev_float(rnd_random(st)));
    ev_decref(I, d);
    if (EV_IS_ERR(m))
        return m;
    ev_value r = ev_binary(I, EV_OP_ADD, a[0], m);
    ev_decref(I, m);
    return r;
}

ev_value r_triangular(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    static const ev_defsig s = {"Random.triangular", {"low", "high", "mode"}, 0};
    ev_value a[3], den = EV_ERR, res = EV_ERR, t = EV_ERR;
    rnd_state *st;
    if (ev_def_bind(I, &s, argc, argv, kw, a) || !(st = rnd_state_of(I, self)))
        return EV_ERR;
    ev_value low = EV_IS_ERR(a[0]) ? ev_float(0.0) : a[0];
    ev_value high = EV_IS_ERR(a[1]) ? ev_float(1.0) : a[1];
    double u = rnd_random(st), c = 0.5;
    if (!EV_IS_ERR(a[2]) && a[2].tag != EV_T_NONE) {
        /* c = (mode - low) / (high - low); ZeroDivisionError returns low */
        if (EV_IS_ERR(den = ev_binary(I, EV_OP_SUB, high, low)))
            goto fail;
        if ((den.tag == EV_T_INT && den.u.i == 0) || (den.tag == EV_T_FLOAT && den.u.f == 0.0)) {
            ev_value num = ev_binary(I, EV_OP_SUB, a[2], low);
            if (!EV_IS_ERR(num)) {
                ev_decref(I, num);
                res = ev_dup(low);
            }
            goto fail;
        }
        ev_value num = ev_binary(I, EV_OP_SUB, a[2], low);
        if (EV_IS_ERR(num))
            goto fail;
        ev_value cv = ev_binary(I, EV_OP_TRUEDIV, num, den);
        ev_decref(I, num);
        if (EV_IS_ERR(cv))
            goto fail;
        int rc = rnd_to_double(I, cv, &c);
        ev_decref(I, cv);
        if (rc)
            goto fail;
    }
    if (u > c) {
        u = 1.0 - u;
        c = 1.0 - c;
        ev_value tmp = low;
        low = high;
        high = tmp;
    }
    if (u * c < 0) {
        ev_raise(I, &ev_type_ValueError, "math domain error");
        goto fail;
    }
    /* low + (high - low) * sqrt(u * c) */
    ev_value d = ev_binary(I, EV_OP_SUB, high, low);
    if (EV_IS_ERR(d))
        goto fail;
    t = ev_binary(I, EV_OP_MUL, d, ev_float(sqrt(u * c)));
    ev_decref(I, d);
    if (EV_IS_ERR(t))
        goto fail;
    res = ev_binary(I, EV_OP_ADD, low, t);
fail:
    ev_decref(I, t);
    ev_decref(I, den);
    return res;
}

/* mu + z * sigma with Python's arithmetic (mu and sigma may be ints). */
static ev_value mu_z_sigma(ev_interp *I, ev_value mu, double z, ev_value sigma)
{
    ev_value t = ev_binary(I, EV_OP_MUL, ev_float(z), sigma);
    if (EV_IS_ERR(t))
        return t;
    ev_value r = ev_binary(I, EV_OP_ADD, mu, t);
    ev_decref(I, t);
    return r;
}

#define NV_MAGICCONST 1.7155277699214135 /* 4 * exp(-0.5) / sqrt(2.0) */
#define TWOPI 6.283185307179586
#define LOG4 1.3862943611198906
#define SG_MAGICCONST 2.504077396776274 /* 1.0 + log(4.5) */

static double normal_z(rnd_state *st)
{
    for (;;) {
        double u1 = rnd_random(st);
        double u2 = 1.0 - rnd_random(st);
        double z = NV_MAGICCONST * (u1 - 0.5) / u2;
        if (z * z / 4.0 <= -log(u2))
            return z;
    }
}


ev_value r_normalvariate(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    static const ev_defsig s = {"Random.normalvariate", {"mu", "sigma"}, 0};
    ev_value a[2];
    rnd_state *st;
    if (ev_def_bind(I, &s, argc, argv, kw, a) || !(st = rnd_state_of(I, self)))
        return EV_ERR;
    double z = normal_z(st);
    return mu_z_sigma(I, EV_IS_ERR(a[0]) ? ev_float(0.0) : a[0], z,
                      EV_IS_ERR(a[1]) ? ev_float(1.0) : a[1]);
}

ev_value r_gauss(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    static const ev_defsig s = {"Random.gauss", {"mu", "sigma"}, 0};
    ev_value a[2];
    rnd_state *st;
    if (ev_def_bind(I, &s, argc, argv, kw, a) || !(st = rnd_state_of(I, self)))
        return EV_ERR;
    double z;
    if (st->has_gauss) {
        z = st->gauss_next;
        st->has_gauss = false;
    } else {
        double x2pi = rnd_random(st) * TWOPI;
        double g2rad = sqrt(-2.0 * log(1.0 - rnd_random(st)));
        z = cos(x2pi) * g2rad;
        st->gauss_next = sin(x2pi) * g2rad;
        st->has_gauss = true;
    }
    return mu_z_sigma(I, EV_IS_ERR(a[0]) ? ev_float(0.0) : a[0], z,
                      EV_IS_ERR(a[1]) ? ev_float(1.0) : a[1]);
}

/* Binds the required float parameters of a distribution. */
static rnd_state *float_args(ev_interp *I, ev_value self, const ev_kw *kw, const ev_defsig *s, int argc,
                             const ev_value *argv, double *out)
{
    ev_value a[4];
    if (ev_def_bind(I, s, argc, argv, kw, a))
        return NULL;
    for (int i = 0; i < s->nreq; i++)
        if (rnd_to_double(I, a[i], &out[i]))
            return NULL;
    return rnd_state_of(I, self);
}

ev_value r_lognormvariate(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    static const ev_defsig s = {"Random.lognormvariate", {"mu", "sigma"}, 2};
    double p[2], r;
    rnd_state *st = float_args(I, self, kw, &s, argc, argv, p);
    if (!st || rnd_exp(I, p[0] + normal_z(st) * p[1], &r))
        return EV_ERR;
    return ev_float(r);
}

ev_value r_expovariate(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    static const ev_defsig s = {"Random.expovariate", {"lambd"}, 1};
    double p[1], r;
    rnd_state *st = float_args(I, self, kw, &s, argc, argv, p);
    if (!st || rnd_div(I, -log(1.0 - rnd_random(st)), p[0], &r))
        return EV_ERR;
    return ev_float(r);
}

ev_value r_vonmisesvariate(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    static const ev_defsig s = {"Random.vonmisesvariate", {"mu", "kappa"}, 2};
    double p[2];
    rnd_state *st = float_args(I, self, kw, &s, argc, argv, p);
    if (!st)
        return EV_ERR;
    double mu = p[0], kappa = p[1];
    if (kappa <= 1e-6)
        return ev_float(TWOPI * rnd_random(st));
    double sk = 0.5 / kappa, r = sk + sqrt(1.0 + sk * sk), z;
    for (;;) {
        if (ev_charge(I, 1))
            return EV_ERR;
        double u1 = rnd_random(st);
        z = cos(M_PI * u1);
        double d = z / (r + z);
        double u2 = rnd_random(st);
        if (u2 < 1.0 - d * d || u2 <= (1.0 - d) * exp(d))
            break;
    }
    double q = 1.0 / r;
    double f = (q + z) / (1.0 + q * z);
    double u3 = rnd_random(st);
    if (f < -1.0 || f > 1.0)
        return ev_raise(I, &ev_type_ValueError, "math domain error");
    if (u3 > 0.5)
        return ev_float(rnd_fmod(mu + acos(f), TWOPI));
    return ev_float(rnd_fmod(mu - acos(f), TWOPI));
}

static int gamma_draw(ev_interp *I, rnd_state *st, double alpha, double beta, double *out)
{
    if (alpha <= 0.0 || beta <= 0.0) {
        ev_raise(I, &ev_type_ValueError, "gammavariate: alpha and beta must be > 0.0");
        return -1;
    }
    if (alpha > 1.0) {
        /* R.C.H. Cheng, "The generation of Gamma variables with non-integral
         * shape parameters", 1977 */
        double ainv = sqrt(2.0 * alpha - 1.0), bbb = alpha - LOG4, ccc = alpha + ainv;
        for (;;) {
            if (ev_charge(I, 1))
                return -1;
            double u1 = rnd_random(st);
            if (!(1e-7 < u1 && u1 < 0.9999999))
                continue;
            double u2 = 1.0 - rnd_random(st);
            double v = log(u1 / (1.0 - u1)) / ainv;
            double x = alpha * exp(v);
            double z = u1 * u1 * u2;
            double r = bbb + ccc * v - x;
            if (r + SG_MAGICCONST - 4.5 * z >= 0.0 || r >= log(z)) {
                *out = x * beta;
                return 0;
            }
        }
    }
    if (alpha == 1.0) {
        *out = -log(1.0 - rnd_random(st)) * beta;
        return 0;
    }
    /* alpha < 1: ALGORITHM GS of Statistical Computing - Kennedy & Gentle */
    double x;
    for (;;) {
        if (ev_charge(I, 1))
            return -1;
        double u = rnd_random(st);
        double b = (M_E + alpha) / M_E;
        double p = b * u;
        if (p <= 1.0) {
            if (rnd_pow(I, p, 1.0 / alpha, &x))
                return -1;
        } else {
            x = -log((b - p) / alpha);
        }
        double u1 = rnd_random(st);
        if (p > 1.0) {
            double t;
            if (rnd_pow(I, x, alpha - 1.0, &t))
                return -1;
            if (u1 <= t)
                break;
        } else if (u1 <= exp(-x)) {
            break;
        }
    }
    *out = x * beta;
    return 0;
}


ev_value r_gammavariate(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    static const ev_defsig s = {"Random.gammavariate", {"alpha", "beta"}, 2};
    double p[2], r;
    rnd_state *st = float_args(I, self, kw, &s, argc, argv, p);
    if (!st || gamma_draw(I, st, p[0], p[1], &r))
        return EV_ERR;
    return ev_float(r);
}

ev_value r_betavariate(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    static const ev_defsig s = {"Random.betavariate", {"alpha", "beta"}, 2};
    double p[2], y, y2;
    rnd_state *st = float_args(I, self, kw, &s, argc, argv, p);
    if (!st || gamma_draw(I, st, p[0], 1.0, &y))
        return EV_ERR;
    if (y == 0.0)
        return ev_float(0.0);
    if (gamma_draw(I, st, p[1], 1.0, &y2))
        return EV_ERR;
    return ev_float(y / (y + y2));
}

ev_value r_paretovariate(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    static const ev_defsig s = {"Random.paretovariate", {"alpha"}, 1};
    double p[1], e, r;
    rnd_state *st = float_args(I, self, kw, &s, argc, argv, p);
    if (!st)
        return EV_ERR;
    double u = 1.0 - rnd_random(st);
    if (rnd_div(I, -1.0, p[0], &e) || rnd_pow(I, u, e, &r))
        return EV_ERR;
    return ev_float(r);
}

ev_value r_weibullvariate(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    static const ev_defsig s = {"Random.weibullvariate", {"alpha", "beta"}, 2};
    double p[2], e, r;
    rnd_state *st = float_args(I, self, kw, &s, argc, argv, p);
    if (!st)
        return EV_ERR;
    double u = 1.0 - rnd_random(st);
    if (rnd_div(I, 1.0, p[1], &e) || rnd_pow(I, -log(u), e, &r))
        return EV_ERR;
    return ev_float(p[0] * r);
}
