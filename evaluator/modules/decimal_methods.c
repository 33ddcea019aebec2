/*
 * decimal_methods.c - the Decimal type's operators and methods (arithmetic,
 * comparisons, the queries, quantize/to_integral/round, the operations of
 * decimal_ops.c and decimal_math.c), its method tables and type object,
 * and the Context methods that mirror them, with CPython 3.11's C _decimal
 * semantics.  Construction and conversions are decimal.c's.
 */
#include <string.h>

#include "evaluator/modules/decimal_int.h"
#include "evaluator/modules/numbers.h"

/* ---- arithmetic ------------------------------------------------------------------------------ */

typedef int (*binfn)(ev_interp *I, dec *r, const dec *a, const dec *b, dctx *ctx);

static int op_add(ev_interp *I, dec *r, const dec *a, const dec *b, dctx *c) { return dec_add(I, r, a, b, false, c); }
static int op_sub(ev_interp *I, dec *r, const dec *a, const dec *b, dctx *c) { return dec_add(I, r, a, b, true, c); }
static int op_floordiv(ev_interp *I, dec *r, const dec *a, const dec *b, dctx *c) { return dec_divmod(I, r, NULL, a, b, 0, c); }
static int op_mod(ev_interp *I, dec *r, const dec *a, const dec *b, dctx *c) { return dec_divmod(I, r, NULL, a, b, 1, c); }

static ev_value not_supported(ev_interp *I, const char *what)
{
    return ev_raise(I, &ev_type_NotImplementedError, "decimal: %s is not supported by safepy", what);
}

/* a op b on Decimals/ints in ctx (EV_ERR ctx: the current one) */
static ev_value binary(ev_interp *I, binfn fn, ev_value a, ev_value b, ev_value ctxarg, bool dunder, const char *name)
{
    dec x, y, r;
    dec_init(&x);
    dec_init(&y);
    dec_init(&r);
    ev_value res = EV_ERR;
    unsigned st0 = 0;
    if (!dec_operand(I, a, &x, false, &st0) || !dec_operand(I, b, &y, false, &st0)) {
        if (dunder)
            res = EV_NOTIMPL;
        else
            ev_raise(I, &ev_type_TypeError, "conversion from %s to Decimal is not supported",
                     ev_type_name(dec_operand(I, a, &x, false, &st0) ? b : a));
        goto out;
    }
    ev_value ctx = dec_ctx_arg(I, ctxarg);
    if (EV_IS_ERR(ctx))
        goto out;
    ev_incref(ctx);
    dctx c;
    int rc = dec_ctx_read(I, ctx, &c) ? -1 : fn(I, &r, &x, &y, &c);
    if (rc > 0)
        not_supported(I, name);
    else if (rc == 0)
        res = dec_finish(I, ctx, &c, &r);
    ev_decref(I, ctx);
out:
    dec_clear(&x);
    dec_clear(&y);
    dec_clear(&r);
    return res;
}

#define BINOP(cname, fn, pyname)                                                                              \
    static ev_value cname(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)     \
    {                                                                                                         \
        return binary(I, fn, self, argv[0], EV_NONE, true, pyname);                                           \
    }                                                                                                         \
    static ev_value cname##_r(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) \
    {                                                                                                         \
        return binary(I, fn, argv[0], self, EV_NONE, true, pyname);                                           \
    }
#define METHOD2(cname, fn, pyname)                                                                            \
    static ev_value cname##_m(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) \
    {                                                                                                         \
        return binary(I, fn, self, argv[0], argc > 1 ? argv[1] : EV_NONE, false, pyname);                     \
    }

BINOP(dcl_add, op_add, "__add__")
BINOP(dcl_sub, op_sub, "__sub__")
BINOP(dcl_mul, dec_mul, "__mul__")
BINOP(dcl_truediv, dec_div, "__truediv__")
BINOP(dcl_floordiv, op_floordiv, "__floordiv__")
BINOP(dcl_mod, op_mod, "__mod__")
static ev_value dcl_pow_r(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return binary(I, dec_pow, argv[0], self, EV_NONE, true, "__rpow__");
}

static ev_value divmod_impl(ev_interp *I, ev_value a, ev_value b, ev_value ctxarg, bool dunder)
{
    dec x, y, q, r;
    dec_init(&x);
    dec_init(&y);
    dec_init(&q);
    dec_init(&r);
    ev_value res = EV_ERR;
    unsigned st0 = 0;
    if (!dec_operand(I, a, &x, false, &st0) || !dec_operand(I, b, &y, false, &st0)) {
        if (dunder)
            res = EV_NOTIMPL;
        else
            ev_raise(I, &ev_type_TypeError, "conversion from %s to Decimal is not supported",
                     ev_type_name(dec_operand(I, a, &x, false, &st0) ? b : a));
        goto out;
    }
    ev_value ctx = dec_ctx_arg(I, ctxarg);
    if (EV_IS_ERR(ctx))
        goto out;
    ev_incref(ctx);
    dctx c;
    if (!dec_ctx_read(I, ctx, &c) && !dec_divmod(I, &q, &r, &x, &y, 2, &c) && !dec_status(I, ctx, c.status)) {
        ev_value t = ev_tuple_new(I, 2);
        ev_value qa = EV_IS_ERR(t) ? EV_ERR : dec_make(I, &q);
        ev_value ra = EV_IS_ERR(qa) ? EV_ERR : dec_make(I, &r);
        if (EV_IS_ERR(ra)) {
            if (!EV_IS_ERR(qa))
                ev_decref(I, qa);
            if (!EV_IS_ERR(t))
                ev_decref(I, t);
        } else {
            ev_as_tuple(t)->items[0] = qa;
            ev_as_tuple(t)->items[1] = ra;
            res = t;
        }
    }
    ev_decref(I, ctx);
out:
    dec_clear(&x);
    dec_clear(&y);
    dec_clear(&q);
    dec_clear(&r);
    return res;
}

static ev_value dcl_divmod(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return divmod_impl(I, self, argv[0], EV_NONE, true);
}

static ev_value dcl_rdivmod(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return divmod_impl(I, argv[0], self, EV_NONE, true);
}

/* pow(a, b, m) in ctx */
static ev_value pow_mod(ev_interp *I, ev_value a, ev_value b, ev_value m, ev_value ctxarg, bool dunder)
{
    dec x, y, z, r;
    dec_init(&x);
    dec_init(&y);
    dec_init(&z);
    dec_init(&r);
    ev_value res = EV_ERR;
    unsigned st0 = 0;
    if (!dec_operand(I, a, &x, false, &st0) || !dec_operand(I, b, &y, false, &st0) || !dec_operand(I, m, &z, false, &st0)) {
        if (dunder)
            res = EV_NOTIMPL;
        else
            ev_raise(I, &ev_type_TypeError, "conversion from %s to Decimal is not supported",
                     ev_type_name(!dec_operand(I, a, &x, false, &st0) ? a : !dec_operand(I, b, &y, false, &st0) ? b : m));
        goto out;
    }
    ev_value ctx = dec_ctx_arg(I, ctxarg);
    if (EV_IS_ERR(ctx))
        goto out;
    ev_incref(ctx);
    dctx c;
    if (!dec_ctx_read(I, ctx, &c) && !dec_pow_mod(I, &r, &x, &y, &z, &c))
        res = dec_finish(I, ctx, &c, &r);
    ev_decref(I, ctx);
out:
    dec_clear(&x);
    dec_clear(&y);
    dec_clear(&z);
    dec_clear(&r);
    return res;
}

static ev_value dcl_pow3(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc > 1 && !EV_IS_ERR(argv[1]) && argv[1].tag != EV_T_NONE)
        return pow_mod(I, self, argv[0], argv[1], EV_NONE, true);
    return binary(I, dec_pow, self, argv[0], EV_NONE, true, "__pow__");
}

typedef int (*unfn)(ev_interp *I, dec *r, const dec *a, dctx *ctx);

static ev_value unary(ev_interp *I, unfn fn, ev_value a, ev_value ctxarg)
{
    ev_value ctx = dec_ctx_arg(I, ctxarg);
    if (EV_IS_ERR(ctx))
        return ctx;
    ev_incref(ctx);
    dec x, r;
    dec_init(&x);
    dec_init(&r);
    dec_get(a, &x);
    dctx c;
    ev_value res = dec_ctx_read(I, ctx, &c) || fn(I, &r, &x, &c) ? EV_ERR : dec_finish(I, ctx, &c, &r);
    dec_clear(&x);
    dec_clear(&r);
    ev_decref(I, ctx);
    return res;
}

static int u_neg(ev_interp *I, dec *r, const dec *a, dctx *c) { return dec_plus(I, r, a, true, c); }
static int u_pos(ev_interp *I, dec *r, const dec *a, dctx *c) { return dec_plus(I, r, a, false, c); }
static int u_abs(ev_interp *I, dec *r, const dec *a, dctx *c)
{
    return a->sign ? dec_plus(I, r, a, true, c) : dec_plus(I, r, a, false, c);
}

#define UNOP(cname, fn)                                                                                   \
    static ev_value cname(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) \
    {                                                                                                     \
        return unary(I, fn, self, argc > 0 ? argv[0] : EV_NONE);                                          \
    }

UNOP(dcl_neg, u_neg)
UNOP(dcl_pos, u_pos)
UNOP(dcl_abs, u_abs)
UNOP(dcl_sqrt, dec_sqrt)
UNOP(dcl_normalize, dec_normalize)

static ev_value dcl_quantize(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    dec x, y, r;
    dec_init(&x);
    dec_init(&y);
    dec_init(&r);
    ev_value res = EV_ERR;
    unsigned st0 = 0;
    dec_get(self, &x);
    if (!dec_operand(I, argv[0], &y, false, &st0)) {
        ev_raise(I, &ev_type_TypeError, "conversion from %s to Decimal is not supported", ev_type_name(argv[0]));
        goto out;
    }
    ev_value ctx = dec_ctx_arg(I, argv[2]);
    if (EV_IS_ERR(ctx))
        goto out;
    ev_incref(ctx);
    dctx c;
    int round;
    if (!dec_ctx_read(I, ctx, &c)) {
        round = c.round;
        if ((EV_IS_ERR(argv[1]) || argv[1].tag == EV_T_NONE || !dec_round_from(I, argv[1], &round)) &&
            !dec_quantize(I, &r, &x, &y, round, &c))
            res = dec_finish(I, ctx, &c, &r);
    }
    ev_decref(I, ctx);
out:
    dec_clear(&x);
    dec_clear(&y);
    dec_clear(&r);
    return res;
}

static ev_value integral(ev_interp *I, ev_value self, ev_value rounding, ev_value ctxarg, bool exact)
{
    ev_value ctx = dec_ctx_arg(I, ctxarg);
    if (EV_IS_ERR(ctx))
        return ctx;
    ev_incref(ctx);
    dec x, r;
    dec_init(&x);
    dec_init(&r);
    dec_get(self, &x);
    dctx c;
    ev_value res = EV_ERR;
    if (!dec_ctx_read(I, ctx, &c)) {
        int round = c.round;
        if ((EV_IS_ERR(rounding) || rounding.tag == EV_T_NONE || !dec_round_from(I, rounding, &round)) &&
            !dec_to_integral(I, &r, &x, round, exact, &c))
            res = dec_finish(I, ctx, &c, &r);
    }
    dec_clear(&x);
    dec_clear(&r);
    ev_decref(I, ctx);
    return res;
}

static ev_value dcl_to_integral(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return integral(I, self, argv[0], argv[1], false);
}

static ev_value dcl_to_integral_exact(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return integral(I, self, argv[0], argv[1], true);
}

/* round(d) and round(d, n) */
static ev_value dcl_round(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    dec d;
    dec_init(&d);
    dec_get(self, &d);
    ev_value r = EV_ERR;
    if (argc < 1 || EV_IS_ERR(argv[0]) || argv[0].tag == EV_T_NONE) {
        r = dec_to_int(I, &d, RD_HALF_EVEN);
        dec_clear(&d);
        return r;
    }
    if (!ev_is_int(argv[0])) {
        dec_clear(&d);
        return ev_raise(I, &ev_type_TypeError, "optional arg must be an integer");
    }
    int64_t n;
    if (ev_index(I, argv[0], &n, NULL)) {
        dec_clear(&d);
        return EV_ERR;
    }
    /* self.quantize(Decimal((0, (1,), -n))) in the current context */
    dec q, res;
    dec_init(&q);
    dec_init(&res);
    mpz_set_ui(q.c, 1);
    q.e = -n;
    ev_value ctx = dec_current(I);
    dctx c;
    if (!EV_IS_ERR(ctx)) {
        ev_incref(ctx);
        if (!dec_ctx_read(I, ctx, &c) && !dec_quantize(I, &res, &d, &q, c.round, &c))
            r = dec_finish(I, ctx, &c, &res);
        ev_decref(I, ctx);
    }
    dec_clear(&q);
    dec_clear(&res);
    dec_clear(&d);
    return r;
}

/* ---- comparisons ------------------------------------------------------------------------------ */

/* A numbers.Rational w (a Fraction) compared as _decimal's convert_op_cmp
 * does: y is its numerator and a finite x is multiplied by its
 * denominator, both exact.  1 done, 0 not a Rational, -1 raised. */
static int rational_operands(ev_interp *I, ev_value w, dec *x, dec *y)
{
    if (w.tag != EV_T_OBJ || ev_is_int(w) || ev_is(w, EV_O_FLOAT))
        return 0;
    ev_value rational = ev_numbers_get(I, NUM_Rational);
    if (EV_IS_ERR(rational))
        return -1;
    int is = ev_isinstance(I, w, rational);
    if (is <= 0)
        return is;
    ev_str *nn = ev_intern(I, "numerator", 9), *dn = ev_intern(I, "denominator", 11);
    ev_value num = nn ? ev_getattr(I, w, nn) : EV_ERR;
    ev_value den = EV_IS_ERR(num) || !dn ? EV_ERR : ev_getattr(I, w, dn);
    int rc = -1;
    if (EV_IS_ERR(den))
        goto out;
    if (!ev_is_int(num) || !ev_is_int(den)) {
        ev_raise(I, &ev_type_TypeError, "conversion from %s to Decimal is not supported",
                 ev_type_name(ev_is_int(num) ? den : num));
        goto out;
    }
    dec_from_int(num, y);
    if (x->special == DEC_FINITE) {
        dec d;
        dec_init(&d);
        dec_from_int(den, &d);
        mpz_mul(x->c, x->c, d.c);
        x->sign ^= d.sign;
        dec_clear(&d);
    }
    rc = 1;
out:
    if (!EV_IS_ERR(num))
        ev_decref(I, num);
    if (!EV_IS_ERR(den))
        ev_decref(I, den);
    return rc;
}

/* op: 0 <, 1 <=, 2 ==, 3 !=, 4 >, 5 >= */
static ev_value compare(ev_interp *I, ev_value a, ev_value b, int op)
{
    dec x, y;
    dec_init(&x);
    dec_init(&y);
    unsigned st = 0;
    ev_value res = EV_ERR;
    dec_get(a, &x);
    if (!dec_operand(I, b, &y, true, &st)) {
        int got = rational_operands(I, b, &x, &y);
        if (got <= 0) {
            res = got < 0 ? EV_ERR : EV_NOTIMPL;
            goto out;
        }
    }
    ev_value ctx = dec_current(I);
    if (EV_IS_ERR(ctx))
        goto out;
    bool eqop = op == 2 || op == 3;
    if (st & ST_FLOAT_OP) {
        if (eqop) {
            /* equality with a float flags FloatOperation, never traps */
            ev_str *fn = ev_intern(I, "flags", 5);
            ev_value fl = fn ? ev_getattr(I, ctx, fn) : EV_ERR;
            if (EV_IS_ERR(fl))
                goto out;
            if (ev_is_cinstance(fl, &dec_type_SignalDict)) {
                ev_cinstance *ci = ev_as_cinstance(fl);
                ci->slots[0] = ev_int(ci->slots[0].u.i | 1 << SG_FLOAT);
            }
            ev_decref(I, fl);
        } else if (dec_status(I, ctx, ST_FLOAT_OP)) {
            goto out;
        }
    }
    if (dec_is_nan(&x) || dec_is_nan(&y)) {
        if ((x.special == DEC_SNAN || y.special == DEC_SNAN || !eqop) && dec_status(I, ctx, ST_INVALID_OP))
            goto out;
        res = ev_bool(op == 3);
        goto out;
    }
    int c = dec_cmp(&x, &y);
    bool r;
    switch (op) {
    case 0: r = c < 0; break;
    case 1: r = c <= 0; break;
    case 2: r = c == 0; break;
    case 3: r = c != 0; break;
    case 4: r = c > 0; break;
    default: r = c >= 0;
    }
    res = ev_bool(r);
out:
    dec_clear(&x);
    dec_clear(&y);
    return res;
}

#define CMPOP(cname, op)                                                                                  \
    static ev_value cname(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) \
    {                                                                                                     \
        return compare(I, self, argv[0], op);                                                             \
    }
CMPOP(dcl_lt, 0)
CMPOP(dcl_le, 1)
CMPOP(dcl_eq, 2)
CMPOP(dcl_ne, 3)
CMPOP(dcl_gt, 4)
CMPOP(dcl_ge, 5)

/* compare(): a Decimal -1, 0, 1 or NaN */
static int op_compare(ev_interp *I, dec *r, const dec *a, const dec *b, dctx *c)
{
    if (dec_check_nans(r, a, b, c))
        return 0;
    int v = dec_cmp(a, b);
    r->special = DEC_FINITE;
    r->sign = v < 0;
    mpz_set_ui(r->c, v != 0);
    r->e = 0;
    return 0;
}

static int op_compare_total(ev_interp *I, dec *r, const dec *a, const dec *b, dctx *c)
{
    int v = dec_compare_total(a, b);
    r->special = DEC_FINITE;
    r->sign = v < 0;
    mpz_set_ui(r->c, v != 0);
    r->e = 0;
    return 0;
}

static int op_compare_total_mag(ev_interp *I, dec *r, const dec *a, const dec *b, dctx *c)
{
    dec x, y;
    dec_init(&x);
    dec_init(&y);
    dec_copy(&x, a);
    dec_copy(&y, b);
    x.sign = y.sign = 0;
    int rc = op_compare_total(I, r, &x, &y, c);
    dec_clear(&x);
    dec_clear(&y);
    return rc;
}

/* max/min: the spec's rules for NaNs and equal values */
static int minmax(ev_interp *I, dec *r, const dec *a, const dec *b, dctx *ctx, bool want_max, bool mag)
{
    if (a->special == DEC_SNAN || b->special == DEC_SNAN || (dec_is_nan(a) && dec_is_nan(b))) {
        dec_check_nans(r, a, b, ctx);
        return 0;
    }
    if (dec_is_nan(a) || dec_is_nan(b)) {
        dec_copy(r, dec_is_nan(a) ? b : a);
        return dec_fix(I, r, ctx);
    }
    int c;
    if (mag) {
        dec x, y;
        dec_init(&x);
        dec_init(&y);
        dec_copy(&x, a);
        dec_copy(&y, b);
        x.sign = y.sign = 0;
        c = dec_cmp(&x, &y);
        dec_clear(&x);
        dec_clear(&y);
    } else {
        c = dec_cmp(a, b);
    }
    if (c == 0)
        c = dec_compare_total(a, b);
    const dec *pick = (c < 0) == want_max ? b : a;
    dec_copy(r, pick);
    return dec_fix(I, r, ctx);
}

static int op_max(ev_interp *I, dec *r, const dec *a, const dec *b, dctx *c) { return minmax(I, r, a, b, c, true, false); }
static int op_min(ev_interp *I, dec *r, const dec *a, const dec *b, dctx *c) { return minmax(I, r, a, b, c, false, false); }
static int op_max_mag(ev_interp *I, dec *r, const dec *a, const dec *b, dctx *c) { return minmax(I, r, a, b, c, true, true); }
static int op_min_mag(ev_interp *I, dec *r, const dec *a, const dec *b, dctx *c) { return minmax(I, r, a, b, c, false, true); }

static int op_copy_sign(ev_interp *I, dec *r, const dec *a, const dec *b, dctx *c)
{
    dec_copy(r, a);
    r->sign = b->sign;
    return 0;
}

METHOD2(dcl_compare, op_compare, "compare")
METHOD2(dcl_compare_total, op_compare_total, "compare_total")
METHOD2(dcl_compare_total_mag, op_compare_total_mag, "compare_total_mag")
METHOD2(dcl_max, op_max, "max")
METHOD2(dcl_min, op_min, "min")
METHOD2(dcl_max_mag, op_max_mag, "max_mag")
METHOD2(dcl_min_mag, op_min_mag, "min_mag")
METHOD2(dcl_copy_sign, op_copy_sign, "copy_sign")

/* ---- simple queries ----------------------------------------------------------------------------- */

static ev_value query(ev_interp *I, ev_value self, int what)
{
    dec d;
    dec_init(&d);
    dec_get(self, &d);
    ev_value r = EV_NONE;
    switch (what) {
    case 0: r = ev_bool(d.special == DEC_FINITE); break;
    case 1: r = ev_bool(d.special == DEC_INF); break;
    case 2: r = ev_bool(dec_is_nan(&d)); break;
    case 3: r = ev_bool(d.special == DEC_NAN); break;
    case 4: r = ev_bool(d.special == DEC_SNAN); break;
    case 5: r = ev_bool(d.sign); break;
    case 6: r = ev_bool(dec_is_zero(&d)); break;
    case 7: r = ev_int(d.special ? 0 : dec_adjusted(&d)); break;
    case 8: r = ev_bool(true); break; /* is_canonical */
    }
    dec_clear(&d);
    return r;
}

#define QUERY(cname, w)                                                                                   \
    static ev_value cname(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) \
    {                                                                                                     \
        return query(I, self, w);                                                                         \
    }
QUERY(dcl_is_finite, 0)
QUERY(dcl_is_infinite, 1)
QUERY(dcl_is_nan, 2)
QUERY(dcl_is_qnan, 3)
QUERY(dcl_is_snan, 4)
QUERY(dcl_is_signed, 5)
QUERY(dcl_is_zero, 6)
QUERY(dcl_adjusted, 7)
QUERY(dcl_is_canonical, 8)

static ev_value normality(ev_interp *I, ev_value self, ev_value ctxarg, bool want_normal)
{
    ev_value ctx = dec_ctx_arg(I, ctxarg);
    dctx c;
    if (EV_IS_ERR(ctx) || dec_ctx_read(I, ctx, &c))
        return EV_ERR;
    dec d;
    dec_init(&d);
    dec_get(self, &d);
    bool r;
    if (d.special || dec_is_zero(&d))
        r = false;
    else
        r = want_normal ? c.emin <= dec_adjusted(&d) : dec_adjusted(&d) < c.emin;
    dec_clear(&d);
    return ev_bool(r);
}

static ev_value dcl_is_normal(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return normality(I, self, argv[0], true);
}

static ev_value dcl_is_subnormal(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return normality(I, self, argv[0], false);
}

static ev_value copy_with(ev_interp *I, ev_value self, int how)
{
    dec d;
    dec_init(&d);
    dec_get(self, &d);
    if (how == 0)
        d.sign = 0;
    else if (how == 1)
        d.sign ^= 1;
    ev_value r = dec_make(I, &d);
    dec_clear(&d);
    return r;
}

static ev_value dcl_copy_abs(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return copy_with(I, self, 0);
}

static ev_value dcl_copy_negate(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return copy_with(I, self, 1);
}

/* __copy__, __deepcopy__, canonical, real, conjugate: self itself, as _decimal */
static ev_value dcl_self(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_dup(self);
}

static ev_value dcl_radix(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    dec d;
    dec_init(&d);
    mpz_set_ui(d.c, 10);
    ev_value r = dec_make(I, &d);
    dec_clear(&d);
    return r;
}

static ev_value dcl_same_quantum(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    dec x, y;
    dec_init(&x);
    dec_init(&y);
    unsigned st = 0;
    ev_value r;
    dec_get(self, &x);
    if (!dec_operand(I, argv[0], &y, false, &st)) {
        r = ev_raise(I, &ev_type_TypeError, "conversion from %s to Decimal is not supported", ev_type_name(argv[0]));
    } else if (x.special || y.special) {
        r = ev_bool((dec_is_nan(&x) && dec_is_nan(&y)) || (x.special == DEC_INF && y.special == DEC_INF));
    } else {
        r = ev_bool(x.e == y.e);
    }
    dec_clear(&x);
    dec_clear(&y);
    return r;
}

static ev_value dcl_number_class(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value ctx = dec_ctx_arg(I, argv[0]);
    dctx c;
    if (EV_IS_ERR(ctx) || dec_ctx_read(I, ctx, &c))
        return EV_ERR;
    dec d;
    dec_init(&d);
    dec_get(self, &d);
    const char *s;
    if (d.special == DEC_SNAN)
        s = "sNaN";
    else if (d.special == DEC_NAN)
        s = "NaN";
    else if (d.special == DEC_INF)
        s = d.sign ? "-Infinity" : "+Infinity";
    else if (dec_is_zero(&d))
        s = d.sign ? "-Zero" : "+Zero";
    else if (dec_adjusted(&d) < c.emin)
        s = d.sign ? "-Subnormal" : "+Subnormal";
    else
        s = d.sign ? "-Normal" : "+Normal";
    dec_clear(&d);
    return ev_str_from_cstr(I, s);
}

static ev_value dcl_as_tuple(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    dec d;
    dec_init(&d);
    dec_get(self, &d);
    ev_value digits = EV_ERR, exp = EV_ERR, r = EV_ERR;
    char *s = NULL;
    if (d.special == DEC_INF) {
        digits = ev_tuple_new(I, 1);
        if (!EV_IS_ERR(digits))
            ev_as_tuple(digits)->items[0] = ev_int(0);
    } else if (dec_is_nan(&d) && mpz_sgn(d.c) == 0) {
        digits = ev_tuple_new(I, 0);
    } else {
        s = mpz_get_str(NULL, 10, d.c);
        size_t n = strlen(s);
        digits = ev_tuple_new(I, n);
        for (size_t i = 0; !EV_IS_ERR(digits) && i < n; i++)
            ev_as_tuple(digits)->items[i] = ev_int(s[i] - '0');
        void (*freefn)(void *, size_t);
        mp_get_memory_functions(NULL, NULL, &freefn);
        freefn(s, n + 1);
    }
    if (EV_IS_ERR(digits))
        goto out;
    exp = d.special == DEC_INF ? ev_str_from_cstr(I, "F")
          : d.special == DEC_NAN ? ev_str_from_cstr(I, "n")
          : d.special == DEC_SNAN ? ev_str_from_cstr(I, "N")
                                  : ev_int(d.e);
    if (EV_IS_ERR(exp))
        goto out;
    ev_value cls = dec_class(I, "DecimalTuple");
    if (EV_IS_ERR(cls))
        goto out;
    ev_value a[3] = {ev_int(d.sign), digits, exp};
    r = ev_call(I, cls, 3, a, 0, NULL, NULL);
out:
    if (!EV_IS_ERR(digits))
        ev_decref(I, digits);
    if (!EV_IS_ERR(exp))
        ev_decref(I, exp);
    dec_clear(&d);
    return r;
}

static ev_value dcl_as_integer_ratio(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    dec d;
    dec_init(&d);
    dec_get(self, &d);
    ev_value r = EV_ERR;
    if (d.special == DEC_INF) {
        r = ev_raise(I, &ev_type_OverflowError, "cannot convert Infinity to integer ratio");
        goto out;
    }
    if (d.special) {
        r = ev_raise(I, &ev_type_ValueError, "cannot convert NaN to integer ratio");
        goto out;
    }
    mpz_t n, den;
    mpz_init_set(n, d.c);
    mpz_init_set_ui(den, 1);
    int fail = d.e >= 0 ? dec_shift_up(I, n, d.e) : dec_shift_up(I, den, -d.e);
    if (!fail) {
        mpz_t g;
        mpz_init(g);
        mpz_gcd(g, n, den);
        if (mpz_sgn(g)) {
            mpz_divexact(n, n, g);
            mpz_divexact(den, den, g);
        }
        if (mpz_sgn(n) == 0)
            mpz_set_ui(den, 1);
        mpz_clear(g);
        if (d.sign)
            mpz_neg(n, n);
        ev_value a = ev_int_from_mpz(I, n);
        ev_value b = EV_IS_ERR(a) ? EV_ERR : ev_int_from_mpz(I, den);
        ev_value t = EV_IS_ERR(b) ? EV_ERR : ev_tuple_new(I, 2);
        if (EV_IS_ERR(t)) {
            if (!EV_IS_ERR(a))
                ev_decref(I, a);
            if (!EV_IS_ERR(b))
                ev_decref(I, b);
        } else {
            ev_as_tuple(t)->items[0] = a;
            ev_as_tuple(t)->items[1] = b;
            r = t;
        }
    }
    mpz_clears(n, den, NULL);
out:
    dec_clear(&d);
    return r;
}

static ev_value dcl_from_float(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value v = argv[0];
    dec d;
    dec_init(&d);
    if (ev_is_int(v))
        dec_from_int(v, &d);
    else if (ev_is_floatish(v))
        dec_from_double(v.tag == EV_T_FLOAT ? v.u.f : ev_float_unbox(v).u.f, &d);
    else {
        dec_clear(&d);
        return ev_raise(I, &ev_type_TypeError, "argument must be int or float");
    }
    ev_value r = dec_make(I, &d);
    dec_clear(&d);
    if (EV_IS_ERR(r) || self.tag != EV_T_OBJ || self.u.o == &dec_type_Decimal.h)
        return r;
    return ev_alt_ctor_result(I, self, r);
}

static ev_value dcl_reduce(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value s = dec_to_str(I, self, false, EV_NONE);
    if (EV_IS_ERR(s))
        return s;
    ev_value inner = ev_tuple_new(I, 1), t = EV_IS_ERR(inner) ? EV_ERR : ev_tuple_new(I, 2);
    if (EV_IS_ERR(t)) {
        ev_decref(I, s);
        if (!EV_IS_ERR(inner))
            ev_decref(I, inner);
        return EV_ERR;
    }
    ev_as_tuple(inner)->items[0] = s;
    ev_as_tuple(t)->items[0] = ev_dup(ev_obj_val(&ev_type_of(self)->h));
    ev_as_tuple(t)->items[1] = inner;
    return t;
}

#define NOTIMPL(cname, pyname)                                                                           \
    static ev_value cname(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) \
    {                                                                                                     \
        return not_supported(I, pyname);                                                                  \
    }

static int u_next_plus(ev_interp *I, dec *r, const dec *a, dctx *c) { return dec_next(I, r, a, true, c); }
static int u_next_minus(ev_interp *I, dec *r, const dec *a, dctx *c) { return dec_next(I, r, a, false, c); }
static int op_and(ev_interp *I, dec *r, const dec *a, const dec *b, dctx *c) { return dec_logical(I, r, a, b, '&', c); }
static int op_or(ev_interp *I, dec *r, const dec *a, const dec *b, dctx *c) { return dec_logical(I, r, a, b, '|', c); }
static int op_xor(ev_interp *I, dec *r, const dec *a, const dec *b, dctx *c) { return dec_logical(I, r, a, b, '^', c); }
static int op_rotate(ev_interp *I, dec *r, const dec *a, const dec *b, dctx *c) { return dec_rotate(I, r, a, b, true, c); }
static int op_shift(ev_interp *I, dec *r, const dec *a, const dec *b, dctx *c) { return dec_rotate(I, r, a, b, false, c); }

UNOP(dcl_exp, dec_exp)
UNOP(dcl_ln, dec_ln)
UNOP(dcl_log10, dec_log10)
UNOP(dcl_next_plus, u_next_plus)
UNOP(dcl_next_minus, u_next_minus)
UNOP(dcl_logb, dec_logb)
UNOP(dcl_logical_invert, dec_logical_invert)
METHOD2(dcl_next_toward, dec_next_toward, "next_toward")
METHOD2(dcl_scaleb, dec_scaleb, "scaleb")
METHOD2(dcl_remainder_near, dec_remainder_near, "remainder_near")
METHOD2(dcl_logical_and, op_and, "logical_and")
METHOD2(dcl_logical_or, op_or, "logical_or")
METHOD2(dcl_logical_xor, op_xor, "logical_xor")
METHOD2(dcl_rotate, op_rotate, "rotate")
METHOD2(dcl_shift, op_shift, "shift")

static ev_value fma_impl(ev_interp *I, ev_value a, ev_value b, ev_value c3, ev_value ctxarg)
{
    dec x, y, z, r;
    dec_init(&x);
    dec_init(&y);
    dec_init(&z);
    dec_init(&r);
    ev_value res = EV_ERR;
    unsigned st0 = 0;
    ev_value bad = !dec_operand(I, a, &x, false, &st0) ? a : !dec_operand(I, b, &y, false, &st0) ? b
                   : !dec_operand(I, c3, &z, false, &st0) ? c3 : EV_ERR;
    if (!EV_IS_ERR(bad)) {
        ev_raise(I, &ev_type_TypeError, "conversion from %s to Decimal is not supported", ev_type_name(bad));
        goto out;
    }
    ev_value ctx = dec_ctx_arg(I, ctxarg);
    if (EV_IS_ERR(ctx))
        goto out;
    ev_incref(ctx);
    dctx c;
    if (!dec_ctx_read(I, ctx, &c) && !dec_fma(I, &r, &x, &y, &z, &c))
        res = dec_finish(I, ctx, &c, &r);
    ev_decref(I, ctx);
out:
    dec_clear(&x);
    dec_clear(&y);
    dec_clear(&z);
    dec_clear(&r);
    return res;
}

static ev_value dcl_fma(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return fma_impl(I, self, argv[0], argv[1], argc > 2 ? argv[2] : EV_NONE);
}

static ev_value dcl_format(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (!ev_is(argv[0], EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "format arg must be str");
    ev_value ctx = dec_current(I);
    dctx c;
    if (EV_IS_ERR(ctx) || dec_ctx_read(I, ctx, &c))
        return EV_ERR;
    dec d;
    dec_init(&d);
    dec_get(self, &d);
    ev_value r = dec_format(I, &d, ev_as_str(argv[0]), &c);
    dec_clear(&d);
    return r;
}

static ev_value dcl_real(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return dcl_self(I, self, 0, NULL, NULL);
}

static ev_value dcl_imag(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    dec d;
    dec_init(&d);
    ev_value r = dec_make(I, &d);
    dec_clear(&d);
    return r;
}

static ev_value dcl_conjugate(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return dcl_self(I, self, 0, NULL, NULL);
}

static const char *const sealed[] = {NULL};

static const ev_builtin_def decimal_methods[] = {
    {"__init__", dcl_init, 0, 2, 0, "~value, context"},
    {"__repr__", dcl_repr, 0, 0, 0},
    {"__str__", dcl_str, 0, 0, 0},
    {"__hash__", dcl_hash, 0, 0, 0},
    {"__bool__", dcl_bool, 0, 0, 0},
    {"__int__", dcl_int, 0, 0, 0},
    {"__trunc__", dcl_int, 0, 0, 0},
    {"__floor__", dcl_floor, 0, 0, 0},
    {"__ceil__", dcl_ceil, 0, 0, 0},
    {"__complex__", dcl_complex, 0, 0, 0},
    {"__float__", dcl_float, 0, 0, 0},
    {"__round__", dcl_round, 0, 1, 0, "~n"},
    {"__format__", dcl_format, 1, 2, 0},
    {"__reduce__", dcl_reduce, 0, 0, 0},
    {"__copy__", dcl_self, 0, 0, 0},
    {"__deepcopy__", dcl_self, 1, 1, 0},
    {"__add__", dcl_add, 1, 1, 0},
    {"__radd__", dcl_add_r, 1, 1, 0},
    {"__sub__", dcl_sub, 1, 1, 0},
    {"__rsub__", dcl_sub_r, 1, 1, 0},
    {"__mul__", dcl_mul, 1, 1, 0},
    {"__rmul__", dcl_mul_r, 1, 1, 0},
    {"__truediv__", dcl_truediv, 1, 1, 0},
    {"__rtruediv__", dcl_truediv_r, 1, 1, 0},
    {"__floordiv__", dcl_floordiv, 1, 1, 0},
    {"__rfloordiv__", dcl_floordiv_r, 1, 1, 0},
    {"__mod__", dcl_mod, 1, 1, 0},
    {"__rmod__", dcl_mod_r, 1, 1, 0},
    {"__divmod__", dcl_divmod, 1, 1, 0},
    {"__rdivmod__", dcl_rdivmod, 1, 1, 0},
    {"__pow__", dcl_pow3, 1, 2, 0},
    {"__rpow__", dcl_pow_r, 1, 1, 0},
    {"__neg__", dcl_neg, 0, 0, 0},
    {"__pos__", dcl_pos, 0, 0, 0},
    {"__abs__", dcl_abs, 0, 0, 0},
    {"__lt__", dcl_lt, 1, 1, 0},
    {"__le__", dcl_le, 1, 1, 0},
    {"__eq__", dcl_eq, 1, 1, 0},
    {"__ne__", dcl_ne, 1, 1, 0},
    {"__gt__", dcl_gt, 1, 1, 0},
    {"__ge__", dcl_ge, 1, 1, 0},
    {"real", dcl_real, 0, 0, EV_BF_PROP},
    {"imag", dcl_imag, 0, 0, EV_BF_PROP},
    {"conjugate", dcl_conjugate, 0, 0, 0},
    {"to_eng_string", dcl_eng, 0, 1, 0, "~context"},
    {"as_tuple", dcl_as_tuple, 0, 0, 0},
    {"as_integer_ratio", dcl_as_integer_ratio, 0, 0, 0},
    {"adjusted", dcl_adjusted, 0, 0, 0},
    {"canonical", dcl_self, 0, 0, 0},
    {"radix", dcl_radix, 0, 0, 0},
    {"is_canonical", dcl_is_canonical, 0, 0, 0},
    {"is_finite", dcl_is_finite, 0, 0, 0},
    {"is_infinite", dcl_is_infinite, 0, 0, 0},
    {"is_nan", dcl_is_nan, 0, 0, 0},
    {"is_qnan", dcl_is_qnan, 0, 0, 0},
    {"is_snan", dcl_is_snan, 0, 0, 0},
    {"is_signed", dcl_is_signed, 0, 0, 0},
    {"is_zero", dcl_is_zero, 0, 0, 0},
    {"is_normal", dcl_is_normal, 0, 1, 0, "~context"},
    {"is_subnormal", dcl_is_subnormal, 0, 1, 0, "~context"},
    {"number_class", dcl_number_class, 0, 1, 0, "~context"},
    {"copy_abs", dcl_copy_abs, 0, 0, 0},
    {"copy_negate", dcl_copy_negate, 0, 0, 0},
    {"copy_sign", dcl_copy_sign_m, 1, 2, 0, "~other, context"},
    {"same_quantum", dcl_same_quantum, 1, 2, 0, "~other, context"},
    {"compare", dcl_compare_m, 1, 2, 0, "~other, context"},
    {"compare_signal", dcl_compare_m, 1, 2, 0, "~other, context"},
    {"compare_total", dcl_compare_total_m, 1, 2, 0, "~other, context"},
    {"compare_total_mag", dcl_compare_total_mag_m, 1, 2, 0, "~other, context"},
    {"max", dcl_max_m, 1, 2, 0, "~other, context"},
    {"min", dcl_min_m, 1, 2, 0, "~other, context"},
    {"max_mag", dcl_max_mag_m, 1, 2, 0, "~other, context"},
    {"min_mag", dcl_min_mag_m, 1, 2, 0, "~other, context"},
    {"quantize", dcl_quantize, 1, 3, 0, "~exp, rounding, context"},
    {"to_integral", dcl_to_integral, 0, 2, 0, "~rounding, context"},
    {"to_integral_value", dcl_to_integral, 0, 2, 0, "~rounding, context"},
    {"to_integral_exact", dcl_to_integral_exact, 0, 2, 0, "~rounding, context"},
    {"sqrt", dcl_sqrt, 0, 1, 0, "~context"},
    {"normalize", dcl_normalize, 0, 1, 0, "~context"},
    {"exp", dcl_exp, 0, 1, 0, "~context"},
    {"ln", dcl_ln, 0, 1, 0, "~context"},
    {"log10", dcl_log10, 0, 1, 0, "~context"},
    {"logb", dcl_logb, 0, 1, 0, "~context"},
    {"fma", dcl_fma, 2, 3, 0, "~other, third, context"},
    {"next_plus", dcl_next_plus, 0, 1, 0, "~context"},
    {"next_minus", dcl_next_minus, 0, 1, 0, "~context"},
    {"next_toward", dcl_next_toward_m, 1, 2, 0, "~other, context"},
    {"logical_and", dcl_logical_and_m, 1, 2, 0, "~other, context"},
    {"logical_or", dcl_logical_or_m, 1, 2, 0, "~other, context"},
    {"logical_xor", dcl_logical_xor_m, 1, 2, 0, "~other, context"},
    {"logical_invert", dcl_logical_invert, 0, 1, 0, "~context"},
    {"rotate", dcl_rotate_m, 1, 2, 0, "~other, context"},
    {"shift", dcl_shift_m, 1, 2, 0, "~other, context"},
    {"scaleb", dcl_scaleb_m, 1, 2, 0, "~other, context"},
    {"remainder_near", dcl_remainder_near_m, 1, 2, 0, "~other, context"},
    {NULL, NULL, 0, 0, 0},
};

static const ev_builtin_def decimal_type_methods[] = {
    {"from_float", dcl_from_float, 1, 1, 0},
    {NULL, NULL, 0, 0, 0},
};

ev_type dec_type_Decimal = {STATIC_TYPE, .name = "decimal.Decimal", .module = "decimal", .call = dcl_ctor,
                            .max_args = 2, .params = "~value, context", .methods = decimal_methods,
                            .type_methods = decimal_type_methods, .tflags = EV_TYPE_CSLOTS | EV_TYPE_CNEW_INIT, .cnew = dcl_cnew,
                            .sealed = sealed};

/* ---- Context methods that mirror Decimal's ---------------------------------------------------- */

/* a Context method's operand: int or Decimal, as _decimal's convert_op_raise */
static int ctx_operand(ev_interp *I, ev_value v, dec *d)
{
    unsigned st = 0;
    if (dec_operand(I, v, d, false, &st))
        return 0;
    ev_raise(I, &ev_type_TypeError, "conversion from %s to Decimal is not supported", ev_type_name(v));
    return -1;
}

static ev_value ctx_binary(ev_interp *I, ev_value ctx, binfn fn, ev_value a, ev_value b, const char *name)
{
    dec x, y, r;
    dec_init(&x);
    dec_init(&y);
    dec_init(&r);
    ev_value res = EV_ERR;
    dctx c;
    if (!ctx_operand(I, a, &x) && !ctx_operand(I, b, &y) && !dec_ctx_read(I, ctx, &c)) {
        int rc = fn(I, &r, &x, &y, &c);
        if (rc > 0)
            not_supported(I, name);
        else if (rc == 0)
            res = dec_finish(I, ctx, &c, &r);
    }
    dec_clear(&x);
    dec_clear(&y);
    dec_clear(&r);
    return res;
}

static ev_value ctx_unary(ev_interp *I, ev_value ctx, unfn fn, ev_value a)
{
    dec x, r;
    dec_init(&x);
    dec_init(&r);
    ev_value res = EV_ERR;
    dctx c;
    if (!ctx_operand(I, a, &x) && !dec_ctx_read(I, ctx, &c) && !fn(I, &r, &x, &c))
        res = dec_finish(I, ctx, &c, &r);
    dec_clear(&x);
    dec_clear(&r);
    return res;
}

#define CTX_BIN(cname, fn, pyname)                                                                        \
    static ev_value cname(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) \
    {                                                                                                     \
        return ctx_binary(I, self, fn, argv[0], argv[1], pyname);                                         \
    }
#define CTX_UN(cname, fn)                                                                                 \
    static ev_value cname(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) \
    {                                                                                                     \
        return ctx_unary(I, self, fn, argv[0]);                                                           \
    }

CTX_BIN(cx_add, op_add, "Context.add")
CTX_BIN(cx_subtract, op_sub, "Context.subtract")
CTX_BIN(cx_multiply, dec_mul, "Context.multiply")
CTX_BIN(cx_divide, dec_div, "Context.divide")
CTX_BIN(cx_divide_int, op_floordiv, "Context.divide_int")
CTX_BIN(cx_remainder, op_mod, "Context.remainder")
CTX_BIN(cx_compare, op_compare, "Context.compare")
CTX_BIN(cx_compare_total, op_compare_total, "Context.compare_total")
CTX_BIN(cx_max, op_max, "Context.max")
CTX_BIN(cx_min, op_min, "Context.min")
CTX_BIN(cx_max_mag, op_max_mag, "Context.max_mag")
CTX_BIN(cx_min_mag, op_min_mag, "Context.min_mag")
CTX_BIN(cx_copy_sign, op_copy_sign, "Context.copy_sign")
CTX_UN(cx_plus, u_pos)
CTX_UN(cx_minus, u_neg)
CTX_UN(cx_abs, u_abs)
CTX_UN(cx_sqrt, dec_sqrt)
CTX_UN(cx_normalize, dec_normalize)

static ev_value cx_power(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc > 2 && !EV_IS_ERR(argv[2]) && argv[2].tag != EV_T_NONE)
        return pow_mod(I, argv[0], argv[1], argv[2], self, false);
    return ctx_binary(I, self, dec_pow, argv[0], argv[1], "Context.power");
}

static ev_value cx_divmod(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    dec x;
    dec_init(&x);
    int bad = ctx_operand(I, argv[0], &x) || ctx_operand(I, argv[1], &x);
    dec_clear(&x);
    return bad ? EV_ERR : divmod_impl(I, argv[0], argv[1], self, false);
}

static ev_value cx_quantize(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    dec x, y, r;
    dec_init(&x);
    dec_init(&y);
    dec_init(&r);
    ev_value res = EV_ERR;
    dctx c;
    if (!ctx_operand(I, argv[0], &x) && !ctx_operand(I, argv[1], &y) && !dec_ctx_read(I, self, &c) &&
        !dec_quantize(I, &r, &x, &y, c.round, &c))
        res = dec_finish(I, self, &c, &r);
    dec_clear(&x);
    dec_clear(&y);
    dec_clear(&r);
    return res;
}

static ev_value cx_to_integral(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    dec x;
    dec_init(&x);
    int bad = ctx_operand(I, argv[0], &x);
    dec_clear(&x);
    if (bad)
        return EV_ERR;
    ev_value d = dec_is_decimal(argv[0]) ? ev_dup(argv[0]) : dcl_ctor(I, EV_NONE, 1, argv, NULL);
    if (EV_IS_ERR(d))
        return d;
    ev_value r = integral(I, d, EV_NONE, self, false);
    ev_decref(I, d);
    return r;
}

static ev_value cx_to_integral_exact(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    dec x;
    dec_init(&x);
    int bad = ctx_operand(I, argv[0], &x);
    dec_clear(&x);
    if (bad)
        return EV_ERR;
    ev_value d = dec_is_decimal(argv[0]) ? ev_dup(argv[0]) : dcl_ctor(I, EV_NONE, 1, argv, NULL);
    if (EV_IS_ERR(d))
        return d;
    ev_value r = integral(I, d, EV_NONE, self, true);
    ev_decref(I, d);
    return r;
}

/* create_decimal(num): the exact conversion, then rounded to the context */
static ev_value cx_create_decimal(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    dec d;
    dec_init(&d);
    unsigned st = 0;
    ev_value res = EV_ERR;
    dctx c;
    ev_value v = argc > 0 && !EV_IS_ERR(argv[0]) ? argv[0] : EV_ERR;
    if (dec_ctx_read(I, self, &c))
        goto out;
    if (!EV_IS_ERR(v) && dec_convert_exact(I, v, &d, &st))
        goto out;
    if (EV_IS_ERR(v)) {
        mpz_set_ui(d.c, 0);
    }
    c.status = st;
    if (dec_is_nan(&d) && mpz_sgn(d.c) && dec_ndigits(d.c) > c.prec - c.clamp) {
        dec_set_nan_result(&d, &c, ST_CONV_SYNTAX);
    } else if (dec_fix(I, &d, &c)) {
        goto out;
    }
    res = dec_finish(I, self, &c, &d);
out:
    dec_clear(&d);
    return res;
}

static ev_value cx_create_decimal_from_float(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value d = dcl_from_float(I, ev_obj_val(&dec_type_Decimal.h), 1, argv, NULL);
    if (EV_IS_ERR(d))
        return d;
    ev_value r = cx_create_decimal(I, self, 1, &d, NULL);
    ev_decref(I, d);
    return r;
}

static ev_value cx_to_sci_string(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (!dec_is_decimal(argv[0]))
        return ev_raise(I, &ev_type_TypeError, "conversion from %s to Decimal is not supported", ev_type_name(argv[0]));
    return dec_to_str(I, argv[0], false, self);
}

static ev_value cx_to_eng_string(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (!dec_is_decimal(argv[0]))
        return ev_raise(I, &ev_type_TypeError, "conversion from %s to Decimal is not supported", ev_type_name(argv[0]));
    return dec_to_str(I, argv[0], true, self);
}

static ev_value cx_radix(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return dcl_radix(I, self, 0, NULL, NULL);
}

CTX_UN(cx_exp, dec_exp)
CTX_UN(cx_ln, dec_ln)
CTX_UN(cx_log10, dec_log10)
CTX_BIN(cx_next_toward, dec_next_toward, "Context.next_toward")
CTX_BIN(cx_scaleb, dec_scaleb, "Context.scaleb")
CTX_BIN(cx_remainder_near, dec_remainder_near, "Context.remainder_near")
CTX_BIN(cx_logical_and, op_and, "Context.logical_and")
CTX_BIN(cx_logical_or, op_or, "Context.logical_or")
CTX_BIN(cx_logical_xor, op_xor, "Context.logical_xor")
CTX_BIN(cx_rotate, op_rotate, "Context.rotate")
CTX_BIN(cx_shift, op_shift, "Context.shift")
CTX_BIN(cx_compare_total_mag, op_compare_total_mag, "Context.compare_total_mag")
CTX_UN(cx_next_plus, u_next_plus)
CTX_UN(cx_next_minus, u_next_minus)
CTX_UN(cx_logb, dec_logb)
CTX_UN(cx_logical_invert, dec_logical_invert)

static ev_value cx_fma(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    dec x;
    dec_init(&x);
    int bad = ctx_operand(I, argv[0], &x);
    dec_clear(&x);
    return bad ? EV_ERR : fma_impl(I, argv[0], argv[1], argv[2], self);
}

/* the Context methods that apply a Decimal method to a converted operand */
static ev_value cx_apply(ev_interp *I, ev_value self, ev_value a, ev_cfunc fn, bool pass_ctx)
{
    dec x;
    dec_init(&x);
    int bad = ctx_operand(I, a, &x);
    dec_clear(&x);
    if (bad)
        return EV_ERR;
    ev_value d = dec_is_decimal(a) ? ev_dup(a) : dcl_ctor(I, EV_NONE, 1, &a, NULL);
    if (EV_IS_ERR(d))
        return d;
    ev_value r = fn(I, d, pass_ctx ? 1 : 0, &self, NULL);
    ev_decref(I, d);
    return r;
}

#define CTX_APPLY(cname, fn, pass)                                                                        \
    static ev_value cname(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) \
    {                                                                                                     \
        return cx_apply(I, self, argv[0], fn, pass);                                                      \
    }
CTX_APPLY(cx_is_finite, dcl_is_finite, false)
CTX_APPLY(cx_is_infinite, dcl_is_infinite, false)
CTX_APPLY(cx_is_nan, dcl_is_nan, false)
CTX_APPLY(cx_is_qnan, dcl_is_qnan, false)
CTX_APPLY(cx_is_snan, dcl_is_snan, false)
CTX_APPLY(cx_is_signed, dcl_is_signed, false)
CTX_APPLY(cx_is_zero, dcl_is_zero, false)
CTX_APPLY(cx_is_canonical, dcl_is_canonical, false)
CTX_APPLY(cx_is_normal, dcl_is_normal, true)
CTX_APPLY(cx_is_subnormal, dcl_is_subnormal, true)
CTX_APPLY(cx_number_class, dcl_number_class, true)
CTX_APPLY(cx_copy_abs, dcl_copy_abs, false)
CTX_APPLY(cx_copy_negate, dcl_copy_negate, false)
CTX_APPLY(cx_canonical, dcl_self, false)
CTX_APPLY(cx_copy_decimal, dcl_self, false)

static ev_value cx_same_quantum(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    dec x;
    dec_init(&x);
    int bad = ctx_operand(I, argv[0], &x) || ctx_operand(I, argv[1], &x);
    dec_clear(&x);
    if (bad)
        return EV_ERR;
    ev_value d = dec_is_decimal(argv[0]) ? ev_dup(argv[0]) : dcl_ctor(I, EV_NONE, 1, argv, NULL);
    if (EV_IS_ERR(d))
        return d;
    ev_value r = dcl_same_quantum(I, d, 1, argv + 1, NULL);
    ev_decref(I, d);
    return r;
}

const ev_builtin_def dec_context_methods[] = {
    {"__init__", ctx_init, 0, 8, 0, "prec, rounding, Emin, Emax, capitals, clamp, flags, traps"},
    {"__repr__", ctx_repr, 0, 0, 0},
    {"__setattr__", ctx_setattr, 2, 2, 0},
    {"__delattr__", ctx_delattr, 1, 1, 0},
    {"prec", ctx_get_prec, 0, 0, EV_BF_PROP},
    {"rounding", ctx_get_rounding, 0, 0, EV_BF_PROP},
    {"Emin", ctx_get_emin, 0, 0, EV_BF_PROP},
    {"Emax", ctx_get_emax, 0, 0, EV_BF_PROP},
    {"capitals", ctx_get_capitals, 0, 0, EV_BF_PROP},
    {"clamp", ctx_get_clamp, 0, 0, EV_BF_PROP},
    {"flags", ctx_get_flags, 0, 0, EV_BF_PROP},
    {"traps", ctx_get_traps, 0, 0, EV_BF_PROP},
    {"copy", ctx_copy_m, 0, 0, 0},
    {"__copy__", ctx_copy_m, 0, 0, 0},
    {"clear_flags", ctx_clear_flags, 0, 0, 0},
    {"clear_traps", ctx_clear_traps, 0, 0, 0},
    {"Etiny", ctx_etiny, 0, 0, 0},
    {"Etop", ctx_etop, 0, 0, 0},
    {"radix", cx_radix, 0, 0, 0},
    {"add", cx_add, 2, 2, 0, "~x, y"},
    {"subtract", cx_subtract, 2, 2, 0, "~x, y"},
    {"multiply", cx_multiply, 2, 2, 0, "~x, y"},
    {"divide", cx_divide, 2, 2, 0, "~x, y"},
    {"divide_int", cx_divide_int, 2, 2, 0, "~x, y"},
    {"remainder", cx_remainder, 2, 2, 0, "~x, y"},
    {"divmod", cx_divmod, 2, 2, 0, "~x, y"},
    {"power", cx_power, 2, 3, 0, "~a, b, modulo"},
    {"compare", cx_compare, 2, 2, 0, "~x, y"},
    {"compare_signal", cx_compare, 2, 2, 0, "~x, y"},
    {"compare_total", cx_compare_total, 2, 2, 0, "~x, y"},
    {"max", cx_max, 2, 2, 0, "~x, y"},
    {"min", cx_min, 2, 2, 0, "~x, y"},
    {"max_mag", cx_max_mag, 2, 2, 0, "~x, y"},
    {"min_mag", cx_min_mag, 2, 2, 0, "~x, y"},
    {"copy_sign", cx_copy_sign, 2, 2, 0, "~x, y"},
    {"plus", cx_plus, 1, 1, 0},
    {"minus", cx_minus, 1, 1, 0},
    {"abs", cx_abs, 1, 1, 0},
    {"sqrt", cx_sqrt, 1, 1, 0},
    {"normalize", cx_normalize, 1, 1, 0},
    {"quantize", cx_quantize, 2, 2, 0, "~x, y"},
    {"to_integral", cx_to_integral, 1, 1, 0},
    {"to_integral_value", cx_to_integral, 1, 1, 0},
    {"to_integral_exact", cx_to_integral_exact, 1, 1, 0},
    {"create_decimal", cx_create_decimal, 0, 1, 0, "~num"},
    {"create_decimal_from_float", cx_create_decimal_from_float, 1, 1, 0},
    {"to_sci_string", cx_to_sci_string, 1, 1, 0},
    {"to_eng_string", cx_to_eng_string, 1, 1, 0},
    {"exp", cx_exp, 1, 1, 0},
    {"ln", cx_ln, 1, 1, 0},
    {"log10", cx_log10, 1, 1, 0},
    {"fma", cx_fma, 3, 3, 0, "~a, b, c"},
    {"next_toward", cx_next_toward, 2, 2, 0, "~x, y"},
    {"scaleb", cx_scaleb, 2, 2, 0, "~x, y"},
    {"remainder_near", cx_remainder_near, 2, 2, 0, "~x, y"},
    {"logical_and", cx_logical_and, 2, 2, 0, "~x, y"},
    {"logical_or", cx_logical_or, 2, 2, 0, "~x, y"},
    {"logical_xor", cx_logical_xor, 2, 2, 0, "~x, y"},
    {"rotate", cx_rotate, 2, 2, 0, "~x, y"},
    {"shift", cx_shift, 2, 2, 0, "~x, y"},
    {"compare_total_mag", cx_compare_total_mag, 2, 2, 0, "~x, y"},
    {"same_quantum", cx_same_quantum, 2, 2, 0, "~x, y"},
    {"next_plus", cx_next_plus, 1, 1, 0},
    {"next_minus", cx_next_minus, 1, 1, 0},
    {"logb", cx_logb, 1, 1, 0},
    {"logical_invert", cx_logical_invert, 1, 1, 0},
    {"is_finite", cx_is_finite, 1, 1, 0},
    {"is_infinite", cx_is_infinite, 1, 1, 0},
    {"is_nan", cx_is_nan, 1, 1, 0},
    {"is_qnan", cx_is_qnan, 1, 1, 0},
    {"is_snan", cx_is_snan, 1, 1, 0},
    {"is_signed", cx_is_signed, 1, 1, 0},
    {"is_zero", cx_is_zero, 1, 1, 0},
    {"is_canonical", cx_is_canonical, 1, 1, 0},
    {"is_normal", cx_is_normal, 1, 1, 0},
    {"is_subnormal", cx_is_subnormal, 1, 1, 0},
    {"number_class", cx_number_class, 1, 1, 0},
    {"copy_abs", cx_copy_abs, 1, 1, 0},
    {"copy_negate", cx_copy_negate, 1, 1, 0},
    {"copy_decimal", cx_copy_decimal, 1, 1, 0},
    {"canonical", cx_canonical, 1, 1, 0},
    {NULL, NULL, 0, 0, 0},
};
