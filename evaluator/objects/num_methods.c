/*
 * num_methods.c - the methods and number-protocol attributes of int and
 * float beyond the arithmetic in num.c: int.to_bytes/from_bytes,
 * as_integer_ratio, real/imag/numerator/denominator, float.hex/fromhex,
 * float.real/imag.  An int subclass instance answers with plain ints, as
 * CPython's int methods return exact ints.
 */
#include <float.h>
#include <math.h>
#include <string.h>
#include <strings.h>

#include "evaluator/ev.h"

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
static int byteorder_of(ev_interp *I, ev_value v)
{
    if (EV_IS_ERR(v))
        return 1;
    if (!ev_is(v, EV_O_STR)) {
        ev_raise(I, &ev_type_TypeError, "to_bytes() argument 'byteorder' must be str, not %s", ev_type_name(v));
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
    if (!EV_IS_ERR(argv[0]) && ev_index(I, argv[0], &len, NULL))
        return EV_ERR;
    if (len < 0)
        return ev_raise(I, &ev_type_ValueError, "length argument must be non-negative");
    int big = byteorder_of(I, argv[1]);
    if (big < 0)
        return EV_ERR;
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
    if ((uint64_t)len > ((uint64_t)1 << 40)) {
        ev_raise(I, &ev_type_OverflowError, "int too big to convert");
        goto out;
    }
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
    if (ev_is(src, EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "cannot convert 'str' object to bytes");
    int big = byteorder_of(I, argv[1]);
    if (big < 0)
        return EV_ERR;
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
    ev_value r = ev_int_from_mpz(I, z);
    mpz_clear(z);
    return r;
}

ev_value ev_float_m_real(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)I; (void)argc; (void)argv; (void)kw;
    return self;
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
    double x = self.u.f;
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
        return ev_float(neg ? -INFINITY : INFINITY);
    if (n == 3 && strncasecmp(p, "nan", 3) == 0)
        return ev_float(neg ? -NAN : NAN);
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
    return ev_float(neg ? -v : v);
}
