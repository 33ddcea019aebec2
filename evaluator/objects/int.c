/*
 * int.c - the int type (and bool, its subclass): small ints inline, big
 * ones in GMP (ev_int_from_mpz brings a result that fits back inline),
 * integer arithmetic with CPython's semantics (floor division and modulo
 * toward negative infinity, correctly rounded true division, hashes modulo
 * 2**61 - 1), the methods (bit_length, to_bytes, as_integer_ratio...) and
 * the constructors.  Before a GMP operation that can produce a huge number
 * the result's size is estimated and charged to the memory limit.  An int
 * subclass instance answers with plain ints, as CPython's methods do.
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "evaluator/ev.h"
#include "evaluator/numfmt.h"

static ev_value ctor_int(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
static ev_value ctor_bool(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);


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

int64_t ev_hash_int(ev_value v)
{
    return v.tag == EV_T_OBJ ? ev_int_hash(*big(v)) : ev_i64_hash(v.u.i);
}

ev_value ev_int_repr(ev_interp *I, ev_value v)
{
    if (v.tag != EV_T_OBJ) {
        char buf[24];
        uint64_t m = v.u.i < 0 ? 0 - (uint64_t)v.u.i : (uint64_t)v.u.i;
        size_t n = 0;
        do {
            buf[sizeof buf - 1 - n++] = (char)('0' + m % 10);
            m /= 10;
        } while (m);
        if (v.u.i < 0)
            buf[sizeof buf - 1 - n++] = '-';
        return ev_str_new(I, buf + sizeof buf - n, n);
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

ev_value ev_num_zero_div(ev_interp *I, ev_binop op)
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
            return ev_num_zero_div(I, EV_OP_TRUEDIV);
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
        res = ev_num_zero_div(I, EV_OP_TRUEDIV);
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

static ev_value int_pow(ev_interp *I, ev_value a, ev_value b)
{
    int bs = b.tag == EV_T_OBJ ? mpz_sgn(*big(b)) : (b.u.i > 0) - (b.u.i < 0);
    if (bs < 0) {
        double x, y;
        if (ev_int_value_to_double(I, a, &x) || ev_int_value_to_double(I, b, &y))
            return EV_ERR;
        return ev_float_pow(I, x, y);
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
    res = ev_big_pow(I, r, x, (uint64_t)b.u.i) ? EV_ERR : ev_int_from_mpz(I, r);
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
         * allocated (divmod_shift, then _PyLong_New): OverflowError when the
         * result's count of 30-bit digits passes MAX_LONG_DIGITS (the word
         * shift clipped to PY_SSIZE_T_MAX / 4), else MemoryError */
        const uint64_t max_digits = ((uint64_t)INT64_MAX - 24) / 4;
        mpz_t words, az;
        mpz_inits(words, az, NULL);
        unsigned long rem = mpz_fdiv_q_ui(words, *big(b), 30);
        ev_int_to_mpz(a, az);
        uint64_t olddigits = (mpz_sizeinbase(az, 2) + 29) / 30, w = max_digits + 1;
        if (mpz_cmp_ui(words, (unsigned long)(INT64_MAX / 4)) < 0)
            w = mpz_get_ui(words);
        else
            rem = 0; /* clipped */
        mpz_clears(words, az, NULL);
        uint64_t newsize = olddigits + w + (rem != 0);
        if (newsize > max_digits)
            return ev_raise(I, &ev_type_OverflowError, "too many digits in integer");
        return ev_raise_memory_error(I);
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

ev_value ev_int_binary(ev_interp *I, ev_binop op, ev_value a, ev_value b)
{
    if (a.tag != EV_T_OBJ && b.tag != EV_T_OBJ) {
        int64_t x = a.u.i, y = b.u.i, r;
        switch (op) {
        case EV_OP_ADD: if (!__builtin_add_overflow(x, y, &r)) return ev_int(r); break;
        case EV_OP_SUB: if (!__builtin_sub_overflow(x, y, &r)) return ev_int(r); break;
        case EV_OP_MUL: if (!__builtin_mul_overflow(x, y, &r)) return ev_int(r); break;
        case EV_OP_FLOORDIV:
            if (y == 0) return ev_num_zero_div(I, op);
            if (!(x == INT64_MIN && y == -1)) return ev_int(floordiv64(x, y));
            break;
        case EV_OP_MOD:
            if (y == 0) return ev_num_zero_div(I, op);
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
        if (ev_mem_reserve(I, work * 8) || ev_charge(I, (int64_t)(work * work / 4096)) ||
            ev_time_afford(I, ev_big_prod_seconds((double)mpz_size(x), (double)mpz_size(y)))) {
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
            res = ev_num_zero_div(I, op);
            goto done;
        }
        if (ev_charge(I, (int64_t)(work * work / 4096)) ||
            ev_time_afford(I, ev_big_div_seconds((double)mpz_size(x), (double)mpz_size(y))))
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

/* real / numerator / conjugate of an int: the plain int itself */
ev_value ev_int_m_self(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    if (self.tag == EV_T_BOOL)
        return ev_int(self.u.i);
    return ev_int_unbox(I, self);
}

ev_value ev_int_m_zero(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)I; (void)self; (void)argc; (void)argv; (void)kw;
    return ev_int(0);
}

ev_value ev_int_m_one(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)I; (void)self; (void)argc; (void)argv; (void)kw;
    return ev_int(1);
}

ev_value ev_int_m_as_integer_ratio(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value n = ev_int_m_self(I, self, argc, argv, kw);
    if (EV_IS_ERR(n))
        return n;
    ev_value t = ev_tuple_new(I, 2);
    if (EV_IS_ERR(t)) {
        ev_decref(I, n);
        return t;
    }
    ev_as_tuple(t)->items[0] = n;
    ev_as_tuple(t)->items[1] = ev_int(1);
    return t;
}

/* byteorder argument: 1 big, 0 little, -1 error raised */
static int byteorder_of(ev_interp *I, ev_value v, const char *fn)
{
    if (EV_IS_ERR(v))
        return 1;
    if (!ev_is(v, EV_O_STR)) {
        ev_raise(I, &ev_type_TypeError, "%s() argument 'byteorder' must be str, not %s", fn,
                 v.tag == EV_T_NONE ? "None" : ev_type_name(v));
        return -1;
    }
    if (strcmp(ev_as_str(v)->data, "big") == 0)
        return 1;
    if (strcmp(ev_as_str(v)->data, "little") == 0)
        return 0;
    ev_raise(I, &ev_type_ValueError, "byteorder must be either 'little' or 'big'");
    return -1;
}

/* int.to_bytes(length=1, byteorder='big', *, signed=False): two's
 * complement in exactly length bytes. */
ev_value ev_int_m_to_bytes(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)kw;
    int64_t len = 1;
    if (!EV_IS_ERR(argv[0]) && ev_is(argv[0], EV_O_INT) &&
        !mpz_fits_slong_p(((ev_bigint *)argv[0].u.o)->z)) /* a Py_ssize_t argument */
        return ev_raise(I, &ev_type_OverflowError, "Python int too large to convert to C ssize_t");
    if (!EV_IS_ERR(argv[0]) && ev_index(I, argv[0], &len, NULL))
        return EV_ERR;
    /* the byteorder is checked before the length's sign, as CPython */
    int big = byteorder_of(I, argv[1], "to_bytes");
    if (big < 0)
        return EV_ERR;
    if (len < 0)
        return ev_raise(I, &ev_type_ValueError, "length argument must be non-negative");
    int sgn = 0;
    if (!EV_IS_ERR(argv[2]) && (sgn = ev_truth(I, argv[2])) < 0)
        return EV_ERR;
    mpz_t z, lim;
    mpz_inits(z, lim, NULL);
    ev_int_to_mpz(self, z);
    ev_value r = EV_ERR;
    unsigned char *buf = NULL;
    if (mpz_sgn(z) < 0 && !sgn) {
        ev_raise(I, &ev_type_OverflowError, "can't convert negative int to unsigned");
        goto out;
    }
    /* CPython allocates the bytes before it converts */
    if (ev_mem_reserve_n(I, (uint64_t)len + 1, 1))
        goto out;
    /* in range: [0, 2**(8n)) unsigned, [-2**(8n-1), 2**(8n-1)) signed */
    bool fits;
    if (len == 0) {
        fits = mpz_sgn(z) == 0 || (sgn && mpz_cmp_si(z, -1) == 0); /* CPython gives b'' for -1 too */
    } else if (!sgn) {
        fits = mpz_sizeinbase(z, 2) <= (size_t)(8 * len);
    } else {
        mpz_set_ui(lim, 1);
        mpz_mul_2exp(lim, lim, (mp_bitcnt_t)(8 * len - 1));
        fits = mpz_cmp(z, lim) < 0;
        mpz_neg(lim, lim);
        fits = fits && mpz_cmp(z, lim) >= 0;
    }
    if (!fits) {
        ev_raise(I, &ev_type_OverflowError, "int too big to convert");
        goto out;
    }
    if (mpz_sgn(z) < 0) {
        mpz_set_ui(lim, 1);
        mpz_mul_2exp(lim, lim, (mp_bitcnt_t)(8 * len));
        mpz_add(z, z, lim);
    }
    buf = ev_alloc(I, (size_t)len + 1);
    if (!buf) {
        r = ev_raise_nomem(I);
        goto out;
    }
    memset(buf, 0, (size_t)len + 1);
    size_t count = 0;
    if (mpz_sgn(z) != 0) {
        size_t need = (mpz_sizeinbase(z, 2) + 7) / 8;
        mpz_export(buf + (size_t)len - need, &count, 1, 1, 1, 0, z);
    }
    if (!big)
        for (int64_t i = 0, j = len - 1; i < j; i++, j--) {
            unsigned char c = buf[i];
            buf[i] = buf[j];
            buf[j] = c;
        }
    r = ev_bytes_new(I, EV_O_BYTES, buf, (size_t)len);
out:
    if (buf)
        ev_dealloc(I, buf);
    mpz_clears(z, lim, NULL);
    return r;
}

/* int.from_bytes(bytes, byteorder='big', *, signed=False) */
ev_value ev_int_m_from_bytes(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)argc; (void)kw;
    ev_value src = argv[0];
    /* the byteorder is checked before the bytes are converted, as CPython */
    int big = byteorder_of(I, argv[1], "from_bytes");
    if (big < 0)
        return EV_ERR;
    if (ev_is(src, EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "cannot convert 'str' object to bytes");
    int sgn = 0;
    if (!EV_IS_ERR(argv[2]) && (sgn = ev_truth(I, argv[2])) < 0)
        return EV_ERR;
    ev_value b = ev_is_byteslike(src) ? ev_dup(src) : ev_call(I, ev_obj_val(&ev_type_bytes.h), 1, &src, 0, NULL, NULL);
    if (EV_IS_ERR(b))
        return b;
    ev_bytes *by = ev_as_bytes(b);
    mpz_t z;
    mpz_init(z);
    if (by->len)
        mpz_import(z, by->len, big ? 1 : -1, 1, 1, 0, by->data);
    if (sgn && by->len && (by->data[big ? 0 : by->len - 1] & 0x80)) {
        mpz_t lim;
        mpz_init_set_ui(lim, 1);
        mpz_mul_2exp(lim, lim, (mp_bitcnt_t)(8 * by->len));
        mpz_sub(z, z, lim);
        mpz_clear(lim);
    }
    ev_decref(I, b);
    if (ev_is(self, EV_O_TYPE) && (ev_type *)self.u.o == &ev_type_bool) {
        /* bool.from_bytes is int's, and cls(value) makes a bool */
        bool nz = mpz_sgn(z) != 0;
        mpz_clear(z);
        return ev_bool(nz);
    }
    ev_value r = ev_int_from_mpz(I, z);
    mpz_clear(z);
    return ev_alt_ctor_result(I, self, r);
}

static ev_value ctor_int(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    static const char *const allowed[] = {"base", NULL};
    if (argc + EV_KW_N(kw) > 2) /* counted before the keywords' names are checked */
        return ev_raise(I, &ev_type_TypeError, "int() takes at most 2 arguments (%d given)", argc + EV_KW_N(kw));
    if (ev_kwargs_check(I, kw, "int", allowed))
        return EV_ERR;
    ev_value basev = argc > 1 ? argv[1] : ev_kwarg(kw, "base");
    if (argc == 0)
        return EV_IS_ERR(basev) ? ev_int(0) : ev_raise(I, &ev_type_TypeError, "int() missing string argument");
    ev_value v = argv[0];
    if (!EV_IS_ERR(basev)) {
        /* CPython's order: the base (clamped when huge), then its range,
         * then the type of the value */
        int64_t base = 37;
        if (!(ev_is(basev, EV_O_INT) && !ev_is_subint(basev)) && ev_index(I, basev, &base, NULL))
            return EV_ERR;
        if (base != 0 && (base < 2 || base > 36))
            return ev_raise(I, &ev_type_ValueError, "int() base must be >= 2 and <= 36, or 0");
        if (!ev_is(v, EV_O_STR) && !ev_is_byteslike(v))
            return ev_raise(I, &ev_type_TypeError, "int() can't convert non-string with explicit base");
        basev = ev_int(base); /* the converted value: basev may be an object with __index__ */
        goto parse;
    }
    if (v.tag == EV_T_BOOL)
        return ev_int(v.u.i);
    if (ev_is_subint(v)) { /* its own __int__, else the plain value */
        ev_value r;
        int got = ev_user_number(I, v, 'i', &r);
        if (got)
            return got < 0 ? EV_ERR : r;
        return ev_int_unbox(I, v);
    }
    if (ev_is_int(v))
        return ev_dup(v);
    if (ev_is_subfloat(v) && !ev_user_has_special(I, v, "__int__"))
        v = ev_float_unbox(v); /* float.__int__: the value truncated */
    if (v.tag == EV_T_FLOAT) {
        double d = v.u.f;
        if (isnan(d))
            return ev_raise(I, &ev_type_ValueError, "cannot convert float NaN to integer");
        if (isinf(d))
            return ev_raise(I, &ev_type_OverflowError, "cannot convert float infinity to integer");
        double t = trunc(d);
        if (fabs(t) < 9.2e18)
            return ev_int((int64_t)t);
        mpz_t z;
        mpz_init_set_d(z, t);
        ev_value r = ev_int_from_mpz(I, z);
        mpz_clear(z);
        return r;
    }
    if (ev_is_user(v)) {
        ev_value r;
        int got = ev_user_number(I, v, 'i', &r);
        if (got)
            return got < 0 ? EV_ERR : r;
    }
    if (!ev_is(v, EV_O_STR) && !ev_is_byteslike(v))
        return ev_raise(I, &ev_type_TypeError,
                        "int() argument must be a string, a bytes-like object or a real number, not '%s'",
                        ev_type_name(v));
    basev = ev_int(10);
parse: {
    int64_t base = basev.u.i;
    const char *data;
    size_t len;
    bool bytes_ok = true;
    if (ev_is(v, EV_O_STR)) {
        data = ev_as_str(v)->data;
        len = ev_as_str(v)->len;
    } else { /* bytes: ASCII digits only (no UTF-8 reading of its bytes) */
        data = (const char *)ev_as_bytes(v)->data;
        len = ev_as_bytes(v)->len;
        for (size_t i = 0; i < len; i++)
            bytes_ok = bytes_ok && (unsigned char)data[i] < 0x80 && data[i] != '\0';
    }
    mpz_t z;
    mpz_init(z);
    char err[EV_NF_ERRLEN];
    if (ev_charge(I, (int64_t)(len / 64))) {
        mpz_clear(z);
        return EV_ERR;
    }
    ev_nf_status st = bytes_ok ? ev_parse_int(data ? data : "", len, (int)base, z, err) : EV_NF_INVALID;
    ev_value r;
    if (st == EV_NF_OK) {
        r = ev_int_from_mpz(I, z);
    } else if (st == EV_NF_VALUE_ERROR) {
        r = ev_raise(I, &ev_type_ValueError, "%s", err);
    } else {
        ev_value rep = ev_repr(I, v);
        if (EV_IS_ERR(rep)) {
            mpz_clear(z);
            return rep;
        }
        r = ev_raise(I, &ev_type_ValueError, "invalid literal for int() with base %lld: %.200s",
                     (long long)base, ev_as_str(rep)->data);
        ev_decref(I, rep);
    }
    mpz_clear(z);
    return r;
}
}

static ev_value ctor_bool(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    if (argc == 0)
        return EV_FALSE;
    int t = ev_truth(I, argv[0]);
    return t < 0 ? EV_ERR : ev_bool(t);
}

/* max_args -1: ctor_int counts positionals and keywords together, with
 * int()'s own "takes at most 2 arguments" wording */
ev_type ev_type_int = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC}, .name = "int",
    .base = NULL, .call = ctor_int, .methods = ev_int_methods, .min_args = 0, .max_args = -1,
    .kwflags = EV_BF_KWANY, .type_methods = ev_int_type_methods};
ev_type ev_type_bool = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC}, .name = "bool",
    .base = &ev_type_int, .call = ctor_bool, .methods = NULL, .min_args = 0, .max_args = 1};

/* ---- the kind table's row (ev_obj.h) ---------------------------------------------------- */

static void int_free(ev_interp *I, ev_obj *o)
{
    (void)I;
    mpz_clear(((ev_bigint *)o)->z);
}

static bool int_truth(ev_value v) { return mpz_sgn(((ev_bigint *)v.u.o)->z) != 0; }

static int int_hash(ev_interp *I, ev_value v, int64_t *out)
{
    (void)I;
    *out = ev_hash_int(v);
    return 0;
}

const ev_kind_ops ev_int_ops = {
    .name = "int",
    .free = int_free,
    .repr = ev_int_repr,
    .truth = int_truth,
    .hash = int_hash,
};
