/*
 * fractions.c - the fractions module as CPython 3.11's Lib/fractions.py
 * defines it: class Fraction(numbers.Rational), immutable rationals in
 * lowest terms with a positive denominator, made from ints, Rationals,
 * floats, Decimals and strings ('3/4', ' -1.5e3 ', '1_000.5'), with the
 * arithmetic of _operator_fallbacks (exact against ints and Fractions,
 * float or complex against floats and complexes, NotImplemented otherwise
 * so the other operand's reflected method runs), comparisons against
 * Rationals and floats (inf and nan included), the hash that equals equal
 * ints' and floats', rounding, limit_denominator, copy and pickle hooks.
 * This file makes the class and holds construction and the plain methods;
 * the arithmetic, comparisons and rounding are in fractions_ops.c.
 *
 * Fraction is a heap class of the session (made when fractions or numbers
 * first needs it, on numbers.Rational, so its metaclass is ABCMeta and it
 * inherits Rational's mixins: real, imag, conjugate, __complex__,
 * __float__) whose methods are C functions; instances keep their numerator
 * and denominator in the __slots__ _numerator and _denominator as CPython's
 * do, so a subclass, super().__new__(cls, ...) and copy work as in CPython.
 * The arithmetic works on GMP integers directly; every int it returns is
 * made by ev_int_from_mpz (charged to the memory limit), and powers go
 * through the interpreter's int power, which refuses results past the
 * memory limit before computing them.
 *
 * Where safepy differs: a Fraction whose _numerator or _denominator a
 * program replaced by something other than an int, or a Rational whose
 * numerator/denominator are not ints, raises NotImplementedError naming
 * the operation instead of computing with the foreign objects.
 */
#include <gmp.h>
#include <string.h>

#include "evaluator/modules/fractions_int.h"
#include "evaluator/numfmt.h"
#include "evaluator/objects/class_int.h"

/* t->module of Fraction: the pointer identifies the class */
static const char fr_module[] = "fractions";

/* ---- the class and its instances ------------------------------------------------------------- */

ev_value ev_fr_class(ev_interp *I) { return ev_numbers_get(I, NUM_Fraction); }

bool ev_fr_is(ev_interp *I, ev_value v)
{
    if (!ev_is(v, EV_O_INSTANCE) || !I->numbers_types)
        return false;
    ev_value c = I->numbers_types->items[NUM_Fraction];
    return ev_is(c, EV_O_TYPE) && ev_type_is_subclass(ev_type_of(v), (ev_type *)c.u.o);
}

void ev_fq_init(frac *q)
{
    mpz_init(q->n);
    mpz_init_set_ui(q->d, 1);
}

void ev_fq_clear(frac *q)
{
    mpz_clear(q->n);
    mpz_clear(q->d);
}

int ev_fr_int_to_mpz(ev_interp *I, ev_value v, mpz_t out)
{
    if (v.tag == EV_T_BOOL) {
        mpz_set_si(out, v.u.i ? 1 : 0);
        return 0;
    }
    if (ev_is_subint(v)) {
        ev_value p = ev_int_unbox(I, v);
        if (EV_IS_ERR(p))
            return -1;
        ev_int_to_mpz(p, out);
        ev_decref(I, p);
        return 0;
    }
    ev_int_to_mpz(v, out);
    return 0;
}

ev_value ev_fr_attr(ev_interp *I, ev_value v, const char *name)
{
    ev_str *k = ev_intern(I, name, strlen(name));
    return k ? ev_getattr(I, v, k) : EV_ERR;
}

/* An int attribute into out: 0, or -1 raised (NotImplementedError when it is no int) */
static int int_attr(ev_interp *I, ev_value v, const char *name, mpz_t out, const char *what)
{
    ev_value x = ev_fr_attr(I, v, name);
    if (EV_IS_ERR(x))
        return -1;
    int r = 0;
    if (!ev_is_int(x)) {
        ev_raise(I, &ev_type_NotImplementedError, "%s with a %s of type '%s' is not supported by safepy", what,
                 name, ev_type_name(x));
        r = -1;
    } else {
        r = ev_fr_int_to_mpz(I, x, out);
    }
    ev_decref(I, x);
    return r;
}

/* The rational value of v, an int, a Fraction or another Rational (its
 * numerator and denominator properties) */
int ev_fq_of(ev_interp *I, ev_value v, frac *q, const char *what)
{
    if (ev_is_int(v)) {
        mpz_set_ui(q->d, 1);
        return ev_fr_int_to_mpz(I, v, q->n);
    }
    if (ev_fr_is(I, v))
        return int_attr(I, v, "_numerator", q->n, what) || int_attr(I, v, "_denominator", q->d, what) ? -1 : 0;
    return int_attr(I, v, "numerator", q->n, what) || int_attr(I, v, "denominator", q->d, what) ? -1 : 0;
}

static int set_slot(ev_interp *I, ev_value o, const char *name, ev_value v_steal)
{
    if (EV_IS_ERR(v_steal))
        return -1;
    ev_str *k = ev_intern(I, name, strlen(name));
    int r = k ? ev_setattr(I, o, k, v_steal) : -1;
    ev_decref(I, v_steal);
    return r;
}

/* A bare instance of cls (object.__new__(cls)) holding n and d (stolen) */
static ev_value fr_instance(ev_interp *I, ev_value cls, ev_value n_steal, ev_value d_steal)
{
    ev_value o = EV_IS_ERR(n_steal) || EV_IS_ERR(d_steal) ? EV_ERR : cls_object_new_method(I, EV_NONE, 1, &cls, NULL);
    if (EV_IS_ERR(o)) {
        if (!EV_IS_ERR(n_steal))
            ev_decref(I, n_steal);
        if (!EV_IS_ERR(d_steal))
            ev_decref(I, d_steal);
        return EV_ERR;
    }
    if (set_slot(I, o, "_numerator", n_steal)) {
        ev_decref(I, d_steal);
        ev_decref(I, o);
        return EV_ERR;
    }
    if (set_slot(I, o, "_denominator", d_steal)) {
        ev_decref(I, o);
        return EV_ERR;
    }
    return o;
}

static ev_value zero_den(ev_interp *I, const mpz_t n)
{
    char *s = mpz_get_str(NULL, 10, n);
    if (!s)
        return ev_raise_nomem(I);
    ev_value r = ev_raise(I, &ev_type_ZeroDivisionError, "Fraction(%s, 0)", s);
    void (*freefn)(void *, size_t);
    mp_get_memory_functions(NULL, NULL, &freefn);
    freefn(s, strlen(s) + 1);
    return r;
}

/* Fraction(q.n, q.d) of class cls, reduced to lowest terms first when normalize */
static ev_value fq_make_cls(ev_interp *I, ev_value cls, frac *q, bool normalize)
{
    if (mpz_sgn(q->d) == 0)
        return zero_den(I, q->n);
    if (normalize) {
        mpz_t g;
        mpz_init(g);
        mpz_gcd(g, q->n, q->d);
        if (mpz_sgn(q->d) < 0)
            mpz_neg(g, g);
        mpz_divexact(q->n, q->n, g);
        mpz_divexact(q->d, q->d, g);
        mpz_clear(g);
    }
    return fr_instance(I, cls, ev_int_from_mpz(I, q->n), ev_int_from_mpz(I, q->d));
}

ev_value ev_fq_make(ev_interp *I, frac *q, bool normalize)
{
    ev_value cls = ev_fr_class(I);
    return EV_IS_ERR(cls) ? cls : fq_make_cls(I, cls, q, normalize);
}

/* ---- construction ---------------------------------------------------------------------------- */

static bool is_space(unsigned char c) { return c == ' ' || (c >= 9 && c <= 13) || (c >= 0x1c && c <= 0x1f); }
static bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }

/* digits with single underscores between groups (\d+(_\d+)*) from s[*i]: its
 * length, 0 when none */
static size_t digit_groups(const char *s, size_t len, size_t i)
{
    size_t j = i;
    if (j >= len || !is_digit((unsigned char)s[j]))
        return 0;
    while (j < len) {
        if (is_digit((unsigned char)s[j])) {
            j++;
        } else if (s[j] == '_' && j + 1 < len && is_digit((unsigned char)s[j + 1])) {
            j += 2;
        } else {
            break;
        }
    }
    return j - i;
}

/* the digits of s[i, i + n) without underscores into z */
static void set_digits(mpz_t z, const char *s, size_t n, char *tmp)
{
    size_t k = 0;
    for (size_t j = 0; j < n; j++)
        if (s[j] != '_')
            tmp[k++] = s[j];
    tmp[k] = 0;
    if (k == 0)
        mpz_set_ui(z, 0);
    else
        mpz_set_str(z, tmp, 10);
}

/* int()'s limit on the digits of a string (CPython's default
 * sys.int_info.default_max_str_digits): 0, or -1 with its ValueError */
static int digits_ok(ev_interp *I, const char *s, size_t n)
{
    size_t k = 0;
    for (size_t j = 0; j < n; j++)
        k += is_digit((unsigned char)s[j]);
    if (k <= 4300)
        return 0;
    ev_raise(I, &ev_type_ValueError,
             "Exceeds the limit (4300 digits) for integer string conversion: value has %zu digits; "
             "use sys.set_int_max_str_digits() to increase the limit", k);
    return -1;
}

/* 10**e as the interpreter's int power (the memory limit refuses a huge one) */
static int pow10(ev_interp *I, const mpz_t e, mpz_t out)
{
    ev_value ev = ev_int_from_mpz(I, e);
    if (EV_IS_ERR(ev))
        return -1;
    ev_value p = ev_binary(I, EV_OP_POW, ev_int(10), ev);
    ev_decref(I, ev);
    if (EV_IS_ERR(p))
        return -1;
    int r = ev_fr_int_to_mpz(I, p, out);
    ev_decref(I, p);
    return r;
}

/* _RATIONAL_FORMAT and what __new__ does with its groups on s (ASCII, sv's
 * text with its Unicode digits and spaces made ASCII): 0 with q set, -1 raised */
static int parse_ascii(ev_interp *I, ev_value sv, const char *s, size_t len, frac *q)
{
    size_t i = 0;
    while (i < len && is_space((unsigned char)s[i]))
        i++;
    bool neg = false;
    if (i < len && (s[i] == '-' || s[i] == '+'))
        neg = s[i++] == '-';
    /* (?=\d|\.\d) */
    if (!(i < len && (is_digit((unsigned char)s[i]) ||
                      (s[i] == '.' && i + 1 < len && is_digit((unsigned char)s[i + 1])))))
        goto invalid;
    size_t num_at = i, num_n = digit_groups(s, len, i);
    i += num_n;
    size_t den_at = 0, den_n = 0, dec_at = 0, dec_n = 0, exp_at = 0, exp_n = 0;
    bool has_den = false, has_exp = false;
    if (i < len && s[i] == '/') {
        den_n = digit_groups(s, len, i + 1);
        if (!den_n)
            goto invalid;
        has_den = true;
        den_at = i + 1;
        i += 1 + den_n;
    } else {
        if (i < len && s[i] == '.') {
            i++;
            dec_at = i;
            /* d*|\d+(_\d+)*: the letter d (any case) is what the pattern
             * says; int() then refuses it */
            if (i < len && (s[i] == 'd' || s[i] == 'D')) {
                while (i < len && (s[i] == 'd' || s[i] == 'D'))
                    i++;
                dec_n = i - dec_at;
            } else {
                dec_n = digit_groups(s, len, i);
                i += dec_n;
            }
        }
        if (i < len && (s[i] == 'e' || s[i] == 'E')) {
            size_t j = i + 1;
            if (j < len && (s[j] == '-' || s[j] == '+'))
                j++;
            size_t n = digit_groups(s, len, j);
            if (n) {
                has_exp = true;
                exp_at = i + 1;
                exp_n = j + n - exp_at;
                i = j + n;
            }
        }
    }
    while (i < len && is_space((unsigned char)s[i]))
        i++;
    if (i != len)
        goto invalid;
    char *tmp = ev_alloc(I, len + 1);
    if (!tmp) {
        ev_raise_nomem(I);
        return -1;
    }
    int r = -1;
    if (digits_ok(I, s + num_at, num_n) || (has_den && digits_ok(I, s + den_at, den_n)))
        goto done;
    r = 0;
    set_digits(q->n, s + num_at, num_n, tmp);
    if (has_den) {
        set_digits(q->d, s + den_at, den_n, tmp);
    } else {
        mpz_set_ui(q->d, 1);
        if (dec_n) {
            if (s[dec_at] == 'd' || s[dec_at] == 'D') {
                ev_value lit = ev_str_new(I, s + dec_at, dec_n);
                ev_value rep = EV_IS_ERR(lit) ? lit : ev_repr(I, lit);
                if (!EV_IS_ERR(lit))
                    ev_decref(I, lit);
                if (!EV_IS_ERR(rep)) {
                    ev_raise(I, &ev_type_ValueError, "invalid literal for int() with base 10: %s",
                             ev_as_str(rep)->data);
                    ev_decref(I, rep);
                }
                r = -1;
                goto done;
            }
            if (digits_ok(I, s + dec_at, dec_n)) {
                r = -1;
                goto done;
            }
            mpz_t dec, scale, e;
            mpz_inits(dec, scale, e, NULL);
            set_digits(dec, s + dec_at, dec_n, tmp);
            size_t nd = 0;
            for (size_t j = 0; j < dec_n; j++)
                nd += s[dec_at + j] != '_';
            mpz_ui_pow_ui(scale, 10, nd); /* no bigger than the string */
            mpz_mul(q->n, q->n, scale);
            mpz_add(q->n, q->n, dec);
            mpz_mul(q->d, q->d, scale);
            mpz_clears(dec, scale, e, NULL);
        }
        if (has_exp && digits_ok(I, s + exp_at, exp_n)) {
            r = -1;
            goto done;
        }
        if (has_exp) {
            mpz_t e, p;
            mpz_inits(e, p, NULL);
            size_t k = 0;
            for (size_t j = 0; j < exp_n; j++)
                if (s[exp_at + j] != '_' && s[exp_at + j] != '+')
                    tmp[k++] = s[exp_at + j];
            tmp[k] = 0;
            mpz_set_str(e, tmp, 10);
            bool eneg = mpz_sgn(e) < 0;
            mpz_abs(e, e);
            r = pow10(I, e, p);
            if (!r) {
                if (eneg)
                    mpz_mul(q->d, q->d, p);
                else
                    mpz_mul(q->n, q->n, p);
            }
            mpz_clears(e, p, NULL);
        }
    }
    if (neg)
        mpz_neg(q->n, q->n);
done:
    ev_dealloc(I, tmp);
    return r;
invalid:;
    ev_value rep = ev_repr(I, sv);
    if (!EV_IS_ERR(rep)) {
        ev_raise(I, &ev_type_ValueError, "Invalid literal for Fraction: %s", ev_as_str(rep)->data);
        ev_decref(I, rep);
    }
    return -1;
}

/* The pattern's \\d and \\s are Unicode's decimal digits and spaces, and
 * int() takes any decimal digit: a str with other than ASCII is parsed as
 * its ASCII equivalent (a character that is neither becomes one no rule
 * accepts) */
static int parse_str(ev_interp *I, ev_value sv, frac *q)
{
    ev_str *str = ev_as_str(sv);
    size_t len = str->len;
    bool ascii = true;
    for (size_t i = 0; i < len && ascii; i++)
        ascii = (unsigned char)str->data[i] < 0x80;
    if (ascii)
        return parse_ascii(I, sv, str->data, len, q);
    char *t = ev_alloc(I, len + 1);
    if (!t) {
        ev_raise_nomem(I);
        return -1;
    }
    size_t n = 0;
    for (size_t i = 0; i < len;) {
        uint32_t cp = ev_nf_utf8_next(str->data, len, &i);
        int dec = cp < 0x80 ? -1 : ev_nf_decimal(cp);
        t[n++] = cp < 0x80 ? (char)cp : ev_nf_isspace(cp) ? ' ' : dec >= 0 ? (char)('0' + dec) : '\x01';
    }
    int r = parse_ascii(I, sv, t, n, q);
    ev_dealloc(I, t);
    return r;
}

/* isinstance(v, numbers.<id>): 0/1, -1 raised */
int ev_fr_is_num(ev_interp *I, ev_value v, ev_numbers_id id)
{
    ev_value c = ev_numbers_get(I, id);
    return EV_IS_ERR(c) ? -1 : ev_isinstance(I, v, c);
}

/* decimal.Decimal, which fractions accepts beside float: by its class, as
 * the decimal module may not have been imported */
static bool is_decimal(ev_value v)
{
    for (ev_type *t = ev_type_of(v); t; t = t->base) {
        /* a C type is named with its module ("decimal.Decimal") */
        const char *dot = strrchr(t->name, '.');
        if (t->module && strcmp(t->module, "decimal") == 0 && strcmp(dot ? dot + 1 : t->name, "Decimal") == 0)
            return true;
    }
    return false;
}

/* float.as_integer_ratio() / Decimal's into q */
static int ratio_of(ev_interp *I, ev_value v, frac *q)
{
    ev_value t = ev_us_callm(I, v, "as_integer_ratio", 0, NULL, NULL);
    if (EV_IS_ERR(t))
        return -1;
    int r = -1;
    if (ev_is(t, EV_O_TUPLE) && ev_as_tuple(t)->len == 2 && ev_is_int(ev_as_tuple(t)->items[0]) &&
        ev_is_int(ev_as_tuple(t)->items[1]))
        r = ev_fr_int_to_mpz(I, ev_as_tuple(t)->items[0], q->n) || ev_fr_int_to_mpz(I, ev_as_tuple(t)->items[1], q->d) ? -1 : 0;
    else
        ev_raise(I, &ev_type_TypeError, "as_integer_ratio() must return a pair of ints");
    ev_decref(I, t);
    return r;
}

/* Fraction.__new__(cls, numerator=0, denominator=None, *, _normalize=True) */
static ev_value fr_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const ev_defsig sig = {"Fraction.__new__", {"cls", "numerator", "denominator", "_normalize"}, 1,
                                  .kwonly = 1, .func = true};
    ev_value p[4];
    if (ev_def_bind(I, &sig, argc, argv, kw, p))
        return EV_ERR;
    ev_value cls = p[0], num = EV_IS_ERR(p[1]) ? ev_int(0) : p[1], den = EV_IS_ERR(p[2]) ? EV_NONE : p[2],
             normv = EV_IS_ERR(p[3]) ? EV_TRUE : p[3];
    ev_value fcls = ev_fr_class(I);
    if (EV_IS_ERR(fcls))
        return fcls;
    if (!ev_is(cls, EV_O_TYPE) || !ev_type_is_subclass((ev_type *)cls.u.o, (ev_type *)fcls.u.o))
        return ev_raise(I, &ev_type_TypeError, "super(type, obj): obj must be an instance or subtype of type");
    int normalize = ev_truth(I, normv);
    if (normalize < 0)
        return EV_ERR;
    frac q;
    ev_fq_init(&q);
    ev_value r = EV_ERR;
    if (den.tag == EV_T_NONE) {
        if (ev_is_int(num) || ev_fr_is(I, num)) {
            if (ev_fq_of(I, num, &q, "Fraction()"))
                goto done;
            r = fr_instance(I, cls, ev_int_from_mpz(I, q.n), ev_int_from_mpz(I, q.d));
            goto done;
        }
        int rat = ev_is_floatish(num) || ev_is(num, EV_O_STR) ? 0 : ev_fr_is_num(I, num, NUM_Rational);
        if (rat < 0)
            goto done;
        if (rat) {
            /* numerator.numerator and .denominator as they are, no reduction */
            ev_value n = ev_fr_attr(I, num, "numerator");
            ev_value d = EV_IS_ERR(n) ? EV_ERR : ev_fr_attr(I, num, "denominator");
            if (EV_IS_ERR(d)) {
                if (!EV_IS_ERR(n))
                    ev_decref(I, n);
                goto done;
            }
            r = fr_instance(I, cls, n, d);
            goto done;
        }
        if (ev_is_floatish(num) || is_decimal(num)) {
            if (ratio_of(I, num, &q))
                goto done;
            r = fr_instance(I, cls, ev_int_from_mpz(I, q.n), ev_int_from_mpz(I, q.d));
            goto done;
        }
        if (ev_is(num, EV_O_STR)) {
            if (parse_str(I, num, &q))
                goto done;
        } else {
            ev_raise(I, &ev_type_TypeError, "argument should be a string or a Rational instance");
            goto done;
        }
    } else if ((ev_is_int(num) && ev_is_int(den)) || ((ev_is_int(num) || ev_fr_is(I, num)) && (ev_is_int(den) || ev_fr_is(I, den)))) {
        frac a, b;
        ev_fq_init(&a);
        ev_fq_init(&b);
        int e = ev_fq_of(I, num, &a, "Fraction()") || ev_fq_of(I, den, &b, "Fraction()");
        if (!e) {
            mpz_mul(q.n, a.n, b.d);
            mpz_mul(q.d, b.n, a.d);
        }
        ev_fq_clear(&a);
        ev_fq_clear(&b);
        if (e)
            goto done;
    } else {
        int ra = ev_fr_is_num(I, num, NUM_Rational);
        int rb = ra > 0 ? ev_fr_is_num(I, den, NUM_Rational) : 0;
        if (ra < 0 || rb < 0)
            goto done;
        if (!ra || !rb) {
            ev_raise(I, &ev_type_TypeError, "both arguments should be Rational instances");
            goto done;
        }
        frac a, b;
        ev_fq_init(&a);
        ev_fq_init(&b);
        int e = ev_fq_of(I, num, &a, "Fraction()") || ev_fq_of(I, den, &b, "Fraction()");
        if (!e) {
            mpz_mul(q.n, a.n, b.d);
            mpz_mul(q.d, b.n, a.d);
        }
        ev_fq_clear(&a);
        ev_fq_clear(&b);
        if (e)
            goto done;
    }
    r = fq_make_cls(I, cls, &q, normalize);
done:
    ev_fq_clear(&q);
    return r;
}

/* cls(n, d) called as a function (what a subclass's __new__ sees) */
ev_value ev_fr_call_cls2(ev_interp *I, ev_value cls, ev_value a, ev_value b)
{
    ev_value args[2] = {a, b};
    return ev_call(I, cls, 2, args, 0, NULL, NULL);
}


/* cls.from_float(f) */
US_FN(fr_from_float)
{
    /* a classmethod: the class comes first */
    if (argc < 1)
        return ev_raise(I, &ev_type_TypeError, "descriptor needs a class");
    self = argv[0];
    argc--;
    argv++;
    SIG1("Fraction.from_float", "f");
    int integral = ev_fr_is_num(I, a[0], NUM_Integral);
    if (integral < 0)
        return EV_ERR;
    if (integral)
        return ev_call(I, self, 1, &a[0], 0, NULL, NULL);
    if (!ev_is_floatish(a[0])) {
        ev_value rep = ev_repr(I, a[0]);
        if (EV_IS_ERR(rep))
            return rep;
        ev_raise(I, &ev_type_TypeError, "%s.from_float() only takes floats, not %s (%s)",
                 ev_is(self, EV_O_TYPE) ? ((ev_type *)self.u.o)->name : "?", ev_as_str(rep)->data,
                 ev_type_name(a[0]));
        ev_decref(I, rep);
        return EV_ERR;
    }
    ev_value t = ev_us_callm(I, a[0], "as_integer_ratio", 0, NULL, NULL);
    if (EV_IS_ERR(t))
        return t;
    ev_value r = ev_fr_call_cls2(I, self, ev_as_tuple(t)->items[0], ev_as_tuple(t)->items[1]);
    ev_decref(I, t);
    return r;
}

/* cls.from_decimal(dec) */
US_FN(fr_from_decimal)
{
    /* a classmethod: the class comes first */
    if (argc < 1)
        return ev_raise(I, &ev_type_TypeError, "descriptor needs a class");
    self = argv[0];
    argc--;
    argv++;
    SIG1("Fraction.from_decimal", "dec");
    int integral = ev_fr_is_num(I, a[0], NUM_Integral);
    if (integral < 0)
        return EV_ERR;
    if (integral) {
        /* Decimal(int(dec)).as_integer_ratio() is (int(dec), 1) */
        ev_value i = ev_call(I, ev_obj_val(&ev_type_int.h), 1, &a[0], 0, NULL, NULL);
        if (EV_IS_ERR(i))
            return i;
        ev_value r = ev_fr_call_cls2(I, self, i, ev_int(1));
        ev_decref(I, i);
        return r;
    }
    if (!is_decimal(a[0])) {
        ev_value rep = ev_repr(I, a[0]);
        if (EV_IS_ERR(rep))
            return rep;
        ev_raise(I, &ev_type_TypeError, "%s.from_decimal() only takes Decimals, not %s (%s)",
                 ev_is(self, EV_O_TYPE) ? ((ev_type *)self.u.o)->name : "?", ev_as_str(rep)->data,
                 ev_type_name(a[0]));
        ev_decref(I, rep);
        return EV_ERR;
    }
    ev_value t = ev_us_callm(I, a[0], "as_integer_ratio", 0, NULL, NULL);
    if (EV_IS_ERR(t))
        return t;
    ev_value r = ev_is(t, EV_O_TUPLE) && ev_as_tuple(t)->len == 2
                     ? ev_fr_call_cls2(I, self, ev_as_tuple(t)->items[0], ev_as_tuple(t)->items[1])
                     : ev_raise(I, &ev_type_TypeError, "as_integer_ratio() must return a pair");
    ev_decref(I, t);
    return r;
}

/* ---- the plain methods ----------------------------------------------------------------------- */

/* self's own value (its slots) */
int ev_fr_self_q(ev_interp *I, ev_value self, frac *q, const char *what)
{
    if (ev_fr_is(I, self))
        return int_attr(I, self, "_numerator", q->n, what) || int_attr(I, self, "_denominator", q->d, what) ? -1 : 0;
    return ev_fq_of(I, self, q, what);
}

US_FN(fr_as_integer_ratio)
{
    SIG0("Fraction.as_integer_ratio");
    ev_value n = ev_fr_attr(I, self, "_numerator");
    if (EV_IS_ERR(n))
        return n;
    ev_value d = ev_fr_attr(I, self, "_denominator");
    ev_value t = EV_IS_ERR(d) ? d : ev_tuple_new(I, 2);
    if (EV_IS_ERR(t)) {
        ev_decref(I, n);
        if (!EV_IS_ERR(d))
            ev_decref(I, d);
        return EV_ERR;
    }
    ev_as_tuple(t)->items[0] = n;
    ev_as_tuple(t)->items[1] = d;
    return t;
}

US_FN(fr_numerator)
{
    SIG0("Fraction.numerator");
    return ev_fr_attr(I, self, "_numerator");
}

US_FN(fr_denominator)
{
    SIG0("Fraction.denominator");
    return ev_fr_attr(I, self, "_denominator");
}

/* '%s(%s, %s)' % (self.__class__.__name__, n, d) */
US_FN(fr_repr)
{
    SIG0("Fraction.__repr__");
    ev_value n = ev_fr_attr(I, self, "_numerator");
    ev_value d = EV_IS_ERR(n) ? EV_ERR : ev_fr_attr(I, self, "_denominator");
    ev_value ns = EV_IS_ERR(d) ? EV_ERR : ev_to_str(I, n);
    ev_value ds = EV_IS_ERR(ns) ? EV_ERR : ev_to_str(I, d);
    ev_value r = EV_ERR;
    if (!EV_IS_ERR(ds)) {
        ev_buf b = {0};
        /* ev_buf_puts: the digits may be longer than a printf buffer */
        if (ev_buf_puts(I, &b, ev_type_of(self)->name) || ev_buf_puts(I, &b, "(") ||
            ev_buf_put(I, &b, ev_as_str(ns)->data, ev_as_str(ns)->len) || ev_buf_puts(I, &b, ", ") ||
            ev_buf_put(I, &b, ev_as_str(ds)->data, ev_as_str(ds)->len) || ev_buf_puts(I, &b, ")"))
            ev_buf_free(I, &b);
        else
            r = ev_buf_to_str(I, &b);
    }
    ev_value held[4] = {n, d, ns, ds};
    for (int i = 0; i < 4; i++)
        if (!EV_IS_ERR(held[i]))
            ev_decref(I, held[i]);
    return r;
}

US_FN(fr_str)
{
    SIG0("Fraction.__str__");
    ev_value n = ev_fr_attr(I, self, "_numerator");
    ev_value d = EV_IS_ERR(n) ? EV_ERR : ev_fr_attr(I, self, "_denominator");
    if (EV_IS_ERR(d)) {
        if (!EV_IS_ERR(n))
            ev_decref(I, n);
        return EV_ERR;
    }
    ev_value r = EV_ERR;
    int one = ev_eq(I, d, ev_int(1));
    if (one > 0) {
        r = ev_to_str(I, n);
    } else if (one == 0) {
        ev_value ns = ev_to_str(I, n);
        ev_value ds = EV_IS_ERR(ns) ? EV_ERR : ev_to_str(I, d);
        if (!EV_IS_ERR(ds)) {
            ev_buf b = {0};
            if (ev_buf_put(I, &b, ev_as_str(ns)->data, ev_as_str(ns)->len) || ev_buf_puts(I, &b, "/") ||
                ev_buf_put(I, &b, ev_as_str(ds)->data, ev_as_str(ds)->len))
                ev_buf_free(I, &b);
            else
                r = ev_buf_to_str(I, &b);
            ev_decref(I, ds);
        }
        if (!EV_IS_ERR(ns))
            ev_decref(I, ns);
    }
    ev_decref(I, n);
    ev_decref(I, d);
    return r;
}

/* __pos__, __neg__, __abs__: Fraction(+-|n|, d) without reduction */
static ev_value unary(ev_interp *I, ev_value self, char op, const char *what)
{
    frac q;
    ev_fq_init(&q);
    ev_value r = EV_ERR;
    if (!ev_fr_self_q(I, self, &q, what)) {
        if (op == '-')
            mpz_neg(q.n, q.n);
        else if (op == 'a')
            mpz_abs(q.n, q.n);
        r = ev_fq_make(I, &q, false);
    }
    ev_fq_clear(&q);
    return r;
}

US_FN(fr_pos) { SIG0("Fraction.__pos__"); return unary(I, self, '+', "+Fraction"); }
US_FN(fr_neg) { SIG0("Fraction.__neg__"); return unary(I, self, '-', "-Fraction"); }
US_FN(fr_abs) { SIG0("Fraction.__abs__"); return unary(I, self, 'a', "abs(Fraction)"); }

/* trunc, floor, ceil and round without ndigits: an int */
ev_value ev_fr_to_int(ev_interp *I, ev_value self, char how, const char *what)
{
    frac q;
    ev_fq_init(&q);
    ev_value r = EV_ERR;
    if (!ev_fr_self_q(I, self, &q, what)) {
        if (mpz_sgn(q.d) == 0) {
            r = ev_num_zero_div(I, EV_OP_FLOORDIV);
        } else {
            mpz_t z, rem;
            mpz_inits(z, rem, NULL);
            switch (how) {
            case 't': mpz_tdiv_q(z, q.n, q.d); break;
            case 'f': mpz_fdiv_q(z, q.n, q.d); break;
            case 'c': mpz_cdiv_q(z, q.n, q.d); break;
            default: /* round half to even */
                mpz_fdiv_qr(z, rem, q.n, q.d);
                mpz_mul_2exp(rem, rem, 1);
                int c = mpz_cmp(rem, q.d);
                if (c > 0 || (c == 0 && mpz_odd_p(z)))
                    mpz_add_ui(z, z, 1);
            }
            r = ev_int_from_mpz(I, z);
            mpz_clears(z, rem, NULL);
        }
    }
    ev_fq_clear(&q);
    return r;
}

US_FN(fr_int) { SIG0("Fraction.__int__"); return ev_fr_to_int(I, self, 't', "int(Fraction)"); }
US_FN(fr_trunc) { SIG0("Fraction.__trunc__"); return ev_fr_to_int(I, self, 't', "math.trunc(Fraction)"); }
US_FN(fr_floor) { SIG0("Fraction.__floor__"); return ev_fr_to_int(I, self, 'f', "math.floor(Fraction)"); }
US_FN(fr_ceil) { SIG0("Fraction.__ceil__"); return ev_fr_to_int(I, self, 'c', "math.ceil(Fraction)"); }

US_FN(fr_bool)
{
    SIG0("Fraction.__bool__");
    ev_value n = ev_fr_attr(I, self, "_numerator");
    if (EV_IS_ERR(n))
        return n;
    int t = ev_truth(I, n);
    ev_decref(I, n);
    return t < 0 ? EV_ERR : ev_bool(t);
}

/* hash(self): the hash of the rational n/d as CPython's numeric hash */
US_FN(fr_hash)
{
    SIG0("Fraction.__hash__");
    frac q;
    ev_fq_init(&q);
    if (ev_fr_self_q(I, self, &q, "hash(Fraction)")) {
        ev_fq_clear(&q);
        return EV_ERR;
    }
    mpz_t m, dinv, h;
    mpz_inits(m, dinv, h, NULL);
    mpz_set_ui(m, 1);
    mpz_mul_2exp(m, m, 61);
    mpz_sub_ui(m, m, 1);
    int64_t result;
    if (!mpz_invert(dinv, q.d, m)) {
        result = 314159;
    } else {
        mpz_abs(h, q.n);
        mpz_mod(h, h, m);
        mpz_mul(h, h, dinv);
        mpz_mod(h, h, m);
        result = (int64_t)mpz_get_ui(h);
    }
    if (mpz_sgn(q.n) < 0)
        result = -result;
    if (result == -1)
        result = -2;
    mpz_clears(m, dinv, h, NULL);
    ev_fq_clear(&q);
    return ev_int(result);
}

US_FN(fr_reduce)
{
    SIG0("Fraction.__reduce__");
    ev_value r = ev_tuple_new(I, 2);
    ev_value args = EV_IS_ERR(r) ? EV_ERR : fr_as_integer_ratio_body(I, self, 0, NULL, NULL);
    if (EV_IS_ERR(args)) {
        if (!EV_IS_ERR(r))
            ev_decref(I, r);
        return EV_ERR;
    }
    ev_as_tuple(r)->items[0] = ev_dup(ev_obj_val(&ev_type_of(self)->h));
    ev_as_tuple(r)->items[1] = args;
    return r;
}

/* __copy__ and __deepcopy__: self when exactly a Fraction, else
 * self.__class__(n, d) */
static ev_value copy_self(ev_interp *I, ev_value self)
{
    ev_value fcls = ev_fr_class(I);
    if (EV_IS_ERR(fcls))
        return fcls;
    ev_type *t = ev_type_of(self);
    if (&t->h == fcls.u.o)
        return ev_dup(self);
    /* the class is held: reading the slots may run a subclass's code */
    ev_value tv = ev_dup(ev_obj_val(&t->h));
    ev_value n = ev_fr_attr(I, self, "_numerator");
    ev_value d = EV_IS_ERR(n) ? EV_ERR : ev_fr_attr(I, self, "_denominator");
    ev_value r = EV_IS_ERR(d) ? EV_ERR : ev_fr_call_cls2(I, tv, n, d);
    ev_decref(I, tv);
    if (!EV_IS_ERR(n))
        ev_decref(I, n);
    if (!EV_IS_ERR(d))
        ev_decref(I, d);
    return r;
}

US_FN(fr_copy)
{
    SIG0("Fraction.__copy__");
    return copy_self(I, self);
}

US_FN(fr_deepcopy)
{
    SIG1("Fraction.__deepcopy__", "memo");
    return copy_self(I, self);
}

/* ---- the class ------------------------------------------------------------------------------- */

#define M(name, fn) EV_ABC_M(name, fn)
#define P(name, fn) {{name, fn, 0, -1, EV_BF_KWANY | EV_BF_PYFUNC, NULL}, 'p'}
#define C(name, fn) {{name, fn, 0, -1, EV_BF_KWANY, NULL}, 'c'}
#define S(name, fn) {{name, fn, 0, -1, EV_BF_KWANY, NULL}, 's'}

static const ev_us_method fr_methods[] = {
    S("__new__", fr_new),
    C("from_float", fr_from_float),
    C("from_decimal", fr_from_decimal),
    M("as_integer_ratio", fr_as_integer_ratio),
    P("numerator", fr_numerator),
    P("denominator", fr_denominator),
    M("__repr__", fr_repr),
    M("__str__", fr_str),
    M("__pos__", fr_pos), M("__neg__", fr_neg), M("__abs__", fr_abs),
    M("__int__", fr_int), M("__trunc__", fr_trunc), M("__floor__", fr_floor), M("__ceil__", fr_ceil),
    M("__hash__", fr_hash),
    M("__bool__", fr_bool),
    M("__reduce__", fr_reduce),
    M("__copy__", fr_copy),
    M("__deepcopy__", fr_deepcopy),
    {{NULL, NULL, 0, 0, 0, NULL}, 0},
};

static const char fr_doc[] =
    "This class implements rational numbers.\n\n"
    "    In the two-argument form of the constructor, Fraction(8, 6) will\n"
    "    produce a rational number equivalent to 4/3. Both arguments must\n"
    "    be Rational. The numerator defaults to 0 and the denominator\n"
    "    defaults to 1 so that Fraction(3) == 3 and Fraction() == 0.\n\n"
    "    Fractions can also be constructed from:\n\n"
    "      - numeric strings similar to those accepted by the\n"
    "        float constructor (for example, '-2.3' or '1e10')\n\n"
    "      - strings of the form '123/456'\n\n"
    "      - float and Decimal instances\n\n"
    "      - other Rational instances (including integers)\n\n"
    "    ";

static int put(ev_interp *I, ev_dict *d, const char *key, ev_value v_steal)
{
    if (EV_IS_ERR(v_steal))
        return -1;
    ev_str *k = ev_intern(I, key, strlen(key));
    int r = k ? ev_dict_set_str(I, d, k, v_steal) : -1;
    ev_decref(I, v_steal);
    return r;
}

static ev_value method_value(ev_interp *I, const ev_us_method *m, ev_value cls)
{
    ev_value b = ev_builtin_new(I, &m->d, m->kind == 'm' || m->kind == 'p' ? cls : EV_NONE);
    if (EV_IS_ERR(b))
        return b;
    if (m->kind == 'm') {
        ((ev_builtin *)b.u.o)->unbound = true;
        return b;
    }
    if (m->kind == 'p') {
        ((ev_builtin *)b.u.o)->unbound = true;
        ev_value p = ev_call(I, ev_obj_val(&ev_type_property.h), 1, &b, 0, NULL, NULL);
        ev_decref(I, b);
        return p;
    }
    ev_type *wrap = m->kind == 'c' ? &ev_type_classmethod : &ev_type_staticmethod;
    ev_value w = ev_call(I, ev_obj_val(&wrap->h), 1, &b, 0, NULL, NULL);
    ev_decref(I, b);
    return w;
}

/* class Fraction(numbers.Rational) with __slots__ = ('_numerator', '_denominator') */
ev_value ev_fractions_make_class(ev_interp *I, ev_value rational)
{
    ev_value d = ev_dict_new(I), bases = ev_tuple_new(I, 1), slots = ev_tuple_new(I, 2), cls = EV_ERR;
    if (EV_IS_ERR(d) || EV_IS_ERR(bases) || EV_IS_ERR(slots))
        goto fail;
    ev_as_tuple(bases)->items[0] = ev_dup(rational);
    static const char *const names[2] = {"_numerator", "_denominator"};
    for (int i = 0; i < 2; i++)
        if (EV_IS_ERR(ev_as_tuple(slots)->items[i] = ev_str_from_cstr(I, names[i]))) {
            ev_as_tuple(slots)->items[i] = EV_NONE;
            goto fail;
        }
    if (put(I, ev_as_dict(d), "__module__", ev_str_from_cstr(I, fr_module)) ||
        put(I, ev_as_dict(d), "__doc__", ev_str_from_cstr(I, fr_doc)) ||
        put(I, ev_as_dict(d), "__slots__", ev_dup(slots)))
        goto fail;
    ev_str *nm = ev_intern(I, "Fraction", 8);
    if (!nm)
        goto fail;
    cls = ev_class_new(I, NULL, nm, bases, ev_as_dict(d), NULL);
    if (EV_IS_ERR(cls))
        goto fail;
    ev_type *t = (ev_type *)cls.u.o;
    t->module = fr_module;
    const ev_us_method *const tables[2] = {fr_methods, ev_fr_op_methods};
    for (int k = 0; k < 2; k++)
        for (const ev_us_method *m = tables[k]; m->d.name; m++)
            if (put(I, t->dict, m->d.name, method_value(I, m, cls)))
                goto fail;
    I->class_version++;
    if (ev_abc_class_init(I, t))
        goto fail;
    ev_decref(I, slots);
    ev_decref(I, bases);
    ev_decref(I, d);
    return cls;
fail:
    if (!EV_IS_ERR(cls))
        ev_decref(I, cls);
    if (!EV_IS_ERR(slots))
        ev_decref(I, slots);
    if (!EV_IS_ERR(bases))
        ev_decref(I, bases);
    if (!EV_IS_ERR(d))
        ev_decref(I, d);
    return EV_ERR;
}

static int init(ev_interp *I, ev_dict *ns)
{
    ev_value c = ev_fr_class(I);
    return EV_IS_ERR(c) ? -1 : ev_module_set(I, ns, "Fraction", c);
}

static const char *const all_names[] = {"Fraction", NULL};

const ev_module_def ev_module_fractions = {"fractions", NULL, init, all_names};
