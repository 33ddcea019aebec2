/*
 * cmath.c - the cmath module as CPython 3.11's Modules/cmathmodule.c
 * defines it: the complex elementary functions with the C99 Annex G
 * results for infinite and NaN parts (7x7 tables indexed by the kind of
 * the real and the imaginary part: -inf, negative, -0, +0, positive, +inf,
 * nan), the same formulas for finite arguments (rescaling where an
 * intermediate would overflow or lose precision to subnormals), and the
 * same errors: ValueError "math domain error" where Annex G signals
 * divide-by-zero or invalid, OverflowError "math range error" where a
 * finite argument overflows.  Arguments convert as PyComplex_AsCComplex
 * does: a complex's value, else __complex__, else __float__/__index__.
 */
#include <errno.h>
#include <float.h>
#include <math.h>
#include <string.h>

#include "evaluator/modules/modules.h"

typedef struct {
    double re, im;
} cx;

#define PI 3.141592653589793
#define E_ 2.718281828459045
#define LN2 0.6931471805599453094
#define LN10 2.302585092994045684
#define LARGE (DBL_MAX / 4.)
#define SQRT_LARGE (sqrt(LARGE))
#define LOG_LARGE (log(LARGE))
#define SQRT_DBL_MIN (sqrt(DBL_MIN))
/* 2**SCALE_UP turns a subnormal into a normal; SCALE_DOWN undoes half of it */
#define SCALE_UP (2 * (DBL_MANT_DIG / 2) + 1)
#define SCALE_DOWN (-(SCALE_UP + 1) / 2)

/* errors of a computation: what errno says in CPython's */
enum { OK = 0, DOM = 1, RANGE = 2 };

/* ---- special values -------------------------------------------------------------------------- */

enum { K_NINF, K_NEG, K_NZERO, K_PZERO, K_POS, K_PINF, K_NAN };

static int kind(double d)
{
    if (isnan(d))
        return K_NAN;
    bool pos = !signbit(d);
    if (isinf(d))
        return pos ? K_PINF : K_NINF;
    if (d == 0)
        return pos ? K_PZERO : K_NZERO;
    return pos ? K_POS : K_NEG;
}

/* The tables, row = kind of the real part, column = kind of the imaginary
 * part; the cells for finite nonzero parts are never read (X). */
#define I_ INFINITY
#define N_ NAN
#define P PI
#define P2 (PI / 2)
#define P4 (PI / 4)
#define P34 (0.75 * PI)
#define X {0, 0}
typedef cx table[7][7];

static const table t_acos = {
    {{P34, I_}, {P, I_}, {P, I_}, {P, -I_}, {P, -I_}, {P34, -I_}, {N_, I_}},
    {{P2, I_}, X, X, X, X, {P2, -I_}, {N_, N_}},
    {{P2, I_}, X, {P2, 0.}, {P2, -0.}, X, {P2, -I_}, {P2, N_}},
    {{P2, I_}, X, {P2, 0.}, {P2, -0.}, X, {P2, -I_}, {P2, N_}},
    {{P2, I_}, X, X, X, X, {P2, -I_}, {N_, N_}},
    {{P4, I_}, {0., I_}, {0., I_}, {0., -I_}, {0., -I_}, {P4, -I_}, {N_, I_}},
    {{N_, I_}, {N_, N_}, {N_, N_}, {N_, N_}, {N_, N_}, {N_, -I_}, {N_, N_}},
};
static const table t_acosh = {
    {{I_, -P34}, {I_, -P}, {I_, -P}, {I_, P}, {I_, P}, {I_, P34}, {I_, N_}},
    {{I_, -P2}, X, X, X, X, {I_, P2}, {N_, N_}},
    {{I_, -P2}, X, {0., -P2}, {0., P2}, X, {I_, P2}, {N_, N_}},
    {{I_, -P2}, X, {0., -P2}, {0., P2}, X, {I_, P2}, {N_, N_}},
    {{I_, -P2}, X, X, X, X, {I_, P2}, {N_, N_}},
    {{I_, -P4}, {I_, -0.}, {I_, -0.}, {I_, 0.}, {I_, 0.}, {I_, P4}, {I_, N_}},
    {{I_, N_}, {N_, N_}, {N_, N_}, {N_, N_}, {N_, N_}, {I_, N_}, {N_, N_}},
};
static const table t_asinh = {
    {{-I_, -P4}, {-I_, -0.}, {-I_, -0.}, {-I_, 0.}, {-I_, 0.}, {-I_, P4}, {-I_, N_}},
    {{-I_, -P2}, X, X, X, X, {-I_, P2}, {N_, N_}},
    {{-I_, -P2}, X, {-0., -0.}, {-0., 0.}, X, {-I_, P2}, {N_, N_}},
    {{I_, -P2}, X, {0., -0.}, {0., 0.}, X, {I_, P2}, {N_, N_}},
    {{I_, -P2}, X, X, X, X, {I_, P2}, {N_, N_}},
    {{I_, -P4}, {I_, -0.}, {I_, -0.}, {I_, 0.}, {I_, 0.}, {I_, P4}, {I_, N_}},
    {{I_, N_}, {N_, N_}, {N_, -0.}, {N_, 0.}, {N_, N_}, {I_, N_}, {N_, N_}},
};
static const table t_atanh = {
    {{-0., -P2}, {-0., -P2}, {-0., -P2}, {-0., P2}, {-0., P2}, {-0., P2}, {-0., N_}},
    {{-0., -P2}, X, X, X, X, {-0., P2}, {N_, N_}},
    {{-0., -P2}, X, {-0., -0.}, {-0., 0.}, X, {-0., P2}, {-0., N_}},
    {{0., -P2}, X, {0., -0.}, {0., 0.}, X, {0., P2}, {0., N_}},
    {{0., -P2}, X, X, X, X, {0., P2}, {N_, N_}},
    {{0., -P2}, {0., -P2}, {0., -P2}, {0., P2}, {0., P2}, {0., P2}, {0., N_}},
    {{0., -P2}, {N_, N_}, {N_, N_}, {N_, N_}, {N_, N_}, {0., P2}, {N_, N_}},
};
static const table t_cosh = {
    {{I_, N_}, X, {I_, 0.}, {I_, -0.}, X, {I_, N_}, {I_, N_}},
    {{N_, N_}, X, X, X, X, {N_, N_}, {N_, N_}},
    {{N_, 0.}, X, {1., 0.}, {1., -0.}, X, {N_, 0.}, {N_, 0.}},
    {{N_, 0.}, X, {1., -0.}, {1., 0.}, X, {N_, 0.}, {N_, 0.}},
    {{N_, N_}, X, X, X, X, {N_, N_}, {N_, N_}},
    {{I_, N_}, X, {I_, -0.}, {I_, 0.}, X, {I_, N_}, {I_, N_}},
    {{N_, N_}, {N_, N_}, {N_, 0.}, {N_, 0.}, {N_, N_}, {N_, N_}, {N_, N_}},
};
static const table t_exp = {
    {{0., 0.}, X, {0., -0.}, {0., 0.}, X, {0., 0.}, {0., 0.}},
    {{N_, N_}, X, X, X, X, {N_, N_}, {N_, N_}},
    {{N_, N_}, X, {1., -0.}, {1., 0.}, X, {N_, N_}, {N_, N_}},
    {{N_, N_}, X, {1., -0.}, {1., 0.}, X, {N_, N_}, {N_, N_}},
    {{N_, N_}, X, X, X, X, {N_, N_}, {N_, N_}},
    {{I_, N_}, X, {I_, -0.}, {I_, 0.}, X, {I_, N_}, {I_, N_}},
    {{N_, N_}, {N_, N_}, {N_, -0.}, {N_, 0.}, {N_, N_}, {N_, N_}, {N_, N_}},
};
static const table t_log = {
    {{I_, -P34}, {I_, -P}, {I_, -P}, {I_, P}, {I_, P}, {I_, P34}, {I_, N_}},
    {{I_, -P2}, X, X, X, X, {I_, P2}, {N_, N_}},
    {{I_, -P2}, X, {-I_, -P}, {-I_, P}, X, {I_, P2}, {N_, N_}},
    {{I_, -P2}, X, {-I_, -0.}, {-I_, 0.}, X, {I_, P2}, {N_, N_}},
    {{I_, -P2}, X, X, X, X, {I_, P2}, {N_, N_}},
    {{I_, -P4}, {I_, -0.}, {I_, -0.}, {I_, 0.}, {I_, 0.}, {I_, P4}, {I_, N_}},
    {{I_, N_}, {N_, N_}, {N_, N_}, {N_, N_}, {N_, N_}, {I_, N_}, {N_, N_}},
};
static const table t_sinh = {
    {{I_, N_}, X, {-I_, -0.}, {-I_, 0.}, X, {I_, N_}, {I_, N_}},
    {{N_, N_}, X, X, X, X, {N_, N_}, {N_, N_}},
    {{0., N_}, X, {-0., -0.}, {-0., 0.}, X, {0., N_}, {0., N_}},
    {{0., N_}, X, {0., -0.}, {0., 0.}, X, {0., N_}, {0., N_}},
    {{N_, N_}, X, X, X, X, {N_, N_}, {N_, N_}},
    {{I_, N_}, X, {I_, -0.}, {I_, 0.}, X, {I_, N_}, {I_, N_}},
    {{N_, N_}, {N_, N_}, {N_, -0.}, {N_, 0.}, {N_, N_}, {N_, N_}, {N_, N_}},
};
static const table t_sqrt = {
    {{I_, -I_}, {0., -I_}, {0., -I_}, {0., I_}, {0., I_}, {I_, I_}, {N_, I_}},
    {{I_, -I_}, X, X, X, X, {I_, I_}, {N_, N_}},
    {{I_, -I_}, X, {0., -0.}, {0., 0.}, X, {I_, I_}, {N_, N_}},
    {{I_, -I_}, X, {0., -0.}, {0., 0.}, X, {I_, I_}, {N_, N_}},
    {{I_, -I_}, X, X, X, X, {I_, I_}, {N_, N_}},
    {{I_, -I_}, {I_, -0.}, {I_, -0.}, {I_, 0.}, {I_, 0.}, {I_, I_}, {I_, N_}},
    {{I_, -I_}, {N_, N_}, {N_, N_}, {N_, N_}, {N_, N_}, {I_, I_}, {N_, N_}},
};
static const table t_tanh = {
    {{-1., 0.}, X, {-1., -0.}, {-1., 0.}, X, {-1., 0.}, {-1., 0.}},
    {{N_, N_}, X, X, X, X, {N_, N_}, {N_, N_}},
    {{N_, N_}, X, {-0., -0.}, {-0., 0.}, X, {N_, N_}, {N_, N_}},
    {{N_, N_}, X, {0., -0.}, {0., 0.}, X, {N_, N_}, {N_, N_}},
    {{N_, N_}, X, X, X, X, {N_, N_}, {N_, N_}},
    {{1., 0.}, X, {1., -0.}, {1., 0.}, X, {1., 0.}, {1., 0.}},
    {{N_, N_}, {N_, N_}, {N_, -0.}, {N_, 0.}, {N_, N_}, {N_, N_}, {N_, N_}},
};
static const table t_rect = {
    {{I_, N_}, X, {-I_, 0.}, {-I_, -0.}, X, {I_, N_}, {I_, N_}},
    {{N_, N_}, X, X, X, X, {N_, N_}, {N_, N_}},
    {{0., 0.}, X, {-0., 0.}, {-0., -0.}, X, {0., 0.}, {0., 0.}},
    {{0., 0.}, X, {0., -0.}, {0., 0.}, X, {0., 0.}, {0., 0.}},
    {{N_, N_}, X, X, X, X, {N_, N_}, {N_, N_}},
    {{I_, N_}, X, {I_, -0.}, {I_, 0.}, X, {I_, N_}, {I_, N_}},
    {{N_, N_}, {N_, N_}, {N_, 0.}, {N_, 0.}, {N_, N_}, {N_, N_}, {N_, N_}},
};

static bool cx_finite(cx z) { return isfinite(z.re) && isfinite(z.im); }
static cx lookup(const table t, cx z) { return t[kind(z.re)][kind(z.im)]; }

/* ---- the functions --------------------------------------------------------------------------- */

static cx c_sqrt(cx z, int *err)
{
    *err = OK;
    if (!cx_finite(z))
        return lookup(t_sqrt, z);
    if (z.re == 0. && z.im == 0.)
        return (cx){0., z.im};
    double ax = fabs(z.re), ay = fabs(z.im), s;
    if (ax < DBL_MIN && ay < DBL_MIN) {
        /* hypot of two subnormals is imprecise: scale them up first */
        ax = ldexp(ax, SCALE_UP);
        s = ldexp(sqrt(ax + hypot(ax, ldexp(ay, SCALE_UP))), SCALE_DOWN);
    } else {
        ax /= 8.;
        s = 2. * sqrt(ax + hypot(ax, ay / 8.));
    }
    double d = ay / (2. * s);
    if (z.re >= 0.)
        return (cx){s, copysign(d, z.im)};
    return (cx){d, copysign(s, z.im)};
}

static cx c_acos(cx z, int *err)
{
    *err = OK;
    if (!cx_finite(z))
        return lookup(t_acos, z);
    cx r;
    if (fabs(z.re) > LARGE || fabs(z.im) > LARGE) {
        r.re = atan2(fabs(z.im), z.re);
        double l = log(hypot(z.re / 2., z.im / 2.)) + LN2 * 2.;
        r.im = z.re < 0. ? -copysign(l, z.im) : copysign(l, -z.im);
    } else {
        int e;
        cx s1 = c_sqrt((cx){1. - z.re, -z.im}, &e);
        cx s2 = c_sqrt((cx){1. + z.re, z.im}, &e);
        r.re = 2. * atan2(s1.re, s2.re);
        r.im = asinh(s2.re * s1.im - s2.im * s1.re);
    }
    return r;
}

static cx c_acosh(cx z, int *err)
{
    *err = OK;
    if (!cx_finite(z))
        return lookup(t_acosh, z);
    cx r;
    if (fabs(z.re) > LARGE || fabs(z.im) > LARGE) {
        r.re = log(hypot(z.re / 2., z.im / 2.)) + LN2 * 2.;
        r.im = atan2(z.im, z.re);
    } else {
        int e;
        cx s1 = c_sqrt((cx){z.re - 1., z.im}, &e);
        cx s2 = c_sqrt((cx){z.re + 1., z.im}, &e);
        r.re = asinh(s1.re * s2.re + s1.im * s2.im);
        r.im = 2. * atan2(s1.im, s2.re);
    }
    return r;
}

static cx c_asinh(cx z, int *err)
{
    *err = OK;
    if (!cx_finite(z))
        return lookup(t_asinh, z);
    cx r;
    if (fabs(z.re) > LARGE || fabs(z.im) > LARGE) {
        double l = log(hypot(z.re / 2., z.im / 2.)) + LN2 * 2.;
        r.re = z.im >= 0. ? copysign(l, z.re) : -copysign(l, -z.re);
        r.im = atan2(z.im, fabs(z.re));
    } else {
        int e;
        cx s1 = c_sqrt((cx){1. + z.im, -z.re}, &e);
        cx s2 = c_sqrt((cx){1. - z.im, z.re}, &e);
        r.re = asinh(s1.re * s2.im - s2.re * s1.im);
        r.im = atan2(z.im, s1.re * s2.re - s1.im * s2.im);
    }
    return r;
}

/* asin(z) = -i asinh(iz) */
static cx c_asin(cx z, int *err)
{
    cx s = c_asinh((cx){-z.im, z.re}, err);
    return (cx){s.im, -s.re};
}

static cx c_atanh(cx z, int *err)
{
    *err = OK;
    if (!cx_finite(z))
        return lookup(t_atanh, z);
    if (z.re < 0.) { /* atanh(z) = -atanh(-z) */
        cx r = c_atanh((cx){-z.re, -z.im}, err);
        return (cx){-r.re, -r.im};
    }
    cx r;
    double ay = fabs(z.im);
    if (z.re > SQRT_LARGE || ay > SQRT_LARGE) {
        /* atanh(z) ~ 1/z +- i*pi/2 for a large z */
        double h = hypot(z.re / 2., z.im / 2.);
        r.re = z.re / 4. / h / h;
        r.im = -copysign(PI / 2., -z.im);
    } else if (z.re == 1. && ay < SQRT_DBL_MIN) {
        if (ay == 0.) {
            r.re = INFINITY;
            r.im = z.im;
            *err = DOM;
        } else {
            r.re = -log(sqrt(ay) / sqrt(hypot(ay, 2.)));
            r.im = copysign(atan2(2., -ay) / 2, z.im);
        }
    } else {
        r.re = log1p(4. * z.re / ((1 - z.re) * (1 - z.re) + ay * ay)) / 4.;
        r.im = -atan2(-2. * z.im, (1 - z.re) * (1 + z.re) - ay * ay) / 2.;
    }
    return r;
}

/* atan(z) = -i atanh(iz) */
static cx c_atan(cx z, int *err)
{
    cx s = c_atanh((cx){-z.im, z.re}, err);
    return (cx){s.im, -s.re};
}

/* cosh and sinh: which = 'c' or 's' */
static cx c_coshsinh(cx z, int *err, char which)
{
    cx r;
    if (!cx_finite(z)) {
        if (isinf(z.re) && isfinite(z.im) && z.im != 0.) {
            double c = copysign(INFINITY, cos(z.im)), s = copysign(INFINITY, sin(z.im));
            if (which == 'c')
                r = z.re > 0 ? (cx){c, s} : (cx){c, -s};
            else
                r = z.re > 0 ? (cx){c, s} : (cx){-c, s};
        } else {
            r = lookup(which == 'c' ? t_cosh : t_sinh, z);
        }
        *err = isinf(z.im) && !isnan(z.re) ? DOM : OK;
        return r;
    }
    if (fabs(z.re) > LOG_LARGE) {
        /* cosh(z.re) overflows where the result need not */
        double x1 = z.re - copysign(1., z.re);
        if (which == 'c') {
            r.re = cos(z.im) * cosh(x1) * E_;
            r.im = sin(z.im) * sinh(x1) * E_;
        } else {
            r.re = cos(z.im) * sinh(x1) * E_;
            r.im = sin(z.im) * cosh(x1) * E_;
        }
    } else if (which == 'c') {
        r.re = cos(z.im) * cosh(z.re);
        r.im = sin(z.im) * sinh(z.re);
    } else {
        r.re = cos(z.im) * sinh(z.re);
        r.im = sin(z.im) * cosh(z.re);
    }
    *err = isinf(r.re) || isinf(r.im) ? RANGE : OK;
    return r;
}

static cx c_cosh(cx z, int *err) { return c_coshsinh(z, err, 'c'); }
static cx c_sinh(cx z, int *err) { return c_coshsinh(z, err, 's'); }

/* cos(z) = cosh(iz) */
static cx c_cos(cx z, int *err) { return c_cosh((cx){-z.im, z.re}, err); }

/* sin(z) = -i sinh(iz) */
static cx c_sin(cx z, int *err)
{
    cx s = c_sinh((cx){-z.im, z.re}, err);
    return (cx){s.im, -s.re};
}

static cx c_tanh(cx z, int *err)
{
    cx r;
    if (!cx_finite(z)) {
        if (isinf(z.re) && isfinite(z.im) && z.im != 0.)
            r = (cx){z.re > 0 ? 1.0 : -1.0, copysign(0., 2. * sin(z.im) * cos(z.im))};
        else
            r = lookup(t_tanh, z);
        *err = isinf(z.im) && isfinite(z.re) ? DOM : OK;
        return r;
    }
    *err = OK;
    if (fabs(z.re) > LOG_LARGE) {
        r.re = copysign(1., z.re);
        r.im = 4. * sin(z.im) * cos(z.im) * exp(-2. * fabs(z.re));
    } else {
        double tx = tanh(z.re), ty = tan(z.im), c = 1. / cosh(z.re), txty = tx * ty;
        double denom = 1. + txty * txty;
        r.re = tx * (1. + ty * ty) / denom;
        r.im = ((ty / denom) * c) * c;
    }
    return r;
}

/* tan(z) = -i tanh(iz) */
static cx c_tan(cx z, int *err)
{
    cx s = c_tanh((cx){-z.im, z.re}, err);
    return (cx){s.im, -s.re};
}

static cx c_exp(cx z, int *err)
{
    cx r;
    if (!cx_finite(z)) {
        if (isinf(z.re) && isfinite(z.im) && z.im != 0.) {
            if (z.re > 0)
                r = (cx){copysign(INFINITY, cos(z.im)), copysign(INFINITY, sin(z.im))};
            else
                r = (cx){copysign(0., cos(z.im)), copysign(0., sin(z.im))};
        } else {
            r = lookup(t_exp, z);
        }
        *err = isinf(z.im) && (isfinite(z.re) || (isinf(z.re) && z.re > 0)) ? DOM : OK;
        return r;
    }
    double l;
    if (z.re > LOG_LARGE) {
        l = exp(z.re - 1.);
        r = (cx){l * cos(z.im) * E_, l * sin(z.im) * E_};
    } else {
        l = exp(z.re);
        r = (cx){l * cos(z.im), l * sin(z.im)};
    }
    *err = isinf(r.re) || isinf(r.im) ? RANGE : OK;
    return r;
}

static cx c_log(cx z, int *err)
{
    *err = OK;
    if (!cx_finite(z))
        return lookup(t_log, z);
    double ax = fabs(z.re), ay = fabs(z.im);
    cx r;
    if (ax > LARGE || ay > LARGE) {
        r.re = log(hypot(ax / 2., ay / 2.)) + LN2;
    } else if (ax < DBL_MIN && ay < DBL_MIN) {
        if (ax > 0. || ay > 0.) {
            /* a subnormal modulus: scale up first */
            r.re = log(hypot(ldexp(ax, DBL_MANT_DIG), ldexp(ay, DBL_MANT_DIG))) - DBL_MANT_DIG * LN2;
        } else {
            *err = DOM;
            return (cx){-INFINITY, atan2(z.im, z.re)};
        }
    } else {
        double h = hypot(ax, ay);
        if (0.71 <= h && h <= 1.73) {
            /* near the unit circle log1p keeps the digits log(h) loses */
            double am = ax > ay ? ax : ay, an = ax > ay ? ay : ax;
            r.re = log1p((am - 1) * (am + 1) + an * an) / 2.;
        } else {
            r.re = log(h);
        }
    }
    r.im = atan2(z.im, z.re);
    return r;
}

static cx c_log10(cx z, int *err)
{
    cx r = c_log(z, err);
    return (cx){r.re / LN10, r.im / LN10};
}

/* complex division as complexobject.c's _Py_c_quot (Smith's method) */
static cx c_quot(cx a, cx b, int *err)
{
    double abr = fabs(b.re), abi = fabs(b.im);
    if (abr >= abi) {
        if (abr == 0.0) {
            *err = DOM;
            return (cx){0.0, 0.0};
        }
        double ratio = b.im / b.re, denom = b.re + b.im * ratio;
        return (cx){(a.re + a.im * ratio) / denom, (a.im - a.re * ratio) / denom};
    }
    if (abi >= abr) {
        double ratio = b.re / b.im, denom = b.re * ratio + b.im;
        return (cx){(a.re * ratio + a.im) / denom, (a.im * ratio - a.re) / denom};
    }
    return (cx){NAN, NAN}; /* a NaN in b */
}

/* atan2 with C99's answers for infinities and NaNs */
static double c_atan2(cx z)
{
    if (isnan(z.re) || isnan(z.im))
        return NAN;
    if (isinf(z.im)) {
        if (isinf(z.re))
            return copysign(signbit(z.re) ? 0.75 * PI : 0.25 * PI, z.im);
        return copysign(0.5 * PI, z.im);
    }
    if (isinf(z.re) || z.im == 0.)
        return copysign(signbit(z.re) ? PI : 0., z.im);
    return atan2(z.im, z.re);
}

/* abs(z) as _Py_c_abs: an infinite part wins over a NaN */
static double c_abs(cx z, int *err)
{
    *err = OK;
    if (!cx_finite(z)) {
        if (isinf(z.re))
            return fabs(z.re);
        if (isinf(z.im))
            return fabs(z.im);
        return NAN;
    }
    double r = hypot(z.re, z.im);
    if (!isfinite(r))
        *err = RANGE;
    return r;
}

/* ---- arguments and results ------------------------------------------------------------------- */

/* PyComplex_AsCComplex: 0, or -1 raised */
static int arg_cx(ev_interp *I, ev_value v, cx *out)
{
    if (ev_is(v, EV_O_COMPLEX)) {
        const ev_complex *c = (const ev_complex *)v.u.o;
        *out = (cx){c->re, c->im};
        return 0;
    }
    if (ev_is_user(v)) {
        ev_value r, keep = ev_dup(v);
        int got = ev_dunder(I, v, EV_DN_COMPLEX, 0, NULL, &r);
        ev_decref(I, keep);
        if (got < 0)
            return -1;
        if (got) {
            if (!ev_is(r, EV_O_COMPLEX)) {
                ev_raise(I, &ev_type_TypeError, "__complex__ returned non-complex (type %s)", ev_type_name(r));
                ev_decref(I, r);
                return -1;
            }
            const ev_complex *c = (const ev_complex *)r.u.o;
            *out = (cx){c->re, c->im};
            ev_decref(I, r);
            return 0;
        }
    }
    out->im = 0.0;
    return ev_num_to_double(I, v, &out->re);
}

static ev_value math_error(ev_interp *I, int err)
{
    if (err == DOM)
        return ev_raise(I, &ev_type_ValueError, "math domain error");
    return ev_raise(I, &ev_type_OverflowError, "math range error");
}

static ev_value result(ev_interp *I, cx r, int err)
{
    return err ? math_error(I, err) : ev_complex_new(I, r.re, r.im);
}

/* a METH_O function of one complex */
static int one_arg(ev_interp *I, const char *name, int argc, const ev_value *argv, cx *z)
{
    if (argc != 1) {
        ev_raise(I, &ev_type_TypeError, "cmath.%s() takes exactly one argument (%d given)", name, argc);
        return -1;
    }
    return arg_cx(I, argv[0], z);
}

#define CFUNC(name, fn)                                                                                 \
    static ev_value cm_##name(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) \
    {                                                                                                   \
        cx z;                                                                                           \
        if (one_arg(I, #name, argc, argv, &z))                                                          \
            return EV_ERR;                                                                              \
        int err;                                                                                        \
        cx r = fn(z, &err);                                                                             \
        return result(I, r, err);                                                                       \
    }

CFUNC(acos, c_acos)
CFUNC(acosh, c_acosh)
CFUNC(asin, c_asin)
CFUNC(asinh, c_asinh)
CFUNC(atan, c_atan)
CFUNC(atanh, c_atanh)
CFUNC(cos, c_cos)
CFUNC(cosh, c_cosh)
CFUNC(exp, c_exp)
CFUNC(log10, c_log10)
CFUNC(sin, c_sin)
CFUNC(sinh, c_sinh)
CFUNC(sqrt, c_sqrt)
CFUNC(tan, c_tan)
CFUNC(tanh, c_tanh)

/* log(x[, base]) */
static ev_value cm_log(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc < 1 || argc > 2)
        return ev_raise(I, &ev_type_TypeError, "log expected %s, got %d",
                        argc < 1 ? "at least 1 argument" : "at most 2 arguments", argc);
    cx x, y;
    if (arg_cx(I, argv[0], &x))
        return EV_ERR;
    int err, err2 = OK;
    x = c_log(x, &err);
    if (argc == 2) {
        if (arg_cx(I, argv[1], &y))
            return EV_ERR;
        y = c_log(y, &err2);
        int err3 = OK;
        x = c_quot(x, y, &err3);
        /* errno is the last one set: the division's, else the base's
         * log's (which clears the first log's: log(0, 2) is -inf) */
        err = err3 ? err3 : err2;
    }
    return result(I, x, err);
}

static ev_value cm_phase(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    cx z;
    if (one_arg(I, "phase", argc, argv, &z))
        return EV_ERR;
    /* libm's atan2 reports an underflow to zero in errno, and CPython's
     * phase() turns that into OverflowError (polar()'s abs clears it) */
    errno = 0;
    double phi = c_atan2(z);
    if (errno == ERANGE || errno == EDOM)
        return math_error(I, errno == EDOM ? DOM : RANGE);
    return ev_float(phi);
}

static ev_value cm_polar(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    cx z;
    if (one_arg(I, "polar", argc, argv, &z))
        return EV_ERR;
    double phi = c_atan2(z);
    int err;
    double r = c_abs(z, &err);
    if (err)
        return math_error(I, err);
    ev_value t = ev_tuple_new(I, 2);
    if (EV_IS_ERR(t))
        return t;
    ev_as_tuple(t)->items[0] = ev_float(r);
    ev_as_tuple(t)->items[1] = ev_float(phi);
    return t;
}

static ev_value cm_rect(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc != 2)
        return ev_raise(I, &ev_type_TypeError, "rect expected 2 arguments, got %d", argc);
    double r, phi;
    if (ev_num_to_double(I, argv[0], &r) || ev_num_to_double(I, argv[1], &phi))
        return EV_ERR;
    cx z;
    int err = OK;
    if (!isfinite(r) || !isfinite(phi)) {
        /* rect(x, t) as exp(log(x) + it), signs from cos and sin */
        if (isinf(r) && isfinite(phi) && phi != 0.) {
            double c = copysign(INFINITY, cos(phi)), s = copysign(INFINITY, sin(phi));
            z = r > 0 ? (cx){c, s} : (cx){-c, -s};
        } else {
            z = t_rect[kind(r)][kind(phi)];
        }
        if (r != 0. && !isnan(r) && isinf(phi))
            err = DOM;
    } else if (phi == 0.0) {
        z = (cx){r, r * phi};
    } else {
        z = (cx){r * cos(phi), r * sin(phi)};
    }
    return result(I, z, err);
}

#define CTEST(name, expr)                                                                               \
    static ev_value cm_##name(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) \
    {                                                                                                   \
        cx z;                                                                                           \
        if (one_arg(I, #name, argc, argv, &z))                                                          \
            return EV_ERR;                                                                              \
        return ev_bool(expr);                                                                           \
    }

CTEST(isfinite, isfinite(z.re) && isfinite(z.im))
CTEST(isnan, isnan(z.re) || isnan(z.im))
CTEST(isinf, isinf(z.re) || isinf(z.im))

/* isclose(a, b, *, rel_tol=1e-09, abs_tol=0.0) */
static ev_value cm_isclose(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const char *const allowed[] = {"a", "b", "rel_tol", "abs_tol", NULL};
    static const char *const names[] = {"a", "b"};
    cx v[2];
    double rel_tol = 1e-09, abs_tol = 0.0;
    if (argc > 2)
        return ev_raise(I, &ev_type_TypeError, "isclose() takes exactly 2 positional arguments (%d given)", argc);
    if (ev_kwargs_check(I, kw, "isclose", allowed))
        return EV_ERR;
    for (int i = 0; i < 2; i++) {
        ev_value a = i < argc ? argv[i] : ev_kwarg(kw, names[i]);
        if (i < argc && !EV_IS_ERR(ev_kwarg(kw, names[i])))
            return ev_raise(I, &ev_type_TypeError, "argument for isclose() given by name ('%s') and position (%d)",
                            names[i], i + 1);
        if (EV_IS_ERR(a))
            return ev_raise(I, &ev_type_TypeError, "isclose() missing required argument '%s' (pos %d)", names[i],
                            i + 1);
        if (arg_cx(I, a, &v[i]))
            return EV_ERR;
    }
    ev_value rt = ev_kwarg(kw, "rel_tol"), at = ev_kwarg(kw, "abs_tol");
    if ((!EV_IS_ERR(rt) && ev_num_to_double(I, rt, &rel_tol)) ||
        (!EV_IS_ERR(at) && ev_num_to_double(I, at, &abs_tol)))
        return EV_ERR;
    if (rel_tol < 0.0 || abs_tol < 0.0)
        return ev_raise(I, &ev_type_ValueError, "tolerances must be non-negative");
    cx a = v[0], b = v[1];
    if (a.re == b.re && a.im == b.im)
        return EV_TRUE; /* two infinities of the same sign too */
    if (isinf(a.re) || isinf(a.im) || isinf(b.re) || isinf(b.im))
        return EV_FALSE;
    int e;
    double diff = c_abs((cx){a.re - b.re, a.im - b.im}, &e);
    return ev_bool(diff <= rel_tol * c_abs(b, &e) || diff <= rel_tol * c_abs(a, &e) || diff <= abs_tol);
}

#define ANY 0, -1, 0
static const ev_builtin_def functions[] = {
    {"acos", cm_acos, ANY},
    {"acosh", cm_acosh, ANY},
    {"asin", cm_asin, ANY},
    {"asinh", cm_asinh, ANY},
    {"atan", cm_atan, ANY},
    {"atanh", cm_atanh, ANY},
    {"cos", cm_cos, ANY},
    {"cosh", cm_cosh, ANY},
    {"exp", cm_exp, ANY},
    {"isclose", cm_isclose, 0, -1, EV_BF_KWANY},
    {"isfinite", cm_isfinite, ANY},
    {"isinf", cm_isinf, ANY},
    {"isnan", cm_isnan, ANY},
    {"log", cm_log, ANY},
    {"log10", cm_log10, ANY},
    {"phase", cm_phase, ANY},
    {"polar", cm_polar, ANY},
    {"rect", cm_rect, ANY},
    {"sin", cm_sin, ANY},
    {"sinh", cm_sinh, ANY},
    {"sqrt", cm_sqrt, ANY},
    {"tan", cm_tan, ANY},
    {"tanh", cm_tanh, ANY},
    {NULL, NULL, 0, 0, 0},
};

static int init(ev_interp *I, ev_dict *ns)
{
    ev_value infj = ev_complex_new(I, 0.0, INFINITY);
    if (EV_IS_ERR(infj))
        return -1;
    ev_value nanj = ev_complex_new(I, 0.0, NAN);
    if (EV_IS_ERR(nanj)) {
        ev_decref(I, infj);
        return -1;
    }
    int r = ev_module_set(I, ns, "pi", ev_float(PI)) || ev_module_set(I, ns, "e", ev_float(E_)) ||
            ev_module_set(I, ns, "tau", ev_float(2 * PI)) || ev_module_set(I, ns, "inf", ev_float(INFINITY)) ||
            ev_module_set(I, ns, "infj", infj) || ev_module_set(I, ns, "nan", ev_float(NAN)) ||
            ev_module_set(I, ns, "nanj", nanj)
                ? -1
                : 0;
    ev_decref(I, infj);
    ev_decref(I, nanj);
    return r;
}

const ev_module_def ev_module_cmath = {"cmath", functions, init, NULL};
