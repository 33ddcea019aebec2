/*
 * interp_int.h - shared by interp.c (expressions), interp_stmt.c (statements),
 * interp_display.c (displays, f-strings, comprehensions), interp_match.c and
 * interp_call.c (functions, calls, argument binding, tracebacks).
 * Internal to evaluator/.
 */
#ifndef SAFEPY_INTERP_INT_H
#define SAFEPY_INTERP_INT_H

#include "evaluator/node.h"

struct ev_module;

typedef enum { X_NORMAL, X_RETURN, X_BREAK, X_CONTINUE, X_ERROR } xstatus;

/* Owned references a statement keeps in C locals while its body runs: a
 * for loop's iterator, a with statement's __exit__ and __enter__ value, an
 * except clause's exception, a finally block's pending exception and return
 * value, a match's subject, a yield from's delegate.  A generator suspended
 * inside that body still holds them on its own stack, and the cycle
 * collector reaches them through the generator's frame (ev_gen_traverse):
 * a cycle through the iterator of `for x in self.items: yield x` is seen.
 * Records live on the C stack beside the values, newest first, pushed
 * after the values are owned and popped before they are released. */
typedef struct ix_hold {
    struct ix_hold *prev;
    const ev_value *a, *b; /* NULL: unused */
} ix_hold;

typedef struct frame {
    ev_frame f;
    ev_value retval;
    ev_value handling; /* exception being handled, for bare `raise` (borrowed) */
    const ev_node *err_node; /* innermost expression of this statement that raised */
    ix_hold *holds;    /* see ix_hold */
} frame;

static inline void ix_hold_push(frame *F, ix_hold *h, const ev_value *a, const ev_value *b)
{
    h->prev = F->holds;
    h->a = a;
    h->b = b;
    F->holds = h;
}

static inline void ix_hold_pop(frame *F, const ix_hold *h)
{
    F->holds = h->prev;
}

static inline bool stack_exhausted(ev_interp *I)
{
    char probe;
    return (uintptr_t)&probe < I->stack_limit;
}

/* The int operators that cannot leave 64 bits, or say so: a binary
 * operation and its augmented form skip the protocol's dispatch.  False
 * means the long way (overflow to a big int, division by zero or by -1). */
static inline bool ix_int_binop_fast(int op, int64_t x, int64_t y, int64_t *out)
{
    switch (op) {
    case EV_OP_ADD: return !__builtin_add_overflow(x, y, out);
    case EV_OP_SUB: return !__builtin_sub_overflow(x, y, out);
    case EV_OP_MUL: return !__builtin_mul_overflow(x, y, out);
    case EV_OP_MOD:
    case EV_OP_FLOORDIV: {
        /* Python floors where C truncates; INT64_MIN / -1 overflows in C */
        if (y == 0 || y == -1)
            return false;
        int64_t q = x / y, m = x % y;
        if (m != 0 && ((m ^ y) < 0)) {
            m += y;
            q--;
        }
        *out = op == EV_OP_MOD ? m : q;
        return true;
    }
    case EV_OP_AND: *out = x & y; return true;
    case EV_OP_OR: *out = x | y; return true;
    case EV_OP_XOR: *out = x ^ y; return true;
    default: return false;
    }
}

/* +, -, * and / where a float is involved (an int operand converts as
 * CPython's PyLong_AsDouble rounds it, to nearest), and int / int while
 * both fit 53 bits (CPython's own fast path of true division, exact
 * operands so one rounding).  False: the long way (division by zero, big
 * ints, other operators, anything else). */
static inline bool ix_float_binop_fast(int op, ev_value a, ev_value b, double *out)
{
    double x, y;
    if (a.tag == EV_T_FLOAT && b.tag == EV_T_FLOAT) {
        x = a.u.f;
        y = b.u.f;
    } else if (a.tag == EV_T_FLOAT && b.tag == EV_T_INT) {
        x = a.u.f;
        y = (double)b.u.i;
    } else if (a.tag == EV_T_INT && b.tag == EV_T_FLOAT) {
        x = (double)a.u.i;
        y = b.u.f;
    } else if (a.tag == EV_T_INT && b.tag == EV_T_INT && op == EV_OP_TRUEDIV) {
        const int64_t lim = (int64_t)1 << 53;
        if (a.u.i > lim || a.u.i < -lim || b.u.i > lim || b.u.i < -lim)
            return false;
        x = (double)a.u.i;
        y = (double)b.u.i;
    } else {
        return false;
    }
    switch (op) {
    case EV_OP_ADD: *out = x + y; break;
    case EV_OP_SUB: *out = x - y; break;
    case EV_OP_MUL: *out = x * y; break;
    case EV_OP_TRUEDIV:
        if (y == 0)
            return false;
        *out = x / y;
        break;
    default: return false;
    }
    /* a NaN result is a new object with its own identity (ev_binary makes
     * it): [inf - inf] == [inf - inf] is False in CPython */
    return *out == *out;
}

static inline ev_value recursion_error(ev_interp *I)
{
    return ev_raise(I, &ev_type_RecursionError, "maximum recursion depth exceeded");
}

/* ---- names ------------------------------------------------------------------------------ */

ev_value ix_eval(ev_interp *I, frame *F, const ev_node *n) EV_WU;
xstatus ix_exec_block(ev_interp *I, frame *F, const ev_node *b);
xstatus ix_exec(ev_interp *I, frame *F, const ev_node *n);
/* Assign v to a target (borrowed v), as a for loop's target. */
int ix_assign(ev_interp *I, frame *F, const ev_node *t, ev_value v) EV_WU;

/* ix_assign of a value whose reference the caller gives away (a loop's
 * item): a local slot takes it without a reference round trip. */
static inline int ix_assign_move(ev_interp *I, frame *F, const ev_node *t, ev_value v)
{
    if (t->kind == N_LOCAL) {
        ev_value old = F->f.slots[t->slot];
        F->f.slots[t->slot] = v;
        if (!EV_IS_ERR(old))
            ev_decref(I, old);
        return 0;
    }
    int r = ix_assign(I, F, t, v);
    ev_decref(I, v);
    return r;
}
/* A function object for d: defaults evaluated now, cells captured now. */
ev_value ix_make_function(ev_interp *I, frame *F, ev_funcdef *d) EV_WU;
ev_value ix_cell_new(ev_interp *I, ev_value v_steal) EV_WU;
/* interp.c, for the statements of interp_stmt.c: obj.name through the
 * node's inline cache (1 found, 0 not cached, -1 raised) and obj.name = v
 * through it; del target; a subscript's key (slices made); from m import *;
 * the UnboundLocalError of name */
int ix_attr_get_cached(ev_interp *I, const ev_node *n, ev_value o, ev_value *out);
int ix_setattr_node(ev_interp *I, const ev_node *n, ev_value obj, ev_value v) EV_WU;
int ix_delete(ev_interp *I, frame *F, const ev_node *t) EV_WU;
ev_value ix_eval_key(ev_interp *I, frame *F, const ev_node *k) EV_WU;
int ix_import_star(ev_interp *I, struct ev_module *m, ev_str *modname) EV_WU;
ev_value ix_unbound_local(ev_interp *I, ev_str *name);
/* interp_display.c: f-strings, displays, the clauses of a comprehension
 * from idx on adding to acc (EV_NONE for a generator body) */
ev_value ix_eval_fstring(ev_interp *I, frame *F, const ev_node *n) EV_WU;
ev_value ix_eval_display(ev_interp *I, frame *F, const ev_node *n) EV_WU;
int ix_comp_loop(ev_interp *I, frame *F, const ev_node *body, uint32_t idx, ev_value acc) EV_WU;
/* yield from / await: delegate to the iterator it (taken); the delegate's result */
ev_value ix_yield_from(ev_interp *I, frame *F, ev_value it) EV_WU;
/* interp_async.c: await v (borrowed) with the messages of ctx (EV_AWAIT_*) */
ev_value ix_await(ev_interp *I, frame *F, ev_value v, int ctx) EV_WU;
/* one step of async iteration over ait: 1 *out, 0 exhausted, -1 raised */
int ix_async_next(ev_interp *I, frame *F, ev_value ait, ev_value *out) EV_WU;
xstatus ix_exec_async_for(ev_interp *I, frame *F, const ev_node *n) EV_WU;
/* interp_call.c: f(*xs, **kw), the arguments gathered into arrays */
ev_value ix_eval_call_star(ev_interp *I, frame *F, const ev_node *n, ev_value callee) EV_WU;
/* interp_exc.c */
xstatus ix_exec_try(ev_interp *I, frame *F, const ev_node *n);
xstatus ix_exec_with(ev_interp *I, frame *F, const ev_node *n);
xstatus ix_exec_raise(ev_interp *I, frame *F, const ev_node *n);
/* interp_match.c */
xstatus ix_exec_match(ev_interp *I, frame *F, const ev_node *n);
void ix_add_traceback(ev_interp *I, const frame *F, const char *func);

#endif
