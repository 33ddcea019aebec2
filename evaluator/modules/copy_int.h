/*
 * copy_int.h - what the copy module's files share (copy.c: copy, deepcopy,
 * the memo and the module; copy_reduce.c: the reduce protocol and
 * _reconstruct).  Internal to evaluator/modules/.
 */
#ifndef SAFEPY_COPY_INT_H
#define SAFEPY_COPY_INT_H

#include "evaluator/modules/modules.h"

/* copy.c: small helpers */
ev_str *ev_copy_name_of(ev_interp *I, const char *s); /* the interned name, NULL on failure */
/* getattr(o, name, None) for the names copy.py probes: *out EV_ERR when
 * absent; -1 on any other error */
int ev_copy_getattr_opt(ev_interp *I, ev_value o, const char *name, ev_value *out) EV_WU;
ev_value ev_copy_call_method(ev_interp *I, ev_value o, const char *name, int argc, const ev_value *argv) EV_WU;
/* A class attribute the program's own class defines (its __reduce__,
 * __getstate__...), bound to x; EV_ERR without an error when the class
 * does not define it (object's, or a builtin base's). */
int ev_copy_own_method(ev_interp *I, ev_value x, const char *name, ev_value *out) EV_WU;
bool ev_copy_is_exact(ev_value x, ev_kind k); /* an instance of k, not of a subclass */
bool ev_copy_same(ev_value a, ev_value b);   /* x is y */
/* a, b = v: CPython's messages for a pair that is not one */
int ev_copy_unpack2(ev_interp *I, ev_value v, ev_value *a, ev_value *b) EV_WU;
/* copy.deepcopy(x) with a fresh memo (dataclasses.asdict/astuple) */
ev_value ev_copy_deepcopy(ev_interp *I, ev_value x) EV_WU;
/* copy.deepcopy(x, memo, _nil) with memo a mapping; nil EV_ERR: copy.py's
 * own sentinel */
ev_value ev_copy_deepcopy_impl(ev_interp *I, ev_value x, ev_value memo, ev_value nil) EV_WU;

/* copy_reduce.c: the reduce protocol's copy of x (copy and deepcopy's common tail) */
ev_value ev_copy_by_reduce(ev_interp *I, ev_value x, ev_value memo, ev_value nil) EV_WU;

#endif
