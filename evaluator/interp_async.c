/*
 * interp_async.c - the statements and steps of async code: await of a
 * value the interpreter obtained itself (__aenter__, __aexit__, __anext__),
 * `async for` and the async clause of a comprehension (CPython's
 * GET_AITER, GET_ANEXT, GET_AWAITABLE and END_ASYNC_FOR in ceval.c).
 *
 * Each await delegates as `yield from` does (ix_yield_from), so it only
 * runs inside a coroutine or async generator body (the lowering refuses it
 * elsewhere, as CPython's compiler does).
 */
#include "evaluator/gen.h"
#include "evaluator/interp_int.h"

ev_value ix_await(ev_interp *I, frame *F, ev_value v, int ctx)
{
    ev_value it = ev_await_iter(I, v, ctx);
    if (EV_IS_ERR(it))
        return it;
    return ix_yield_from(I, F, it);
}

int ix_async_next(ev_interp *I, frame *F, ev_value ait, ev_value *out)
{
    ev_value it = ev_async_anext_for(I, ait);
    if (EV_IS_ERR(it))
        return -1;
    *out = ix_yield_from(I, F, it);
    if (!EV_IS_ERR(*out))
        return 1;
    if (!I->limit && ev_is(I->exc, EV_O_EXC) &&
        ev_type_is_subclass(((ev_exc *)I->exc.u.o)->type, &ev_type_StopAsyncIteration)) {
        ev_decref(I, I->exc);
        I->exc = EV_NONE;
        return 0;
    }
    return -1;
}

xstatus ix_exec_async_for(ev_interp *I, frame *F, const ev_node *n)
{
    ev_value seq = ix_eval(I, F, n->b);
    if (EV_IS_ERR(seq))
        return X_ERROR;
    ev_value it = ev_async_iter_for(I, seq);
    ev_decref(I, seq);
    if (EV_IS_ERR(it)) {
        if (!F->err_node)
            F->err_node = n->b;
        return X_ERROR;
    }
    xstatus st = X_NORMAL;
    ix_hold hold;
    ix_hold_push(F, &hold, &it, NULL);
    for (;;) {
        if (ev_tick(I)) {
            st = X_ERROR;
            break;
        }
        F->f.cur = n;
        ev_value x;
        int r = ix_async_next(I, F, it, &x);
        if (r < 0) {
            st = X_ERROR;
            break;
        }
        if (r == 0) {
            st = n->d ? ix_exec_block(I, F, n->d) : X_NORMAL;
            break;
        }
        if (ix_assign_move(I, F, n->a, x)) {
            st = X_ERROR;
            break;
        }
        st = ix_exec_block(I, F, n->c);
        if (st == X_BREAK) {
            st = X_NORMAL;
            break;
        }
        if (st == X_CONTINUE)
            st = X_NORMAL;
        if (st != X_NORMAL)
            break;
    }
    ix_hold_pop(F, &hold);
    ev_decref(I, it);
    return st;
}
