/*
 * collections_int.h - what collections.c and collections_deque.c share.
 * Internal to evaluator/modules/.
 */
#ifndef SAFEPY_COLLECTIONS_INT_H
#define SAFEPY_COLLECTIONS_INT_H

#include "evaluator/modules/modules.h"

extern const ev_builtin_def ev_deque_methods[];
extern ev_type ev_type_ChainMap; /* collections_chainmap.c */
ev_value ev_deque_ctor(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) EV_WU;
/* deque + deque, deque * n and their in-place forms; *handled false when
 * the operands are not the deque's */
ev_value ev_deque_binary(ev_interp *I, ev_binop op, ev_value a, ev_value b, bool inplace, bool *handled) EV_WU;
/* maxlen as a Python value (None when unbounded) */
ev_value ev_deque_maxlen_value(ev_value v);

#endif
