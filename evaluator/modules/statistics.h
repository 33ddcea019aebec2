/*
 * statistics.h - what statistics.c and statistics_dist.c share.  Internal to
 * evaluator/modules/.
 */
#ifndef SAFEPY_STATISTICS_H
#define SAFEPY_STATISTICS_H

#include "evaluator/modules/modules.h"

extern ev_type ev_type_StatisticsError, ev_type_NormalDist;

/* A value of _sum/_ss: an exact rational, or (nonfinite) the float nf. */
typedef struct xval {
    mpq_t q;
    bool is_float;
    double f;
} xval;

/* _ss(data, c): T, the sum of squared deviations, the mean c, the count. */
typedef struct ssres {
    bool is_float;
    xval ss, c;
    int64_t n;
} ssres;

/* raise StatisticsError(msg) */
ev_value st_error(ev_interp *I, const char *msg);
/* module.name(args) for a module of the session (math, random) */
ev_value st_call_module(ev_interp *I, const char *module, const char *name, int argc,
                        const ev_value *argv) EV_WU;
ev_value st_math1(ev_interp *I, const char *name, ev_value x) EV_WU; /* math.name(x) */
int st_num_double(ev_interp *I, ev_value v, double *out) EV_WU;      /* float(v) */
/* a OP b with Python's arithmetic, as a double */
int st_binary_double(ev_interp *I, ev_binop op, ev_value a, ev_value b, double *out) EV_WU;
/* an int argument of range() */
int st_range_arg(ev_interp *I, ev_value v, int64_t *out) EV_WU;
void st_ssres_init(ssres *r);
void st_ssres_clear(ssres *r);
/* _ss(data, c): c EV_NONE or EV_ERR computes the mean */
int st_do_ss(ev_interp *I, ev_value data, ev_value c, ssres *r) EV_WU;
int st_xval_double(ev_interp *I, const xval *v, double *out) EV_WU;
void st_xval_div_int(xval *v, int64_t n);
/* _float_sqrt_of_frac(q.numerator, q.denominator) */
ev_value st_float_sqrt_of_frac(ev_interp *I, const mpq_t q) EV_WU;
/* LinearRegression(slope=..., intercept=...) */
ev_value st_linreg_new(ev_interp *I, double slope, double intercept) EV_WU;
/* the LinearRegression named tuple class, made when the module is imported */
ev_value st_linreg_class(ev_interp *I) EV_WU;

#endif
