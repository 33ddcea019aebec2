/*
 * fractions_int.h - what fractions.c (the class, construction, the plain
 * methods) and fractions_ops.c (arithmetic, powers, comparisons, rounding,
 * limit_denominator) share.  Internal.
 */
#ifndef SAFEPY_FRACTIONS_INT_H
#define SAFEPY_FRACTIONS_INT_H

#include <gmp.h>

#include "evaluator/modules/collections_abc.h"
#include "evaluator/modules/numbers.h"

/* a rational's numerator and denominator as GMP integers (not necessarily reduced) */
typedef struct {
    mpz_t n, d;
} frac;

void ev_fq_init(frac *q);  /* 0/1 */
void ev_fq_clear(frac *q);
/* fractions.Fraction (borrowed; made on first use), EV_ERR raised */
ev_value ev_fr_class(ev_interp *I) EV_WU;
/* v is an instance of Fraction or a subclass */
bool ev_fr_is(ev_interp *I, ev_value v);
/* an int (bool, subclass) into out: 0, or -1 raised */
int ev_fr_int_to_mpz(ev_interp *I, ev_value v, mpz_t out) EV_WU;
/* v.name, a new reference or EV_ERR */
ev_value ev_fr_attr(ev_interp *I, ev_value v, const char *name) EV_WU;
/* the value of an int, a Fraction (its slots) or another Rational (its
 * numerator and denominator); NotImplementedError naming `what` when they
 * are no ints */
int ev_fq_of(ev_interp *I, ev_value v, frac *q, const char *what) EV_WU;
int ev_fr_self_q(ev_interp *I, ev_value self, frac *q, const char *what) EV_WU;
/* Fraction(q.n, q.d), reduced first when normalize; ZeroDivisionError
 * "Fraction(n, 0)" for a zero denominator */
ev_value ev_fq_make(ev_interp *I, frac *q, bool normalize) EV_WU;
/* isinstance(v, numbers.<id>): 0/1, -1 raised */
int ev_fr_is_num(ev_interp *I, ev_value v, ev_numbers_id id) EV_WU;
/* trunc ('t'), floor ('f'), ceil ('c') or round half even ('r') of self: an int */
ev_value ev_fr_to_int(ev_interp *I, ev_value self, char how, const char *what) EV_WU;
/* cls(a, b) */
ev_value ev_fr_call_cls2(ev_interp *I, ev_value cls, ev_value a, ev_value b) EV_WU;
/* fractions_ops.c's methods of the class, NULL-name terminated */
extern const ev_us_method *const ev_fr_op_methods;

/* a method of no parameters but self, and of one */
#define SIG0(qual)                                                    \
    static const ev_us_sig sig = {qual, {NULL}, 0, 0, false, false}; \
    BIND(sig, a);                                                     \
    (void)a
#define SIG1(qual, p)                                                   \
    static const ev_us_sig sig = {qual, {p, NULL}, 1, 0, false, false}; \
    BIND(sig, a)

#endif
