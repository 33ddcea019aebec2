/*
 * complex.c - complex numbers as CPython 3.11's Objects/complexobject.c:
 * the constructor (numbers, strings, __complex__), arithmetic with ints and
 * floats mixed in (Smith's division, the integer-power fast path and its
 * errno-driven errors), ==, hash, repr and __format__.
 *
 * A complex is an immutable heap object of two doubles; an int or float
 * operand is widened to (x, 0.0) before the operation, as CPython's
 * TO_COMPLEX does, so signed zeros and infinities come out as there.
 */
#include <errno.h>
#include <math.h>
#include <string.h>

#include "evaluator/ev.h"
#include "evaluator/numfmt.h"

typedef struct cplx { double re, im; } cplx;

ev_value ev_complex_new(ev_interp *I, double re, double im)
{
    ev_complex *c = ev_alloc(I, sizeof *c);
    if (!c)
        return ev_raise_nomem(I);
    memset(c, 0, sizeof *c);
    c->h.refcnt = 1;
    c->h.kind = EV_O_COMPLEX;
    c->re = re;
    c->im = im;
    return ev_obj_val(&c->h);
}

static cplx value_of(ev_value v)
{
    ev_complex *c = (ev_complex *)v.u.o;
    return (cplx){c->re, c->im};
}

/* An int, float or complex operand as a complex: 1, 0 when v is none of
 * them (the operation is then unsupported), -1 with an error (an int too
 * large for a double). */
static int to_cplx(ev_interp *I, ev_value v, cplx *out)
{
    if (ev_is(v, EV_O_COMPLEX)) {
        *out = value_of(v);
        return 1;
    }
    if (ev_is_floatish(v)) {
        *out = (cplx){ev_is_subfloat(v) ? ev_float_unbox(v).u.f : v.u.f, 0.0};
        return 1;
    }
    if (ev_is_int(v)) {
        out->im = 0.0;
        return ev_int_value_to_double(I, v, &out->re) ? -1 : 1;
    }
    return 0;
}

/* ---- arithmetic (_Py_c_sum ... _Py_c_pow) ------------------------------------------------- */

static cplx c_prod(cplx a, cplx b)
{
    return (cplx){a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
}

/* Smith's algorithm, which avoids needless overflow; errno EDOM on a zero
 * divisor. */
static cplx c_quot(cplx a, cplx b)
{
    double abs_br = fabs(b.re), abs_bi = fabs(b.im);
    if (abs_br >= abs_bi) {
        if (abs_br == 0.0) {
            errno = EDOM;
            return (cplx){0.0, 0.0};
        }
        double ratio = b.im / b.re, denom = b.re + b.im * ratio;
        return (cplx){(a.re + a.im * ratio) / denom, (a.im - a.re * ratio) / denom};
    }
    if (abs_bi >= abs_br) {
        double ratio = b.re / b.im, denom = b.re * ratio + b.im;
        return (cplx){(a.re * ratio + a.im) / denom, (a.im * ratio - a.re) / denom};
    }
    return (cplx){NAN, NAN}; /* a NaN in the divisor */
}

static cplx c_pow(cplx a, cplx b)
{
    if (b.re == 0.0 && b.im == 0.0)
        return (cplx){1.0, 0.0};
    if (a.re == 0.0 && a.im == 0.0) {
        if (b.im != 0.0 || b.re < 0.0)
            errno = EDOM;
        return (cplx){0.0, 0.0};
    }
    double vabs = hypot(a.re, a.im), len = pow(vabs, b.re), at = atan2(a.im, a.re), phase = at * b.re;
    if (b.im != 0.0) {
        len /= exp(at * b.im);
        phase += b.im * log(vabs);
    }
    return (cplx){len * cos(phase), len * sin(phase)};
}

static cplx c_powu(cplx x, long n)
{
    cplx r = {1.0, 0.0}, p = x;
    for (long mask = 1; mask > 0 && n >= mask; mask <<= 1) {
        if (n & mask)
            r = c_prod(r, p);
        p = c_prod(p, p);
    }
    return r;
}

/* small integral exponents by repeated squaring: faster and more exact */
static cplx c_powi(cplx x, long n)
{
    if (n > 100 || n < -100)
        return c_pow(x, (cplx){(double)n, 0.0});
    if (n > 0)
        return c_powu(x, n);
    return c_quot((cplx){1.0, 0.0}, c_powu(x, -n));
}

static ev_value complex_pow(ev_interp *I, cplx a, cplx b)
{
    errno = 0;
    cplx p;
    if (b.im == 0.0 && b.re == floor(b.re) && fabs(b.re) <= 1e9)
        p = c_powi(a, (long)b.re);
    else
        p = c_pow(a, b);
    /* _Py_ADJUST_ERANGE2: an infinite part is an overflow, a libm ERANGE
     * that left finite parts (an underflow) is not */
    if (isinf(p.re) || isinf(p.im)) {
        if (errno == 0)
            errno = ERANGE;
    } else if (errno == ERANGE) {
        errno = 0;
    }
    if (errno == EDOM)
        return ev_raise(I, &ev_type_ZeroDivisionError, "0.0 to a negative or complex power");
    if (errno == ERANGE)
        return ev_raise(I, &ev_type_OverflowError, "complex exponentiation");
    return ev_complex_new(I, p.re, p.im);
}

/* x ** y for a negative float x and a non-integral y: CPython's float_pow
 * hands it to complex. */
ev_value ev_complex_float_pow(ev_interp *I, double x, double y)
{
    return complex_pow(I, (cplx){x, 0.0}, (cplx){y, 0.0});
}

int ev_complex_binary(ev_interp *I, ev_binop op, ev_value a, ev_value b, ev_value *out)
{
    if (op != EV_OP_ADD && op != EV_OP_SUB && op != EV_OP_MUL && op != EV_OP_TRUEDIV && op != EV_OP_POW)
        return 0;
    cplx x, y;
    int got = to_cplx(I, a, &x);
    if (got > 0)
        got = to_cplx(I, b, &y);
    if (got <= 0) {
        *out = EV_ERR;
        return got < 0 ? 1 : 0;
    }
    switch (op) {
    case EV_OP_ADD: *out = ev_complex_new(I, x.re + y.re, x.im + y.im); break;
    case EV_OP_SUB: *out = ev_complex_new(I, x.re - y.re, x.im - y.im); break;
    case EV_OP_MUL: {
        cplx p = c_prod(x, y);
        *out = ev_complex_new(I, p.re, p.im);
        break;
    }
    case EV_OP_TRUEDIV: {
        errno = 0;
        cplx q = c_quot(x, y);
        *out = errno == EDOM ? ev_raise(I, &ev_type_ZeroDivisionError, "complex division by zero")
                             : ev_complex_new(I, q.re, q.im);
        break;
    }
    default: *out = complex_pow(I, x, y); break;
    }
    return 1;
}

int ev_complex_unary(ev_interp *I, ev_value v, char op, ev_value *out)
{
    if (!ev_is(v, EV_O_COMPLEX))
        return 0;
    cplx c = value_of(v);
    if (op == '-') {
        *out = ev_complex_new(I, -c.re, -c.im);
    } else if (op == '+') {
        *out = ev_complex_new(I, c.re, c.im);
    } else { /* abs(): _Py_c_abs */
        double r;
        if (!isfinite(c.re) || !isfinite(c.im)) {
            r = isinf(c.re) || isinf(c.im) ? INFINITY : NAN;
            *out = ev_float(r);
            return 1;
        }
        r = hypot(c.re, c.im);
        *out = isinf(r) ? ev_raise(I, &ev_type_OverflowError, "absolute value too large") : ev_float(r);
    }
    return 1;
}

/* a == b with a complex on either side: 1/0, -1 error, -2 when the other
 * side is no number (then they differ, by identity) */
int ev_complex_eq(ev_interp *I, ev_value a, ev_value b)
{
    if (!ev_is(a, EV_O_COMPLEX)) {
        ev_value t = a;
        a = b;
        b = t;
    }
    cplx x = value_of(a);
    if (ev_is(b, EV_O_COMPLEX)) {
        cplx y = value_of(b);
        return x.re == y.re && x.im == y.im;
    }
    if (ev_is_subfloat(b))
        b = ev_float_unbox(b);
    if (b.tag == EV_T_FLOAT)
        return x.re == b.u.f && x.im == 0.0;
    if (ev_is_int(b)) {
        if (x.im != 0.0)
            return 0;
        int cmp; /* exact, as float == int */
        if (ev_num_compare(I, ev_float(x.re), b, &cmp))
            return -1;
        return cmp == 0;
    }
    return -2;
}

static int64_t part_hash(ev_value self, double d)
{
    if (isnan(d)) { /* _Py_HashDouble: a NaN hashes by the object's identity */
        uintptr_t p = (uintptr_t)self.u.o;
        return (int64_t)((p >> 4) | (p << (8 * sizeof p - 4)));
    }
    return ev_float_hash(d);
}

int64_t ev_complex_hash(ev_value v)
{
    cplx c = value_of(v);
    uint64_t h = (uint64_t)part_hash(v, c.re) + 1000003u * (uint64_t)part_hash(v, c.im);
    return h == UINT64_MAX ? -2 : (int64_t)h;
}

/* ---- text ----------------------------------------------------------------------------------- */

/* repr() digits of d without the ".0" float's repr adds (the 'r' format
 * without Py_DTSF_ADD_DOT_0), with a sign in front when asked. */
static size_t part_repr(double d, bool sign, char out[40])
{
    char b[32];
    size_t n = ev_float_repr(d, b);
    if (n >= 2 && b[n - 2] == '.' && b[n - 1] == '0')
        n -= 2;
    size_t k = 0;
    if (sign && b[0] != '-')
        out[k++] = '+';
    memcpy(out + k, b, n);
    out[k + n] = '\0';
    return k + n;
}

ev_value ev_complex_repr(ev_interp *I, ev_value v)
{
    cplx c = value_of(v);
    char re[40], im[40], buf[96];
    part_repr(c.im, false, im);
    if (c.re == 0.0 && !signbit(c.re)) { /* +0 real part: just the imaginary part */
        snprintf(buf, sizeof buf, "%sj", im);
    } else {
        part_repr(c.re, false, re);
        part_repr(c.im, true, im);
        snprintf(buf, sizeof buf, "(%s%sj)", re, im);
    }
    return ev_str_from_cstr(I, buf);
}

static ev_nf_status put_fill(ev_sbuf *out, uint32_t cp, int64_t n)
{
    char u[4];
    size_t k;
    if (cp < 0x80) {
        u[0] = (char)cp;
        k = 1;
    } else if (cp < 0x800) {
        u[0] = (char)(0xC0 | (cp >> 6));
        u[1] = (char)(0x80 | (cp & 0x3F));
        k = 2;
    } else if (cp < 0x10000) {
        u[0] = (char)(0xE0 | (cp >> 12));
        u[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        u[2] = (char)(0x80 | (cp & 0x3F));
        k = 3;
    } else {
        u[0] = (char)(0xF0 | (cp >> 18));
        u[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
        u[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
        u[3] = (char)(0x80 | (cp & 0x3F));
        k = 4;
    }
    for (int64_t i = 0; i < n; i++) {
        ev_nf_status st = ev_sbuf_append(out, u, k);
        if (st)
            return st;
    }
    return EV_NF_OK;
}

/* One part formatted alone (no width): in repr mode the digits lose the
 * ".0" float's format adds (only the "0" with '#', which keeps the point). */
static ev_nf_status format_part(double d, const ev_fmtspec *f, bool repr_mode, ev_sbuf *out, char *err)
{
    size_t before = out->len;
    ev_nf_status st = ev_format_float(d, f, "complex", out, err);
    if (st || !repr_mode)
        return st;
    size_t n = out->len - before;
    const char *p = out->data + before;
    if (n >= 2 && p[n - 2] == '.' && p[n - 1] == '0')
        out->len -= f->alternate ? 1 : 2;
    return EV_NF_OK;
}

/* format(z, spec): CPython's format_complex_internal. */
static ev_nf_status format_complex(cplx c, const ev_fmtspec *f, ev_sbuf *out, char *err)
{
    if (f->fill == '0') {
        snprintf(err, EV_NF_ERRLEN, "Zero padding is not allowed in complex format specifier");
        return EV_NF_VALUE_ERROR;
    }
    if (f->align == '=') {
        snprintf(err, EV_NF_ERRLEN, "'=' alignment flag is not allowed in complex format specifier");
        return EV_NF_VALUE_ERROR;
    }
    ev_fmtspec p = *f;
    bool skip_re = false, parens = false, repr_mode = false;
    switch (f->type) {
    case 0:
        /* like str(z), or 'g' when a precision is given */
        if (c.re == 0.0 && !signbit(c.re))
            skip_re = true;
        else
            parens = true;
        if (f->precision < 0)
            repr_mode = true;
        else
            p.type = 'g';
        break;
    case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case 'n':
        break;
    default: {
        char q[8] = {0};
        if (f->type < 0x80)
            q[0] = (char)f->type;
        else
            snprintf(q, sizeof q, "\\x%x", (unsigned)f->type & 0xff);
        snprintf(err, EV_NF_ERRLEN, "Unknown format code '%s' for object of type 'complex'", q);
        return EV_NF_VALUE_ERROR;
    }
    }
    if (!repr_mode && f->type != 0 && f->precision < 0)
        p.precision = 6;
    p.empty = false;
    p.fill = ' ';
    p.align = '<';
    p.width = -1;
    ev_sbuf body;
    ev_sbuf_init(&body, out->max);
    ev_nf_status st = EV_NF_OK;
    if (parens)
        st = ev_sbuf_append(&body, "(", 1);
    if (!st && !skip_re)
        st = format_part(c.re, &p, repr_mode, &body, err);
    if (!st) {
        if (!skip_re)
            p.sign = '+';
        st = format_part(c.im, &p, repr_mode, &body, err);
    }
    if (!st)
        st = ev_sbuf_append(&body, parens ? "j)" : "j", parens ? 2 : 1);
    if (!st) {
        /* code points, for the padding */
        int64_t n = 0;
        for (size_t i = 0; i < body.len; i++)
            n += ((unsigned char)body.data[i] & 0xC0) != 0x80;
        int64_t pad = f->width > n ? f->width - n : 0, left = 0;
        if (f->align == '>')
            left = pad;
        else if (f->align == '^')
            left = pad / 2;
        st = put_fill(out, f->fill, left);
        if (!st)
            st = ev_sbuf_append(out, body.data, body.len);
        if (!st)
            st = put_fill(out, f->fill, pad - left);
    }
    ev_sbuf_free(&body);
    return st;
}

ev_value ev_complex_format(ev_interp *I, ev_value v, ev_str *spec)
{
    if (spec->len == 0)
        return ev_complex_repr(I, v);
    ev_fmtspec fs;
    char err[EV_NF_ERRLEN];
    ev_nf_status st = ev_fmtspec_parse(spec->data, spec->len, EV_NF_KIND_FLOAT, "complex", &fs, err);
    ev_sbuf sb;
    ev_sbuf_init(&sb, I->mem_max > I->mem_used ? (I->mem_max - I->mem_used) / 2 : 0);
    if (st == EV_NF_OK)
        st = format_complex(value_of(v), &fs, &sb, err);
    return ev_nf_finish(I, st, err, &sb);
}

/* ---- complex(str): complex_from_string_inner ------------------------------------------------ */

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static bool ieq(const char *s, const char *end, const char *word)
{
    size_t n = strlen(word);
    if ((size_t)(end - s) < n)
        return false;
    for (size_t i = 0; i < n; i++)
        if ((s[i] | 0x20) != word[i])
            return false;
    return true;
}

/* The longest float literal at s (PyOS_string_to_double with an end
 * pointer): its length, 0 when there is none. */
static size_t float_prefix(const char *s, const char *end, double *out)
{
    const char *p = s;
    if (p < end && (*p == '+' || *p == '-'))
        p++;
    const char *digits = p;
    if (ieq(p, end, "infinity"))
        p += 8;
    else if (ieq(p, end, "inf") || ieq(p, end, "nan"))
        p += 3;
    else {
        size_t nd = 0;
        while (p < end && *p >= '0' && *p <= '9')
            p++, nd++;
        if (p < end && *p == '.') {
            p++;
            while (p < end && *p >= '0' && *p <= '9')
                p++, nd++;
        }
        if (nd == 0)
            return 0;
        if (p < end && (*p == 'e' || *p == 'E')) {
            const char *q = p + 1;
            if (q < end && (*q == '+' || *q == '-'))
                q++;
            if (q < end && *q >= '0' && *q <= '9') {
                while (q < end && *q >= '0' && *q <= '9')
                    q++;
                p = q;
            }
        }
    }
    if (p == digits || ev_parse_float(s, (size_t)(p - s), out) != EV_NF_OK)
        return 0;
    return (size_t)(p - s);
}

static int parse_complex(const char *s, const char *end, cplx *out)
{
    double x = 0.0, y = 0.0, z;
    bool bracket = false;
    while (s < end && is_space(*s))
        s++;
    if (s < end && *s == '(') {
        bracket = true;
        s++;
        while (s < end && is_space(*s))
            s++;
    }
    size_t n = float_prefix(s, end, &z);
    if (n) {
        s += n;
        if (s < end && (*s == '+' || *s == '-')) {
            x = z;
            size_t m = float_prefix(s, end, &y);
            if (m) {
                s += m;
            } else {
                y = *s == '+' ? 1.0 : -1.0;
                s++;
            }
            if (s == end || (*s != 'j' && *s != 'J'))
                return -1;
            s++;
        } else if (s < end && (*s == 'j' || *s == 'J')) {
            s++;
            y = z;
        } else {
            x = z;
        }
    } else {
        if (s < end && (*s == '+' || *s == '-')) {
            y = *s == '+' ? 1.0 : -1.0;
            s++;
        } else {
            y = 1.0;
        }
        if (s == end || (*s != 'j' && *s != 'J'))
            return -1;
        s++;
    }
    while (s < end && is_space(*s))
        s++;
    if (bracket) {
        if (s == end || *s != ')')
            return -1;
        s++;
        while (s < end && is_space(*s))
            s++;
    }
    if (s != end)
        return -1;
    *out = (cplx){x, y};
    return 0;
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

static ev_value from_string(ev_interp *I, ev_str *str)
{
    const char *s = str->data;
    size_t len = str->len;
    if (memchr(s, '\0', len) || !str->ascii)
        goto malformed;
    char *clean = NULL;
    if (memchr(s, '_', len)) {
        /* _Py_string_to_number_with_underscores: only between digits */
        clean = ev_alloc(I, len + 1);
        if (!clean)
            return ev_raise_nomem(I);
        size_t k = 0;
        for (size_t i = 0; i < len; i++) {
            if (s[i] == '_') {
                if (i == 0 || i + 1 == len || !is_digit(s[i - 1]) || !is_digit(s[i + 1])) {
                    ev_dealloc(I, clean);
                    ev_value rep = ev_repr(I, ev_obj_val(&str->h));
                    if (EV_IS_ERR(rep))
                        return rep;
                    ev_raise(I, &ev_type_ValueError, "could not convert string to complex: %s",
                             ev_as_str(rep)->data);
                    ev_decref(I, rep);
                    return EV_ERR;
                }
                continue;
            }
            clean[k++] = s[i];
        }
        s = clean;
        len = k;
    }
    cplx c;
    int bad = parse_complex(s, s + len, &c);
    ev_dealloc(I, clean);
    if (!bad)
        return ev_complex_new(I, c.re, c.im);
malformed:
    return ev_raise(I, &ev_type_ValueError, "complex() arg is a malformed string");
}

/* ---- the type ------------------------------------------------------------------------------- */

/* A user object's __complex__, else its __float__ or __index__: 1 with
 * *out, 0 when it has none, -1 error. */
static int user_complex(ev_interp *I, ev_value v, cplx *out, bool *is_complex)
{
    ev_value r;
    int got = ev_dunder(I, v, EV_DN_COMPLEX, 0, NULL, &r);
    if (got < 0)
        return -1;
    if (got) {
        if (!ev_is(r, EV_O_COMPLEX)) {
            ev_raise(I, &ev_type_TypeError, "__complex__ returned non-complex (type %s)", ev_type_name(r));
            ev_decref(I, r);
            return -1;
        }
        *out = value_of(r);
        *is_complex = true;
        ev_decref(I, r);
        return 1;
    }
    got = ev_user_number(I, v, 'f', &r);
    if (got <= 0)
        return got;
    *out = (cplx){r.u.f, 0.0};
    *is_complex = false;
    return 1;
}

/* One argument of complex(): a number as (re, im) and whether it was
 * complex; 0 when it is not a number. */
static int arg_value(ev_interp *I, ev_value v, cplx *out, bool *is_complex)
{
    *is_complex = ev_is(v, EV_O_COMPLEX);
    if (ev_is_user(v) && !ev_is_subint(v)) {
        int got = user_complex(I, v, out, is_complex);
        if (got != 0 || !(ev_is_subfloat(v) || ev_is(v, EV_O_COMPLEX)))
            return got;
        /* a float or complex subclass without the special methods: its value */
        *is_complex = ev_is(v, EV_O_COMPLEX);
        return to_cplx(I, v, out);
    }
    if (ev_is_subint(v)) {
        ev_value p = ev_int_unbox(I, v);
        if (EV_IS_ERR(p))
            return -1;
        int got = to_cplx(I, p, out);
        ev_decref(I, p);
        return got;
    }
    return to_cplx(I, v, out);
}

static ev_value ctor(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)kw;
    ev_value r = argc > 0 ? argv[0] : EV_ERR, i = argc > 1 ? argv[1] : EV_ERR;
    if (EV_IS_ERR(r) && EV_IS_ERR(i))
        return ev_complex_new(I, 0.0, 0.0);
    if (!EV_IS_ERR(r) && ev_is(r, EV_O_STR)) {
        if (!EV_IS_ERR(i))
            return ev_raise(I, &ev_type_TypeError, "complex() can't take second arg if first is a string");
        return from_string(I, ev_as_str(r));
    }
    if (!EV_IS_ERR(i) && ev_is(i, EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "complex() second arg can't be a string");
    if (!EV_IS_ERR(r) && EV_IS_ERR(i) && ev_is(r, EV_O_COMPLEX) && !ev_is_user(r))
        return ev_dup(r);
    cplx cr = {0.0, 0.0}, ci = {0.0, 0.0};
    bool cr_complex = false, ci_complex = false;
    if (!EV_IS_ERR(r)) {
        int got = arg_value(I, r, &cr, &cr_complex);
        if (got < 0)
            return EV_ERR;
        if (!got)
            return ev_raise(I, &ev_type_TypeError, "complex() first argument must be a string or a number, not '%s'",
                            ev_type_name(r));
    }
    if (!EV_IS_ERR(i)) {
        int got = arg_value(I, i, &ci, &ci_complex);
        if (got < 0)
            return EV_ERR;
        if (!got)
            return ev_raise(I, &ev_type_TypeError, "complex() second argument must be a number, not '%s'",
                            ev_type_name(i));
    }
    /* real + imag*1j, where either may itself be complex */
    double re = cr.re, im = EV_IS_ERR(i) ? cr.im : ci.re;
    if (ci_complex)
        re -= ci.im;
    if (cr_complex && !EV_IS_ERR(i))
        im += cr.im;
    return ev_complex_new(I, re, im);
}

static ev_value m_real(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_float(value_of(self).re);
}

static ev_value m_imag(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_float(value_of(self).im);
}

static ev_value m_conjugate(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    cplx c = value_of(self);
    return ev_complex_new(I, c.re, -c.im);
}

static ev_value m_complex(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (ev_is_user(self)) /* complex.__complex__ of a subclass: a plain complex */
        return ev_complex_new(I, value_of(self).re, value_of(self).im);
    return ev_dup(self);
}

static ev_value m_getnewargs(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    cplx c = value_of(self);
    ev_value t = ev_tuple_new(I, 2);
    if (EV_IS_ERR(t))
        return t;
    ev_as_tuple(t)->items[0] = ev_float(c.re);
    ev_as_tuple(t)->items[1] = ev_float(c.im);
    return t;
}

static const ev_builtin_def methods[] = {
    {"conjugate", m_conjugate, 0, 0, 0},
    {"__complex__", m_complex, 0, 0, 0},
    {"__getnewargs__", m_getnewargs, 0, 0, 0},
    {"real", m_real, 0, 0, EV_BF_PROP},
    {"imag", m_imag, 0, 0, EV_BF_PROP},
    {NULL, NULL, 0, 0, 0},
};

ev_type ev_type_complex = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC},
                           .name = "complex", .call = ctor, .methods = methods,
                           .min_args = 0, .max_args = 2, .params = "real, imag"};

/* ---- the kind table's row (ev_obj.h) ---------------------------------------------------- */

static bool complex_truth(ev_value v) { return ((ev_complex *)v.u.o)->re != 0.0 || ((ev_complex *)v.u.o)->im != 0.0; }

static int complex_hash(ev_interp *I, ev_value v, int64_t *out)
{
    (void)I;
    *out = ev_complex_hash(v);
    return 0;
}

const ev_kind_ops ev_complex_ops = {
    .name = "complex",
    .repr = ev_complex_repr,
    .truth = complex_truth,
    .hash = complex_hash,
};
