/*
 * decimal.c - the decimal module, CPython 3.11 semantics (its C _decimal,
 * Modules/_decimal/_decimal.c over libmpdec, whose results and messages
 * python3 shows): making a Decimal and converting it (from int, str,
 * float, tuple; to str/repr, int, float, complex, bool), its hash, and the
 * module itself.
 *
 * A Decimal is an EV_TYPE_CSLOTS instance whose slots hold its sign, its
 * coefficient (an int), its exponent and its kind (finite, infinity, NaN,
 * sNaN); its operators, methods and type object, and the Context methods
 * that mirror them, are decimal_methods.c's; the arithmetic is
 * decimal_arith.c's, on GMP, and the contexts and signals are
 * decimal_ctx.c's.
 */
#include <math.h>
#include <string.h>

#include "evaluator/modules/decimal_int.h"
#include "evaluator/modules/numbers.h"
#include "evaluator/numfmt.h"

enum { S_SIGN, S_COEF, S_EXP, S_KIND, S_N };

ev_value dcl_cnew(ev_interp *I, ev_type *t)
{
    ev_value o = ev_cinstance_new(I, t, S_N);
    if (!EV_IS_ERR(o)) {
        ev_cinstance *c = ev_as_cinstance(o);
        c->slots[S_SIGN] = ev_int(0);
        c->slots[S_COEF] = ev_int(0);
        c->slots[S_EXP] = ev_int(0);
        c->slots[S_KIND] = ev_int(0);
    }
    return o;
}

bool dec_is_decimal(ev_value v)
{
    return ev_is(v, EV_O_INSTANCE) && ev_type_is_subclass(ev_type_of(v), &dec_type_Decimal) &&
           ev_as_cinstance(v)->nslots >= S_N;
}

/* the dec of a Decimal (d initialised by the caller) */
void dec_get(ev_value v, dec *d)
{
    ev_cinstance *c = ev_as_cinstance(v);
    d->sign = (int)c->slots[S_SIGN].u.i;
    ev_int_to_mpz(c->slots[S_COEF], d->c);
    d->e = c->slots[S_EXP].u.i;
    d->special = (int)c->slots[S_KIND].u.i;
}

static int dec_store(ev_interp *I, ev_value o, const dec *d)
{
    ev_value co = ev_int_from_mpz(I, d->c);
    if (EV_IS_ERR(co))
        return -1;
    ev_cinstance *c = ev_as_cinstance(o);
    ev_value old = c->slots[S_COEF];
    c->slots[S_SIGN] = ev_int(d->sign);
    c->slots[S_COEF] = co;
    c->slots[S_EXP] = ev_int(d->e);
    c->slots[S_KIND] = ev_int(d->special);
    ev_decref(I, old);
    return 0;
}

ev_value dec_make(ev_interp *I, const dec *d)
{
    ev_value o = dcl_cnew(I, &dec_type_Decimal);
    if (EV_IS_ERR(o))
        return o;
    if (dec_store(I, o, d)) {
        ev_decref(I, o);
        return EV_ERR;
    }
    return o;
}

/* ---- conversions in --------------------------------------------------------------------------- */

void dec_from_int(ev_value v, dec *d)
{
    ev_int_to_mpz(v, d->c);
    d->sign = mpz_sgn(d->c) < 0;
    mpz_abs(d->c, d->c);
    d->e = 0;
    d->special = DEC_FINITE;
}

/* a float, exactly */
void dec_from_double(double f, dec *d)
{
    d->sign = signbit(f) ? 1 : 0;
    d->e = 0;
    mpz_set_ui(d->c, 0);
    if (isnan(f)) {
        d->special = DEC_NAN;
        d->sign = 0;
        return;
    }
    if (isinf(f)) {
        d->special = DEC_INF;
        return;
    }
    d->special = DEC_FINITE;
    int ex;
    double m = frexp(fabs(f), &ex);
    /* m * 2**ex with m in [0.5, 1): 53-bit integer mantissa */
    mpz_set_d(d->c, ldexp(m, 53));
    ex -= 53;
    if (mpz_sgn(d->c) == 0)
        return;
    while (ex < 0 && mpz_even_p(d->c)) {
        mpz_tdiv_q_2exp(d->c, d->c, 1);
        ex++;
    }
    if (ex >= 0) {
        mpz_mul_2exp(d->c, d->c, (mp_bitcnt_t)ex);
    } else {
        mpz_t p;
        mpz_init(p);
        mpz_ui_pow_ui(p, 5, (unsigned long)-ex);
        mpz_mul(d->c, d->c, p);
        mpz_clear(p);
        d->e = ex;
    }
}

static bool is_space(unsigned char c) { return ev_nf_isspace(c); }

/* The string syntax of the specification (leading/trailing whitespace and
 * underscores allowed, as _decimal): 0 parsed, 1 a syntax error. */
static int parse_str(ev_interp *I, const char *s, size_t n, dec *d, int *err)
{
    *err = 0;
    char *buf = ev_alloc(I, n + 1);
    if (!buf) {
        ev_raise_nomem(I);
        *err = 1;
        return 1;
    }
    size_t m = 0;
    size_t a = 0, b = n;
    while (a < b && is_space((unsigned char)s[a]))
        a++;
    while (b > a && is_space((unsigned char)s[b - 1]))
        b--;
    for (size_t i = a; i < b; i++)
        if (s[i] != '_')
            buf[m++] = s[i];
    buf[m] = 0;
    int rc = 1;
    const char *p = buf;
    d->sign = 0;
    d->e = 0;
    d->special = DEC_FINITE;
    mpz_set_ui(d->c, 0);
    if (*p == '+' || *p == '-')
        d->sign = *p++ == '-';
    if (strcasecmp(p, "inf") == 0 || strcasecmp(p, "infinity") == 0) {
        d->special = DEC_INF;
        rc = 0;
        goto out;
    }
    if (strncasecmp(p, "nan", 3) == 0 || strncasecmp(p, "snan", 4) == 0) {
        d->special = (p[0] == 's' || p[0] == 'S') ? DEC_SNAN : DEC_NAN;
        p += d->special == DEC_SNAN ? 4 : 3;
        for (const char *q = p; *q; q++)
            if (*q < '0' || *q > '9')
                goto out;
        while (*p == '0')
            p++;
        if (*p && mpz_set_str(d->c, p, 10))
            goto out;
        rc = 0;
        goto out;
    }
    {
        const char *ip = p;
        size_t ni = 0, nf = 0;
        while (p[ni] >= '0' && p[ni] <= '9')
            ni++;
        const char *fp = p + ni;
        if (*fp == '.') {
            fp++;
            while (fp[nf] >= '0' && fp[nf] <= '9')
                nf++;
        }
        if (ni + nf == 0)
            goto out;
        const char *q = *(p + ni) == '.' ? fp + nf : p + ni;
        int64_t exp = 0;
        if (*q == 'e' || *q == 'E') {
            q++;
            int es = 0;
            if (*q == '+' || *q == '-')
                es = *q++ == '-';
            if (!(*q >= '0' && *q <= '9'))
                goto out;
            while (*q >= '0' && *q <= '9') {
                if (exp > (INT64_MAX / 4) / 10) {
                    exp = INT64_MAX / 4; /* past any exponent: refused below */
                } else {
                    exp = exp * 10 + (*q - '0');
                }
                q++;
            }
            if (es)
                exp = -exp;
        }
        if (*q)
            goto out;
        /* the digits, without the point */
        char *dg = ev_alloc(I, ni + nf + 1);
        if (!dg) {
            ev_raise_nomem(I);
            *err = 1;
            goto out;
        }
        memcpy(dg, ip, ni);
        memcpy(dg + ni, fp, nf);
        dg[ni + nf] = 0;
        char *z = dg;
        while (*z == '0' && z[1])
            z++;
        if (ni + nf > 2000 && ev_time_afford(I, 1e-9 * (double)(ni + nf) * 20)) {
            ev_dealloc(I, dg);
            *err = 1;
            goto out;
        }
        mpz_set_str(d->c, z, 10);
        ev_dealloc(I, dg);
        d->e = exp - (int64_t)nf;
        int64_t adj = d->e + (int64_t)(ni + nf) - 1;
        if (exp >= INT64_MAX / 4 || exp <= -(INT64_MAX / 4) || adj > DEC_MAX_EMAX * 2 ||
            d->e < DEC_MIN_ETINY * 2)
            rc = 2;
        else
            rc = 0;
    }
out:
    ev_dealloc(I, buf);
    return rc;
}


/* Decimal(str) into d: the status it raises goes to ctx (borrowed). */
static int dec_from_strobj(ev_interp *I, ev_value sv, dec *d, unsigned *st)
{
    ev_str *s = ev_as_str(sv);
    const char *text = s->data;
    size_t tlen = s->len;
    char *ascii = NULL;
    if (!s->ascii) {
        /* Unicode decimal digits and spaces as their ASCII forms, as
         * _decimal's numeric_as_ascii; any other non-ASCII character
         * makes the syntax wrong */
        ascii = ev_alloc(I, s->len + 1);
        if (!ascii) {
            ev_raise_nomem(I);
            return -1;
        }
        size_t i = 0, n = 0;
        while (i < s->len) {
            uint32_t cp = ev_nf_utf8_next(s->data, s->len, &i);
            int dv = ev_nf_decimal(cp);
            ascii[n++] = cp < 128 ? (char)cp : dv >= 0 ? (char)('0' + dv) : ev_nf_isspace(cp) ? ' ' : '\x01';
        }
        ascii[n] = 0;
        text = ascii;
        tlen = n;
    }
    int err;
    int rc = parse_str(I, text, tlen, d, &err);
    if (ascii)
        ev_dealloc(I, ascii);
    if (err)
        return -1;
    if (rc == 1) {
        *st |= ST_CONV_SYNTAX;
        dec_set_nan_result(d, &(dctx){0}, 0);
    } else if (rc == 2) {
        *st |= ST_INVALID_OP;
        dec_set_nan_result(d, &(dctx){0}, 0);
    } else if (dec_is_nan(d) && mpz_sgn(d->c) && dec_ndigits(d->c) > DEC_MAX_PREC) {
        *st |= ST_CONV_SYNTAX;
        dec_set_nan_result(d, &(dctx){0}, 0);
    }
    return 0;
}

static int tuple_to_dec(ev_interp *I, ev_value t, dec *d)
{
    ev_value tup = t;
    bool owned = false;
    if (ev_is(t, EV_O_LIST)) {
        ev_list *l = (ev_list *)t.u.o;
        tup = ev_tuple_new(I, l->len);
        if (EV_IS_ERR(tup))
            return -1;
        for (size_t i = 0; i < l->len; i++)
            ev_as_tuple(tup)->items[i] = ev_dup(l->items[i]);
        owned = true;
    }
    int rc = -1;
    ev_tuple *tp = ev_as_tuple(tup);
    if (tp->len != 3) {
        ev_raise(I, &ev_type_ValueError, "argument must be a sequence of length 3");
        goto out;
    }
    ev_value sg = tp->items[0], dg = tp->items[1], ex = tp->items[2];
    if (!ev_is_int(sg) || sg.tag == EV_T_OBJ || (sg.u.i != 0 && sg.u.i != 1)) {
        ev_raise(I, &ev_type_ValueError, "sign must be an integer with the value 0 or 1");
        goto out;
    }
    d->sign = (int)sg.u.i;
    d->special = DEC_FINITE;
    d->e = 0;
    if (ev_is(ex, EV_O_STR)) {
        const char *x = ev_as_str(ex)->data;
        if (strcmp(x, "F") == 0)
            d->special = DEC_INF;
        else if (strcmp(x, "n") == 0)
            d->special = DEC_NAN;
        else if (strcmp(x, "N") == 0)
            d->special = DEC_SNAN;
        else {
            ev_raise(I, &ev_type_ValueError, "string argument in the third position must be 'F', 'n' or 'N'");
            goto out;
        }
    } else if (ev_is_int(ex)) {
        if (ex.tag == EV_T_OBJ) {
            ev_raise(I, &ev_type_ValueError, "exponent must be an integer");
            goto out;
        }
        d->e = ex.u.i;
    } else {
        ev_raise(I, &ev_type_ValueError, "exponent must be an integer");
        goto out;
    }
    ev_value dt = dg;
    if (ev_is(dg, EV_O_LIST)) {
        ev_list *l = (ev_list *)dg.u.o;
        dt = ev_tuple_new(I, l->len);
        if (EV_IS_ERR(dt))
            goto out;
        for (size_t i = 0; i < l->len; i++)
            ev_as_tuple(dt)->items[i] = ev_dup(l->items[i]);
    } else if (!ev_is(dg, EV_O_TUPLE)) {
        ev_raise(I, &ev_type_ValueError, "coefficient must be a tuple of digits");
        goto out;
    } else {
        ev_incref(dt);
    }
    mpz_set_ui(d->c, 0);
    ev_tuple *dtp = ev_as_tuple(dt);
    for (size_t i = 0; i < dtp->len; i++) {
        ev_value x = dtp->items[i];
        if (!ev_is_int(x) || x.tag == EV_T_OBJ || x.u.i < 0 || x.u.i > 9) {
            ev_decref(I, dt);
            ev_raise(I, &ev_type_ValueError, "coefficient must be a tuple of digits");
            goto out;
        }
        if (d->special != DEC_INF) {
            mpz_mul_ui(d->c, d->c, 10);
            mpz_add_ui(d->c, d->c, (unsigned long)x.u.i);
        }
        if ((i & 1023) == 1023 && ev_tick(I)) {
            ev_decref(I, dt);
            goto out;
        }
    }
    ev_decref(I, dt);
    rc = 0;
out:
    if (owned)
        ev_decref(I, tup);
    return rc;
}

/* Decimal(value, context) into d (the constructor's exact conversion):
 * the status goes to *st. */
int dec_convert_exact(ev_interp *I, ev_value v, dec *d, unsigned *st)
{
    if (dec_is_decimal(v)) {
        dec_get(v, d);
        return 0;
    }
    if (ev_is_int(v)) {
        dec_from_int(v, d);
        return 0;
    }
    if (ev_is(v, EV_O_STR))
        return dec_from_strobj(I, v, d, st);
    if (ev_is_floatish(v)) {
        *st |= ST_FLOAT_OP;
        dec_from_double(v.tag == EV_T_FLOAT ? v.u.f : ev_float_unbox(v).u.f, d);
        return 0;
    }
    if (ev_is(v, EV_O_TUPLE) || ev_is(v, EV_O_LIST))
        return tuple_to_dec(I, v, d);
    ev_raise(I, &ev_type_TypeError, "conversion from %s to Decimal is not supported", ev_type_name(v));
    return -1;
}

/* Apply status st to ctx (flags, traps): -1 raised. */
int dec_status(ev_interp *I, ev_value ctx, unsigned st) { return dec_ctx_status(I, ctx, st); }

/* The result of an operation: r as a new Decimal after ctx takes c's status. */
ev_value dec_finish(ev_interp *I, ev_value ctx, dctx *c, dec *r)
{
    if (dec_status(I, ctx, c->status))
        return EV_ERR;
    return dec_make(I, r);
}

static int init_from(ev_interp *I, ev_value self, ev_value value, ev_value context)
{
    ev_value ctx = dec_ctx_arg(I, context);
    if (EV_IS_ERR(ctx))
        return -1;
    ev_incref(ctx);
    dec d;
    dec_init(&d);
    unsigned st = 0;
    int rc = -1;
    if (!EV_IS_ERR(value) && dec_convert_exact(I, value, &d, &st))
        goto out;
    if (st & ST_FLOAT_OP) {
        /* only a trapped FloatOperation raises; else a flag */
        if (dec_status(I, ctx, ST_FLOAT_OP))
            goto out;
        st &= ~(unsigned)ST_FLOAT_OP;
    }
    if (dec_status(I, ctx, st))
        goto out;
    rc = dec_store(I, self, &d);
out:
    dec_clear(&d);
    ev_decref(I, ctx);
    return rc;
}

ev_value dcl_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return init_from(I, self, argv[0], argv[1]) ? EV_ERR : EV_NONE;
}

ev_value dcl_ctor(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value o = dcl_cnew(I, &dec_type_Decimal);
    if (EV_IS_ERR(o))
        return o;
    if (init_from(I, o, argv[0], argv[1])) {
        ev_decref(I, o);
        return EV_ERR;
    }
    return o;
}

/* other as an operand: 1 converted, 0 not a number Decimal takes (int or
 * Decimal; floats when allow_float, exactly, with FloatOperation) */
int dec_operand(ev_interp *I, ev_value v, dec *d, bool allow_float, unsigned *st)
{
    if (dec_is_decimal(v)) {
        dec_get(v, d);
        return 1;
    }
    if (ev_is_int(v)) {
        dec_from_int(v, d);
        return 1;
    }
    if (allow_float && ev_is_floatish(v)) {
        *st |= ST_FLOAT_OP;
        dec_from_double(v.tag == EV_T_FLOAT ? v.u.f : ev_float_unbox(v).u.f, d);
        return 1;
    }
    return 0;
}

/* ---- conversions out ----------------------------------------------------------------------- */

static int put_coef(ev_interp *I, ev_buf *b, const mpz_t c)
{
    char *s = mpz_get_str(NULL, 10, c);
    int r = ev_buf_puts(I, b, s);
    void (*freefn)(void *, size_t);
    mp_get_memory_functions(NULL, NULL, &freefn);
    freefn(s, strlen(s) + 1);
    return r;
}

/* to-scientific-string / to-engineering-string */
static int dec_to_buf(ev_interp *I, ev_buf *b, const dec *d, bool eng, int capitals)
{
    if (d->sign && ev_buf_puts(I, b, "-"))
        return -1;
    if (d->special == DEC_INF)
        return ev_buf_puts(I, b, "Infinity");
    if (d->special) {
        if (ev_buf_puts(I, b, d->special == DEC_SNAN ? "sNaN" : "NaN"))
            return -1;
        return mpz_sgn(d->c) ? put_coef(I, b, d->c) : 0;
    }
    char *digits = mpz_get_str(NULL, 10, d->c);
    int64_t n = (int64_t)strlen(digits);
    int64_t left = d->e + n, dot;
    bool zero = mpz_sgn(d->c) == 0;
    if (d->e <= 0 && left > -6)
        dot = left;
    else if (!eng)
        dot = 1;
    else if (zero)
        dot = ((left + 1) % 3 + 3) % 3 - 1;
    else
        dot = ((left - 1) % 3 + 3) % 3 + 1;
    int r = 0;
    if (dot <= 0) {
        r = ev_buf_puts(I, b, "0.");
        for (int64_t i = 0; !r && i < -dot; i++)
            r = ev_buf_put(I, b, "0", 1);
        if (!r)
            r = ev_buf_put(I, b, digits, (size_t)n);
    } else if (dot >= n) {
        r = ev_buf_put(I, b, digits, (size_t)n);
        for (int64_t i = 0; !r && i < dot - n; i++)
            r = ev_buf_put(I, b, "0", 1);
    } else {
        r = ev_buf_put(I, b, digits, (size_t)dot) || ev_buf_put(I, b, ".", 1) ||
            ev_buf_put(I, b, digits + dot, (size_t)(n - dot));
    }
    if (!r && left != dot)
        r = ev_buf_printf(I, b, "%c%+lld", capitals ? 'E' : 'e', (long long)(left - dot));
    void (*freefn)(void *, size_t);
    mp_get_memory_functions(NULL, NULL, &freefn);
    freefn(digits, strlen(digits) + 1);
    return r;
}

ev_value dec_to_str(ev_interp *I, ev_value self, bool eng, ev_value context)
{
    ev_value ctx = dec_ctx_arg(I, context);
    if (EV_IS_ERR(ctx))
        return ctx;
    dctx c;
    if (dec_ctx_read(I, ctx, &c))
        return EV_ERR;
    dec d;
    dec_init(&d);
    dec_get(self, &d);
    ev_buf b = {0};
    int r = dec_to_buf(I, &b, &d, eng, c.capitals);
    dec_clear(&d);
    if (r) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

ev_value dcl_str(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return dec_to_str(I, self, false, EV_NONE);
}

ev_value dcl_eng(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return dec_to_str(I, self, true, argc > 0 ? argv[0] : EV_NONE);
}

ev_value dcl_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value s = dec_to_str(I, self, false, EV_NONE);
    if (EV_IS_ERR(s))
        return s;
    ev_buf b = {0};
    int r = ev_buf_puts(I, &b, "Decimal('") || ev_buf_put(I, &b, ev_as_str(s)->data, ev_as_str(s)->len) ||
            ev_buf_puts(I, &b, "')");
    ev_decref(I, s);
    if (r) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

/* the integer part of a finite d, truncated or by a rounding mode */
ev_value dec_to_int(ev_interp *I, const dec *d, int round)
{
    if (d->special == DEC_INF)
        return ev_raise(I, &ev_type_OverflowError, "cannot convert Infinity to integer");
    if (d->special)
        return ev_raise(I, &ev_type_ValueError, "cannot convert NaN to integer");
    dec r;
    dec_init(&r);
    ev_value res = EV_ERR;
    if (d->e >= 0) {
        dec_copy(&r, d);
        if (dec_shift_up(I, r.c, d->e))
            goto out;
    } else if (dec_rescale(I, &r, d, 0, round)) {
        goto out;
    }
    if (d->sign)
        mpz_neg(r.c, r.c);
    res = ev_int_from_mpz(I, r.c);
out:
    dec_clear(&r);
    return res;
}

ev_value dcl_int(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    dec d;
    dec_init(&d);
    dec_get(self, &d);
    ev_value r = dec_to_int(I, &d, RD_DOWN);
    dec_clear(&d);
    return r;
}

ev_value dcl_floor(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    dec d;
    dec_init(&d);
    dec_get(self, &d);
    ev_value r = dec_to_int(I, &d, RD_FLOOR);
    dec_clear(&d);
    return r;
}

ev_value dcl_ceil(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    dec d;
    dec_init(&d);
    dec_get(self, &d);
    ev_value r = dec_to_int(I, &d, RD_CEILING);
    dec_clear(&d);
    return r;
}

ev_value dcl_float(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    dec d;
    dec_init(&d);
    dec_get(self, &d);
    ev_value r;
    if (d.special == DEC_SNAN) {
        r = ev_raise(I, &ev_type_ValueError, "cannot convert signaling NaN to float");
    } else if (d.special) {
        double v = d.special == DEC_INF ? INFINITY : NAN;
        r = ev_float(d.sign ? -v : v);
    } else {
        /* float(str(self)): the correctly rounded double */
        ev_buf b = {0};
        if (dec_to_buf(I, &b, &d, false, 1)) {
            ev_buf_free(I, &b);
            r = EV_ERR;
        } else {
            ev_value s = ev_buf_to_str(I, &b);
            r = EV_IS_ERR(s) ? s : ev_call(I, ev_obj_val(&ev_type_float.h), 1, &s, 0, NULL, NULL);
            if (!EV_IS_ERR(s))
                ev_decref(I, s);
        }
    }
    dec_clear(&d);
    return r;
}

ev_value dcl_complex(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value f = dcl_float(I, self, 0, NULL, NULL);
    if (EV_IS_ERR(f))
        return f;
    ev_value r = ev_call(I, ev_obj_val(&ev_type_complex.h), 1, &f, 0, NULL, NULL);
    ev_decref(I, f);
    return r;
}

ev_value dcl_bool(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_cinstance *c = ev_as_cinstance(self);
    return ev_bool(c->slots[S_KIND].u.i != DEC_FINITE || !(c->slots[S_COEF].tag == EV_T_INT && c->slots[S_COEF].u.i == 0));
}

#define M61 ((uint64_t)0x1FFFFFFFFFFFFFFF)
static uint64_t mulmod61(uint64_t a, uint64_t b) { return (uint64_t)((unsigned __int128)a * b % M61); }
static uint64_t powmod61(uint64_t b, uint64_t e)
{
    uint64_t r = 1;
    b %= M61;
    while (e) {
        if (e & 1)
            r = mulmod61(r, b);
        b = mulmod61(b, b);
        e >>= 1;
    }
    return r;
}

ev_value dcl_hash(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    dec d;
    dec_init(&d);
    dec_get(self, &d);
    ev_value r;
    if (d.special == DEC_SNAN) {
        r = ev_raise(I, &ev_type_TypeError, "Cannot hash a signaling NaN value");
    } else if (d.special == DEC_NAN) {
        int64_t h = (int64_t)((uintptr_t)self.u.o >> 4);
        r = ev_int(h == -1 ? -2 : h);
    } else if (d.special == DEC_INF) {
        r = ev_int(d.sign ? -314159 : 314159);
    } else {
        uint64_t eh = d.e >= 0 ? powmod61(10, (uint64_t)d.e)
                               : powmod61(powmod61(10, M61 - 2), (uint64_t)(-d.e));
        uint64_t ch = mpz_fdiv_ui(d.c, (unsigned long)M61);
        int64_t h = (int64_t)mulmod61(ch, eh);
        if (d.sign)
            h = -h;
        r = ev_int(h == -1 ? -2 : h);
    }
    dec_clear(&d);
    return r;
}

/* ---- the module ------------------------------------------------------------------------------- */

ev_value ev_namedtuple(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);

static int make_decimaltuple(ev_interp *I, ev_dict *ns)
{
    ev_value tn = ev_str_from_cstr(I, "DecimalTuple");
    ev_value fields = EV_IS_ERR(tn) ? EV_ERR : ev_str_from_cstr(I, "sign digits exponent");
    ev_value modname = EV_IS_ERR(fields) ? EV_ERR : ev_str_from_cstr(I, "decimal");
    if (EV_IS_ERR(modname)) {
        if (!EV_IS_ERR(tn))
            ev_decref(I, tn);
        if (!EV_IS_ERR(fields))
            ev_decref(I, fields);
        return -1;
    }
    ev_value a[5] = {tn, fields, EV_ERR, EV_ERR, EV_ERR};
    ev_value cls = ev_namedtuple(I, EV_NONE, 2, a, NULL);
    ev_str *mod = EV_IS_ERR(cls) ? NULL : ev_intern(I, "__module__", 10);
    int r = EV_IS_ERR(cls) || !mod || ev_class_setattr(I, cls, mod, modname) ||
            ev_module_set(I, ns, "DecimalTuple", cls);
    if (!EV_IS_ERR(cls))
        ev_decref(I, cls);
    ev_decref(I, tn);
    ev_decref(I, fields);
    ev_decref(I, modname);
    return r ? -1 : 0;
}

static int init(ev_interp *I, ev_dict *ns)
{
    if (ev_module_set(I, ns, "Decimal", ev_obj_val(&dec_type_Decimal.h)) ||
        ev_module_set(I, ns, "Context", ev_obj_val(&dec_type_Context.h)) || make_decimaltuple(I, ns) ||
        dec_init_signals(I, ns))
        return -1;
    for (int i = 0; i < RD_COUNT; i++) {
        ev_value s = ev_str_from_cstr(I, dec_round_names[i]);
        int bad = EV_IS_ERR(s) || ev_module_set(I, ns, dec_round_names[i], s);
        if (!EV_IS_ERR(s))
            ev_decref(I, s);
        if (bad)
            return -1;
    }
    ev_value ver = ev_str_from_cstr(I, "1.70");
    ev_value lver = EV_IS_ERR(ver) ? EV_ERR : ev_str_from_cstr(I, "2.5.1");
    int bad = EV_IS_ERR(lver) || ev_module_set(I, ns, "__version__", ver) ||
              ev_module_set(I, ns, "__libmpdec_version__", lver) ||
              ev_module_set(I, ns, "MAX_PREC", ev_int(DEC_MAX_PREC)) ||
              ev_module_set(I, ns, "MAX_EMAX", ev_int(DEC_MAX_EMAX)) ||
              ev_module_set(I, ns, "MIN_EMIN", ev_int(DEC_MIN_EMIN)) ||
              ev_module_set(I, ns, "MIN_ETINY", ev_int(DEC_MIN_ETINY)) ||
              ev_module_set(I, ns, "HAVE_THREADS", EV_TRUE) ||
              ev_module_set(I, ns, "HAVE_CONTEXTVAR", EV_TRUE) ||
              /* _pydecimal's _numbers.Number.register(Decimal) */
              ev_numbers_register(I, NUM_Number, ev_obj_val(&dec_type_Decimal.h));
    if (!EV_IS_ERR(ver))
        ev_decref(I, ver);
    if (!EV_IS_ERR(lver))
        ev_decref(I, lver);
    return bad ? -1 : 0;
}

static const char *const all_names[] = {
    "Decimal", "Context", "DecimalTuple", "DefaultContext", "BasicContext", "ExtendedContext",
    "DecimalException", "Clamped", "InvalidOperation", "DivisionByZero", "Inexact", "Rounded",
    "Subnormal", "Overflow", "Underflow", "FloatOperation", "DivisionImpossible", "InvalidContext",
    "ConversionSyntax", "DivisionUndefined", "ROUND_DOWN", "ROUND_HALF_UP", "ROUND_HALF_EVEN",
    "ROUND_CEILING", "ROUND_FLOOR", "ROUND_UP", "ROUND_HALF_DOWN", "ROUND_05UP", "setcontext",
    "getcontext", "localcontext", "MAX_PREC", "MAX_EMAX", "MIN_EMIN", "MIN_ETINY", "HAVE_THREADS",
    "HAVE_CONTEXTVAR", NULL,
};

const ev_module_def ev_module_decimal = {"decimal", dec_ctx_functions, init, all_names};
