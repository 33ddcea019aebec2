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
 * the operation instead of computing with the foreign objects; strings
 * take ASCII digits and whitespace only (CPython's regular expression
 * also takes other Unicode digits and spaces).
 */
#include <gmp.h>
#include <string.h>

#include "evaluator/modules/collections_abc.h"
#include "evaluator/modules/numbers.h"
#include "evaluator/objects/class_int.h"

/* t->module of Fraction: the pointer identifies the class */
static const char fr_module[] = "fractions";

/* ---- the class and its instances ------------------------------------------------------------- */

static ev_value fr_class(ev_interp *I) { return ev_numbers_get(I, NUM_Fraction); }

static bool fr_is(ev_interp *I, ev_value v)
{
    if (!ev_is(v, EV_O_INSTANCE) || !I->numbers_types)
        return false;
    ev_value c = I->numbers_types->items[NUM_Fraction];
    return ev_is(c, EV_O_TYPE) && ev_type_is_subclass(ev_type_of(v), (ev_type *)c.u.o);
}

typedef struct {
    mpz_t n, d;
} frac;

static void fq_init(frac *q)
{
    mpz_init(q->n);
    mpz_init_set_ui(q->d, 1);
}

static void fq_clear(frac *q)
{
    mpz_clear(q->n);
    mpz_clear(q->d);
}

static int int_to_mpz(ev_interp *I, ev_value v, mpz_t out)
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

static ev_value attr(ev_interp *I, ev_value v, const char *name)
{
    ev_str *k = ev_intern(I, name, strlen(name));
    return k ? ev_getattr(I, v, k) : EV_ERR;
}

/* An int attribute into out: 0, or -1 raised (NotImplementedError when it is no int) */
static int int_attr(ev_interp *I, ev_value v, const char *name, mpz_t out, const char *what)
{
    ev_value x = attr(I, v, name);
    if (EV_IS_ERR(x))
        return -1;
    int r = 0;
    if (!ev_is_int(x)) {
        ev_raise(I, &ev_type_NotImplementedError, "%s with a %s of type '%s' is not supported by safepy", what,
                 name, ev_type_name(x));
        r = -1;
    } else {
        r = int_to_mpz(I, x, out);
    }
    ev_decref(I, x);
    return r;
}

/* The rational value of v, an int, a Fraction or another Rational (its
 * numerator and denominator properties) */
static int fq_of(ev_interp *I, ev_value v, frac *q, const char *what)
{
    if (ev_is_int(v)) {
        mpz_set_ui(q->d, 1);
        return int_to_mpz(I, v, q->n);
    }
    if (fr_is(I, v))
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

static ev_value fq_make(ev_interp *I, frac *q, bool normalize)
{
    ev_value cls = fr_class(I);
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
    int r = int_to_mpz(I, p, out);
    ev_decref(I, p);
    return r;
}

/* _RATIONAL_FORMAT and what __new__ does with its groups: 0 with q set, -1 raised */
static int parse_str(ev_interp *I, ev_value sv, frac *q)
{
    ev_str *str = ev_as_str(sv);
    const char *s = str->data;
    size_t len = str->len, i = 0;
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

/* isinstance(v, numbers.<id>): 0/1, -1 raised */
static int is_num(ev_interp *I, ev_value v, ev_numbers_id id)
{
    ev_value c = ev_numbers_get(I, id);
    return EV_IS_ERR(c) ? -1 : ev_isinstance(I, v, c);
}

/* decimal.Decimal, which fractions accepts beside float: by its class, as
 * the decimal module may not have been imported */
static bool is_decimal(ev_value v)
{
    for (ev_type *t = ev_type_of(v); t; t = t->base)
        if (t->module && strcmp(t->module, "decimal") == 0 && strcmp(t->name, "Decimal") == 0)
            return true;
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
        r = int_to_mpz(I, ev_as_tuple(t)->items[0], q->n) || int_to_mpz(I, ev_as_tuple(t)->items[1], q->d) ? -1 : 0;
    else
        ev_raise(I, &ev_type_TypeError, "as_integer_ratio() must return a pair of ints");
    ev_decref(I, t);
    return r;
}

/* Fraction.__new__(cls, numerator=0, denominator=None, *, _normalize=True) */
static ev_value fr_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc < 1)
        return ev_raise(I, &ev_type_TypeError, "Fraction.__new__() missing 1 required positional argument: 'cls'");
    ev_value cls = argv[0], num = ev_int(0), den = EV_NONE, normv = EV_TRUE;
    if (argc > 3)
        return ev_raise(I, &ev_type_TypeError,
                        "Fraction.__new__() takes from 1 to 3 positional arguments but %d were given", argc);
    if (argc > 1)
        num = argv[1];
    if (argc > 2)
        den = argv[2];
    for (int k = 0; kw && k < kw->n; k++) {
        const char *n = kw->names[k]->data;
        int pos = strcmp(n, "numerator") == 0 ? 1 : strcmp(n, "denominator") == 0 ? 2 : 0;
        if (pos && argc > pos)
            return ev_raise(I, &ev_type_TypeError, "Fraction.__new__() got multiple values for argument '%s'", n);
        if (pos == 1)
            num = kw->vals[k];
        else if (pos == 2)
            den = kw->vals[k];
        else if (strcmp(n, "_normalize") == 0)
            normv = kw->vals[k];
        else
            return ev_raise(I, &ev_type_TypeError, "Fraction.__new__() got an unexpected keyword argument '%s'", n);
    }
    ev_value fcls = fr_class(I);
    if (EV_IS_ERR(fcls))
        return fcls;
    if (!ev_is(cls, EV_O_TYPE) || !ev_type_is_subclass((ev_type *)cls.u.o, (ev_type *)fcls.u.o))
        return ev_raise(I, &ev_type_TypeError, "super(type, obj): obj must be an instance or subtype of type");
    int normalize = ev_truth(I, normv);
    if (normalize < 0)
        return EV_ERR;
    frac q;
    fq_init(&q);
    ev_value r = EV_ERR;
    if (den.tag == EV_T_NONE) {
        if (ev_is_int(num) || fr_is(I, num)) {
            if (fq_of(I, num, &q, "Fraction()"))
                goto done;
            r = fr_instance(I, cls, ev_int_from_mpz(I, q.n), ev_int_from_mpz(I, q.d));
            goto done;
        }
        int rat = ev_is_floatish(num) || ev_is(num, EV_O_STR) ? 0 : is_num(I, num, NUM_Rational);
        if (rat < 0)
            goto done;
        if (rat) {
            /* numerator.numerator and .denominator as they are, no reduction */
            ev_value n = attr(I, num, "numerator");
            ev_value d = EV_IS_ERR(n) ? EV_ERR : attr(I, num, "denominator");
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
    } else if ((ev_is_int(num) && ev_is_int(den)) || ((ev_is_int(num) || fr_is(I, num)) && (ev_is_int(den) || fr_is(I, den)))) {
        frac a, b;
        fq_init(&a);
        fq_init(&b);
        int e = fq_of(I, num, &a, "Fraction()") || fq_of(I, den, &b, "Fraction()");
        if (!e) {
            mpz_mul(q.n, a.n, b.d);
            mpz_mul(q.d, b.n, a.d);
        }
        fq_clear(&a);
        fq_clear(&b);
        if (e)
            goto done;
    } else {
        int ra = is_num(I, num, NUM_Rational);
        int rb = ra > 0 ? is_num(I, den, NUM_Rational) : 0;
        if (ra < 0 || rb < 0)
            goto done;
        if (!ra || !rb) {
            ev_raise(I, &ev_type_TypeError, "both arguments should be Rational instances");
            goto done;
        }
        frac a, b;
        fq_init(&a);
        fq_init(&b);
        int e = fq_of(I, num, &a, "Fraction()") || fq_of(I, den, &b, "Fraction()");
        if (!e) {
            mpz_mul(q.n, a.n, b.d);
            mpz_mul(q.d, b.n, a.d);
        }
        fq_clear(&a);
        fq_clear(&b);
        if (e)
            goto done;
    }
    r = fq_make_cls(I, cls, &q, normalize);
done:
    fq_clear(&q);
    return r;
}

/* cls(n, d) called as a function (what a subclass's __new__ sees) */
static ev_value call_cls2(ev_interp *I, ev_value cls, ev_value a, ev_value b)
{
    ev_value args[2] = {a, b};
    return ev_call(I, cls, 2, args, 0, NULL, NULL);
}

#define SIG0(qual)                                                    \
    static const ev_us_sig sig = {qual, {NULL}, 0, 0, false, false}; \
    BIND(sig, a);                                                     \
    (void)a
#define SIG1(qual, p)                                                   \
    static const ev_us_sig sig = {qual, {p, NULL}, 1, 0, false, false}; \
    BIND(sig, a)

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
    int integral = is_num(I, a[0], NUM_Integral);
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
    ev_value r = call_cls2(I, self, ev_as_tuple(t)->items[0], ev_as_tuple(t)->items[1]);
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
    int integral = is_num(I, a[0], NUM_Integral);
    if (integral < 0)
        return EV_ERR;
    if (integral) {
        /* Decimal(int(dec)).as_integer_ratio() is (int(dec), 1) */
        ev_value i = ev_call(I, ev_obj_val(&ev_type_int.h), 1, &a[0], 0, NULL, NULL);
        if (EV_IS_ERR(i))
            return i;
        ev_value r = call_cls2(I, self, i, ev_int(1));
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
                     ? call_cls2(I, self, ev_as_tuple(t)->items[0], ev_as_tuple(t)->items[1])
                     : ev_raise(I, &ev_type_TypeError, "as_integer_ratio() must return a pair");
    ev_decref(I, t);
    return r;
}

/* ---- the plain methods ----------------------------------------------------------------------- */

/* self's own value (its slots) */
static int self_q(ev_interp *I, ev_value self, frac *q, const char *what)
{
    if (fr_is(I, self))
        return int_attr(I, self, "_numerator", q->n, what) || int_attr(I, self, "_denominator", q->d, what) ? -1 : 0;
    return fq_of(I, self, q, what);
}

US_FN(fr_as_integer_ratio)
{
    SIG0("Fraction.as_integer_ratio");
    ev_value n = attr(I, self, "_numerator");
    if (EV_IS_ERR(n))
        return n;
    ev_value d = attr(I, self, "_denominator");
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
    return attr(I, self, "_numerator");
}

US_FN(fr_denominator)
{
    SIG0("Fraction.denominator");
    return attr(I, self, "_denominator");
}

/* '%s(%s, %s)' % (self.__class__.__name__, n, d) */
US_FN(fr_repr)
{
    SIG0("Fraction.__repr__");
    ev_value n = attr(I, self, "_numerator");
    ev_value d = EV_IS_ERR(n) ? EV_ERR : attr(I, self, "_denominator");
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
    ev_value n = attr(I, self, "_numerator");
    ev_value d = EV_IS_ERR(n) ? EV_ERR : attr(I, self, "_denominator");
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
    fq_init(&q);
    ev_value r = EV_ERR;
    if (!self_q(I, self, &q, what)) {
        if (op == '-')
            mpz_neg(q.n, q.n);
        else if (op == 'a')
            mpz_abs(q.n, q.n);
        r = fq_make(I, &q, false);
    }
    fq_clear(&q);
    return r;
}

US_FN(fr_pos) { SIG0("Fraction.__pos__"); return unary(I, self, '+', "+Fraction"); }
US_FN(fr_neg) { SIG0("Fraction.__neg__"); return unary(I, self, '-', "-Fraction"); }
US_FN(fr_abs) { SIG0("Fraction.__abs__"); return unary(I, self, 'a', "abs(Fraction)"); }

/* trunc, floor, ceil and round without ndigits: an int */
static ev_value to_int(ev_interp *I, ev_value self, char how, const char *what)
{
    frac q;
    fq_init(&q);
    ev_value r = EV_ERR;
    if (!self_q(I, self, &q, what)) {
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
    fq_clear(&q);
    return r;
}

US_FN(fr_int) { SIG0("Fraction.__int__"); return to_int(I, self, 't', "int(Fraction)"); }
US_FN(fr_trunc) { SIG0("Fraction.__trunc__"); return to_int(I, self, 't', "math.trunc(Fraction)"); }
US_FN(fr_floor) { SIG0("Fraction.__floor__"); return to_int(I, self, 'f', "math.floor(Fraction)"); }
US_FN(fr_ceil) { SIG0("Fraction.__ceil__"); return to_int(I, self, 'c', "math.ceil(Fraction)"); }

US_FN(fr_bool)
{
    SIG0("Fraction.__bool__");
    ev_value n = attr(I, self, "_numerator");
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
    fq_init(&q);
    if (self_q(I, self, &q, "hash(Fraction)")) {
        fq_clear(&q);
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
    fq_clear(&q);
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
    ev_value fcls = fr_class(I);
    if (EV_IS_ERR(fcls))
        return fcls;
    ev_type *t = ev_type_of(self);
    if (&t->h == fcls.u.o)
        return ev_dup(self);
    /* the class is held: reading the slots may run a subclass's code */
    ev_value tv = ev_dup(ev_obj_val(&t->h));
    ev_value n = attr(I, self, "_numerator");
    ev_value d = EV_IS_ERR(n) ? EV_ERR : attr(I, self, "_denominator");
    ev_value r = EV_IS_ERR(d) ? EV_ERR : call_cls2(I, tv, n, d);
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

/* ---- arithmetic ------------------------------------------------------------------------------ */

typedef enum { FO_ADD, FO_SUB, FO_MUL, FO_DIV, FO_FLOORDIV, FO_DIVMOD, FO_MOD } fop;

static const ev_binop fop_binop[] = {EV_OP_ADD, EV_OP_SUB, EV_OP_MUL, EV_OP_TRUEDIV, EV_OP_FLOORDIV, 0, EV_OP_MOD};

/* _add, _sub...: the exact operation on a and b */
static ev_value mono(ev_interp *I, fop op, frac *a, frac *b)
{
    ev_value r = EV_ERR;
    frac q;
    fq_init(&q);
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
        r = fq_make(I, &q, false);
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
        r = fq_make(I, &q, false);
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
        r = fq_make(I, &q, false);
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
        ev_value m = fq_make(I, &q, true);
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
    fq_clear(&q);
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
    fq_init(&a);
    fq_init(&b);
    ev_value r = fq_of(I, x, &a, what) || fq_of(I, y, &b, what) ? EV_ERR : mono(I, op, &a, &b);
    fq_clear(&a);
    fq_clear(&b);
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
    if (ev_is_int(b) || fr_is(I, b))
        return both_mono(I, op, a, b, what);
    if (ev_is_floatish(b))
        return fallback_conv(I, op, &ev_type_float, a, true, b, false);
    if (is_complex(b))
        return fallback_conv(I, op, &ev_type_complex, a, true, b, false);
    ev_value fcls = fr_class(I);
    int virt = EV_IS_ERR(fcls) ? -1 : ev_isinstance(I, b, fcls); /* Fraction.register()ed */
    if (virt < 0)
        return EV_ERR;
    return virt ? both_mono(I, op, a, b, what) : ev_dup(EV_NOTIMPL);
}

/* reverse(b, a): a OP b where b is the Fraction */
static ev_value reverse(ev_interp *I, fop op, ev_value b, ev_value a, const char *what)
{
    int k = ev_is_int(a) || fr_is(I, a) ? 0 : ev_is_floatish(a) ? 1 : is_complex(a) ? 2 : -2;
    if (k == -2) {
        static const ev_numbers_id ids[3] = {NUM_Rational, NUM_Real, NUM_Complex};
        for (int i = 0; i < 3 && k == -2; i++) {
            int r = is_num(I, a, ids[i]);
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
        fq_init(&q);
        if (!int_to_mpz(I, rn, q.n) && !int_to_mpz(I, rd, q.d))
            r = fq_make(I, &q, false);
        fq_clear(&q);
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
    int rat = ev_is_int(b) || fr_is(I, b) ? 1 : ev_is_floatish(b) ? 0 : is_num(I, b, NUM_Rational);
    if (rat < 0)
        return EV_ERR;
    if (!rat)
        return float_pow(I, a, b, false);
    ev_value bd = ev_is_int(b) ? ev_int(1) : attr(I, b, "denominator");
    if (EV_IS_ERR(bd))
        return bd;
    int one = ev_eq(I, bd, ev_int(1));
    ev_decref(I, bd);
    if (one < 0)
        return EV_ERR;
    if (!one)
        return float_pow(I, a, b, true);
    ev_value bn = ev_is_int(b) ? ev_dup(b) : attr(I, b, "numerator");
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
    fq_init(&q);
    ev_value r = self_q(I, self, &q, "Fraction power") ? EV_ERR : power(I, self, &q, a[0]);
    fq_clear(&q);
    return r;
}

/* __rpow__(b, a): a ** b */
US_FN(fr_rpow)
{
    SIG1("Fraction.__rpow__", "a");
    ev_value other = a[0];
    frac qb;
    fq_init(&qb);
    ev_value r = EV_ERR;
    if (self_q(I, self, &qb, "Fraction power"))
        goto done;
    bool int_exp = mpz_cmp_ui(qb.d, 1) == 0;
    if (int_exp && mpz_sgn(qb.n) >= 0) {
        ev_value e = ev_int_from_mpz(I, qb.n);
        r = EV_IS_ERR(e) ? e : ev_binary(I, EV_OP_POW, other, e);
        if (!EV_IS_ERR(e))
            ev_decref(I, e);
        goto done;
    }
    int rat = ev_is_int(other) || fr_is(I, other) ? 1 : ev_is_floatish(other) ? 0 : is_num(I, other, NUM_Rational);
    if (rat < 0)
        goto done;
    if (rat) {
        /* Fraction(a.numerator, a.denominator) ** b */
        frac qa;
        fq_init(&qa);
        if (!fq_of(I, other, &qa, "Fraction power")) {
            ev_value fa = fq_make(I, &qa, true);
            if (!EV_IS_ERR(fa)) {
                r = ev_binary(I, EV_OP_POW, fa, self);
                ev_decref(I, fa);
            }
        }
        fq_clear(&qa);
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
    fq_clear(&qb);
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
    int rat = fl ? 0 : ev_is_int(other) || fr_is(I, other) ? 1 : is_num(I, other, NUM_Rational);
    if (rat < 0)
        return EV_ERR;
    if (!rat && !fl)
        return ev_dup(EV_NOTIMPL);
    frac a;
    fq_init(&a);
    ev_value r = EV_ERR;
    if (self_q(I, self, &a, "Fraction comparison"))
        goto done;
    if (rat) {
        frac b;
        fq_init(&b);
        if (!fq_of(I, other, &b, "Fraction comparison")) {
            /* n * other.denominator op d * other.numerator */
            mpz_t x, y;
            mpz_inits(x, y, NULL);
            mpz_mul(x, a.n, b.d);
            mpz_mul(y, a.d, b.n);
            r = ev_bool(op_holds(mpz_cmp(x, y), op));
            mpz_clears(x, y, NULL);
        }
        fq_clear(&b);
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
    fq_clear(&a);
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
    if (ev_is_int(b) || fr_is(I, b) || ev_is_floatish(b))
        return richcmp(I, self, b, 2);
    int rat = is_num(I, b, NUM_Rational);
    if (rat < 0)
        return EV_ERR;
    if (rat) {
        /* a._numerator == b.numerator and a._denominator == b.denominator */
        ev_value n = attr(I, self, "_numerator");
        ev_value bn = EV_IS_ERR(n) ? EV_ERR : attr(I, b, "numerator");
        ev_value r = EV_ERR;
        if (!EV_IS_ERR(bn)) {
            int e = ev_eq(I, n, bn);
            if (e == 0) {
                r = EV_FALSE;
            } else if (e > 0) {
                ev_value d = attr(I, self, "_denominator");
                ev_value bd = EV_IS_ERR(d) ? EV_ERR : attr(I, b, "denominator");
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
    int cx = is_complex(b) ? 1 : is_num(I, b, NUM_Complex);
    if (cx < 0)
        return EV_ERR;
    if (!cx)
        return ev_dup(EV_NOTIMPL);
    ev_value im = attr(I, b, "imag");
    if (EV_IS_ERR(im))
        return im;
    int z = ev_eq(I, im, ev_int(0));
    ev_decref(I, im);
    if (z <= 0)
        return z < 0 ? EV_ERR : ev_dup(EV_NOTIMPL);
    ev_value re = attr(I, b, "real");
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
    ev_value cls = fr_class(I);
    if (EV_IS_ERR(cls))
        goto done;
    if (pos) {
        r = call_cls2(I, cls, rr, shift);
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
        return to_int(I, self, 'r', "round(Fraction)");
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
    fq_init(&q);
    fq_init(&s);
    ev_value r = EV_ERR;
    if (self_q(I, self, &q, "round(Fraction)") || int_to_mpz(I, shift, s.n))
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
        r = fq_make(I, &q, true);
    } else {
        mpz_mul(q.n, z, s.n);
        mpz_set_ui(q.d, 1);
        r = fq_make(I, &q, true);
    }
    mpz_clears(z, rem, NULL);
done:
    fq_clear(&q);
    fq_clear(&s);
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
    fq_init(&q);
    ev_value r = EV_ERR;
    mpz_t m, p0, q0, p1, q1, n, d, t, k;
    mpz_inits(m, p0, q0, p1, q1, n, d, t, k, NULL);
    if (self_q(I, self, &q, "Fraction.limit_denominator"))
        goto done;
    ev_value dv = ev_int_from_mpz(I, q.d);
    if (EV_IS_ERR(dv))
        goto done;
    int le = ev_compare(I, dv, maxd, 1);
    ev_decref(I, dv);
    if (le < 0)
        goto done;
    if (le) {
        r = fq_make(I, &q, false);
        goto done;
    }
    if (ev_is_int(maxd)) {
        if (int_to_mpz(I, maxd, m))
            goto done;
    } else if (fr_is(I, maxd)) {
        frac mq;
        fq_init(&mq);
        int e = self_q(I, maxd, &mq, "Fraction.limit_denominator");
        if (!e)
            mpz_fdiv_q(m, mq.n, mq.d);
        fq_clear(&mq);
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
    fq_init(&b1);
    fq_init(&b2);
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
    r = fq_make(I, mpz_cmp(x, y) <= 0 ? &b2 : &b1, true);
    mpz_clears(x, y, NULL);
    fq_clear(&b1);
    fq_clear(&b2);
done:
    mpz_clears(m, p0, q0, p1, q1, n, d, t, k, NULL);
    fq_clear(&q);
    return r;
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
    M("limit_denominator", fr_limit_denominator),
    P("numerator", fr_numerator),
    P("denominator", fr_denominator),
    M("__repr__", fr_repr),
    M("__str__", fr_str),
    M("__add__", fr_add), M("__radd__", fr_radd),
    M("__sub__", fr_sub), M("__rsub__", fr_rsub),
    M("__mul__", fr_mul), M("__rmul__", fr_rmul),
    M("__truediv__", fr_truediv), M("__rtruediv__", fr_rtruediv),
    M("__floordiv__", fr_floordiv), M("__rfloordiv__", fr_rfloordiv),
    M("__divmod__", fr_divmod), M("__rdivmod__", fr_rdivmod),
    M("__mod__", fr_mod), M("__rmod__", fr_rmod),
    M("__pow__", fr_pow), M("__rpow__", fr_rpow),
    M("__pos__", fr_pos), M("__neg__", fr_neg), M("__abs__", fr_abs),
    M("__int__", fr_int), M("__trunc__", fr_trunc), M("__floor__", fr_floor), M("__ceil__", fr_ceil),
    M("__round__", fr_round),
    M("__hash__", fr_hash),
    M("__eq__", fr_eq), M("__lt__", fr_lt), M("__gt__", fr_gt), M("__le__", fr_le), M("__ge__", fr_ge),
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
    for (const ev_us_method *m = fr_methods; m->d.name; m++)
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
    ev_value c = fr_class(I);
    return EV_IS_ERR(c) ? -1 : ev_module_set(I, ns, "Fraction", c);
}

static const char *const all_names[] = {"Fraction", NULL};

const ev_module_def ev_module_fractions = {"fractions", NULL, init, all_names};
