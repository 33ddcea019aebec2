/*
 * numbers.h - the classes of the numbers module (numbers.c) for the modules
 * that register with them: fractions (Fraction is a Rational) and decimal
 * (Decimal is a Number, as CPython's decimal module registers it).
 */
#ifndef SAFEPY_NUMBERS_H
#define SAFEPY_NUMBERS_H

#include "evaluator/ev.h"

/* the numeric tower, then fractions.Fraction (made on first use) */
typedef enum {
    NUM_Number, NUM_Complex, NUM_Real, NUM_Rational, NUM_Integral, NUM__COUNT,
    NUM_Fraction = NUM__COUNT
} ev_numbers_id;

/* Makes the classes in the session (once): 0, or -1 raised. */
int ev_numbers_init(ev_interp *I) EV_WU;
/* The class (borrowed; the session holds it), made when it does not exist
 * yet; EV_ERR raised. */
ev_value ev_numbers_get(ev_interp *I, ev_numbers_id id) EV_WU;
/* numbers.<id>.register(cls): 0, or -1 raised.  decimal calls
 * ev_numbers_register(I, NUM_Number, Decimal) when it makes Decimal. */
int ev_numbers_register(ev_interp *I, ev_numbers_id id, ev_value cls) EV_WU;

/* fractions.c: class Fraction(rational), a new reference or EV_ERR */
ev_value ev_fractions_make_class(ev_interp *I, ev_value rational) EV_WU;

#endif
