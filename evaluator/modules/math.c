/*
 * math.c - the math module, CPython 3.11-exact (see modules.h).
 *
 * Floating-point functions follow CPython's mathmodule.c rules for turning
 * libm results into exceptions: a NaN from non-NaN input is "math domain
 * error" (ValueError); an infinity from finite input is "math range error"
 * (OverflowError) for functions that can overflow and a domain error for the
 * others; errno refines the rest.  Where CPython does not trust the platform
 * (gamma, lgamma, atan2, remainder, pow, log) the same algorithms are used,
 * so the last bit of every result agrees with CPython on the same libm.
 *
 * The integer functions (factorial, comb, perm, isqrt, gcd, lcm) are exact
 * on GMP integers.  Products that can grow huge are computed as a balanced
 * product tree that charges the operation budget between multiplications,
 * after a size estimate has been checked against the memory limit, so
 * `factorial(10**9)` is refused at once instead of running away.
 *
 * Arity is checked here rather than centrally (the table says 0..any) so
 * that the messages are CPython's, which differ between METH_O functions
 * ("math.sqrt() takes exactly one argument") and the others ("pow expected
 * 2 arguments, got 1").
 */
#include <errno.h>
#include <float.h>
#include <math.h>
#include <string.h>

#include "evaluator/modules/modules.h"
#include "evaluator/numfmt.h"

typedef double (*dfunc1)(double);
typedef double (*dfunc2)(double, double);

/* ---- argument checking ------------------------------------------------------------------ */

/* METH_O functions. */
static int need_one(ev_interp *I, const char *name, int argc)
{
    if (argc == 1)
        return 0;
    ev_raise(I, &ev_type_TypeError, "math.%s() takes exactly one argument (%d given)", name,
             argc);
    return -1;
}

/* _PyArg_CheckPositional: "pow expected 2 arguments, got 1". */
static int need_args(ev_interp *I, const char *name, int argc, int min, int max)
{
    int n = argc < min ? min : max;
    if (argc >= min && argc <= max)
        return 0;
    ev_raise(I, &ev_type_TypeError, "%s expected %s%d argument%s, got %d", name,
             min == max ? "" : argc < min ? "at least " : "at most ", n, n == 1 ? "" : "s",
             argc);
    return -1;
}

/* operator.index() into an mpz (initialised by the caller). */
static int index_mpz(ev_interp *I, ev_value v, mpz_t out)
{
    ev_value ix;
    int got = ev_index_try(I, v, &ix);
    if (got) {
        int e = got < 0 ? -1 : index_mpz(I, ix, out);
        if (got > 0)
            ev_decref(I, ix);
        return e;
    }
    if (!ev_is_int(v)) {
        ev_raise(I, &ev_type_TypeError, "'%s' object cannot be interpreted as an integer",
                 ev_type_name(v));
        return -1;
    }
    ev_int_to_mpz(v, out);
    return 0;
}

/* A Python int equal to the integral double d (floor/ceil/trunc). */
static ev_value int_from_double(ev_interp *I, double d)
{
    if (isinf(d))
        return ev_raise(I, &ev_type_OverflowError, "cannot convert float infinity to integer");
    if (isnan(d))
        return ev_raise(I, &ev_type_ValueError, "cannot convert float NaN to integer");
    if (d >= -9223372036854775808.0 && d < 9223372036854775808.0)
        return ev_int((int64_t)d);
    mpz_t z;
    mpz_init_set_d(z, d); /* exact: d is integral */
    ev_value r = ev_int_from_mpz(I, z);
    mpz_clear(z);
    return r;
}

/* ---- libm results to exceptions ----------------------------------------------------------- */

/* Called when errno is set after a libm call returning x: 1 with an
 * exception raised, or 0 when the error is an ignorable underflow. */
static int is_error(ev_interp *I, double x)
{
    if (errno == ERANGE) {
        /* Underflow (to zero, or toward -1.0 for expm1) is not an error. */
        if (fabs(x) < 1.5)
            return 0;
        ev_raise(I, &ev_type_OverflowError, "math range error");
        return 1;
    }
    ev_raise(I, &ev_type_ValueError, "math domain error");
    return 1;
}

static int math_1(ev_interp *I, ev_value arg, dfunc1 f, bool can_overflow, double *out)
{
    double x, r;
    if (ev_num_to_double(I, arg, &x))
        return -1;
    errno = 0;
    r = f(x);
    if (isnan(r) && !isnan(x)) {
        ev_raise(I, &ev_type_ValueError, "math domain error");
        return -1;
    }
    if (isinf(r) && isfinite(x)) {
        if (can_overflow)
            ev_raise(I, &ev_type_OverflowError, "math range error");
        else
            ev_raise(I, &ev_type_ValueError, "math domain error");
        return -1;
    }
    if (isfinite(r) && errno && is_error(I, r))
        return -1;
    *out = r;
    return 0;
}

/* For functions known to set errno themselves (gamma, lgamma, erf, erfc). */
static int math_1a(ev_interp *I, ev_value arg, dfunc1 f, double *out)
{
    double x, r;
    if (ev_num_to_double(I, arg, &x))
        return -1;
    errno = 0;
    r = f(x);
    if (errno && is_error(I, r))
        return -1;
    *out = r;
    return 0;
}

static ev_value math_2(ev_interp *I, const char *name, int argc, const ev_value *argv,
                       dfunc2 f)
{
    double x, y, r;
    if (need_args(I, name, argc, 2, 2) || ev_num_to_double(I, argv[0], &x) ||
        ev_num_to_double(I, argv[1], &y))
        return EV_ERR;
    errno = 0;
    r = f(x, y);
    if (isnan(r))
        errno = !isnan(x) && !isnan(y) ? EDOM : 0;
    else if (isinf(r))
        errno = isfinite(x) && isfinite(y) ? ERANGE : 0;
    if (errno && is_error(I, r))
        return EV_ERR;
    return ev_float(r);
}

/* ---- CPython's own versions of platform-dependent functions -------------------------------- */

static const double pi = 3.141592653589793238462643383279502884197;
static const double logpi = 1.144729885849400174143427351353058711647;

/* sin(pi*x), accurate for finite x near integers (gamma's reflection). */
static double m_sinpi(double x)
{
    double y = fmod(fabs(x), 2.0), r;
    int n = (int)round(2.0 * y);
    switch (n) {
    case 0: r = sin(pi * y); break;
    case 1: r = cos(pi * (y - 0.5)); break;
    case 2: r = sin(pi * (1.0 - y)); break; /* not -sin(pi*(y-1)): keeps +0.0 */
    case 3: r = -cos(pi * (y - 1.5)); break;
    default: r = sin(pi * (y - 2.0)); break;
    }
    return copysign(1.0, x) * r;
}

/* Lanczos approximation, N=13, g=6.024680040776729583740234375 (as Boost and
 * CPython), written as a rational function; these constants must be exactly
 * CPython's for bit-identical gamma/lgamma. */
enum { LANCZOS_N = 13, NGAMMA_INTEGRAL = 23 };
static const double lanczos_g = 6.024680040776729583740234375;
static const double lanczos_g_minus_half = 5.524680040776729583740234375;
static const double lanczos_num[LANCZOS_N] = {
    23531376880.410759688572007674451636754734846804940,
    42919803642.649098768957899047001988850926355848959,
    35711959237.355668049440185451547166705960488635843,
    17921034426.037209699919755754458931112671403265390,
    6039542586.3520280050642916443072979210699388420708,
    1439720407.3117216736632230727949123939715485786772,
    248874557.86205415651146038641322942321632125127801,
    31426415.585400194380614231628318205362874684987640,
    2876370.6289353724412254090516208496135991145378768,
    186056.26539522349504029498971604569928220784236328,
    8071.6720023658162106380029022722506138218516325024,
    210.82427775157934587250973392071336271166969580291,
    2.5066282746310002701649081771338373386264310793408,
};
static const double lanczos_den[LANCZOS_N] = {
    0.0, 39916800.0, 120543840.0, 150917976.0, 105258076.0, 45995730.0,
    13339535.0, 2637558.0, 357423.0, 32670.0, 1925.0, 66.0, 1.0};
static const double gamma_integral[NGAMMA_INTEGRAL] = {
    1.0, 1.0, 2.0, 6.0, 24.0, 120.0, 720.0, 5040.0, 40320.0, 362880.0,
    3628800.0, 39916800.0, 479001600.0, 6227020800.0, 87178291200.0,
    1307674368000.0, 20922789888000.0, 355687428096000.0,
    6402373705728000.0, 121645100408832000.0, 2432902008176640000.0,
    51090942171709440000.0, 1124000727777607680000.0,
};

static double lanczos_sum(double x)
{
    double num = 0.0, den = 0.0;
    /* For large x evaluate in 1/x, which avoids overflow and is more accurate. */
    if (x < 5.0) {
        for (int i = LANCZOS_N; --i >= 0;) {
            num = num * x + lanczos_num[i];
            den = den * x + lanczos_den[i];
        }
    } else {
        for (int i = 0; i < LANCZOS_N; i++) {
            num = num / x + lanczos_num[i];
            den = den / x + lanczos_den[i];
        }
    }
    return num / den;
}

static double c_tgamma(double x)
{
    double absx, r, y, z, q, sqrtpow;
    if (!isfinite(x)) {
        if (isnan(x) || x > 0.0)
            return x;
        errno = EDOM;
        return NAN;
    }
    if (x == 0.0) {
        errno = EDOM;
        return copysign(HUGE_VAL, x);
    }
    if (x == floor(x)) {
        if (x < 0.0) {
            errno = EDOM;
            return NAN;
        }
        if (x <= NGAMMA_INTEGRAL)
            return gamma_integral[(int)x - 1];
    }
    absx = fabs(x);
    if (absx < 1e-20) {
        r = 1.0 / x;
        if (isinf(r))
            errno = ERANGE;
        return r;
    }
    if (absx > 200.0) {
        if (x < 0.0)
            return 0.0 / m_sinpi(x);
        errno = ERANGE;
        return HUGE_VAL;
    }
    y = absx + lanczos_g_minus_half;
    /* z: the rounding error in y, used for a first-order correction */
    if (absx > lanczos_g_minus_half) {
        q = y - absx;
        z = q - lanczos_g_minus_half;
    } else {
        q = y - lanczos_g_minus_half;
        z = q - absx;
    }
    z = z * lanczos_g / y;
    if (x < 0.0) {
        r = -pi / m_sinpi(absx) / absx * exp(y) / lanczos_sum(absx);
        r -= z * r;
        if (absx < 140.0) {
            r /= pow(y, absx - 0.5);
        } else {
            sqrtpow = pow(y, absx / 2.0 - 0.25);
            r /= sqrtpow;
            r /= sqrtpow;
        }
    } else {
        r = lanczos_sum(absx) / exp(y);
        r += z * r;
        if (absx < 140.0) {
            r *= pow(y, absx - 0.5);
        } else {
            sqrtpow = pow(y, absx / 2.0 - 0.25);
            r *= sqrtpow;
            r *= sqrtpow;
        }
    }
    if (isinf(r))
        errno = ERANGE;
    return r;
}

static double c_lgamma(double x)
{
    double r, absx;
    if (!isfinite(x))
        return isnan(x) ? x : HUGE_VAL;
    if (x == floor(x) && x <= 2.0) {
        if (x <= 0.0) {
            errno = EDOM;
            return HUGE_VAL;
        }
        return 0.0;
    }
    absx = fabs(x);
    if (absx < 1e-20)
        return -log(absx);
    r = log(lanczos_sum(absx)) - lanczos_g;
    r += (absx - 0.5) * (log(absx + lanczos_g - 0.5) - 1);
    if (x < 0.0)
        r = logpi - log(fabs(m_sinpi(absx))) - log(absx) - r;
    if (isinf(r))
        errno = ERANGE;
    return r;
}

static double c_atan2(double y, double x)
{
    if (isnan(x) || isnan(y))
        return NAN;
    if (isinf(y)) {
        if (isinf(x))
            return copysign(copysign(1., x) == 1. ? 0.25 * M_PI : 0.75 * M_PI, y);
        return copysign(0.5 * M_PI, y);
    }
    if (isinf(x) || y == 0.)
        return copysign(1., x) == 1. ? copysign(0., y) : copysign(M_PI, y);
    return atan2(y, x);
}

/* IEEE 754 remainder, always exact; ties pick the even multiple. */
static double c_remainder(double x, double y)
{
    if (isfinite(x) && isfinite(y)) {
        if (y == 0.0)
            return NAN;
        double absx = fabs(x), absy = fabs(y), m = fmod(absx, absy), c = absy - m, r;
        /* compare m with absy - m rather than 0.5*absy, which may be inexact */
        if (m < c)
            r = m;
        else if (m > c)
            r = -c;
        else
            r = m - 2.0 * fmod(0.5 * (absx - m), absy);
        return copysign(1.0, x) * r;
    }
    if (isnan(x))
        return x;
    if (isnan(y))
        return y;
    if (isinf(x))
        return NAN;
    return x;
}

static double c_log(double x)
{
    if (isfinite(x)) {
        if (x > 0.0)
            return log(x);
        errno = EDOM;
        return x == 0.0 ? -HUGE_VAL : NAN;
    }
    if (isnan(x) || x > 0.0)
        return x;
    errno = EDOM;
    return NAN;
}

static double c_log2(double x)
{
    if (isfinite(x)) {
        if (x > 0.0)
            return log2(x);
        errno = EDOM;
        return x == 0.0 ? -HUGE_VAL : NAN;
    }
    if (isnan(x) || x > 0.0)
        return x;
    errno = EDOM;
    return NAN;
}

static double c_log10(double x)
{
    if (isfinite(x)) {
        if (x > 0.0)
            return log10(x);
        errno = EDOM;
        return x == 0.0 ? -HUGE_VAL : NAN;
    }
    if (isnan(x) || x > 0.0)
        return x;
    errno = EDOM;
    return NAN;
}

/* ---- one-argument float functions ---------------------------------------------------------- */

#define FUNC1(pyname, cfn, can_overflow)                                                     \
    static ev_value m_##pyname(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) \
    {                                                                                        \
        (void)self;                                                                          \
        double r;                                                                            \
        if (need_one(I, #pyname, argc) || math_1(I, argv[0], cfn, can_overflow, &r))         \
            return EV_ERR;                                                                   \
        return ev_float(r);                                                                  \
    }
#define FUNC1A(pyname, cfn)                                                                  \
    static ev_value m_##pyname(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) \
    {                                                                                        \
        (void)self;                                                                          \
        double r;                                                                            \
        if (need_one(I, #pyname, argc) || math_1a(I, argv[0], cfn, &r))                      \
            return EV_ERR;                                                                   \
        return ev_float(r);                                                                  \
    }
#define FUNC2(pyname, cfn)                                                                   \
    static ev_value m_##pyname(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) \
    {                                                                                        \
        (void)self;                                                                          \
        return math_2(I, #pyname, argc, argv, cfn);                                          \
    }

FUNC1(acos, acos, false)
FUNC1(acosh, acosh, false)
FUNC1(asin, asin, false)
FUNC1(asinh, asinh, false)
FUNC1(atan, atan, false)
FUNC1(atanh, atanh, false)
FUNC1(cbrt, cbrt, false)
FUNC1(cos, cos, false)
FUNC1(cosh, cosh, true)
FUNC1A(erf, erf)
FUNC1A(erfc, erfc)
FUNC1(exp, exp, true)
FUNC1(exp2, exp2, true)
FUNC1(expm1, expm1, true)
FUNC1(fabs, fabs, false)
FUNC1A(gamma, c_tgamma)
FUNC1A(lgamma, c_lgamma)
FUNC1(log1p, log1p, false)
FUNC1(sin, sin, false)
FUNC1(sinh, sinh, true)
FUNC1(sqrt, sqrt, false)
FUNC1(tan, tan, false)
FUNC1(tanh, tanh, false)
FUNC2(atan2, c_atan2)
FUNC2(copysign, copysign)
FUNC2(remainder, c_remainder)

/* Single double argument, no libm error handling needed. */
static int one_double(ev_interp *I, const char *name, int argc, const ev_value *argv, double *x)
{
    return need_one(I, name, argc) || ev_num_to_double(I, argv[0], x) ? -1 : 0;
}

static ev_value m_degrees(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    double x;
    if (one_double(I, "degrees", argc, argv, &x))
        return EV_ERR;
    return ev_float(x * (180.0 / pi));
}

static ev_value m_radians(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    double x;
    if (one_double(I, "radians", argc, argv, &x))
        return EV_ERR;
    return ev_float(x * (pi / 180.0));
}

static ev_value m_isfinite(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    double x;
    if (one_double(I, "isfinite", argc, argv, &x))
        return EV_ERR;
    return ev_bool(isfinite(x));
}

static ev_value m_isinf(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    double x;
    if (one_double(I, "isinf", argc, argv, &x))
        return EV_ERR;
    return ev_bool(isinf(x));
}

static ev_value m_isnan(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    double x;
    if (one_double(I, "isnan", argc, argv, &x))
        return EV_ERR;
    return ev_bool(isnan(x));
}

static ev_value m_ulp(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    double x;
    if (one_double(I, "ulp", argc, argv, &x))
        return EV_ERR;
    if (isnan(x))
        return ev_float(x);
    x = fabs(x);
    if (isinf(x))
        return ev_float(x);
    if (x == DBL_MAX) /* the next float up would be inf: measure downwards */
        return ev_float(x - nextafter(x, 0.0));
    return ev_float(nextafter(x, INFINITY) - x);
}

static ev_value pair(ev_interp *I, ev_value a, ev_value b)
{
    ev_value t = ev_tuple_new(I, 2);
    if (EV_IS_ERR(t))
        return t;
    ev_as_tuple(t)->items[0] = a;
    ev_as_tuple(t)->items[1] = b;
    return t;
}

static ev_value m_frexp(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    double x;
    int e = 0;
    if (one_double(I, "frexp", argc, argv, &x))
        return EV_ERR;
    if (isfinite(x) && x != 0.0)
        x = frexp(x, &e);
    return pair(I, ev_float(x), ev_int(e));
}

static ev_value m_modf(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    double x, ip;
    if (one_double(I, "modf", argc, argv, &x))
        return EV_ERR;
    if (isinf(x))
        return pair(I, ev_float(copysign(0.0, x)), ev_float(x));
    if (isnan(x))
        return pair(I, ev_float(x), ev_float(x));
    x = modf(x, &ip);
    return pair(I, ev_float(x), ev_float(ip));
}

/* ---- floor, ceil, trunc --------------------------------------------------------------------- */

static ev_value int_self(ev_value v)
{
    return v.tag == EV_T_BOOL ? ev_int(v.u.i) : ev_dup(v);
}

static ev_value m_floor(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    double x;
    if (need_one(I, "floor", argc))
        return EV_ERR;
    if (ev_is_int(argv[0]) && !ev_is_subint(argv[0]))
        return int_self(argv[0]);
    if (ev_is_user(argv[0])) { /* the object's own __floor__ first */
        ev_value r;
        int got = ev_dunder(I, argv[0], EV_DN_FLOOR, 0, NULL, &r);
        if (got)
            return got < 0 ? EV_ERR : r;
    }
    if (ev_is_subint(argv[0]))
        return ev_int_unbox(I, argv[0]); /* int's own __floor__: the plain int */
    if (ev_num_to_double(I, argv[0], &x))
        return EV_ERR;
    return int_from_double(I, floor(x));
}

static ev_value m_ceil(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    double x;
    if (need_one(I, "ceil", argc))
        return EV_ERR;
    if (ev_is_int(argv[0]) && !ev_is_subint(argv[0]))
        return int_self(argv[0]);
    if (ev_is_user(argv[0])) { /* the object's own __ceil__ first */
        ev_value r;
        int got = ev_dunder(I, argv[0], EV_DN_CEIL, 0, NULL, &r);
        if (got)
            return got < 0 ? EV_ERR : r;
    }
    if (ev_is_subint(argv[0]))
        return ev_int_unbox(I, argv[0]); /* int's own __ceil__: the plain int */
    if (ev_num_to_double(I, argv[0], &x))
        return EV_ERR;
    return int_from_double(I, ceil(x));
}

static ev_value m_trunc(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    if (need_one(I, "trunc", argc))
        return EV_ERR;
    if (ev_is_int(argv[0]) && !ev_is_subint(argv[0]))
        return int_self(argv[0]);
    if (ev_is_user(argv[0])) {
        ev_value r;
        int got = ev_dunder(I, argv[0], EV_DN_TRUNC, 0, NULL, &r);
        if (got)
            return got < 0 ? EV_ERR : r;
    }
    if (ev_is_subint(argv[0]))
        return ev_int_unbox(I, argv[0]); /* int's own __trunc__: the plain int */
    if (ev_is_subfloat(argv[0]))
        return int_from_double(I, trunc(ev_float_unbox(argv[0]).u.f));
    if (argv[0].tag != EV_T_FLOAT)
        return ev_raise(I, &ev_type_TypeError, "type %s doesn't define __trunc__ method",
                        ev_type_name(argv[0]));
    return int_from_double(I, trunc(argv[0].u.f));
}

/* ---- logarithms ------------------------------------------------------------------------------ */

/* log-family helper: ints of any size are handled exactly as CPython does,
 * as x * 2**e with x correctly rounded, so log(10**1000) works. */
static int loghelper(ev_interp *I, ev_value arg, dfunc1 f, double *out)
{
    if (!ev_is_int(arg))
        return math_1(I, arg, f, false, out);
    if (arg.tag != EV_T_OBJ) {
        if (arg.u.i <= 0) {
            ev_raise(I, &ev_type_ValueError, "math domain error");
            return -1;
        }
        *out = f((double)arg.u.i);
        return 0;
    }
    const mpz_t *z = (const mpz_t *)&((ev_bigint *)arg.u.o)->z;
    if (mpz_sgn(*z) <= 0) {
        ev_raise(I, &ev_type_ValueError, "math domain error");
        return -1;
    }
    double x;
    if (ev_int_to_double(*z, &x)) {
        *out = f(x);
        return 0;
    }
    /* Too big for a double: keep 55 bits plus a sticky bit so that the
     * int64 -> double conversion rounds exactly as a full conversion would. */
    size_t nbits = mpz_sizeinbase(*z, 2), shift = nbits - 55;
    mpz_t q;
    mpz_init(q);
    mpz_tdiv_q_2exp(q, *z, shift);
    int64_t top = (int64_t)mpz_get_ui(q);
    mpz_clear(q);
    if (mpz_scan1(*z, 0) < shift)
        top |= 1;
    int e;
    x = frexp((double)top, &e);
    *out = f(x) + f(2.0) * ((double)e + (double)shift);
    return 0;
}

static ev_value m_log(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    double num, den;
    if (argc < 1 || argc > 2)
        return ev_raise(I, &ev_type_TypeError, "math.log requires 1 to 2 arguments");
    if (loghelper(I, argv[0], c_log, &num))
        return EV_ERR;
    if (argc == 1)
        return ev_float(num);
    if (loghelper(I, argv[1], c_log, &den))
        return EV_ERR;
    if (den == 0.0)
        return ev_raise(I, &ev_type_ZeroDivisionError, "float division by zero");
    return ev_float(num / den);
}

static ev_value m_log2f(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    double r;
    if (need_one(I, "log2", argc) || loghelper(I, argv[0], c_log2, &r))
        return EV_ERR;
    return ev_float(r);
}

static ev_value m_log10f(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    double r;
    if (need_one(I, "log10", argc) || loghelper(I, argv[0], c_log10, &r))
        return EV_ERR;
    return ev_float(r);
}

/* ---- two-argument float functions with their own rules ------------------------------------- */

static ev_value m_pow(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    double x, y, r;
    if (need_args(I, "pow", argc, 2, 2) || ev_num_to_double(I, argv[0], &x) ||
        ev_num_to_double(I, argv[1], &y))
        return EV_ERR;
    errno = 0;
    /* IEEE specials are decided here, not by the platform's pow */
    if (!isfinite(x) || !isfinite(y)) {
        if (isnan(x))
            r = y == 0. ? 1. : x;
        else if (isnan(y))
            r = x == 1. ? 1. : y;
        else if (isinf(x)) {
            bool odd_y = isfinite(y) && fmod(fabs(y), 2.0) == 1.0;
            if (y > 0.)
                r = odd_y ? x : fabs(x);
            else if (y == 0.)
                r = 1.;
            else
                r = odd_y ? copysign(0., x) : 0.;
        } else if (fabs(x) == 1.0)
            r = 1.;
        else if (y > 0. && fabs(x) > 1.0)
            r = y;
        else if (y < 0. && fabs(x) < 1.0)
            r = -y;
        else
            r = 0.;
    } else {
        r = pow(x, y);
        if (isnan(r))
            errno = EDOM; /* (-ve) ** non-integer */
        else if (isinf(r))
            errno = x == 0. ? EDOM : ERANGE; /* 0 ** -ve, or overflow */
        else
            errno = 0;
    }
    if (errno && is_error(I, r))
        return EV_ERR;
    return ev_float(r);
}

static ev_value m_fmod(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    double x, y, r;
    if (need_args(I, "fmod", argc, 2, 2) || ev_num_to_double(I, argv[0], &x) ||
        ev_num_to_double(I, argv[1], &y))
        return EV_ERR;
    if (isinf(y) && isfinite(x))
        return ev_float(x);
    r = fmod(x, y);
    if (isnan(r) && !isnan(x) && !isnan(y))
        return ev_raise(I, &ev_type_ValueError, "math domain error");
    return ev_float(r);
}

static ev_value m_ldexp(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    double x, r;
    int64_t e;
    if (need_args(I, "ldexp", argc, 2, 2) || ev_num_to_double(I, argv[0], &x))
        return EV_ERR;
    if (!ev_is_int(argv[1]))
        return ev_raise(I, &ev_type_TypeError, "Expected an int as second argument to ldexp.");
    if (argv[1].tag == EV_T_OBJ) /* clamp: the result is 0 or inf anyway */
        e = mpz_sgn(((ev_bigint *)argv[1].u.o)->z) < 0 ? INT64_MIN : INT64_MAX;
    else
        e = argv[1].u.i;
    if (x == 0. || !isfinite(x))
        return ev_float(x);
    if (e > INT32_MAX)
        return ev_raise(I, &ev_type_OverflowError, "math range error");
    if (e < INT32_MIN)
        return ev_float(copysign(0., x));
    r = ldexp(x, (int)e);
    if (isinf(r))
        return ev_raise(I, &ev_type_OverflowError, "math range error");
    return ev_float(r);
}

static ev_value m_nextafter(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    double x, y;
    if (need_args(I, "nextafter", argc, 2, 2) || ev_num_to_double(I, argv[0], &x) ||
        ev_num_to_double(I, argv[1], &y))
        return EV_ERR;
    return ev_float(nextafter(x, y));
}

/* ---- hypot and dist ----------------------------------------------------------------------- */

/*
 * sqrt(sum(x*x for x in vec)), CPython 3.11's algorithm so results agree to
 * the bit: scale by a power of two so the largest |x| is in [0.5, 1), square
 * exactly with a Veltkamp-Dekker split, accumulate with compensated sums
 * (csum starts at 1.0 so that it always dominates the addend), then apply
 * one differential correction to the square root.  `max` is the largest
 * |x|; inputs are already absolute values.
 */
static double vector_norm(size_t n, const double *vec, double max, bool found_nan)
{
    const double T27 = 134217729.0; /* 2**27 + 1 */
    double x, scale, oldcsum, csum = 1.0, frac1 = 0.0, frac2 = 0.0, frac3 = 0.0;
    double t, hi, lo, h;
    int max_e;
    if (isinf(max))
        return max;
    if (found_nan)
        return NAN;
    if (max == 0.0 || n <= 1)
        return max;
    frexp(max, &max_e);
    if (max_e >= -1023) {
        scale = ldexp(1.0, -max_e);
        for (size_t i = 0; i < n; i++) {
            x = vec[i] * scale;
            t = x * T27;
            hi = t - (t - x);
            lo = x - hi;
            x = hi * hi;
            oldcsum = csum;
            csum += x;
            frac1 += (oldcsum - csum) + x;
            x = 2.0 * hi * lo;
            oldcsum = csum;
            csum += x;
            frac2 += (oldcsum - csum) + x;
            frac3 += lo * lo;
        }
        h = sqrt(csum - 1.0 + (frac1 + frac2 + frac3));
        x = h;
        t = x * T27;
        hi = t - (t - x);
        lo = x - hi;
        x = -hi * hi;
        oldcsum = csum;
        csum += x;
        frac1 += (oldcsum - csum) + x;
        x = -2.0 * hi * lo;
        oldcsum = csum;
        csum += x;
        frac2 += (oldcsum - csum) + x;
        x = -lo * lo;
        oldcsum = csum;
        csum += x;
        frac3 += (oldcsum - csum) + x;
        x = csum - 1.0 + (frac1 + frac2 + frac3);
        return (h + x / (2.0 * h)) / scale;
    }
    /* Subnormal max: ldexp(1.0, -max_e) would overflow, so divide by max. */
    for (size_t i = 0; i < n; i++) {
        x = vec[i] / max;
        x = x * x;
        oldcsum = csum;
        csum += x;
        frac1 += (oldcsum - csum) + x;
    }
    return max * sqrt(csum - 1.0 + frac1);
}

static ev_value m_hypot(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    double stack[16], *v = stack, max = 0.0, x;
    bool found_nan = false;
    ev_value res = EV_ERR;
    if (argc > 16 && !(v = ev_alloc(I, (size_t)argc * sizeof *v)))
        return ev_raise_nomem(I);
    for (int i = 0; i < argc; i++) {
        if (ev_num_to_double(I, argv[i], &x))
            goto fail;
        x = fabs(x);
        v[i] = x;
        found_nan |= isnan(x);
        if (x > max)
            max = x;
    }
    res = ev_float(vector_norm((size_t)argc, v, max, found_nan));
fail:
    if (v != stack)
        ev_dealloc(I, v);
    return res;
}

static ev_value m_dist(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    ev_value p = EV_ERR, q = EV_ERR, res = EV_ERR;
    double stack[16], *v = stack, max = 0.0, px, qx, x;
    bool found_nan = false;
    if (need_args(I, "dist", argc, 2, 2))
        return EV_ERR;
    p = ev_is(argv[0], EV_O_TUPLE) ? ev_dup(argv[0]) : ev_sequence_tuple(I, argv[0]);
    if (EV_IS_ERR(p))
        goto fail;
    q = ev_is(argv[1], EV_O_TUPLE) ? ev_dup(argv[1]) : ev_sequence_tuple(I, argv[1]);
    if (EV_IS_ERR(q))
        goto fail;
    size_t n = ev_as_tuple(p)->len;
    if (n != ev_as_tuple(q)->len) {
        ev_raise(I, &ev_type_ValueError, "both points must have the same number of dimensions");
        goto fail;
    }
    if (n > 16 && !(v = ev_alloc(I, n * sizeof *v))) {
        v = stack;
        ev_raise_nomem(I);
        goto fail;
    }
    for (size_t i = 0; i < n; i++) {
        if (ev_num_to_double(I, ev_as_tuple(p)->items[i], &px) ||
            ev_num_to_double(I, ev_as_tuple(q)->items[i], &qx))
            goto fail;
        x = fabs(px - qx);
        v[i] = x;
        found_nan |= isnan(x);
        if (x > max)
            max = x;
    }
    res = ev_float(vector_norm(n, v, max, found_nan));
fail:
    if (v != stack)
        ev_dealloc(I, v);
    if (!EV_IS_ERR(p))
        ev_decref(I, p);
    if (!EV_IS_ERR(q))
        ev_decref(I, q);
    return res;
}

/* ---- fsum ----------------------------------------------------------------------------------- */

/*
 * Exact summation (Shewchuk / Hettinger's msum with Dickinson's correct
 * rounding), as CPython: `p` holds non-overlapping partial sums of
 * increasing magnitude whose exact total is the running sum.
 */
static ev_value m_fsum(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    double stack[32], *p = stack, x, y, t, xsave, special_sum = 0.0, inf_sum = 0.0;
    volatile double hi, yr, lo = 0.0; /* volatile: no algebraic simplification */
    size_t n = 0, m = 32;
    ev_value it = EV_ERR, res = EV_ERR, item;
    if (need_one(I, "fsum", argc))
        return EV_ERR;
    it = ev_iter(I, argv[0]);
    if (EV_IS_ERR(it))
        return it;
    for (;;) {
        int r = ev_next(I, it, &item);
        if (r < 0)
            goto fail;
        if (r == 0)
            break;
        r = ev_num_to_double(I, item, &x);
        ev_decref(I, item);
        if (r || ev_tick(I))
            goto fail;
        xsave = x;
        size_t i = 0;
        for (size_t j = 0; j < n; j++) {
            y = p[j];
            if (fabs(x) < fabs(y)) {
                t = x;
                x = y;
                y = t;
            }
            hi = x + y;
            yr = hi - x;
            lo = y - yr;
            if (lo != 0.0)
                p[i++] = lo;
            x = hi;
        }
        n = i;
        if (x == 0.0)
            continue;
        if (!isfinite(x)) {
            /* from an inf or nan summand, or from intermediate overflow */
            if (isfinite(xsave)) {
                ev_raise(I, &ev_type_OverflowError, "intermediate overflow in fsum");
                goto fail;
            }
            if (isinf(xsave))
                inf_sum += xsave;
            special_sum += xsave;
            n = 0;
            continue;
        }
        if (n >= m) {
            double *np = p == stack ? ev_alloc(I, 2 * m * sizeof *p)
                                    : ev_realloc(I, p, 2 * m * sizeof *p);
            if (!np) {
                ev_raise_nomem(I);
                goto fail;
            }
            if (p == stack)
                memcpy(np, stack, sizeof stack);
            p = np;
            m *= 2;
        }
        p[n++] = x;
    }
    if (special_sum != 0.0) {
        if (isnan(inf_sum))
            ev_raise(I, &ev_type_ValueError, "-inf + inf in fsum");
        else
            res = ev_float(special_sum);
        goto fail;
    }
    hi = 0.0;
    if (n > 0) {
        hi = p[--n];
        /* add from the top, stopping when the sum becomes inexact */
        while (n > 0) {
            x = hi;
            y = p[--n];
            hi = x + y;
            yr = hi - x;
            lo = y - yr;
            if (lo != 0.0)
                break;
        }
        /* half-even rounding across partials: sum([1e-16, 1, 1e16]) */
        if (n > 0 && ((lo < 0.0 && p[n - 1] < 0.0) || (lo > 0.0 && p[n - 1] > 0.0))) {
            y = lo * 2.0;
            x = hi + y;
            yr = x - hi;
            if (y == yr)
                hi = x;
        }
    }
    res = ev_float(hi);
fail:
    if (p != stack)
        ev_dealloc(I, p);
    ev_decref(I, it);
    return res;
}

/* ---- isclose and prod (keyword arguments) ---------------------------------------------------- */

static ev_value m_isclose(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    static const char *const allowed[] = {"a", "b", "rel_tol", "abs_tol", NULL};
    static const char *const names[] = {"a", "b"};
    double v[2], rel_tol = 1e-09, abs_tol = 0.0;
    if (argc > 2)
        return ev_raise(I, &ev_type_TypeError,
                        "isclose() takes exactly 2 positional arguments (%d given)", argc);
    if (ev_kwargs_check(I, kw, "isclose", allowed))
        return EV_ERR;
    for (int i = 0; i < 2; i++) {
        ev_value a = i < argc ? argv[i] : ev_kwarg(kw, names[i]);
        if (i < argc && !EV_IS_ERR(ev_kwarg(kw, names[i])))
            return ev_raise(I, &ev_type_TypeError,
                            "argument for isclose() given by name ('%s') and position (%d)",
                            names[i], i + 1);
        if (EV_IS_ERR(a))
            return ev_raise(I, &ev_type_TypeError,
                            "isclose() missing required argument '%s' (pos %d)", names[i], i + 1);
        if (ev_num_to_double(I, a, &v[i]))
            return EV_ERR;
    }
    ev_value rt = ev_kwarg(kw, "rel_tol"), at = ev_kwarg(kw, "abs_tol");
    if ((!EV_IS_ERR(rt) && ev_num_to_double(I, rt, &rel_tol)) ||
        (!EV_IS_ERR(at) && ev_num_to_double(I, at, &abs_tol)))
        return EV_ERR;
    if (rel_tol < 0.0 || abs_tol < 0.0)
        return ev_raise(I, &ev_type_ValueError, "tolerances must be non-negative");
    double a = v[0], b = v[1];
    if (a == b)
        return EV_TRUE; /* also two infinities of the same sign */
    if (isinf(a) || isinf(b))
        return EV_FALSE;
    double diff = fabs(b - a);
    return ev_bool(diff <= fabs(rel_tol * b) || diff <= fabs(rel_tol * a) || diff <= abs_tol);
}

static ev_value m_prod(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    static const char *const allowed[] = {"start", NULL};
    if (argc != 1)
        return ev_raise(I, &ev_type_TypeError,
                        "prod() takes exactly 1 positional argument (%d given)", argc);
    if (ev_kwargs_check(I, kw, "prod", allowed))
        return EV_ERR;
    ev_value start = ev_kwarg(kw, "start");
    return ev_fold(I, argv[0], EV_OP_MUL, EV_IS_ERR(start) ? ev_int(1) : start);
}

/* ---- integer functions ------------------------------------------------------------------------ */

/* Charge work proportional to the size of a GMP number just produced. */
static int charge_mpz(ev_interp *I, const mpz_t z)
{
    return ev_charge(I, 1 + (int64_t)mpz_size(z));
}

/*
 * out = (a - lo) * (a - lo - 1) * ... * (a - hi + 1), a balanced product
 * tree (fast with GMP's subquadratic multiplication) that charges the
 * budget at every node, so a long computation stops at the time limit.
 * Recursion depth is log2(hi - lo) <= 64.
 */
static int falling(ev_interp *I, mpz_t out, const mpz_t a, uint64_t lo, uint64_t hi)
{
    if (hi - lo <= 16) {
        mpz_t t;
        mpz_init(t);
        mpz_set_ui(out, 1);
        for (uint64_t i = lo; i < hi; i++) {
            mpz_sub_ui(t, a, i);
            mpz_mul(out, out, t);
        }
        mpz_clear(t);
        return charge_mpz(I, out);
    }
    uint64_t mid = lo + (hi - lo) / 2;
    mpz_t r;
    mpz_init(r);
    int st = -1;
    if (falling(I, out, a, lo, mid) || falling(I, r, a, mid, hi))
        goto fail;
    if (ev_charge(I, (int64_t)(mpz_size(out) + mpz_size(r))) ||
        ev_time_afford(I, ev_big_prod_seconds((double)mpz_size(out), (double)mpz_size(r))))
        goto fail;
    mpz_mul(out, out, r);
    st = charge_mpz(I, out);
fail:
    mpz_clear(r);
    return st;
}

/* Refuse up front a result of about `bits` bits that cannot fit in memory
 * (the product tree needs roughly twice the result). */
static int reserve_bits(ev_interp *I, double bits)
{
    double bytes = bits / 8.0 * 2.0;
    if (bytes > (double)SIZE_MAX / 2) {
        ev_raise_limit(I, "memory");
        return -1;
    }
    return ev_mem_reserve(I, (size_t)bytes);
}

static ev_value m_factorial(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    if (need_one(I, "factorial", argc))
        return EV_ERR;
    ev_value v = argv[0];
    if (ev_is_user(v)) {
        /* PyLong_AsLongAndOverflow: through __index__ */
        ev_value iv;
        int got = ev_index_try(I, v, &iv);
        if (got < 0)
            return EV_ERR;
        if (got) {
            ev_value r = m_factorial(I, self, 1, &iv, NULL);
            ev_decref(I, iv);
            return r;
        }
    }
    if (!ev_is_int(v))
        return ev_raise(I, &ev_type_TypeError, "'%s' object cannot be interpreted as an integer",
                        ev_type_name(v));
    if (v.tag == EV_T_OBJ) {
        if (mpz_sgn(((ev_bigint *)v.u.o)->z) < 0)
            return ev_raise(I, &ev_type_ValueError, "factorial() not defined for negative values");
        return ev_raise(I, &ev_type_OverflowError,
                        "factorial() argument should not exceed 9223372036854775807");
    }
    int64_t n = v.u.i;
    if (n < 0)
        return ev_raise(I, &ev_type_ValueError, "factorial() not defined for negative values");
    if (n <= 20) {
        int64_t f = 1;
        for (int64_t i = 2; i <= n; i++)
            f *= i;
        return ev_int(f);
    }
    if (reserve_bits(I, lgamma((double)n + 1.0) / M_LN2))
        return EV_ERR;
    mpz_t a, r;
    mpz_init_set_ui(a, (unsigned long)n);
    mpz_init(r);
    ev_value res = EV_ERR;
    if (falling(I, r, a, 0, (uint64_t)n) == 0)
        res = ev_int_from_mpz(I, r);
    mpz_clears(a, r, NULL);
    return res;
}

static ev_value m_isqrt(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    if (need_one(I, "isqrt", argc))
        return EV_ERR;
    mpz_t z;
    mpz_init(z);
    ev_value res = EV_ERR;
    if (index_mpz(I, argv[0], z))
        goto fail;
    if (mpz_sgn(z) < 0) {
        ev_raise(I, &ev_type_ValueError, "isqrt() argument must be nonnegative");
        goto fail;
    }
    if (charge_mpz(I, z) || ev_time_afford(I, 2 * ev_big_mul_seconds((double)mpz_size(z))))
        goto fail; /* GMP's square root is not interruptible: refused beyond the time left */
    mpz_sqrt(z, z);
    res = ev_int_from_mpz(I, z);
fail:
    mpz_clear(z);
    return res;
}

/* gcd (lcm = false) or lcm of any number of ints. */
static ev_value gcd_lcm(ev_interp *I, int argc, const ev_value *argv, bool lcm)
{
    mpz_t acc, x;
    mpz_init_set_ui(acc, lcm ? 1 : 0);
    mpz_init(x);
    ev_value res = EV_ERR;
    for (int i = 0; i < argc; i++) {
        if (index_mpz(I, argv[i], x))
            goto fail;
        double n = (double)(mpz_size(acc) > mpz_size(x) ? mpz_size(acc) : mpz_size(x));
        /* GMP's gcd is not interruptible (about log2 n products): refused
         * beyond the time left */
        if (i > 0 && ev_time_afford(I, (lcm ? 2 : 1) * ev_big_mul_seconds(n) * log2(n + 2)))
            goto fail;
        if (i == 0)
            mpz_abs(acc, x);
        else if (lcm)
            mpz_lcm(acc, acc, x);
        else
            mpz_gcd(acc, acc, x);
        if (charge_mpz(I, acc))
            goto fail;
    }
    res = ev_int_from_mpz(I, acc);
fail:
    mpz_clears(acc, x, NULL);
    return res;
}

static ev_value m_gcd(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    return gcd_lcm(I, argc, argv, false);
}

static ev_value m_lcm(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    return gcd_lcm(I, argc, argv, true);
}

/* perm(n, k) and comb(n, k): n, k non-negative ints. */
static ev_value perm_comb(ev_interp *I, const ev_value *argv, bool comb)
{
    mpz_t n, k, r, f;
    mpz_inits(n, k, r, f, NULL);
    ev_value res = EV_ERR;
    if (index_mpz(I, argv[0], n) || index_mpz(I, argv[1], k))
        goto fail;
    if (mpz_sgn(n) < 0) {
        ev_raise(I, &ev_type_ValueError, "n must be a non-negative integer");
        goto fail;
    }
    if (mpz_sgn(k) < 0) {
        ev_raise(I, &ev_type_ValueError, "k must be a non-negative integer");
        goto fail;
    }
    if (mpz_cmp(k, n) > 0) {
        res = ev_int(0);
        goto fail;
    }
    if (comb) {
        mpz_sub(r, n, k);
        if (mpz_cmp(r, k) < 0)
            mpz_set(k, r); /* C(n, k) == C(n, n-k) */
    }
    if (!mpz_fits_slong_p(k)) {
        ev_raise(I, &ev_type_OverflowError, "%s must not exceed 9223372036854775807",
                 comb ? "min(n - k, k)" : "k");
        goto fail;
    }
    uint64_t kk = (uint64_t)mpz_get_si(k);
    double bits = (double)kk * (double)mpz_sizeinbase(n, 2);
    if (comb && bits > mpz_get_d(n))
        bits = mpz_get_d(n); /* C(n, k) < 2**n */
    if (reserve_bits(I, bits) || falling(I, r, n, 0, kk))
        goto fail;
    if (comb) {
        /* divide by k!, itself a product tree */
        if (falling(I, f, k, 0, kk))
            goto fail;
        mpz_divexact(r, r, f);
        if (charge_mpz(I, r))
            goto fail;
    }
    res = ev_int_from_mpz(I, r);
fail:
    mpz_clears(n, k, r, f, NULL);
    return res;
}

static ev_value m_comb(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    if (need_args(I, "comb", argc, 2, 2))
        return EV_ERR;
    return perm_comb(I, argv, true);
}

static ev_value m_perm(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    if (need_args(I, "perm", argc, 1, 2))
        return EV_ERR;
    if (argc == 1 || argv[1].tag == EV_T_NONE)
        return m_factorial(I, self, 1, argv, NULL);
    return perm_comb(I, argv, false);
}

/* ---- the module ------------------------------------------------------------------------------ */

#define ANY 0, -1, 0

static const ev_builtin_def functions[] = {
    {"acos", m_acos, ANY},
    {"acosh", m_acosh, ANY},
    {"asin", m_asin, ANY},
    {"asinh", m_asinh, ANY},
    {"atan", m_atan, ANY},
    {"atan2", m_atan2, ANY},
    {"atanh", m_atanh, ANY},
    {"cbrt", m_cbrt, ANY},
    {"ceil", m_ceil, ANY},
    {"comb", m_comb, ANY},
    {"copysign", m_copysign, ANY},
    {"cos", m_cos, ANY},
    {"cosh", m_cosh, ANY},
    {"degrees", m_degrees, ANY},
    {"dist", m_dist, ANY},
    {"erf", m_erf, ANY},
    {"erfc", m_erfc, ANY},
    {"exp", m_exp, ANY},
    {"exp2", m_exp2, ANY},
    {"expm1", m_expm1, ANY},
    {"fabs", m_fabs, ANY},
    {"factorial", m_factorial, ANY},
    {"floor", m_floor, ANY},
    {"fmod", m_fmod, ANY},
    {"frexp", m_frexp, ANY},
    {"fsum", m_fsum, ANY},
    {"gamma", m_gamma, ANY},
    {"gcd", m_gcd, ANY},
    {"hypot", m_hypot, ANY},
    {"isclose", m_isclose, 0, -1, EV_BF_KWANY},
    {"isfinite", m_isfinite, ANY},
    {"isinf", m_isinf, ANY},
    {"isnan", m_isnan, ANY},
    {"isqrt", m_isqrt, ANY},
    {"lcm", m_lcm, ANY},
    {"ldexp", m_ldexp, ANY},
    {"lgamma", m_lgamma, ANY},
    {"log", m_log, ANY},
    {"log10", m_log10f, ANY},
    {"log1p", m_log1p, ANY},
    {"log2", m_log2f, ANY},
    {"modf", m_modf, ANY},
    {"nextafter", m_nextafter, ANY},
    {"perm", m_perm, ANY},
    {"pow", m_pow, ANY},
    {"prod", m_prod, 0, -1, EV_BF_KWANY},
    {"radians", m_radians, ANY},
    {"remainder", m_remainder, ANY},
    {"sin", m_sin, ANY},
    {"sinh", m_sinh, ANY},
    {"sqrt", m_sqrt, ANY},
    {"tan", m_tan, ANY},
    {"tanh", m_tanh, ANY},
    {"trunc", m_trunc, ANY},
    {"ulp", m_ulp, ANY},
    {NULL, NULL, 0, 0, 0},
};

static int init(ev_interp *I, ev_dict *ns)
{
    return ev_module_set(I, ns, "pi", ev_float(pi)) ||
           ev_module_set(I, ns, "e", ev_float(2.718281828459045235360287471352662498)) ||
           ev_module_set(I, ns, "tau", ev_float(6.283185307179586476925286766559005768)) ||
           ev_module_set(I, ns, "inf", ev_float(INFINITY)) ||
           ev_module_set(I, ns, "nan", ev_float(NAN));
}

const ev_module_def ev_module_math = {"math", functions, init};
