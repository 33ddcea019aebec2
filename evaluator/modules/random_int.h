/*
 * random_int.h - what random.c and random_dist.c share.
 * Internal to evaluator/modules/.
 */
#ifndef SAFEPY_RANDOM_INT_H
#define SAFEPY_RANDOM_INT_H

#include "evaluator/modules/modules.h"
#include "evaluator/modules/mt19937.h"

/* The generator state of self (a Random instance) or the module's. */
rnd_state *rnd_state_of(ev_interp *I, ev_value self);
int rnd_to_double(ev_interp *I, ev_value v, double *out);
/* float arithmetic raising CPython's ZeroDivisionError / OverflowError */
int rnd_div(ev_interp *I, double a, double b, double *out);
int rnd_exp(ev_interp *I, double x, double *out);
int rnd_pow(ev_interp *I, double x, double y, double *out);
double rnd_fmod(double a, double b); /* Python's %: the sign of b */

/* random_dist.c: the distributions, as methods of Random and module functions */
#define RND_DIST(name) ev_value r_##name(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
RND_DIST(uniform) RND_DIST(triangular) RND_DIST(normalvariate) RND_DIST(gauss) RND_DIST(lognormvariate)
RND_DIST(expovariate) RND_DIST(vonmisesvariate) RND_DIST(gammavariate) RND_DIST(betavariate)
RND_DIST(paretovariate) RND_DIST(weibullvariate)
#undef RND_DIST

#endif
