/*
 * itertools.h - shared by itertools.c and itertools2.c (the one module is
 * split in two files to keep each readable).  Internal to the evaluator.
 */
#ifndef SAFEPY_ITERTOOLS_H
#define SAFEPY_ITERTOOLS_H

#include "evaluator/modules/modules.h"

/* _PyArg_CheckPositional: "islice expected at least 2 arguments, got 1". */
int it_nargs(ev_interp *I, const char *name, int argc, int min, int max) EV_WU;
/* Argument clinic: binds positionals and keywords to `names` (out[i]
 * borrowed, EV_ERR when absent); the first npos may be positional, the
 * first nreq are required. */
int it_bind(ev_interp *I, const ev_kw *kw, const char *fname, int argc, const ev_value *argv,
            const char *const *names, int nparams, int npos, int nreq, ev_value *out) EV_WU;
/* PyNumber_AsSsize_t for int arguments (TypeError / OverflowError). */
int it_ssize(ev_interp *I, ev_value v, int64_t *out) EV_WU;
/* _PyArg_NoKeywords: "cycle() takes no keyword arguments" */
int it_nokw(ev_interp *I, const ev_kw *kw, const char *name) EV_WU;
/* The class of an itertools iterator (type(count()) is count): calling it
 * makes one; fn checks its own arguments, keywords included. */
#define IT_CLASS_INIT(nm, fn, ...)                                                                   \
    {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC}, .name = "itertools." nm,          \
     .module = "itertools", .methods = ev_iterator_methods, .call = fn, .min_args = 0, .max_args = -1, \
     .kwflags = EV_BF_KWANY, __VA_ARGS__}
/* A native iterator with its zeroed state in *state. */
ev_value it_new(ev_interp *I, const ev_native_iter_type *t, size_t size, void **state) EV_WU;
/* A tuple of new references to v[0..n). */
ev_value it_tuple(ev_interp *I, const ev_value *v, size_t n) EV_WU;

/* itertools2.c */
ev_value it_groupby(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value it_tee(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value it_product(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value it_permutations(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value it_combinations(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value it_cwr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);

#endif
