/*
 * fractions_ops.c - Fraction's arithmetic as CPython 3.11's fractions.py
 * writes it: _operator_fallbacks' forward and reverse operators (exact on
 * GMP integers against ints and Fractions, through float or complex
 * otherwise, NotImplemented for anything else), __pow__/__rpow__, the
 * comparisons (_richcmp, __eq__), __round__ and limit_denominator.  The
 * class itself and construction are in fractions.c.
 */
#include <gmp.h>
#include <string.h>

#include "evaluator/modules/fractions_int.h"

/* ---- arithmetic ------------------------------------------------------------------------------ */

typedef enum { FO_ADD, FO_SUB, FO_MUL, FO_DIV, FO_FLOORDIV, FO_DIVMOD, FO_MOD } fop;

static const ev_binop fop_binop[] = {EV_OP_ADD, EV_OP_SUB, EV_OP_MUL, EV_OP_TRUEDIV, EV_OP_FLOORDIV, 0, EV_OP_MOD};

/* _add, _sub...: the exact operation on a and b */
static ev_value mono(ev_interp *I, fop op, frac *a, frac *b)
{
    ev_value r = EV_ERR;
    frac q;
    ev_fq_init(&q);
    mpz_t g, g2, s, t;
    mpz_inits(g, g2, s, t, NULL);
    switch (op) {
    case FO_ADD:
    case FO_SUB:
        mpz_gcd(g, a->d, b->d);
        if (mpz_cmp_ui(g, 1) == 0) {
            mpz_mul(q.n, a->n, b->d);
            mpz_mul(t, a->d, b->n);
            if (op == FO_ADD)
                mpz_add(q.n, q.n, t);
            else
                mpz_sub(q.n, q.n, t);
            mpz_mul(q.d, a->d, b->d);
        } else {
            mpz_divexact(s, a->d, g);
            mpz_divexact(t, b->d, g);
            mpz_mul(t, a->n, t);
            mpz_mul(g2, b->n, s);
            if (op == FO_ADD)
                mpz_add(t, t, g2);
            else
                mpz_sub(t, t, g2);
            mpz_gcd(g2, t, g);
            if (mpz_cmp_ui(g2, 1) == 0) {
                mpz_set(q.n, t);
                mpz_mul(q.d, s, b->d);
            } else {
                mpz_divexact(q.n, t, g2);
                mpz_divexact(q.d, b->d, g2);
                mpz_mul(q.d, s, q.d);
            }
        }
        r = ev_fq_make(I, &q, false);
        break;
    case FO_MUL:
        mpz_gcd(g, a->n, b->d);
        mpz_gcd(g2, b->n, a->d);
        if (mpz_cmp_ui(g, 1) > 0) {
            mpz_divexact(q.n, a->n, g);
            mpz_divexact(t, b->d, g);
        } else {
            mpz_set(q.n, a->n);
            mpz_set(t, b->d);
        }
        if (mpz_cmp_ui(g2, 1) > 0) {
            mpz_divexact(s, b->n, g2);
            mpz_divexact(q.d, a->d, g2);
        } else {
            mpz_set(s, b->n);
            mpz_set(q.d, a->d);
        }
        mpz_mul(q.n, q.n, s);
        mpz_mul(q.d, t, q.d);
        r = ev_fq_make(I, &q, false);
        break;
    case FO_DIV:
        /* na, nb by gcd(na, nb); da, db by gcd(db, da) */
        mpz_gcd(g, a->n, b->n);
        mpz_gcd(g2, b->d, a->d);
        mpz_set(q.n, a->n);
        mpz_set(s, b->n);
        if (mpz_cmp_ui(g, 1) > 0) {
            mpz_divexact(q.n, a->n, g);
            mpz_divexact(s, b->n, g);
        }
        mpz_set(t, a->d);
        mpz_set(q.d, b->d);
        if (mpz_cmp_ui(g2, 1) > 0) {
            mpz_divexact(t, a->d, g2);
            mpz_divexact(q.d, b->d, g2);
        }
        mpz_mul(q.n, q.n, q.d); /* na * db */
        mpz_mul(q.d, s, t);     /* nb * da */
        if (mpz_sgn(q.d) < 0) {
            mpz_neg(q.n, q.n);
            mpz_neg(q.d, q.d);
        }
        r = ev_fq_make(I, &q, false);
        break;
    case FO_FLOORDIV:
    case FO_DIVMOD:
    case FO_MOD:
        mpz_mul(s, a->n, b->d); /* na * db */
        mpz_mul(t, a->d, b->n); /* da * nb */
        if (mpz_sgn(t) == 0) {
            r = ev_num_zero_div(I, op == FO_MOD ? EV_OP_MOD : EV_OP_FLOORDIV);
            break;
        }
        mpz_fdiv_qr(g, g2, s, t);
        if (op == FO_FLOORDIV) {
            r = ev_int_from_mpz(I, g);
            break;
        }
        mpz_set(q.n, g2);
        mpz_mul(q.d, a->d, b->d);
        ev_value m = ev_fq_make(I, &q, true);
        if (op == FO_MOD || EV_IS_ERR(m)) {
            r = m;
            break;
        }
        ev_value div = ev_int_from_mpz(I, g);
        r = EV_IS_ERR(div) ? div : ev_tuple_new(I, 2);
        if (EV_IS_ERR(r)) {
            ev_decref(I, m);
            if (!EV_IS_ERR(div))
                ev_decref(I, div);
            break;
        }
        ev_as_tuple(r)->items[0] = div;
        ev_as_tuple(r)->items[1] = m;
        break;
    }
    mpz_clears(g, g2, s, t, NULL);
    ev_fq_clear(&q);
    return r;
}

/* fallback_operator(x, y): operator.add... or divmod on floats/complexes */
static ev_value fallback(ev_interp *I, fop op, ev_value x, ev_value y)
{
    if (op == FO_DIVMOD) {
        ev_value args[2] = {x, y};
        return ev_builtin_apply(I, "divmod", 2, args);
    }
    return ev_binary(I, fop_binop[op], x, y);
}

/* float(v) / complex(v) as the builtins do */
static ev_value conv(ev_interp *I, ev_type *t, ev_value v)
{
    if (t == &ev_type_float && ev_is_floatish(v))
        return ev_dup(v);
    return ev_call(I, ev_obj_val(&t->h), 1, &v, 0, NULL, NULL);
}

static bool is_complex(ev_value v) { return ev_type_is_subclass(ev_type_of(v), &ev_type_complex); }

static ev_value both_mono(ev_interp *I, fop op, ev_value x, ev_value y, const char *what)
{
    frac a, b;
    ev_fq_init(&a);
    ev_fq_init(&b);
    ev_value r = ev_fq_of(I, x, &a, what) || ev_fq_of(I, y, &b, what) ? EV_ERR : mono(I, op, &a, &b);
    ev_fq_clear(&a);
    ev_fq_clear(&b);
    return r;
}

static ev_value fallback_conv(ev_interp *I, fop op, ev_type *t, ev_value x, bool conv_x, ev_value y, bool conv_y)
{
    ev_value cx = conv_x ? conv(I, t, x) : ev_dup(x);
    if (EV_IS_ERR(cx))
        return cx;
    ev_value cy = conv_y ? conv(I, t, y) : ev_dup(y);
    if (EV_IS_ERR(cy)) {
        ev_decref(I, cx);
        return cy;
    }
    ev_value r = fallback(I, op, cx, cy);
    ev_decref(I, cx);
    ev_decref(I, cy);
    return r;
}

/* forward(a, b) */
static ev_value forward(ev_interp *I, fop op, ev_value a, ev_value b, const char *what)
{
    if (ev_is_int(b) || ev_fr_is(I, b))
        return both_mono(I, op, a, b, what);
    if (ev_is_floatish(b))
        return fallback_conv(I, op, &ev_type_float, a, true, b, false);
    if (is_complex(b))
        return fallback_conv(I, op, &ev_type_complex, a, true, b, false);
    ev_value fcls = ev_fr_class(I);
    int virt = EV_IS_ERR(fcls) ? -1 : ev_isinstance(I, b, fcls); /* Fraction.register()ed */
    if (virt < 0)
        return EV_ERR;
    return virt ? both_mono(I, op, a, b, what) : ev_dup(EV_NOTIMPL);
}

/* reverse(b, a): a OP b where b is the Fraction */
static ev_value reverse(ev_interp *I, fop op, ev_value b, ev_value a, const char *what)
{
    int k = ev_is_int(a) || ev_fr_is(I, a) ? 0 : ev_is_floatish(a) ? 1 : is_complex(a) ? 2 : -2;
    if (k == -2) {
        static const ev_numbers_id ids[3] = {NUM_Rational, NUM_Real, NUM_Complex};
        for (int i = 0; i < 3 && k == -2; i++) {
            int r = ev_fr_is_num(I, a, ids[i]);
            if (r < 0)
                return EV_ERR;
            if (r)
                k = i;
        }
    }
    switch (k) {
    case 0: return both_mono(I, op, a, b, what);
    case 1: return fallback_conv(I, op, &ev_type_float, a, true, b, true);
    case 2: return fallback_conv(I, op, &ev_type_complex, a, true, b, true);
    default: return ev_dup(EV_NOTIMPL);
    }
}

#define FR_BINOP(fname, rname, op, what)                                                                  \
    US_FN(fname)                                                                                          \
    {                                                                                                     \
        static const ev_us_sig sig = {"Fraction._operator_fallbacks.<locals>.forward", {"b", NULL}, 1, 0,  \
                                      false, false};                                                      \
        BIND(sig, a);                                                                                     \
        return forward(I, op, self, a[0], what);                                                          \
    }                                                                                                     \
    US_FN(rname)                                                                                          \
    {                                                                                                     \
        static const ev_us_sig sig = {"Fraction._operator_fallbacks.<locals>.reverse", {"a", NULL}, 1, 0,  \
                                      false, false};                                                      \
        BIND(sig, a);                                                                                     \
        return reverse(I, op, self, a[0], what);                                                          \
    }

FR_BINOP(fr_add, fr_radd, FO_ADD, "Fraction addition")
FR_BINOP(fr_sub, fr_rsub, FO_SUB, "Fraction subtraction")
FR_BINOP(fr_mul, fr_rmul, FO_MUL, "Fraction multiplication")
FR_BINOP(fr_truediv, fr_rtruediv, FO_DIV, "Fraction division")
FR_BINOP(fr_floordiv, fr_rfloordiv, FO_FLOORDIV, "Fraction floor division")
FR_BINOP(fr_divmod, fr_rdivmod, FO_DIVMOD, "divmod of a Fraction")
FR_BINOP(fr_mod, fr_rmod, FO_MOD, "Fraction modulo")

/* float(a) for a Fraction: int(n) / int(d) (Rational.__float__), or the
 * class's own __float__ */
static ev_value fr_float(ev_interp *I, ev_value a) { return conv(I, &ev_type_float, a); }

/* Fraction(a.n ** p, a.d ** p) for an int power (a exact) */
static ev_value int_power(ev_interp *I, frac *a, ev_value power)
{
    ev_value p = ev_int_unbox(I, power);
    if (EV_IS_ERR(p))
        return p;
    int neg = ev_compare(I, p, ev_int(0), 0);
    ev_value base_n = EV_ERR, base_d = EV_ERR, e = EV_ERR, rn = EV_ERR, rd = EV_ERR, r = EV_ERR;
    if (neg < 0)
        goto done;
    if (!neg) {
        base_n = ev_int_from_mpz(I, a->n);
        base_d = ev_int_from_mpz(I, a->d);
        e = ev_dup(p);
    } else {
        /* (d ** -p, n ** -p), the signs moved to the numerator */
        bool nneg = mpz_sgn(a->n) < 0;
        if (nneg) {
            mpz_neg(a->n, a->n);
            mpz_neg(a->d, a->d);
        }
        base_n = ev_int_from_mpz(I, a->d);
        base_d = ev_int_from_mpz(I, a->n);
        e = ev_negate(I, p);
    }
    if (EV_IS_ERR(base_n) || EV_IS_ERR(base_d) || EV_IS_ERR(e))
        goto done;
    rn = ev_binary(I, EV_OP_POW, base_n, e);
    if (EV_IS_ERR(rn))
        goto done;
    rd = ev_binary(I, EV_OP_POW, base_d, e);
    if (EV_IS_ERR(rd))
        goto done;
    {
        frac q;
        ev_fq_init(&q);
        if (!ev_fr_int_to_mpz(I, rn, q.n) && !ev_fr_int_to_mpz(I, rd, q.d))
            r = ev_fq_make(I, &q, false);
        ev_fq_clear(&q);
    }
done:;
    ev_value held[6] = {p, base_n, base_d, e, rn, rd};
    for (int i = 0; i < 6; i++)
        if (!EV_IS_ERR(held[i]))
            ev_decref(I, held[i]);
    return r;
}

/* float(a) ** b, b converted by float() first when conv_b */
static ev_value float_pow(ev_interp *I, ev_value a, ev_value b, bool conv_b)
{
    ev_value fa = fr_float(I, a);
    if (EV_IS_ERR(fa))
        return fa;
    ev_value fb = conv_b ? fr_float(I, b) : ev_dup(b);
    ev_value r = EV_IS_ERR(fb) ? fb : ev_binary(I, EV_OP_POW, fa, fb);
    ev_decref(I, fa);
    if (!EV_IS_ERR(fb))
        ev_decref(I, fb);
    return r;
}

/* a ** b with a a Fraction (its value in qa) */
static ev_value power(ev_interp *I, ev_value a, frac *qa, ev_value b)
{
    int rat = ev_is_int(b) || ev_fr_is(I, b) ? 1 : ev_is_floatish(b) ? 0 : ev_fr_is_num(I, b, NUM_Rational);
    if (rat < 0)
        return EV_ERR;
    if (!rat)
        return float_pow(I, a, b, false);
    ev_value bd = ev_is_int(b) ? ev_int(1) : ev_fr_attr(I, b, "denominator");
    if (EV_IS_ERR(bd))
        return bd;
    int one = ev_eq(I, bd, ev_int(1));
    ev_decref(I, bd);
    if (one < 0)
        return EV_ERR;
    if (!one)
        return float_pow(I, a, b, true);
    ev_value bn = ev_is_int(b) ? ev_dup(b) : ev_fr_attr(I, b, "numerator");
    if (EV_IS_ERR(bn))
        return bn;
    ev_value r = ev_is_int(bn) ? int_power(I, qa, bn)
                               : ev_raise(I, &ev_type_NotImplementedError,
                                          "Fraction ** a Rational whose numerator is no int is not supported by safepy");
    ev_decref(I, bn);
    return r;
}

US_FN(fr_pow)
{
    SIG1("Fraction.__pow__", "b");
    frac q;
    ev_fq_init(&q);
    ev_value r = ev_fr_self_q(I, self, &q, "Fraction power") ? EV_ERR : power(I, self, &q, a[0]);
    ev_fq_clear(&q);
    return r;
}

/* __rpow__(b, a): a ** b */
US_FN(fr_rpow)
{
    SIG1("Fraction.__rpow__", "a");
    ev_value other = a[0];
    frac qb;
    ev_fq_init(&qb);
    ev_value r = EV_ERR;
    if (ev_fr_self_q(I, self, &qb, "Fraction power"))
        goto done;
    bool int_exp = mpz_cmp_ui(qb.d, 1) == 0;
    if (int_exp && mpz_sgn(qb.n) >= 0) {
        ev_value e = ev_int_from_mpz(I, qb.n);
        r = EV_IS_ERR(e) ? e : ev_binary(I, EV_OP_POW, other, e);
        if (!EV_IS_ERR(e))
            ev_decref(I, e);
        goto done;
    }
    int rat = ev_is_int(other) || ev_fr_is(I, other) ? 1 : ev_is_floatish(other) ? 0 : ev_fr_is_num(I, other, NUM_Rational);
    if (rat < 0)
        goto done;
    if (rat) {
        /* Fraction(a.numerator, a.denominator) ** b */
        frac qa;
        ev_fq_init(&qa);
        if (!ev_fq_of(I, other, &qa, "Fraction power")) {
            ev_value fa = ev_fq_make(I, &qa, true);
            if (!EV_IS_ERR(fa)) {
                r = ev_binary(I, EV_OP_POW, fa, self);
                ev_decref(I, fa);
            }
        }
        ev_fq_clear(&qa);
        goto done;
    }
    if (int_exp) {
        ev_value e = ev_int_from_mpz(I, qb.n);
        r = EV_IS_ERR(e) ? e : ev_binary(I, EV_OP_POW, other, e);
        if (!EV_IS_ERR(e))
            ev_decref(I, e);
        goto done;
    }
    ev_value fb = fr_float(I, self);
    if (!EV_IS_ERR(fb)) {
        r = ev_binary(I, EV_OP_POW, other, fb);
        ev_decref(I, fb);
    }
done:
    ev_fq_clear(&qb);
    return r;
}

/* ---- comparisons ----------------------------------------------------------------------------- */

/* q compared with the finite float f exactly: <0, 0, >0 */
static int cmp_float(frac *q, double f)
{
    mpq_t x, y;
    mpq_inits(x, y, NULL);
    mpz_set(mpq_numref(x), q->n);
    mpz_set(mpq_denref(x), q->d);
    mpq_canonicalize(x);
    mpq_set_d(y, f);
    int c = mpq_cmp(x, y);
    mpq_clears(x, y, NULL);
    return c;
}

static bool op_holds(int c, int op)
{
    switch (op) {
    case 0: return c < 0;
    case 1: return c <= 0;
    case 2: return c == 0;
    case 3: return c != 0;
    case 4: return c > 0;
    default: return c >= 0;
    }
}

/* self op other for a Rational or a float other; NotImplemented otherwise */
static ev_value richcmp(ev_interp *I, ev_value self, ev_value other, int op)
{
    bool fl = ev_is_floatish(other);
    int rat = fl ? 0 : ev_is_int(other) || ev_fr_is(I, other) ? 1 : ev_fr_is_num(I, other, NUM_Rational);
    if (rat < 0)
        return EV_ERR;
    if (!rat && !fl)
        return ev_dup(EV_NOTIMPL);
    frac a;
    ev_fq_init(&a);
    ev_value r = EV_ERR;
    if (ev_fr_self_q(I, self, &a, "Fraction comparison"))
        goto done;
    if (rat) {
        frac b;
        ev_fq_init(&b);
        if (!ev_fq_of(I, other, &b, "Fraction comparison")) {
            /* n * other.denominator op d * other.numerator */
            mpz_t x, y;
            mpz_inits(x, y, NULL);
            mpz_mul(x, a.n, b.d);
            mpz_mul(y, a.d, b.n);
            r = ev_bool(op_holds(mpz_cmp(x, y), op));
            mpz_clears(x, y, NULL);
        }
        ev_fq_clear(&b);
        goto done;
    }
    double f = (ev_is_subfloat(other) ? ev_float_unbox(other) : other).u.f;
    /* nan or inf: op(0.0, other) */
    if (f != f || (f != 0 && f * 0.5 == f)) {
        int c = f != f ? 2 : f > 0 ? -1 : 1;
        r = ev_bool(c == 2 ? op == 3 : op_holds(c, op));
        goto done;
    }
    r = ev_bool(op_holds(cmp_float(&a, f), op));
done:
    ev_fq_clear(&a);
    return r;
}

#define FR_CMP(name, qual, op)          \
    US_FN(name)                         \
    {                                   \
        SIG1(qual, "b");                \
        return richcmp(I, self, a[0], op); \
    }
FR_CMP(fr_lt, "Fraction.__lt__", 0)
FR_CMP(fr_le, "Fraction.__le__", 1)
FR_CMP(fr_gt, "Fraction.__gt__", 4)
FR_CMP(fr_ge, "Fraction.__ge__", 5)

/* a == b */
US_FN(fr_eq)
{
    SIG1("Fraction.__eq__", "b");
    ev_value b = a[0];
    if (ev_is_int(b) || ev_fr_is(I, b) || ev_is_floatish(b))
        return richcmp(I, self, b, 2);
    int rat = ev_fr_is_num(I, b, NUM_Rational);
    if (rat < 0)
        return EV_ERR;
    if (rat) {
        /* a._numerator == b.numerator and a._denominator == b.denominator */
        ev_value n = ev_fr_attr(I, self, "_numerator");
        ev_value bn = EV_IS_ERR(n) ? EV_ERR : ev_fr_attr(I, b, "numerator");
        ev_value r = EV_ERR;
        if (!EV_IS_ERR(bn)) {
            int e = ev_eq(I, n, bn);
            if (e == 0) {
                r = EV_FALSE;
            } else if (e > 0) {
                ev_value d = ev_fr_attr(I, self, "_denominator");
                ev_value bd = EV_IS_ERR(d) ? EV_ERR : ev_fr_attr(I, b, "denominator");
                if (!EV_IS_ERR(bd)) {
                    int e2 = ev_eq(I, d, bd);
                    r = e2 < 0 ? EV_ERR : ev_bool(e2);
                    ev_decref(I, bd);
                }
                if (!EV_IS_ERR(d))
                    ev_decref(I, d);
            }
            ev_decref(I, bn);
        }
        if (!EV_IS_ERR(n))
            ev_decref(I, n);
        return r;
    }
    int cx = is_complex(b) ? 1 : ev_fr_is_num(I, b, NUM_Complex);
    if (cx < 0)
        return EV_ERR;
    if (!cx)
        return ev_dup(EV_NOTIMPL);
    ev_value im = ev_fr_attr(I, b, "imag");
    if (EV_IS_ERR(im))
        return im;
    int z = ev_eq(I, im, ev_int(0));
    ev_decref(I, im);
    if (z <= 0)
        return z < 0 ? EV_ERR : ev_dup(EV_NOTIMPL);
    ev_value re = ev_fr_attr(I, b, "real");
    if (EV_IS_ERR(re))
        return re;
    ev_value r = ev_is_floatish(re) ? richcmp(I, self, re, 2) : ev_dup(EV_NOTIMPL);
    ev_decref(I, re);
    return r;
}

/* ---- rounding -------------------------------------------------------------------------------- */

/* round(self, ndigits) for an ndigits that is no int, step by step as
 * fractions.py writes it (10**abs(ndigits) and round() decide the errors) */
static ev_value round_generic(ev_interp *I, ev_value self, ev_value nd)
{
    ev_value absn = ev_builtin_apply(I, "abs", 1, &nd);
    if (EV_IS_ERR(absn))
        return absn;
    ev_value shift = ev_binary(I, EV_OP_POW, ev_int(10), absn);
    ev_decref(I, absn);
    if (EV_IS_ERR(shift))
        return shift;
    ev_value r = EV_ERR, t = EV_ERR, rr = EV_ERR;
    int pos = ev_compare(I, nd, ev_int(0), 4);
    if (pos < 0)
        goto done;
    t = ev_binary(I, pos ? EV_OP_MUL : EV_OP_TRUEDIV, self, shift);
    if (EV_IS_ERR(t))
        goto done;
    rr = ev_builtin_apply(I, "round", 1, &t);
    if (EV_IS_ERR(rr))
        goto done;
    ev_value cls = ev_fr_class(I);
    if (EV_IS_ERR(cls))
        goto done;
    if (pos) {
        r = ev_fr_call_cls2(I, cls, rr, shift);
    } else {
        ev_value m = ev_binary(I, EV_OP_MUL, rr, shift);
        if (!EV_IS_ERR(m)) {
            r = ev_call(I, cls, 1, &m, 0, NULL, NULL);
            ev_decref(I, m);
        }
    }
done:
    if (!EV_IS_ERR(t))
        ev_decref(I, t);
    if (!EV_IS_ERR(rr))
        ev_decref(I, rr);
    ev_decref(I, shift);
    return r;
}

/* round(self, ndigits) */
US_FN(fr_round)
{
    static const ev_us_sig sig = {"Fraction.__round__", {"ndigits", NULL}, 0, 0, false, false};
    BIND(sig, a);
    if (EV_IS_ERR(a[0]) || a[0].tag == EV_T_NONE)
        return ev_fr_to_int(I, self, 'r', "round(Fraction)");
    if (!ev_is_int(a[0]))
        return round_generic(I, self, a[0]);
    /* shift = 10**abs(ndigits); Fraction(round(self * shift), shift) or
     * Fraction(round(self / shift) * shift) */
    ev_value nd = ev_int_unbox(I, a[0]);
    if (EV_IS_ERR(nd))
        return nd;
    int pos = ev_compare(I, nd, ev_int(0), 4);
    ev_value absn = pos < 0 ? EV_ERR : pos ? ev_dup(nd) : ev_negate(I, nd);
    ev_decref(I, nd);
    if (EV_IS_ERR(absn))
        return absn;
    ev_value shift = ev_binary(I, EV_OP_POW, ev_int(10), absn);
    ev_decref(I, absn);
    if (EV_IS_ERR(shift))
        return shift;
    frac q, s;
    ev_fq_init(&q);
    ev_fq_init(&s);
    ev_value r = EV_ERR;
    if (ev_fr_self_q(I, self, &q, "round(Fraction)") || ev_fr_int_to_mpz(I, shift, s.n))
        goto done;
    if (pos)
        mpz_mul(q.n, q.n, s.n);
    else
        mpz_mul(q.d, q.d, s.n);
    /* round half to even of q */
    mpz_t z, rem;
    mpz_inits(z, rem, NULL);
    mpz_fdiv_qr(z, rem, q.n, q.d);
    mpz_mul_2exp(rem, rem, 1);
    int c = mpz_cmp(rem, q.d);
    if (c > 0 || (c == 0 && mpz_odd_p(z)))
        mpz_add_ui(z, z, 1);
    if (pos) {
        mpz_set(q.n, z);
        mpz_set(q.d, s.n);
        r = ev_fq_make(I, &q, true);
    } else {
        mpz_mul(q.n, z, s.n);
        mpz_set_ui(q.d, 1);
        r = ev_fq_make(I, &q, true);
    }
    mpz_clears(z, rem, NULL);
done:
    ev_fq_clear(&q);
    ev_fq_clear(&s);
    ev_decref(I, shift);
    return r;
}

/* limit_denominator(max_denominator=1000000): the closest Fraction whose
 * denominator is at most max_denominator (continued fractions) */
US_FN(fr_limit_denominator)
{
    static const ev_us_sig sig = {"Fraction.limit_denominator", {"max_denominator", NULL}, 0, 0, false, false};
    BIND(sig, a);
    ev_value maxd = EV_IS_ERR(a[0]) ? ev_int(1000000) : a[0];
    int lt = ev_compare(I, maxd, ev_int(1), 0);
    if (lt < 0)
        return EV_ERR;
    if (lt)
        return ev_raise(I, &ev_type_ValueError, "max_denominator should be at least 1");
    frac q;
    ev_fq_init(&q);
    ev_value r = EV_ERR;
    mpz_t m, p0, q0, p1, q1, n, d, t, k;
    mpz_inits(m, p0, q0, p1, q1, n, d, t, k, NULL);
    if (ev_fr_self_q(I, self, &q, "Fraction.limit_denominator"))
        goto done;
    ev_value dv = ev_int_from_mpz(I, q.d);
    if (EV_IS_ERR(dv))
        goto done;
    int le = ev_compare(I, dv, maxd, 1);
    ev_decref(I, dv);
    if (le < 0)
        goto done;
    if (le) {
        r = ev_fq_make(I, &q, false);
        goto done;
    }
    if (ev_is_int(maxd)) {
        if (ev_fr_int_to_mpz(I, maxd, m))
            goto done;
    } else if (ev_fr_is(I, maxd)) {
        frac mq;
        ev_fq_init(&mq);
        int e = ev_fr_self_q(I, maxd, &mq, "Fraction.limit_denominator");
        if (!e)
            mpz_fdiv_q(m, mq.n, mq.d);
        ev_fq_clear(&mq);
        if (e)
            goto done;
    } else if (ev_is_floatish(maxd)) {
        ev_raise(I, &ev_type_TypeError, "both arguments should be Rational instances");
        goto done;
    } else {
        ev_raise(I, &ev_type_NotImplementedError,
                 "Fraction.limit_denominator() with a max_denominator of type '%s' is not supported by safepy",
                 ev_type_name(maxd));
        goto done;
    }
    mpz_set_ui(p0, 0);
    mpz_set_ui(q0, 1);
    mpz_set_ui(p1, 1);
    mpz_set_ui(q1, 0);
    mpz_set(n, q.n);
    mpz_set(d, q.d);
    for (;;) {
        mpz_fdiv_q(k, n, d); /* a */
        mpz_mul(t, k, q1);
        mpz_add(t, t, q0); /* q2 */
        if (mpz_cmp(t, m) > 0)
            break;
        /* p0, q0, p1, q1 = p1, q1, p0+a*p1, q2 */
        mpz_swap(q0, q1);
        mpz_set(q1, t);
        mpz_mul(t, k, p1);
        mpz_add(t, t, p0);
        mpz_swap(p0, p1);
        mpz_set(p1, t);
        /* n, d = d, n-a*d */
        mpz_mul(t, k, d);
        mpz_sub(t, n, t);
        mpz_swap(n, d);
        mpz_set(d, t);
    }
    /* k = (max_denominator-q0)//q1; bound1 = (p0+k*p1)/(q0+k*q1); bound2 = p1/q1 */
    mpz_sub(k, m, q0);
    mpz_fdiv_q(k, k, q1);
    frac b1, b2;
    ev_fq_init(&b1);
    ev_fq_init(&b2);
    mpz_mul(b1.n, k, p1);
    mpz_add(b1.n, b1.n, p0);
    mpz_mul(b1.d, k, q1);
    mpz_add(b1.d, b1.d, q0);
    mpz_set(b2.n, p1);
    mpz_set(b2.d, q1);
    /* abs(bound2 - self) <= abs(bound1 - self), denominators positive */
    mpz_t x, y;
    mpz_inits(x, y, NULL);
    mpz_mul(x, b2.n, q.d);
    mpz_mul(t, q.n, b2.d);
    mpz_sub(x, x, t);
    mpz_abs(x, x);
    mpz_mul(x, x, b1.d);
    mpz_mul(y, b1.n, q.d);
    mpz_mul(t, q.n, b1.d);
    mpz_sub(y, y, t);
    mpz_abs(y, y);
    mpz_mul(y, y, b2.d);
    r = ev_fq_make(I, mpz_cmp(x, y) <= 0 ? &b2 : &b1, true);
    mpz_clears(x, y, NULL);
    ev_fq_clear(&b1);
    ev_fq_clear(&b2);
done:
    mpz_clears(m, p0, q0, p1, q1, n, d, t, k, NULL);
    ev_fq_clear(&q);
    return r;
}


/* ---- the methods this file gives the class --------------------------------------------------- */

static const ev_us_method op_methods[] = {
    EV_ABC_M("limit_denominator", fr_limit_denominator),
    EV_ABC_M("__add__", fr_add), EV_ABC_M("__radd__", fr_radd),
    EV_ABC_M("__sub__", fr_sub), EV_ABC_M("__rsub__", fr_rsub),
    EV_ABC_M("__mul__", fr_mul), EV_ABC_M("__rmul__", fr_rmul),
    EV_ABC_M("__truediv__", fr_truediv), EV_ABC_M("__rtruediv__", fr_rtruediv),
    EV_ABC_M("__floordiv__", fr_floordiv), EV_ABC_M("__rfloordiv__", fr_rfloordiv),
    EV_ABC_M("__divmod__", fr_divmod), EV_ABC_M("__rdivmod__", fr_rdivmod),
    EV_ABC_M("__mod__", fr_mod), EV_ABC_M("__rmod__", fr_rmod),
    EV_ABC_M("__pow__", fr_pow), EV_ABC_M("__rpow__", fr_rpow),
    EV_ABC_M("__round__", fr_round),
    EV_ABC_M("__eq__", fr_eq), EV_ABC_M("__lt__", fr_lt), EV_ABC_M("__gt__", fr_gt), EV_ABC_M("__le__", fr_le),
    EV_ABC_M("__ge__", fr_ge),
    {{NULL, NULL, 0, 0, 0, NULL}, 0},
};

const ev_us_method *const ev_fr_op_methods = op_methods;
