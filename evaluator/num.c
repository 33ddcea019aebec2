/*
 * num.c - int (small and GMP), float and bool arithmetic with CPython's
 * semantics: floor division and modulo round toward negative infinity,
 * int/int true division is correctly rounded, int<->float comparisons are
 * exact, hashes follow CPython's modulus 2**61 - 1.
 *
 * Small ints never allocate; an overflowing result moves to GMP, and a GMP
 * result that fits comes back to a small int (ev_int_from_mpz).  Before a
 * GMP operation that can produce a huge number the result size is estimated
 * and charged against the memory limit and the operation budget.
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "evaluator/ev.h"
#include "evaluator/numfmt.h"

const char *const ev_binop_symbol[] = {"+", "-", "*", "/", "//", "%", "**", "<<", ">>", "&",
                                       "|", "^", "@"};


bool ev_is_int(ev_value v)
{
    return v.tag == EV_T_INT || v.tag == EV_T_BOOL || ev_is(v, EV_O_INT);
}

static const mpz_t *big(ev_value v) { return (const mpz_t *)&((ev_bigint *)v.u.o)->z; }

ev_value ev_int_from_mpz(ev_interp *I, const mpz_t z)
{
    if (mpz_fits_slong_p(z))
        return ev_int(mpz_get_si(z));
    ev_bigint *b = ev_alloc(I, sizeof *b);
    if (!b)
        return ev_raise_nomem(I);
    b->h.refcnt = 1;
    b->h.kind = EV_O_INT;
    b->h.flags = 0;
    mpz_init_set(b->z, z);
    return ev_obj_val(&b->h);
}

/* An int as an object of its own, whatever its size: the value part of an
 * instance of a user subclass of int (ev_sub_wrap moves it behind the
 * subclass header). */
ev_value ev_int_box(ev_interp *I, ev_value v)
{
    ev_bigint *b = ev_alloc(I, sizeof *b);
    if (!b)
        return ev_raise_nomem(I);
    b->h.refcnt = 1;
    b->h.kind = EV_O_INT;
    b->h.flags = 0;
    mpz_init(b->z);
    ev_int_to_mpz(v, b->z);
    return ev_obj_val(&b->h);
}

/* The plain int of an int subclass instance (a new reference; other values
 * are returned duplicated): the builtin operations work on plain ints,
 * which are small inline values whenever they fit. */
ev_value ev_int_unbox(ev_interp *I, ev_value v)
{
    if (ev_is_subint(v))
        return ev_int_from_mpz(I, *big(v));
    return ev_dup(v);
}

void ev_int_to_mpz(ev_value v, mpz_t out)
{
    if (v.tag == EV_T_OBJ)
        mpz_set(out, *big(v));
    else
        mpz_set_si(out, v.u.i);
}

int ev_int_value_to_double(ev_interp *I, ev_value v, double *out)
{
    if (v.tag != EV_T_OBJ) {
        *out = (double)v.u.i; /* correctly rounded by the hardware */
        return 0;
    }
    if (!ev_int_to_double(*big(v), out)) {
        ev_raise(I, &ev_type_OverflowError, "int too large to convert to float");
        return -1;
    }
    return 0;
}

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

int ev_num_to_double(ev_interp *I, ev_value v, double *out)
{
    if (v.tag == EV_T_FLOAT) {
        *out = v.u.f;
        return 0;
    }
    if (ev_is_user(v) && !ev_is_subint(v)) {
        /* PyFloat_AsDouble: __float__, else __index__.  v is held across
         * the call: it may be an item of a container the method mutates. */
        ev_value r, keep = ev_dup(v);
        int got = ev_user_number(I, v, 'f', &r);
        if (got > 0)
            *out = r.u.f;
        else if (got == 0)
            ev_raise(I, &ev_type_TypeError, "must be real number, not %s", ev_type_name(v));
        ev_decref(I, keep);
        return got > 0 ? 0 : -1;
    }
    if (!ev_is_int(v)) {
        ev_raise(I, &ev_type_TypeError, "must be real number, not %s", ev_type_name(v));
        return -1;
    }
    return ev_int_value_to_double(I, v, out);
}

int64_t ev_hash_int(ev_value v)
{
    return v.tag == EV_T_OBJ ? ev_int_hash(*big(v)) : ev_i64_hash(v.u.i);
}

int64_t ev_hash_double(double v)
{
    return ev_float_hash(v);
}

/* Exact comparison of numbers; *cmp = -1/0/1, or 2 when unordered (NaN). */
int ev_num_compare(ev_interp *I, ev_value a, ev_value b, int *cmp)
{
    (void)I;
    if (a.tag == EV_T_FLOAT || b.tag == EV_T_FLOAT) {
        if (a.tag == EV_T_FLOAT && b.tag == EV_T_FLOAT) {
            double x = a.u.f, y = b.u.f;
            *cmp = isnan(x) || isnan(y) ? 2 : (x > y) - (x < y);
            return 0;
        }
        bool flip = a.tag != EV_T_FLOAT;
        double f = flip ? b.u.f : a.u.f;
        ev_value iv = flip ? a : b;
        int c;
        if (isnan(f)) {
            *cmp = 2;
            return 0;
        }
        if (isinf(f)) {
            c = f > 0 ? 1 : -1;
        } else if (iv.tag != EV_T_OBJ && iv.u.i > -(1LL << 53) && iv.u.i < (1LL << 53)) {
            double d = (double)iv.u.i;
            c = (f > d) - (f < d);
        } else {
            mpz_t z;
            mpz_init(z);
            ev_int_to_mpz(iv, z);
            c = -mpz_cmp_d(z, f);
            c = (c > 0) - (c < 0);
            mpz_clear(z);
        }
        *cmp = flip ? -c : c;
        return 0;
    }
    if (a.tag != EV_T_OBJ && b.tag != EV_T_OBJ) {
        *cmp = (a.u.i > b.u.i) - (a.u.i < b.u.i);
        return 0;
    }
    int c;
    if (a.tag == EV_T_OBJ && b.tag == EV_T_OBJ)
        c = mpz_cmp(*big(a), *big(b));
    else if (a.tag == EV_T_OBJ)
        c = mpz_cmp_si(*big(a), b.u.i);
    else
        c = -mpz_cmp_si(*big(b), a.u.i);
    *cmp = (c > 0) - (c < 0);
    return 0;
}

ev_value ev_int_repr(ev_interp *I, ev_value v)
{
    if (v.tag != EV_T_OBJ) {
        char buf[24];
        int n = snprintf(buf, sizeof buf, "%lld", (long long)v.u.i);
        return ev_str_new(I, buf, (size_t)n);
    }
    size_t digits = mpz_sizeinbase(*big(v), 10);
    if (digits > 4300 + 1) {
        /* sizeinbase may overshoot by one; the exact check is in numfmt */
    }
    if (ev_charge(I, (int64_t)(digits / 64)))
        return EV_ERR;
    ev_sbuf sb = {0};
    sb.max = digits + 16;
    char err[EV_NF_ERRLEN];
    ev_nf_status st = ev_int_to_decimal(*big(v), &sb, err);
    if (st != EV_NF_OK) {
        free(sb.data);
        if (st == EV_NF_VALUE_ERROR)
            return ev_raise(I, &ev_type_ValueError, "%s", err);
        return ev_raise_nomem(I);
    }
    ev_value s = ev_str_new(I, sb.data, sb.len);
    free(sb.data);
    return s;
}

ev_value ev_float_repr_value(ev_interp *I, double d)
{
    char buf[32];
    size_t n = ev_float_repr(d, buf);
    return ev_str_new(I, buf, n);
}

/* ---- integer arithmetic ------------------------------------------------------------------ */

static ev_value zero_div(ev_interp *I, ev_binop op)
{
    if (op == EV_OP_MOD)
        return ev_raise(I, &ev_type_ZeroDivisionError, "integer modulo by zero");
    if (op == EV_OP_TRUEDIV)
        return ev_raise(I, &ev_type_ZeroDivisionError, "division by zero");
    return ev_raise(I, &ev_type_ZeroDivisionError, "integer division or modulo by zero");
}

static int64_t floordiv64(int64_t a, int64_t b)
{
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0)))
        q--;
    return q;
}

static int64_t mod64(int64_t a, int64_t b)
{
    int64_t r = a % b;
    if (r != 0 && ((r < 0) != (b < 0)))
        r += b;
    return r;
}

/* Correctly rounded a / b for ints, as CPython's long_true_divide. */
static ev_value int_truediv(ev_interp *I, ev_value a, ev_value b)
{
    if (a.tag != EV_T_OBJ && b.tag != EV_T_OBJ) {
        if (b.u.i == 0)
            return zero_div(I, EV_OP_TRUEDIV);
        int64_t x = a.u.i, y = b.u.i;
        if (x > -(1LL << 53) && x < (1LL << 53) && y > -(1LL << 53) && y < (1LL << 53))
            return ev_float((double)x / (double)y);
    }
    mpz_t x, y, q, r;
    mpz_inits(x, y, q, r, NULL);
    ev_int_to_mpz(a, x);
    ev_int_to_mpz(b, y);
    ev_value res = EV_ERR;
    if (mpz_sgn(y) == 0) {
        res = zero_div(I, EV_OP_TRUEDIV);
        goto done;
    }
    int neg = (mpz_sgn(x) < 0) != (mpz_sgn(y) < 0);
    mpz_abs(x, x);
    mpz_abs(y, y);
    if (mpz_sgn(x) == 0) {
        res = ev_float(neg ? -0.0 : 0.0);
        goto done;
    }
    /* Scale so the quotient has at least 55 significant bits. */
    long shift = (long)mpz_sizeinbase(y, 2) - (long)mpz_sizeinbase(x, 2) + 55;
    if (shift > 0)
        mpz_mul_2exp(x, x, (mp_bitcnt_t)shift);
    else
        mpz_mul_2exp(y, y, (mp_bitcnt_t)(-shift));
    mpz_tdiv_qr(q, r, x, y);
    /* sticky bit for the remainder, then round via mpz_to_double on q's
     * bits; q has 55..56 bits, so fold the remainder into its lowest bit */
    if (mpz_sgn(r) != 0)
        mpz_setbit(q, 0);
    size_t qbits = mpz_sizeinbase(q, 2);
    /* round q to 53 bits half-even */
    size_t drop = qbits - 53;
    mpz_t m;
    mpz_init(m);
    mpz_tdiv_q_2exp(m, q, drop);
    int half = mpz_tstbit(q, drop - 1);
    int rest = mpz_scan1(q, 0) < drop - 1;
    if (half && (rest || mpz_odd_p(m)))
        mpz_add_ui(m, m, 1);
    long exp2 = (long)drop - shift;
    double d;
    if (exp2 > 1100) {
        mpz_clear(m);
        res = ev_raise(I, &ev_type_OverflowError, "integer division result too large for a float");
        goto done;
    }
    d = ldexp(mpz_get_d(m), (int)(exp2 < -1200 ? -1200 : exp2));
    mpz_clear(m);
    if (isinf(d)) {
        res = ev_raise(I, &ev_type_OverflowError, "integer division result too large for a float");
        goto done;
    }
    res = ev_float(neg ? -d : d);
done:
    mpz_clears(x, y, q, r, NULL);
    return res;
}

/* Estimated bits of a**b, for the memory pre-check. */
static int pow_precheck(ev_interp *I, const mpz_t base, uint64_t e)
{
    size_t bits = mpz_sizeinbase(base, 2);
    if (mpz_cmpabs_ui(base, 1) <= 0)
        return 0;
    double est = (double)(bits - 1) * (double)e / 8.0; /* bytes, lower bound */
    if (est > (double)I->mem_max || est > (double)(I->mem_max - I->mem_used)) {
        ev_raise_limit(I, "memory");
        return -1;
    }
    return ev_charge(I, (int64_t)(est / 256));
}

static bool is_odd_integer(double y)
{
    return isfinite(y) && floor(y) == y && fmod(fabs(y), 2.0) == 1.0;
}

/* x ** y for floats, with CPython's float_pow special cases (C99 pow() is
 * not trusted for them) and its errors: overflow is OverflowError(34,
 * 'Numerical result out of range'), from errno, with those two args. */
static ev_value float_pow(ev_interp *I, double x, double y)
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

static ev_value int_pow(ev_interp *I, ev_value a, ev_value b)
{
    int bs = b.tag == EV_T_OBJ ? mpz_sgn(*big(b)) : (b.u.i > 0) - (b.u.i < 0);
    if (bs < 0) {
        double x, y;
        if (ev_int_value_to_double(I, a, &x) || ev_int_value_to_double(I, b, &y))
            return EV_ERR;
        return float_pow(I, x, y);
    }
    if (a.tag != EV_T_OBJ && b.tag != EV_T_OBJ) {
        int64_t base = a.u.i, e = b.u.i, r = 1;
        bool ok = true;
        while (e > 0 && ok) {
            if (e & 1)
                ok = !__builtin_mul_overflow(r, base, &r);
            e >>= 1;
            if (e > 0 && ok)
                ok = !__builtin_mul_overflow(base, base, &base);
        }
        if (ok)
            return ev_int(r);
    }
    mpz_t x, r;
    mpz_init(x);
    ev_int_to_mpz(a, x);
    ev_value res;
    if (b.tag == EV_T_OBJ) {
        /* exponent beyond 2**63: only 0, 1, -1 bases are representable */
        if (mpz_cmpabs_ui(x, 1) > 0) {
            mpz_clear(x);
            return ev_raise_limit(I, "memory");
        }
        long v = mpz_get_si(x);
        mpz_clear(x);
        return ev_int(v == -1 ? (mpz_odd_p(*big(b)) ? -1 : 1) : v);
    }
    if (pow_precheck(I, x, (uint64_t)b.u.i)) {
        mpz_clear(x);
        return EV_ERR;
    }
    mpz_init(r);
    mpz_pow_ui(r, x, (unsigned long)b.u.i);
    res = ev_int_from_mpz(I, r);
    mpz_clears(x, r, NULL);
    return res;
}

static ev_value int_shift(ev_interp *I, ev_binop op, ev_value a, ev_value b)
{
    int64_t n;
    if (b.tag == EV_T_OBJ) {
        if (mpz_sgn(*big(b)) < 0)
            return ev_raise(I, &ev_type_ValueError, "negative shift count");
        if (op == EV_OP_RSHIFT) {
            int s = a.tag == EV_T_OBJ ? mpz_sgn(*big(a)) : (a.u.i > 0) - (a.u.i < 0);
            return ev_int(s < 0 ? -1 : 0);
        }
        if (a.tag != EV_T_OBJ && a.u.i == 0)
            return ev_int(0);
        /* a shift count past 64 bits, answered as CPython does with nothing
         * allocated: OverflowError when the count of 30-bit digits does not fit
         * a Py_ssize_t, else MemoryError */
        mpz_t words;
        mpz_init(words);
        mpz_fdiv_q_ui(words, *big(b), 30);
        bool fits = mpz_fits_slong_p(words);
        mpz_clear(words);
        if (fits)
            return ev_raise_memory_error(I);
        return ev_raise(I, &ev_type_OverflowError, "too many digits in integer");
    }
    n = b.u.i;
    if (n < 0)
        return ev_raise(I, &ev_type_ValueError, "negative shift count");
    if (a.tag != EV_T_OBJ) {
        int64_t x = a.u.i;
        if (op == EV_OP_RSHIFT)
            return ev_int(n >= 63 ? (x < 0 ? -1 : 0) : x >> n);
        if (x == 0)
            return ev_int(0);
        if ((uint64_t)n / 8 > I->mem_max)
            return ev_raise_memory_error(I); /* see below */
        if (n < 62) {
            int64_t r = (int64_t)((uint64_t)x << n);
            if ((r >> n) == x)
                return ev_int(r);
        }
    }
    mpz_t z;
    mpz_init(z);
    ev_int_to_mpz(a, z);
    if (op == EV_OP_LSHIFT) {
        if ((uint64_t)n / 8 > I->mem_max) {
            /* a result no memory cap could hold: CPython's MemoryError, catchable,
             * since nothing was allocated (a result that merely does not fit in
             * what is left of the cap stops the run below) */
            mpz_clear(z);
            return ev_raise_memory_error(I);
        }
        if (ev_mem_reserve(I, (size_t)(n / 8) + mpz_size(z) * 8)) {
            mpz_clear(z);
            return EV_ERR;
        }
        mpz_mul_2exp(z, z, (mp_bitcnt_t)n);
    } else {
        mpz_fdiv_q_2exp(z, z, (mp_bitcnt_t)n);
    }
    ev_value r = ev_int_from_mpz(I, z);
    mpz_clear(z);
    return r;
}

static ev_value int_binary(ev_interp *I, ev_binop op, ev_value a, ev_value b)
{
    if (a.tag != EV_T_OBJ && b.tag != EV_T_OBJ) {
        int64_t x = a.u.i, y = b.u.i, r;
        switch (op) {
        case EV_OP_ADD: if (!__builtin_add_overflow(x, y, &r)) return ev_int(r); break;
        case EV_OP_SUB: if (!__builtin_sub_overflow(x, y, &r)) return ev_int(r); break;
        case EV_OP_MUL: if (!__builtin_mul_overflow(x, y, &r)) return ev_int(r); break;
        case EV_OP_FLOORDIV:
            if (y == 0) return zero_div(I, op);
            if (!(x == INT64_MIN && y == -1)) return ev_int(floordiv64(x, y));
            break;
        case EV_OP_MOD:
            if (y == 0) return zero_div(I, op);
            if (y == -1) return ev_int(0);
            return ev_int(mod64(x, y));
        case EV_OP_AND: return ev_int(x & y);
        case EV_OP_OR: return ev_int(x | y);
        case EV_OP_XOR: return ev_int(x ^ y);
        default: break;
        }
    }
    switch (op) {
    case EV_OP_TRUEDIV: return int_truediv(I, a, b);
    case EV_OP_POW: return int_pow(I, a, b);
    case EV_OP_LSHIFT:
    case EV_OP_RSHIFT: return int_shift(I, op, a, b);
    default: break;
    }
    mpz_t x, y, r;
    mpz_inits(x, y, r, NULL);
    ev_int_to_mpz(a, x);
    ev_int_to_mpz(b, y);
    ev_value res = EV_ERR;
    size_t work = mpz_size(x) + mpz_size(y);
    if (op == EV_OP_MUL) {
        if (ev_mem_reserve(I, work * 8) || ev_charge(I, (int64_t)(work * work / 4096))) {
            mpz_clears(x, y, r, NULL);
            return EV_ERR;
        }
    }
    switch (op) {
    case EV_OP_ADD: mpz_add(r, x, y); break;
    case EV_OP_SUB: mpz_sub(r, x, y); break;
    case EV_OP_MUL: mpz_mul(r, x, y); break;
    case EV_OP_FLOORDIV:
    case EV_OP_MOD:
        if (mpz_sgn(y) == 0) {
            res = zero_div(I, op);
            goto done;
        }
        if (ev_charge(I, (int64_t)(work * work / 4096)))
            goto done;
        if (op == EV_OP_FLOORDIV)
            mpz_fdiv_q(r, x, y);
        else
            mpz_fdiv_r(r, x, y);
        break;
    case EV_OP_AND: mpz_and(r, x, y); break;
    case EV_OP_OR: mpz_ior(r, x, y); break;
    case EV_OP_XOR: mpz_xor(r, x, y); break;
    default:
        goto done;
    }
    res = ev_int_from_mpz(I, r);
done:
    mpz_clears(x, y, r, NULL);
    return res;
}

/* ---- float arithmetic ---------------------------------------------------------------------- */

static ev_value float_binary(ev_interp *I, ev_binop op, double x, double y)
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
        return float_pow(I, x, y);
    default:
        return EV_ERR;
    }
}

static ev_value unsupported_operands(ev_interp *I, ev_binop op, ev_value a, ev_value b, bool inplace)
{
    if (op == EV_OP_ADD && ev_is(a, EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "can only concatenate str (not \"%s\") to str",
                        ev_type_name(b));
    if (op == EV_OP_ADD && (ev_is(a, EV_O_LIST) || ev_is(a, EV_O_TUPLE)))
        return ev_raise(I, &ev_type_TypeError, "can only concatenate %s (not \"%s\") to %s",
                        ev_type_name(a), ev_type_name(b), ev_type_name(a));
    /* obj *= seq: a class instance's (empty) sequence slots stop CPython
     * before it tries the right operand's repeat */
    if (op == EV_OP_MUL && (ev_is(a, EV_O_STR) || ev_is(a, EV_O_LIST) || ev_is(a, EV_O_TUPLE) ||
                            (!(inplace && ev_is_user(a)) &&
                             (ev_is(b, EV_O_STR) || ev_is(b, EV_O_LIST) || ev_is(b, EV_O_TUPLE)))))
        return ev_raise(I, &ev_type_TypeError, "can't multiply sequence by non-int of type '%s'",
                        ev_type_name(ev_is(a, EV_O_STR) || ev_is(a, EV_O_LIST) || ev_is(a, EV_O_TUPLE) ? b : a));
    if (op == EV_OP_POW)
        return ev_raise(I, &ev_type_TypeError,
                        "unsupported operand type(s) for %s: '%s' and '%s'", inplace ? "**=" : "** or pow()",
                        ev_type_name(a), ev_type_name(b));
    return ev_raise(I, &ev_type_TypeError, "unsupported operand type(s) for %s%s: '%s' and '%s'",
                    ev_binop_symbol[op], inplace ? "=" : "", ev_type_name(a), ev_type_name(b));
}

static ev_value builtin_binary(ev_interp *I, ev_binop op, ev_value a, ev_value b, bool inplace);

/* The pending exception is unsupported_operands' TypeError. */
static bool unsupported_pending(ev_interp *I)
{
    if (I->exc.tag != EV_T_OBJ || I->exc.u.o->kind != EV_O_EXC)
        return false;
    ev_exc *e = (ev_exc *)I->exc.u.o;
    if (e->type != &ev_type_TypeError || !ev_is(e->args, EV_O_TUPLE) || ev_as_tuple(e->args)->len != 1 ||
        !ev_is(ev_as_tuple(e->args)->items[0], EV_O_STR))
        return false;
    return strncmp(ev_as_str(ev_as_tuple(e->args)->items[0])->data, "unsupported operand type(s)", 27) == 0;
}

/* d.keys() & other, other - d.items()...: keys and items views are
 * set-like; either side may be any iterable and the result is a set, built
 * as CPython's dictviews_or/sub/xor (set(left) updated in place with the
 * right) and _PyDictView_Intersect, so that it iterates in the same order. */
static ev_value setview_call(ev_interp *I, ev_value obj, const char *meth, ev_value arg)
{
    ev_str *name = ev_intern(I, meth, strlen(meth));
    ev_value m = name ? ev_getattr(I, obj, name) : EV_ERR;
    if (EV_IS_ERR(m))
        return m;
    ev_value r = ev_call(I, m, 1, &arg, 0, NULL, NULL);
    ev_decref(I, m);
    return r;
}

static ev_value setview_binary(ev_interp *I, ev_binop op, ev_value a, ev_value b)
{
    ev_value set = ev_obj_val(&ev_type_set.h);
    if (op == EV_OP_AND) {
        ev_value self = ev_is_setview(a) ? a : b, other = ev_is_setview(a) ? b : a;
        int64_t ns, no;
        if (ev_len(I, self, &ns))
            return EV_ERR;
        if (ev_is(other, EV_O_SET) && !ev_is_user(other) && ev_len(I, other, &no) == 0 && ns <= no)
            return setview_call(I, other, "intersection", self);
        if (ev_is_setview(other)) {
            if (ev_len(I, other, &no))
                return EV_ERR;
            if (no > ns) {
                ev_value t = self;
                self = other;
                other = t;
            }
        }
        ev_value r = ev_call(I, set, 0, NULL, 0, NULL, NULL);
        ev_value it = EV_IS_ERR(r) ? EV_ERR : ev_iter(I, other);
        if (EV_IS_ERR(it)) {
            if (!EV_IS_ERR(r))
                ev_decref(I, r);
            return EV_ERR;
        }
        ev_value k;
        int got;
        while ((got = ev_next(I, it, &k)) > 0) {
            int in = ev_contains(I, self, k);
            int e = in < 0 ? -1 : in ? ev_set_add(I, (ev_set *)r.u.o, k) : 0;
            ev_decref(I, k);
            if (e) {
                got = -1;
                break;
            }
        }
        ev_decref(I, it);
        if (got < 0) {
            ev_decref(I, r);
            return EV_ERR;
        }
        return r;
    }
    ev_value r = ev_call(I, set, 1, &a, 0, NULL, NULL);
    if (EV_IS_ERR(r))
        return r;
    ev_value u = setview_call(I, r, op == EV_OP_OR ? "update" : op == EV_OP_SUB ? "difference_update"
                                                              : "symmetric_difference_update", b);
    if (EV_IS_ERR(u)) {
        ev_decref(I, r);
        return u;
    }
    ev_decref(I, u);
    return r;
}

static ev_value binary(ev_interp *I, ev_binop op, ev_value a, ev_value b, bool inplace)
{
    if (op == EV_OP_OR && ((a.tag == EV_T_OBJ && (a.u.o->kind == EV_O_TYPE || a.u.o->kind == EV_O_WRAPPER)) ||
                           (b.tag == EV_T_OBJ && (b.u.o->kind == EV_O_TYPE || b.u.o->kind == EV_O_WRAPPER)))) {
        ev_value r;
        int got = ev_typing_or(I, a, b, &r);
        if (got)
            return got < 0 ? EV_ERR : r;
    }
    /* str % x: str.__mod__ accepts any right operand, so CPython reaches a
     * class's __rmod__ first only for a str subclass ('%s' % UserString(...)) */
    if (op == EV_OP_MOD && ev_is(a, EV_O_STR) && !ev_is_user(a) && !ev_is(b, EV_O_STR))
        return builtin_binary(I, op, a, b, inplace);
    if (ev_is_user(a) || ev_is_user(b)) {
        ev_value r;
        int got = ev_user_binary(I, op, a, b, inplace, &r);
        if (got)
            return got < 0 ? EV_ERR : r;
    }
    return builtin_binary(I, op, a, b, inplace);
}

/* The builtin types' own operation, never dispatching to a subclass's
 * overrides: what int.__add__ and super().__add__ reach. */
ev_value ev_binary_builtin(ev_interp *I, ev_binop op, ev_value a, ev_value b)
{
    return builtin_binary(I, op, a, b, false);
}

static ev_value builtin_binary(ev_interp *I, ev_binop op, ev_value a, ev_value b, bool inplace)
{
    if (ev_is_subint(a) || ev_is_subint(b)) {
        ev_value x = ev_int_unbox(I, a), y = EV_IS_ERR(x) ? EV_ERR : ev_int_unbox(I, b);
        ev_value r = EV_IS_ERR(y) ? EV_ERR : builtin_binary(I, op, x, y, inplace);
        if (!EV_IS_ERR(x))
            ev_decref(I, x);
        if (!EV_IS_ERR(y))
            ev_decref(I, y);
        if (EV_IS_ERR(r) && unsupported_pending(I))
            return unsupported_operands(I, op, a, b, inplace); /* named by the subclass, not int */
        return r;
    }
    if (op == EV_OP_MUL && (ev_is_user(a) || ev_is_user(b))) {
        /* a sequence repeated by an object with __index__ */
        bool aseq = ev_is(a, EV_O_STR) || ev_is(a, EV_O_LIST) || ev_is(a, EV_O_TUPLE);
        bool bseq = ev_is(b, EV_O_STR) || ev_is(b, EV_O_LIST) || ev_is(b, EV_O_TUPLE);
        ev_value n;
        int got = aseq != bseq ? ev_index_try(I, aseq ? b : a, &n) : 0;
        if (got < 0)
            return EV_ERR;
        if (got) {
            ev_value r = builtin_binary(I, op, aseq ? a : n, aseq ? n : b, inplace);
            ev_decref(I, n);
            return r;
        }
    }
    if (op == EV_OP_MATMUL) /* no builtin type implements @ */
        return unsupported_operands(I, op, a, b, inplace);
    bool ai = ev_is_int(a), bi = ev_is_int(b);
    if (ai && bi) {
        if (a.tag == EV_T_BOOL && b.tag == EV_T_BOOL &&
            (op == EV_OP_AND || op == EV_OP_OR || op == EV_OP_XOR)) {
            ev_value r = int_binary(I, op, ev_int(a.u.i), ev_int(b.u.i));
            return ev_bool(r.u.i != 0);
        }
        ev_value x = a.tag == EV_T_BOOL ? ev_int(a.u.i) : a;
        ev_value y = b.tag == EV_T_BOOL ? ev_int(b.u.i) : b;
        return int_binary(I, op, x, y);
    }
    bool af = a.tag == EV_T_FLOAT, bf = b.tag == EV_T_FLOAT;
    if ((af || ai) && (bf || bi) && op <= EV_OP_POW) {
        double x, y;
        if (ev_num_to_double(I, a, &x) || ev_num_to_double(I, b, &y))
            return EV_ERR;
        return float_binary(I, op, x, y);
    }
    if (ev_is(a, EV_O_COMPLEX) || ev_is(b, EV_O_COMPLEX)) {
        ev_value r;
        if (ev_complex_binary(I, op, a, b, &r))
            return r;
    }
    if (a.tag == EV_T_OBJ) {
        ev_kind k = a.u.o->kind;
        if (k == EV_O_STR) {
            if (op == EV_OP_ADD && ev_is(b, EV_O_STR))
                return ev_str_concat(I, ev_as_str(a), ev_as_str(b));
            if (op == EV_OP_MUL && bi) {
                int64_t n;
                if (b.tag == EV_T_OBJ)   /* past ssize_t, whatever the sign, as CPython */
                    return ev_raise(I, &ev_type_OverflowError, "cannot fit 'int' into an index-sized integer");
                n = b.u.i;
                return ev_str_repeat(I, ev_as_str(a), n);
            }
            if (op == EV_OP_MOD)
                return ev_str_percent(I, ev_as_str(a), b);
        }
        if (k == EV_O_LIST || k == EV_O_TUPLE) {
            if (op == EV_OP_ADD && ev_is(b, (ev_kind)k))
                return ev_seq_concat(I, a, b);
            if (op == EV_OP_MUL && bi) {
                if (b.tag == EV_T_OBJ)
                    return ev_raise(I, &ev_type_OverflowError, "cannot fit 'int' into an index-sized integer");
                return ev_seq_repeat(I, a, b.u.i);
            }
        }
    }
    if (ev_is_anyset(a) && ev_is_anyset(b) &&
        (op == EV_OP_OR || op == EV_OP_AND || op == EV_OP_SUB || op == EV_OP_XOR))
        return ev_set_binary(I, op, a, b);
    if ((ev_is_setview(a) || ev_is_setview(b)) &&
        (op == EV_OP_OR || op == EV_OP_AND || op == EV_OP_SUB || op == EV_OP_XOR))
        return setview_binary(I, op, a, b);
    ev_value coll;
    if ((ev_is(a, EV_O_DATETIME) || ev_is(b, EV_O_DATETIME)) && ev_dt_binary(I, op, a, b, &coll))
        return coll;
    if (ev_coll_binary(I, op, a, b, inplace, &coll))
        return coll;
    if (ev_bytes_binary(I, op, a, b, inplace, &coll)) return coll;
    if (op == EV_OP_OR && ev_is(a, EV_O_DICT) && ev_is(b, EV_O_DICT)) {
        /* d | e: a new dict, e's values winning; d |= e updates d */
        ev_value r = inplace ? ev_dup(a) : ev_dict_new(I);
        if (EV_IS_ERR(r))
            return r;
        for (int k = inplace ? 1 : 0; k < 2; k++) {
            ev_dict *src = ev_as_dict(k == 0 ? a : b);
            if (ev_charge(I, (int64_t)(src->used / 16)))
                goto dict_fail;
            for (size_t i = 0; i < src->nentries; i++) {
                ev_dict_entry *e = &src->entries[i];
                if (!EV_IS_ERR(e->key) && ev_dict_set(I, ev_as_dict(r), e->key, e->value))
                    goto dict_fail;
            }
        }
        return r;
    dict_fail:
        ev_decref(I, r);
        return EV_ERR;
    }
    if (op == EV_OP_OR && inplace && ev_is(a, EV_O_DICT)) {
        /* d |= other: dict.__ior__ is dict.update (pairs, keys() objects), an override not consulted */
        ev_str *un = ev_intern(I, "update", 6);
        const ev_builtin_def *upd = un ? ev_builtin_method(&ev_type_dict, un) : NULL;
        ev_value r = upd ? ev_call_method_def(I, upd, a, 1, &b, NULL) : EV_ERR;
        if (EV_IS_ERR(r))
            return r;
        ev_decref(I, r);
        return ev_dup(a);
    }
    if (ai && b.tag == EV_T_OBJ && op == EV_OP_MUL) {
        ev_kind k = b.u.o->kind;
        if (k == EV_O_STR || k == EV_O_LIST || k == EV_O_TUPLE)
            return binary(I, op, b, a, inplace);
    }
    return unsupported_operands(I, op, a, b, inplace);
}

ev_value ev_binary(ev_interp *I, ev_binop op, ev_value a, ev_value b)
{
    return binary(I, op, a, b, false);
}

ev_value ev_inplace(ev_interp *I, ev_binop op, ev_value a, ev_value b)
{
    if (ev_is_user(a)) {
        ev_value r;
        int got = ev_user_binary(I, op, a, b, true, &r);
        if (got)
            return got < 0 ? EV_ERR : r;
    }
    /* list += iterable extends in place */
    if (op == EV_OP_ADD && ev_is(a, EV_O_LIST))
        return ev_list_extend(I, ev_as_list(a), b) ? EV_ERR : ev_dup(a);
    if (op == EV_OP_MUL && ev_is(a, EV_O_LIST) && ev_is_int(b)) {
        ev_value r = binary(I, op, a, b, true);
        if (EV_IS_ERR(r))
            return r;
        /* list *= n mutates the list: move the new items into it */
        ev_list *l = ev_as_list(a), *n = ev_as_list(r);
        ev_value *old = l->items;
        size_t oldlen = l->len;
        l->items = n->items;
        l->len = n->len;
        l->cap = n->cap;
        n->items = old;
        n->len = oldlen;
        ev_decref(I, r);
        return ev_dup(a);
    }
    /* set |= &= -= ^= a set mutates it; a frozenset gets a new one */
    if (ev_is(a, EV_O_SET) && ev_is_anyset(b) &&
        (op == EV_OP_OR || op == EV_OP_AND || op == EV_OP_SUB || op == EV_OP_XOR))
        return ev_set_inplace(I, op, a, b);
    return binary(I, op, a, b, true);
}

ev_value ev_negate(ev_interp *I, ev_value a)
{
    if (ev_is_user(a)) {
        ev_value r;
        int got = ev_user_unary(I, EV_DN_NEG, a, &r);
        if (got)
            return got < 0 ? EV_ERR : r;
    }
    if ((a.tag == EV_T_INT || a.tag == EV_T_BOOL) && a.u.i != INT64_MIN)
        return ev_int(-a.u.i);
    if (a.tag == EV_T_FLOAT)
        return ev_float(-a.u.f);
    if (ev_is_int(a)) {
        mpz_t z;
        mpz_init(z);
        ev_int_to_mpz(a, z);
        mpz_neg(z, z);
        ev_value r = ev_int_from_mpz(I, z);
        mpz_clear(z);
        return r;
    }
    ev_value coll;
    if (ev_complex_unary(I, a, '-', &coll))
        return coll;
    if (ev_dt_unary(I, a, '-', &coll))
        return coll;
    if (ev_coll_unary(I, a, true, &coll))
        return coll;
    return ev_raise(I, &ev_type_TypeError, "bad operand type for unary -: '%s'", ev_type_name(a));
}

ev_value ev_positive(ev_interp *I, ev_value a)
{
    if (ev_is_user(a)) {
        ev_value r;
        int got = ev_user_unary(I, EV_DN_POS, a, &r);
        if (got)
            return got < 0 ? EV_ERR : r;
    }
    if (a.tag == EV_T_BOOL)
        return ev_int(a.u.i);
    if (ev_is_subint(a))
        return ev_int_unbox(I, a); /* int.__pos__ gives an exact int */
    if (ev_is_int(a) || a.tag == EV_T_FLOAT)
        return ev_dup(a);
    ev_value coll;
    if (ev_complex_unary(I, a, '+', &coll))
        return coll;
    if (ev_dt_unary(I, a, '+', &coll))
        return coll;
    if (ev_coll_unary(I, a, false, &coll))
        return coll;
    return ev_raise(I, &ev_type_TypeError, "bad operand type for unary +: '%s'", ev_type_name(a));
}

ev_value ev_invert(ev_interp *I, ev_value a)
{
    if (ev_is_user(a)) {
        ev_value r;
        int got = ev_user_unary(I, EV_DN_INVERT, a, &r);
        if (got)
            return got < 0 ? EV_ERR : r;
    }
    if (a.tag == EV_T_INT || a.tag == EV_T_BOOL)
        return ev_int(~a.u.i);
    if (ev_is_int(a)) {
        mpz_t z;
        mpz_init(z);
        ev_int_to_mpz(a, z);
        mpz_com(z, z);
        ev_value r = ev_int_from_mpz(I, z);
        mpz_clear(z);
        return r;
    }
    return ev_raise(I, &ev_type_TypeError, "bad operand type for unary ~: '%s'", ev_type_name(a));
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

/* ---- methods of int and float --------------------------------------------------------------- */

static ev_value im_bit_length(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv;
    if (self.tag != EV_T_OBJ) {
        uint64_t a = self.u.i < 0 ? -(uint64_t)self.u.i : (uint64_t)self.u.i;
        return ev_int(a ? 64 - __builtin_clzll(a) : 0);
    }
    (void)I;
    return ev_int((int64_t)mpz_sizeinbase(*big(self), 2));
}

static ev_value im_bit_count(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)I;
    if (self.tag != EV_T_OBJ) {
        uint64_t a = self.u.i < 0 ? -(uint64_t)self.u.i : (uint64_t)self.u.i;
        return ev_int(__builtin_popcountll(a));
    }
    mpz_t a;
    mpz_init(a);
    mpz_abs(a, *big(self));
    ev_value r = ev_int((int64_t)mpz_popcount(a));
    mpz_clear(a);
    return r;
}

static ev_value nm_conjugate(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv;
    return ev_positive(I, self);
}

static ev_value fm_is_integer(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)I;
    return ev_bool(isfinite(self.u.f) && floor(self.u.f) == self.u.f);
}

/* x == n / d exactly, d a power of two, lowest terms (CPython's algorithm) */
static ev_value fm_as_integer_ratio(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv;
    double x = self.u.f;
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

const ev_builtin_def ev_int_methods[] = {
    {"bit_length", im_bit_length, 0, 0, 0},
    {"bit_count", im_bit_count, 0, 0, 0},
    {"conjugate", ev_int_m_self, 0, 0, 0},
    {"as_integer_ratio", ev_int_m_as_integer_ratio, 0, 0, 0},
    {"to_bytes", ev_int_m_to_bytes, 0, 2, 0, "length, byteorder, *, signed"},
    {"real", ev_int_m_self, 0, 0, EV_BF_PROP},
    {"numerator", ev_int_m_self, 0, 0, EV_BF_PROP},
    {"imag", ev_int_m_zero, 0, 0, EV_BF_PROP},
    {"denominator", ev_int_m_one, 0, 0, EV_BF_PROP},
    {NULL, NULL, 0, 0, 0},
};

const ev_builtin_def ev_int_type_methods[] = {
    {"from_bytes", ev_int_m_from_bytes, 1, 2, 0, "bytes, byteorder, *, signed"},
    {NULL, NULL, 0, 0, 0},
};

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
