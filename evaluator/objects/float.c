/*
 * float.c - the float type: arithmetic and ** with CPython's special cases,
 * round() correctly rounded, repr, hash, the methods (hex/fromhex,
 * as_integer_ratio, is_integer, real/imag) and the constructor.
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "evaluator/ev.h"
#include "evaluator/numfmt.h"

static ev_value ctor_float(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);

/* A NaN with a payload no other NaN made so far has (the sign kept): the
 * inline stand-in for a new float object.  The counter is only a source of
 * distinct numbers, shared by every interpreter of the process. */
double ev_nan_fresh(double nan)
{
    static _Atomic uint64_t counter;
    uint64_t n = ++counter & 0x0007FFFFFFFFFFFFull;
    uint64_t bits;
    memcpy(&bits, &nan, sizeof bits);
    bits = (bits & 0x8000000000000000ull) | 0x7FF8000000000000ull | n;
    double r;
    memcpy(&r, &bits, sizeof r);
    return r;
}

int64_t ev_hash_double(double v)
{
    return ev_float_hash(v);
}

ev_value ev_float_repr_value(ev_interp *I, double d)
{
    char buf[32];
    size_t n = ev_float_repr(d, buf);
    return ev_str_new(I, buf, n);
}

/* A float as an object: the value part of a float subclass instance, which
 * ev_sub_wrap moves behind the subclass header. */
ev_value ev_float_box(ev_interp *I, ev_value v)
{
    ev_floatobj *o = ev_alloc(I, sizeof *o);
    if (!o)
        return ev_raise_nomem(I);
    o->h.refcnt = 1;
    o->h.kind = EV_O_FLOAT;
    o->h.flags = 0;
    o->f = v.u.f;
    return ev_obj_val(&o->h);
}

/* self of a float method: a float or a float subclass instance */
static double fself(ev_value self)
{
    return ev_is_subfloat(self) ? ((const ev_floatobj *)self.u.o)->f : self.u.f;
}

static bool is_odd_integer(double y)
{
    return isfinite(y) && floor(y) == y && fmod(fabs(y), 2.0) == 1.0;
}

/* x ** y for floats, with CPython's float_pow special cases (C99 pow() is
 * not trusted for them) and its errors: overflow is OverflowError(34,
 * 'Numerical result out of range'), from errno, with those two args. */
ev_value ev_float_pow(ev_interp *I, double x, double y)
{
    if (y == 0.0)
        return ev_float(1.0);
    if (isnan(x))
        return ev_float(x);
    if (isnan(y))
        return ev_float(x == 1.0 ? 1.0 : y);
    if (isinf(y)) {
        double ax = fabs(x);
        if (ax == 1.0)
            return ev_float(1.0);
        return ev_float((y > 0.0) == (ax > 1.0) ? fabs(y) : 0.0);
    }
    if (isinf(x)) {
        bool odd = is_odd_integer(y);
        if (y > 0.0)
            return ev_float(odd ? x : fabs(x));
        return ev_float(odd ? copysign(0.0, x) : 0.0);
    }
    if (x == 0.0) {
        if (y < 0.0)
            return ev_raise(I, &ev_type_ZeroDivisionError, "0.0 cannot be raised to a negative power");
        return ev_float(is_odd_integer(y) ? x : 0.0);
    }
    if (x < 0.0 && y != floor(y))
        return ev_complex_float_pow(I, x, y);
    if (x == 1.0)
        return ev_float(1.0);
    double r = pow(x, y);
    if (isinf(r)) {
        ev_value msg = ev_str_from_cstr(I, "Numerical result out of range");
        ev_value args = EV_IS_ERR(msg) ? EV_ERR : ev_tuple_new(I, 2);
        if (EV_IS_ERR(args)) {
            ev_decref(I, msg);
            return EV_ERR;
        }
        ev_as_tuple(args)->items[0] = ev_int(34); /* ERANGE */
        ev_as_tuple(args)->items[1] = msg;
        ev_value e = ev_exc_new(I, &ev_type_OverflowError, args);
        return EV_IS_ERR(e) ? e : ev_raise_value(I, e);
    }
    return ev_float(r);
}

ev_value ev_float_binary(ev_interp *I, ev_binop op, double x, double y)
{
    switch (op) {
    case EV_OP_ADD: return ev_float(x + y);
    case EV_OP_SUB: return ev_float(x - y);
    case EV_OP_MUL: return ev_float(x * y);
    case EV_OP_TRUEDIV:
        if (y == 0.0)
            return ev_raise(I, &ev_type_ZeroDivisionError, "float division by zero");
        return ev_float(x / y);
    case EV_OP_FLOORDIV:
    case EV_OP_MOD: {
        if (y == 0.0)
            return ev_raise(I, &ev_type_ZeroDivisionError,
                            op == EV_OP_MOD ? "float modulo" : "float floor division by zero");
        /* CPython's float_divmod */
        double mod = fmod(x, y);
        double div = (x - mod) / y;
        if (mod) {
            if ((y < 0) != (mod < 0)) {
                mod += y;
                div -= 1.0;
            }
        } else {
            mod = copysign(0.0, y);
        }
        double floordiv;
        if (div) {
            floordiv = floor(div);
            if (div - floordiv > 0.5)
                floordiv += 1.0;
        } else {
            floordiv = copysign(0.0, x / y);
        }
        return ev_float(op == EV_OP_MOD ? mod : floordiv);
    }
    case EV_OP_POW:
        return ev_float_pow(I, x, y);
    default:
        return EV_ERR;
    }
}

/* round(x[, nd]) for floats, CPython's double_round via the decimal string. */
ev_value ev_float_round(ev_interp *I, double x, bool has_nd, int64_t nd)
{
    if (!has_nd) {
        if (isnan(x))
            return ev_raise(I, &ev_type_ValueError, "cannot convert float NaN to integer");
        if (isinf(x))
            return ev_raise(I, &ev_type_OverflowError, "cannot convert float infinity to integer");
        double r = nearbyint(x); /* default rounding mode: half to even */
        if (fabs(r) < 9.2e18)
            return ev_int((int64_t)r);
        mpz_t z;
        mpz_init_set_d(z, r);
        ev_value v = ev_int_from_mpz(I, z);
        mpz_clear(z);
        return v;
    }
    if (!isfinite(x) || x == 0.0)
        return ev_float(x);
    if (nd > 323)
        return ev_float(x);
    if (nd < -308)
        return ev_float(copysign(0.0, x));
    /* Format with %.*f (correctly rounded, half-even on the exact binary
     * value) then parse back: what CPython does with its dtoa. */
    char buf[512];
    double fast;
    if (ev_nf_round(x, nd, &fast))
        return ev_float(fast);
    if (nd >= 0) {
        snprintf(buf, sizeof buf, "%.*f", (int)nd, x);
        return ev_float(strtod(buf, NULL));
    }
    /* nd < 0: round the exact binary value to a multiple of 10**-nd, half
     * to even, then one correctly rounded conversion back (dividing by a
     * power of ten in floating point first would round twice). */
    mpq_t q;
    mpz_t n, r, p;
    mpq_init(q);
    mpz_inits(n, r, p, NULL);
    mpq_set_d(q, fabs(x));
    mpz_ui_pow_ui(p, 10, (unsigned long)-nd);
    mpz_mul(mpq_denref(q), mpq_denref(q), p);
    mpq_canonicalize(q);
    mpz_fdiv_qr(n, r, mpq_numref(q), mpq_denref(q));
    mpz_mul_2exp(r, r, 1);
    int c = mpz_cmp(r, mpq_denref(q));
    if (c > 0 || (c == 0 && mpz_odd_p(n)))
        mpz_add_ui(n, n, 1);
    size_t need = mpz_sizeinbase(n, 10) + 32;
    char *digits = need <= sizeof buf ? buf : NULL;
    if (digits) {
        mpz_get_str(digits, 10, n);
        size_t dl = strlen(digits);
        snprintf(digits + dl, sizeof buf - dl, "e%lld", (long long)-nd);
    }
    mpq_clear(q);
    mpz_clears(n, r, p, NULL);
    if (!digits) /* |x| < 2**1024 has at most 309 digits */
        return ev_raise(I, &ev_type_OverflowError, "rounded value too large to represent");
    double res = copysign(strtod(buf, NULL), x);
    if (isinf(res))
        return ev_raise(I, &ev_type_OverflowError, "rounded value too large to represent");
    return ev_float(res);
}

static ev_value nm_conjugate(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv;
    return ev_positive(I, self);
}

static ev_value fm_is_integer(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)I;
    double x = fself(self);
    return ev_bool(isfinite(x) && floor(x) == x);
}

/* x == n / d exactly, d a power of two, lowest terms (CPython's algorithm) */
static ev_value fm_as_integer_ratio(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv;
    double x = fself(self);
    if (isinf(x))
        return ev_raise(I, &ev_type_OverflowError, "cannot convert Infinity to integer ratio");
    if (isnan(x))
        return ev_raise(I, &ev_type_ValueError, "cannot convert NaN to integer ratio");
    int e;
    double m = frexp(x, &e);
    for (int i = 0; i < 300 && m != floor(m); i++) {
        m *= 2.0;
        e--;
    }
    mpz_t n, d;
    mpz_init_set_d(n, m);
    mpz_init_set_ui(d, 1);
    if (e > 0)
        mpz_mul_2exp(n, n, (mp_bitcnt_t)e);
    else
        mpz_mul_2exp(d, d, (mp_bitcnt_t)-e);
    ev_value a = ev_int_from_mpz(I, n), b = ev_int_from_mpz(I, d);
    mpz_clears(n, d, NULL);
    ev_value t = EV_IS_ERR(a) || EV_IS_ERR(b) ? EV_ERR : ev_tuple_new(I, 2);
    if (EV_IS_ERR(t)) {
        ev_decref(I, a);
        ev_decref(I, b);
        return EV_ERR;
    }
    ev_as_tuple(t)->items[0] = a;
    ev_as_tuple(t)->items[1] = b;
    return t;
}

const ev_builtin_def ev_float_methods[] = {
    {"is_integer", fm_is_integer, 0, 0, 0},
    {"as_integer_ratio", fm_as_integer_ratio, 0, 0, 0},
    {"conjugate", nm_conjugate, 0, 0, 0},
    {"hex", ev_float_m_hex, 0, 0, 0},
    {"real", ev_float_m_real, 0, 0, EV_BF_PROP},
    {"imag", ev_float_m_imag, 0, 0, EV_BF_PROP},
    {NULL, NULL, 0, 0, 0},
};

const ev_builtin_def ev_float_type_methods[] = {
    {"fromhex", ev_float_m_fromhex, 1, 1, 0},
    {NULL, NULL, 0, 0, 0},
};

ev_value ev_float_m_real(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)I; (void)argc; (void)argv; (void)kw;
    return ev_is_subfloat(self) ? ev_float_unbox(self) : self; /* float.real of a subclass is a float */
}

ev_value ev_float_m_imag(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)I; (void)self; (void)argc; (void)argv; (void)kw;
    return ev_float(0.0);
}

/* float.hex(): CPython's float_hex, 13 hex digits after the point */
ev_value ev_float_m_hex(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    double x = fself(self);
    if (isnan(x) || isinf(x))
        return ev_float_repr_value(I, x);
    if (x == 0.0)
        return ev_str_from_cstr(I, copysign(1.0, x) < 0 ? "-0x0.0p+0" : "0x0.0p+0");
    int e;
    double m = frexp(fabs(x), &e);
    int shift = 1 - (DBL_MIN_EXP - e > 0 ? DBL_MIN_EXP - e : 0);
    m = ldexp(m, shift);
    e -= shift;
    static const char hex[] = "0123456789abcdef";
    char s[64];
    int si = 0;
    if (x < 0)
        s[si++] = '-';
    s[si++] = '0';
    s[si++] = 'x';
    s[si++] = hex[(int)m];
    m -= (int)m;
    s[si++] = '.';
    for (int i = 0; i < (DBL_MANT_DIG - 1) / 4; i++) {
        m *= 16.0;
        s[si++] = hex[(int)m];
        m -= (int)m;
    }
    snprintf(s + si, sizeof s - (size_t)si, "p%c%d", e < 0 ? '-' : '+', e < 0 ? -e : e);
    return ev_str_from_cstr(I, s);
}

static bool is_hex(char c)
{
    return (c >= '0' && c <= '9') || ((c | 32) >= 'a' && (c | 32) <= 'f');
}

/* float.fromhex(s): [sign] ['0x'] hex digits ['.' hex digits] ['p' exponent],
 * or inf/infinity/nan, surrounded by whitespace; correctly rounded. */
ev_value ev_float_m_fromhex(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)argc; (void)kw;
    if (!ev_is(argv[0], EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "must be str, not %s", ev_type_name(argv[0]));
    const char *p = ev_as_str(argv[0])->data, *end = p + ev_as_str(argv[0])->len;
    while (p < end && strchr(" \t\n\r\f\v", *p))
        p++;
    while (end > p && strchr(" \t\n\r\f\v", end[-1]))
        end--;
    bool neg = false;
    if (p < end && (*p == '+' || *p == '-'))
        neg = *p++ == '-';
    size_t n = (size_t)(end - p);
    if ((n == 3 && strncasecmp(p, "inf", 3) == 0) || (n == 8 && strncasecmp(p, "infinity", 8) == 0))
        return ev_alt_ctor_result(I, self, ev_float(neg ? -INFINITY : INFINITY));
    if (n == 3 && strncasecmp(p, "nan", 3) == 0)
        return ev_alt_ctor_result(I, self, ev_float(neg ? -NAN : NAN));
    if (n >= 2 && p[0] == '0' && (p[1] | 32) == 'x')
        p += 2;
    /* check the shape, then let strtod (C99 hex floats, round-half-even) read it */
    const char *q = p;
    size_t digits = 0;
    while (q < end && is_hex(*q))
        q++, digits++;
    if (q < end && *q == '.') {
        q++;
        while (q < end && is_hex(*q))
            q++, digits++;
    }
    if (digits && q < end && (*q | 32) == 'p') {
        q++;
        if (q < end && (*q == '+' || *q == '-'))
            q++;
        const char *d = q;
        while (q < end && *q >= '0' && *q <= '9')
            q++;
        if (q == d)
            digits = 0;
    }
    if (!digits || q != end)
        return ev_raise(I, &ev_type_ValueError, "invalid hexadecimal floating-point string");
    char *buf = ev_alloc(I, (size_t)(end - p) + 3);
    if (!buf)
        return ev_raise_nomem(I);
    buf[0] = '0';
    buf[1] = 'x';
    memcpy(buf + 2, p, (size_t)(end - p));
    buf[2 + (end - p)] = '\0';
    double v = strtod(buf, NULL);
    ev_dealloc(I, buf);
    if (isinf(v))
        return ev_raise(I, &ev_type_OverflowError, "hexadecimal value too large to represent as a float");
    return ev_alt_ctor_result(I, self, ev_float(neg ? -v : v)); /* Celsius.fromhex(s) is Celsius(x) */
}

static ev_value ctor_float(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    if (argc == 0)
        return ev_float(0.0);
    ev_value v = argv[0];
    if (v.tag == EV_T_FLOAT)
        return v;
    if (ev_is_subfloat(v)) {
        /* PyNumber_Float: a subclass's own __float__, else float's, which
         * gives the plain value (__index__ is never consulted) */
        ev_value r;
        int got = ev_dunder(I, v, EV_DN_FLOAT, 0, NULL, &r);
        if (got < 0)
            return EV_ERR;
        if (!got)
            return ev_float_unbox(v);
        if (ev_is_subfloat(r)) { /* CPython warns (DeprecationWarning) and takes the value */
            ev_value p = ev_float_unbox(r);
            ev_decref(I, r);
            return p;
        }
        if (r.tag != EV_T_FLOAT) {
            char tn[64];
            snprintf(tn, sizeof tn, "%s", ev_type_name(r));
            ev_decref(I, r);
            return ev_raise(I, &ev_type_TypeError, "%s.__float__ returned non-float (type %s)", ev_type_name(v), tn);
        }
        return r;
    }
    if (ev_is_int(v)) {
        double d;
        if (ev_int_value_to_double(I, v, &d))
            return EV_ERR;
        return ev_float(d);
    }
    if (ev_is(v, EV_O_STR) || ev_is_byteslike(v)) {
        double d;
        bool ok = true;
        const char *data = ev_is(v, EV_O_STR) ? ev_as_str(v)->data : (const char *)ev_as_bytes(v)->data;
        size_t len = ev_is(v, EV_O_STR) ? ev_as_str(v)->len : ev_as_bytes(v)->len;
        for (size_t i = 0; !ev_is(v, EV_O_STR) && i < len; i++)
            ok = ok && (unsigned char)data[i] < 0x80 && data[i] != '\0';
        if (ok && ev_parse_float(data ? data : "", len, &d) == EV_NF_OK)
            return ev_float(d);
        ev_value rep = ev_repr(I, v);
        if (EV_IS_ERR(rep))
            return rep;
        ev_raise(I, &ev_type_ValueError, "could not convert string to float: %s", ev_as_str(rep)->data);
        ev_decref(I, rep);
        return EV_ERR;
    }
    if (ev_is_user(v)) {
        ev_value r;
        int got = ev_user_number(I, v, 'f', &r);
        if (got)
            return got < 0 ? EV_ERR : r;
    }
    return ev_raise(I, &ev_type_TypeError, "float() argument must be a string or a real number, not '%s'",
                    ev_type_name(v));
}

ev_type ev_type_float = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC}, .name = "float",
    .base = NULL, .call = ctor_float, .methods = ev_float_methods, .min_args = 0, .max_args = 1,
    .type_methods = ev_float_type_methods};

/* ---- the kind table's row (ev_obj.h) ---------------------------------------------------- */

/* the value part of a float subclass's instance */
static ev_value floatobj_repr(ev_interp *I, ev_value v) { return ev_float_repr_value(I, ((ev_floatobj *)v.u.o)->f); }

static bool floatobj_truth(ev_value v) { return ((ev_floatobj *)v.u.o)->f != 0.0; }

static int floatobj_hash(ev_interp *I, ev_value v, int64_t *out)
{
    (void)I;
    *out = ev_hash_double(((ev_floatobj *)v.u.o)->f);
    return 0;
}

const ev_kind_ops ev_float_ops = {
    .name = "float",
    .repr = floatobj_repr,
    .truth = floatobj_truth,
    .hash = floatobj_hash,
};
