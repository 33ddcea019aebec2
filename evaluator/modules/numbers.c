/*
 * numbers.c - the numbers module as CPython 3.11's Lib/numbers.py defines
 * it: the numeric tower Number > Complex > Real > Rational > Integral as
 * abstract classes of abc.ABCMeta, with their abstract methods (bodies
 * that raise NotImplementedError, what super() reaches), the mixins they
 * give subclasses (Complex.__sub__ as self + -other, Real.__divmod__,
 * Rational.__float__, Integral.__index__...), and CPython's registrations:
 * complex is a Complex, float a Real, int (and so bool) an Integral.
 *
 * The classes are made on the ABCMeta and registry machinery of
 * collections_abc.c (ev_abc_types_init, ev_abc_class_init,
 * ev_abc_register), once per session, and kept in ev_interp.numbers_types
 * so that fractions (Fraction is registered as a Rational) reaches them
 * without importing numbers.  The decimal module registers Decimal as a
 * Number with ev_numbers_register(I, NUM_Number, cls).
 */
#include <string.h>

#include "evaluator/modules/collections_abc.h"
#include "evaluator/modules/numbers.h"

/* ---- the methods ----------------------------------------------------------------------------- */

/* every abstract method's body: raise NotImplementedError (the class, no message) */
static ev_value abstract_body(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self, (void)argc, (void)argv, (void)kw;
    ev_value args = ev_tuple_new(I, 0);
    ev_value e = EV_IS_ERR(args) ? args : ev_exc_new(I, &ev_type_NotImplementedError, args);
    return EV_IS_ERR(e) ? e : ev_raise_value(I, e);
}

#define SIG0(qual)                                                    \
    static const ev_us_sig sig = {qual, {NULL}, 0, 0, false, false}; \
    BIND(sig, a);                                                     \
    (void)a
#define SIG1(qual, p)                                                   \
    static const ev_us_sig sig = {qual, {p, NULL}, 1, 0, false, false}; \
    BIND(sig, a)

/* Complex.__bool__: self != 0 */
US_FN(complex_bool)
{
    SIG0("Complex.__bool__");
    int r = ev_compare(I, self, ev_int(0), 3);
    return r < 0 ? EV_ERR : ev_bool(r);
}

/* Complex.__sub__: self + -other */
US_FN(complex_sub)
{
    SIG1("Complex.__sub__", "other");
    ev_value n = ev_negate(I, a[0]);
    if (EV_IS_ERR(n))
        return n;
    ev_value r = ev_binary(I, EV_OP_ADD, self, n);
    ev_decref(I, n);
    return r;
}

/* Complex.__rsub__: -self + other */
US_FN(complex_rsub)
{
    SIG1("Complex.__rsub__", "other");
    ev_value n = ev_negate(I, self);
    if (EV_IS_ERR(n))
        return n;
    ev_value r = ev_binary(I, EV_OP_ADD, n, a[0]);
    ev_decref(I, n);
    return r;
}

/* (x // y, x % y) */
static ev_value divmod_pair(ev_interp *I, ev_value x, ev_value y)
{
    ev_value q = ev_binary(I, EV_OP_FLOORDIV, x, y);
    if (EV_IS_ERR(q))
        return q;
    ev_value m = ev_binary(I, EV_OP_MOD, x, y);
    ev_value t = EV_IS_ERR(m) ? m : ev_tuple_new(I, 2);
    if (EV_IS_ERR(t)) {
        ev_decref(I, q);
        ev_decref(I, m);
        return EV_ERR;
    }
    ev_as_tuple(t)->items[0] = q;
    ev_as_tuple(t)->items[1] = m;
    return t;
}

US_FN(real_divmod)
{
    SIG1("Real.__divmod__", "other");
    return divmod_pair(I, self, a[0]);
}

US_FN(real_rdivmod)
{
    SIG1("Real.__rdivmod__", "other");
    return divmod_pair(I, a[0], self);
}

/* type(v) called on one argument: complex(x), float(x), int(x) */
static ev_value call_type(ev_interp *I, ev_type *t, ev_value v)
{
    return ev_call(I, ev_obj_val(&t->h), 1, &v, 0, NULL, NULL);
}

/* Real.__complex__: complex(float(self)) */
US_FN(real_complex)
{
    SIG0("Real.__complex__");
    ev_value f = call_type(I, &ev_type_float, self);
    if (EV_IS_ERR(f))
        return f;
    ev_value r = call_type(I, &ev_type_complex, f);
    ev_decref(I, f);
    return r;
}

/* Real.real, Real.conjugate, Integral.numerator: +self */
US_FN(real_pos)
{
    SIG0("Real.conjugate");
    return ev_positive(I, self);
}

US_FN(real_imag)
{
    SIG0("Real.imag");
    return ev_int(0);
}

/* Rational.__float__: int(self.numerator) / int(self.denominator) */
US_FN(rational_float)
{
    SIG0("Rational.__float__");
    ev_value n = ev_us_getattr(I, self, "numerator");
    ev_value ni = EV_IS_ERR(n) ? n : call_type(I, &ev_type_int, n);
    ev_decref(I, n);
    if (EV_IS_ERR(ni))
        return ni;
    ev_value d = ev_us_getattr(I, self, "denominator");
    ev_value di = EV_IS_ERR(d) ? d : call_type(I, &ev_type_int, d);
    ev_decref(I, d);
    if (EV_IS_ERR(di)) {
        ev_decref(I, ni);
        return di;
    }
    ev_value r = ev_binary(I, EV_OP_TRUEDIV, ni, di);
    ev_decref(I, ni);
    ev_decref(I, di);
    return r;
}

/* Integral.__index__: int(self) */
US_FN(integral_index)
{
    SIG0("Integral.__index__");
    return call_type(I, &ev_type_int, self);
}

/* Integral.__float__: float(int(self)) */
US_FN(integral_float)
{
    SIG0("Integral.__float__");
    ev_value i = call_type(I, &ev_type_int, self);
    if (EV_IS_ERR(i))
        return i;
    ev_value r = call_type(I, &ev_type_float, i);
    ev_decref(I, i);
    return r;
}

US_FN(integral_denominator)
{
    SIG0("Integral.denominator");
    return ev_int(1);
}

/* kind 'p': a property whose getter is the function (abstract with EV_BF_ABSTRACT) */
#define M(name, fn) EV_ABC_M(name, fn)
#define A(name) EV_ABC_A(name, abstract_body)
#define P(name, fn) {{name, fn, 0, -1, EV_BF_KWANY | EV_BF_PYFUNC, NULL}, 'p'}
#define AP(name) {{name, abstract_body, 0, -1, EV_BF_KWANY | EV_BF_PYFUNC | EV_BF_ABSTRACT, NULL}, 'p'}
#define END {{NULL, NULL, 0, 0, 0, NULL}, 0}

static const ev_us_method m_number[] = {END};
static const ev_us_method m_complex[] = {
    A("__complex__"), M("__bool__", complex_bool), AP("real"), AP("imag"), A("__add__"), A("__radd__"),
    A("__neg__"), A("__pos__"), M("__sub__", complex_sub), M("__rsub__", complex_rsub), A("__mul__"),
    A("__rmul__"), A("__truediv__"), A("__rtruediv__"), A("__pow__"), A("__rpow__"), A("__abs__"),
    A("conjugate"), A("__eq__"), END};
static const ev_us_method m_real[] = {
    A("__float__"), A("__trunc__"), A("__floor__"), A("__ceil__"), A("__round__"),
    M("__divmod__", real_divmod), M("__rdivmod__", real_rdivmod), A("__floordiv__"), A("__rfloordiv__"),
    A("__mod__"), A("__rmod__"), A("__lt__"), A("__le__"), M("__complex__", real_complex),
    P("real", real_pos), P("imag", real_imag), M("conjugate", real_pos), END};
static const ev_us_method m_rational[] = {AP("numerator"), AP("denominator"), M("__float__", rational_float), END};
static const ev_us_method m_integral[] = {
    A("__int__"), M("__index__", integral_index), A("__pow__"), A("__lshift__"), A("__rlshift__"),
    A("__rshift__"), A("__rrshift__"), A("__and__"), A("__rand__"), A("__xor__"), A("__rxor__"), A("__or__"),
    A("__ror__"), A("__invert__"), M("__float__", integral_float), P("numerator", real_pos),
    P("denominator", integral_denominator), END};

static const struct {
    const char *name;
    const ev_us_method *methods;
    const char *doc;
} specs[NUM__COUNT] = {
    [NUM_Number] = {"Number", m_number,
                    "All numbers inherit from this class.\n\n"
                    "    If you just want to check if an argument x is a number, without\n"
                    "    caring what kind, use isinstance(x, Number).\n    "},
    [NUM_Complex] = {"Complex", m_complex,
                     "Complex defines the operations that work on the builtin complex type.\n\n"
                     "    In short, those are: a conversion to complex, .real, .imag, +, -,\n"
                     "    *, /, **, abs(), .conjugate, ==, and !=.\n\n"
                     "    If it is given heterogeneous arguments, and doesn't have special\n"
                     "    knowledge about them, it should fall back to the builtin complex\n"
                     "    type as described below.\n    "},
    [NUM_Real] = {"Real", m_real,
                  "To Complex, Real adds the operations that work on real numbers.\n\n"
                  "    In short, those are: a conversion to float, trunc(), divmod,\n"
                  "    %, <, <=, >, and >=.\n\n"
                  "    Real also provides defaults for the derived operations.\n    "},
    [NUM_Rational] = {"Rational", m_rational,
                      ".numerator and .denominator should be in lowest terms."},
    [NUM_Integral] = {"Integral", m_integral,
                      "Integral adds methods that work on integral numbers.\n\n"
                      "    In short, these are conversion to int, pow with modulus, and the\n"
                      "    bit-string operations.\n    "},
};

/* ---- making the classes ---------------------------------------------------------------------- */

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
    ev_value b = ev_builtin_new(I, &m->d, cls);
    if (EV_IS_ERR(b))
        return b;
    ((ev_builtin *)b.u.o)->unbound = true; /* bound like a function when read through an instance */
    if (m->kind != 'p')
        return b;
    ev_value p = call_type(I, &ev_type_property, b);
    ev_decref(I, b);
    return p;
}

/* class NAME(base, metaclass=ABCMeta) with __slots__ = () and its methods */
static ev_value make_class(ev_interp *I, int id, ev_value base, ev_type *meta)
{
    ev_value d = ev_dict_new(I), bases = ev_tuple_new(I, id ? 1 : 0), cls = EV_ERR;
    if (EV_IS_ERR(d) || EV_IS_ERR(bases))
        goto fail;
    if (id)
        ev_as_tuple(bases)->items[0] = ev_dup(base);
    if (put(I, ev_as_dict(d), "__module__", ev_str_from_cstr(I, "numbers")) ||
        put(I, ev_as_dict(d), "__doc__", ev_str_from_cstr(I, specs[id].doc)) ||
        put(I, ev_as_dict(d), "__slots__", ev_tuple_new(I, 0)))
        goto fail;
    ev_str *nm = ev_intern(I, specs[id].name, strlen(specs[id].name));
    if (!nm)
        goto fail;
    cls = ev_class_new(I, meta, nm, bases, ev_as_dict(d), NULL);
    if (EV_IS_ERR(cls))
        goto fail;
    ev_type *t = (ev_type *)cls.u.o;
    t->module = "numbers";
    for (const ev_us_method *m = specs[id].methods; m->d.name; m++)
        if (put(I, t->dict, m->d.name, method_value(I, m, cls)))
            goto fail;
    /* Number's __hash__ = None; Complex defines __eq__, so type_new makes its None too */
    if (id <= NUM_Complex && put(I, t->dict, "__hash__", EV_NONE))
        goto fail;
    I->class_version++;
    if (ev_abc_class_init(I, t))
        goto fail;
    ev_decref(I, bases);
    ev_decref(I, d);
    return cls;
fail:
    ev_decref(I, cls);
    ev_decref(I, bases);
    ev_decref(I, d);
    return EV_ERR;
}

int ev_numbers_init(ev_interp *I)
{
    if (I->numbers_types)
        return 0;
    if (ev_abc_types_init(I))
        return -1;
    ev_value meta = ev_abc_get(I, ABC_META);
    if (EV_IS_ERR(meta))
        return -1;
    ev_value tv = ev_tuple_new(I, NUM__COUNT + 1); /* Fraction's place None until it is made */
    if (EV_IS_ERR(tv))
        return -1;
    ev_tuple *types = ev_as_tuple(tv);
    for (int i = 0; i < NUM__COUNT; i++) {
        ev_value c = make_class(I, i, i ? types->items[i - 1] : EV_NONE, (ev_type *)meta.u.o);
        if (EV_IS_ERR(c)) {
            ev_decref(I, tv);
            return -1;
        }
        types->items[i] = c;
    }
    I->numbers_types = types;
    if (ev_abc_register(I, types->items[NUM_Complex], ev_obj_val(&ev_type_complex.h)) ||
        ev_abc_register(I, types->items[NUM_Real], ev_obj_val(&ev_type_float.h)) ||
        ev_abc_register(I, types->items[NUM_Integral], ev_obj_val(&ev_type_int.h)))
        return -1;
    return 0;
}

ev_value ev_numbers_get(ev_interp *I, ev_numbers_id id)
{
    if (ev_numbers_init(I))
        return EV_ERR;
    if (id == NUM_Fraction && I->numbers_types->items[id].tag == EV_T_NONE) {
        ev_value c = ev_fractions_make_class(I, I->numbers_types->items[NUM_Rational]);
        if (EV_IS_ERR(c))
            return c;
        I->numbers_types->items[id] = c;
    }
    return I->numbers_types->items[id];
}

int ev_numbers_register(ev_interp *I, ev_numbers_id id, ev_value cls)
{
    ev_value abc = ev_numbers_get(I, id);
    return EV_IS_ERR(abc) ? -1 : ev_abc_register(I, abc, cls);
}

/* abc.abstractmethod, which numbers.py imports (and so exposes): it sets
 * an attribute on a function, which safepy's functions do not take */
static ev_value numbers_abstractmethod(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_raise(I, &ev_type_NotImplementedError, "numbers.abstractmethod is not supported by safepy");
}

static const ev_builtin_def functions[] = {
    {"abstractmethod", numbers_abstractmethod, 1, 1, 0, NULL},
    {NULL, NULL, 0, 0, 0, NULL},
};

static int init(ev_interp *I, ev_dict *ns)
{
    if (ev_numbers_init(I))
        return -1;
    if (ev_module_set(I, ns, "ABCMeta", I->abc_types->items[ABC_META]))
        return -1;
    for (int i = 0; i < NUM__COUNT; i++)
        if (ev_module_set(I, ns, specs[i].name, I->numbers_types->items[i]))
            return -1;
    return 0;
}

static const char *const all_names[] = {"Number", "Complex", "Real", "Rational", "Integral", NULL};

const ev_module_def ev_module_numbers = {"numbers", functions, init, all_names};
