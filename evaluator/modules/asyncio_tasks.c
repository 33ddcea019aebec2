/*
 * asyncio_tasks.c - the functions of Lib/asyncio/tasks.py that combine
 * futures (gather, wait, wait_for, shield, as_completed) and
 * Lib/asyncio/timeouts.py (timeout, timeout_at), CPython 3.11.
 *
 * CPython writes them with closures (gather's _done_callback, _wait's
 * _on_completion) and async defs; here a closure is a C function bound to a
 * data object (an internal EV_TYPE_CSLOTS instance holding what the
 * closure's cells hold), and an async def is a C coroutine's step function
 * (asyncio_coro.c) whose states are the points where the Python code
 * awaits.  The callbacks are added, removed and run in CPython's order.
 */
#include <string.h>

#include "evaluator/gen.h"
#include "evaluator/modules/asyncio_int.h"

/* the cells of a closure */
enum { D_A, D_B, D_C, D_D, D_E, D_F, D_NSLOTS };
static ev_type data_type = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC},
                            .name = "_asyncio_closure", .tflags = EV_TYPE_CSLOTS | EV_TYPE_FINAL};

static ev_value data_new(ev_interp *I)
{
    return ev_cinstance_new(I, &data_type, D_NSLOTS);
}

/* ---- _release_waiter ---- */

static ev_value release_waiter(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    /* partial(_release_waiter, waiter) is bound to it; the timer passes it */
    ev_value waiter = self.tag != EV_T_NONE ? self : argc > 0 ? argv[0] : EV_NONE;
    int d = aio_done(I, waiter);
    if (d)
        return d < 0 ? EV_ERR : EV_NONE;
    return aio_set_result(I, waiter, EV_NONE) ? EV_ERR : EV_NONE;
}
static const ev_builtin_def release_waiter_def = {"_release_waiter", release_waiter, 0, -1, 0};

ev_value aio_release_waiter_cb(ev_interp *I, ev_value waiter)
{
    return ev_builtin_new(I, &release_waiter_def, waiter);
}

/* ---- gather ---------------------------------------------------------------------------------- */

/* D_A outer, D_B children (list), D_C nfuts, D_D nfinished, D_E return_exceptions */
static ev_value gather_done(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value fut = argv[0];
    *aio_slot(self, D_D) = ev_int(aio_slot(self, D_D)->u.i + 1);
    ev_value outer = *aio_slot(self, D_A);
    int d = outer.tag == EV_T_NONE ? 1 : aio_done(I, outer);
    if (d < 0)
        return EV_ERR;
    if (d) {
        int c = aio_cancelled(I, fut);
        if (c < 0)
            return EV_ERR;
        if (!c) {
            ev_value e = aio_exception(I, fut);
            if (EV_IS_ERR(e))
                return e;
            ev_decref(I, e);
        }
        return EV_NONE;
    }
    outer = ev_dup(outer);
    ev_value ret = EV_NONE;
    if (!aio_slot(self, D_E)->u.i) {
        int c = aio_cancelled(I, fut);
        if (c < 0)
            goto fail;
        if (c) {
            ev_value e = aio_is_future(fut) ? aio_make_cancelled_error(I, fut) : aio_exc(I, &ev_type_aio_CancelledError, 0, NULL);
            if (EV_IS_ERR(e) || aio_set_exception(I, outer, e)) {
                ev_decref(I, e);
                goto fail;
            }
            ev_decref(I, e);
            goto out;
        }
        ev_value e = aio_exception(I, fut);
        if (EV_IS_ERR(e))
            goto fail;
        if (e.tag != EV_T_NONE) {
            int r = aio_set_exception(I, outer, e);
            ev_decref(I, e);
            if (r)
                goto fail;
            goto out;
        }
    }
    if (aio_slot(self, D_D)->u.i == aio_slot(self, D_C)->u.i) {
        ev_value children = ev_dup(*aio_slot(self, D_B));
        ev_value results = ev_list_new(I, 0);
        if (EV_IS_ERR(results)) {
            ev_decref(I, children);
            goto fail;
        }
        for (size_t i = 0; i < ev_as_list(children)->len; i++) {
            ev_value ch = ev_dup(ev_as_list(children)->items[i]), res;
            int c = aio_cancelled(I, ch);
            if (c < 0) {
                res = EV_ERR;
            } else if (c) {
                ev_value msg = aio_is_future(ch) ? *aio_slot(ch, F_CANCEL_MSG) : EV_NONE;
                if (msg.tag == EV_T_NONE) {
                    ev_value empty = ev_str_from_cstr(I, "");
                    res = EV_IS_ERR(empty) ? empty : aio_exc(I, &ev_type_aio_CancelledError, 1, &empty);
                    ev_decref(I, empty);
                } else {
                    res = aio_exc(I, &ev_type_aio_CancelledError, 1, &msg);
                }
            } else {
                res = aio_exception(I, ch);
                if (!EV_IS_ERR(res) && res.tag == EV_T_NONE)
                    res = aio_result(I, ch);
            }
            ev_decref(I, ch);
            if (EV_IS_ERR(res) || ev_list_append(I, ev_as_list(results), res)) {
                ev_decref(I, res);
                ev_decref(I, results);
                ev_decref(I, children);
                goto fail;
            }
            ev_decref(I, res);
        }
        ev_decref(I, children);
        int r;
        if (aio_slot(outer, G_CANCEL_REQ)->u.i) {
            ev_value e = aio_make_cancelled_error(I, fut);
            r = EV_IS_ERR(e) ? -1 : aio_set_exception(I, outer, e);
            ev_decref(I, e);
        } else {
            r = aio_set_result(I, outer, results);
        }
        ev_decref(I, results);
        if (r)
            goto fail;
    }
out:
    ev_decref(I, outer);
    return ret;
fail:
    ev_decref(I, outer);
    return EV_ERR;
}
static const ev_builtin_def gather_done_def = {"_done_callback", gather_done, 1, 1, 0};

static ev_value gathering_new(ev_interp *I, ev_value loop, ev_value children)
{
    ev_value g = ev_type_aio_Gathering.cnew(I, &ev_type_aio_Gathering);
    if (EV_IS_ERR(g))
        return g;
    if (aio_future_init(I, g, loop)) {
        ev_decref(I, g);
        return EV_ERR;
    }
    aio_set(I, g, G_CHILDREN, children);
    *aio_slot(g, G_CANCEL_REQ) = EV_FALSE;
    return g;
}

ev_value aio_gather(ev_interp *I, int n, const ev_value *items, bool return_exceptions)
{
    if (n == 0) {
        ev_value loop = aio_running_loop(I);
        loop = loop.tag != EV_T_NONE ? ev_dup(loop) : aio_default_loop(I);
        if (EV_IS_ERR(loop))
            return loop;
        ev_value outer = aio_future_new(I, loop);
        ev_decref(I, loop);
        ev_value empty = ev_list_new(I, 0);
        if (EV_IS_ERR(outer) || EV_IS_ERR(empty) || aio_set_result(I, outer, empty)) {
            ev_decref(I, outer);
            ev_decref(I, empty);
            return EV_ERR;
        }
        ev_decref(I, empty);
        return outer;
    }
    ev_value data = data_new(I), seen = ev_dict_new(I), children = ev_list_new(I, 0);
    ev_value cb = EV_IS_ERR(data) ? EV_ERR : ev_builtin_new(I, &gather_done_def, data);
    ev_value loop = EV_NONE, outer = EV_ERR;
    if (EV_IS_ERR(data) || EV_IS_ERR(seen) || EV_IS_ERR(children) || EV_IS_ERR(cb))
        goto done;
    *aio_slot(data, D_C) = ev_int(0);
    *aio_slot(data, D_D) = ev_int(0);
    *aio_slot(data, D_E) = ev_bool(return_exceptions);
    aio_set(I, data, D_B, children);
    for (int i = 0; i < n; i++) {
        ev_value fut;
        int got = ev_dict_get(I, (ev_dict *)seen.u.o, items[i], &fut);
        if (got < 0)
            goto done;
        if (!got) {
            fut = aio_ensure_future(I, items[i], loop);
            if (EV_IS_ERR(fut))
                goto done;
            if (loop.tag == EV_T_NONE) {
                loop = aio_future_loop(I, fut);
                if (EV_IS_ERR(loop)) {
                    loop = EV_NONE;
                    ev_decref(I, fut);
                    goto done;
                }
            }
            *aio_slot(data, D_C) = ev_int(aio_slot(data, D_C)->u.i + 1);
            if (ev_dict_set(I, (ev_dict *)seen.u.o, items[i], fut) || aio_add_done_callback(I, fut, cb)) {
                ev_decref(I, fut);
                goto done;
            }
        }
        int r = ev_list_append(I, ev_as_list(children), fut);
        ev_decref(I, fut);
        if (r)
            goto done;
    }
    outer = gathering_new(I, loop, children);
    if (!EV_IS_ERR(outer))
        aio_set(I, data, D_A, outer);
done:
    ev_decref(I, loop);
    ev_decref(I, cb);
    ev_decref(I, data);
    ev_decref(I, seen);
    ev_decref(I, children);
    return outer;
}

static ev_value f_gather(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int re = 0;
    if (!EV_IS_ERR(argv[argc])) {
        re = ev_truth(I, argv[argc]);
        if (re < 0)
            return EV_ERR;
    }
    return aio_gather(I, argc, argv, re != 0);
}

/* ---- shield ---- */

/* D_A outer, D_B inner, D_C the inner callback */
static ev_value shield_inner_done(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value outer = ev_dup(*aio_slot(self, D_A)), inner = argv[0], r = EV_NONE;
    int c = aio_cancelled(I, outer);
    if (c < 0) {
        r = EV_ERR;
    } else if (c) {
        int ic = aio_cancelled(I, inner);
        if (ic < 0)
            r = EV_ERR;
        else if (!ic) {
            ev_value e = aio_exception(I, inner);
            r = EV_IS_ERR(e) ? e : EV_NONE;
            ev_decref(I, e);
        }
    } else {
        int ic = aio_cancelled(I, inner);
        if (ic < 0) {
            r = EV_ERR;
        } else if (ic) {
            r = aio_cancel(I, outer, EV_NONE) < 0 ? EV_ERR : EV_NONE;
        } else {
            ev_value e = aio_exception(I, inner);
            if (EV_IS_ERR(e)) {
                r = e;
            } else if (e.tag != EV_T_NONE) {
                r = aio_set_exception(I, outer, e) ? EV_ERR : EV_NONE;
            } else {
                ev_value res = aio_result(I, inner);
                r = EV_IS_ERR(res) || aio_set_result(I, outer, res) ? EV_ERR : EV_NONE;
                ev_decref(I, res);
            }
            ev_decref(I, e);
        }
    }
    ev_decref(I, outer);
    return r;
}
static const ev_builtin_def shield_inner_def = {"_inner_done_callback", shield_inner_done, 1, 1, 0};

static ev_value shield_outer_done(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value inner = ev_dup(*aio_slot(self, D_B));
    int d = aio_done(I, inner);
    int r = d < 0 ? -1 : d ? 0 : aio_remove_done_callback(I, inner, *aio_slot(self, D_C));
    ev_decref(I, inner);
    return r ? EV_ERR : EV_NONE;
}
static const ev_builtin_def shield_outer_def = {"_outer_done_callback", shield_outer_done, 1, 1, 0};

static ev_value f_shield(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value inner = aio_ensure_future(I, argv[0], EV_NONE);
    if (EV_IS_ERR(inner))
        return inner;
    int d = aio_done(I, inner);
    if (d)
        return d < 0 ? (ev_decref(I, inner), EV_ERR) : inner;
    ev_value loop = aio_future_loop(I, inner);
    ev_value outer = EV_IS_ERR(loop) ? EV_ERR : aio_future_new(I, loop);
    ev_decref(I, loop);
    ev_value data = data_new(I);
    ev_value icb = EV_IS_ERR(data) ? EV_ERR : ev_builtin_new(I, &shield_inner_def, data);
    ev_value ocb = EV_IS_ERR(data) ? EV_ERR : ev_builtin_new(I, &shield_outer_def, data);
    int r = -1;
    if (!EV_IS_ERR(outer) && !EV_IS_ERR(icb) && !EV_IS_ERR(ocb)) {
        aio_set(I, data, D_A, outer);
        aio_set(I, data, D_B, inner);
        aio_set(I, data, D_C, icb);
        r = aio_add_done_callback(I, inner, icb) || aio_add_done_callback(I, outer, ocb) ? -1 : 0;
    }
    ev_decref(I, icb);
    ev_decref(I, ocb);
    ev_decref(I, data);
    ev_decref(I, inner);
    if (r) {
        ev_decref(I, outer);
        return EV_ERR;
    }
    return outer;
}

/* ---- _cancel_and_wait ---- */

/* A fut, B waiter, C cb */
int aio_step_cancel_and_wait(ev_interp *I, ev_value self, ev_value sent, ev_value exc, ev_value *out)
{
    if (aio_slot(self, C_STATE)->u.i == 0) {
        ev_value loop = aio_get_running_loop(I);
        if (EV_IS_ERR(loop))
            return -1;
        ev_value waiter = aio_future_new(I, loop);
        if (EV_IS_ERR(waiter))
            return -1;
        *aio_slot(self, C_B) = waiter;
        ev_value cb = aio_release_waiter_cb(I, waiter);
        if (EV_IS_ERR(cb))
            return -1;
        *aio_slot(self, C_C) = cb;
        if (aio_add_done_callback(I, *aio_slot(self, C_A), cb))
            return -1;
        if (aio_cancel(I, *aio_slot(self, C_A), EV_NONE) < 0) {
            ev_value e = aio_take_exc(I);
            if (EV_IS_ERR(e) || aio_remove_done_callback(I, *aio_slot(self, C_A), cb)) {
                ev_decref(I, e);
                return -1;
            }
            ev_raise_value(I, e);
            return -1;
        }
        *aio_slot(self, C_STATE) = ev_int(1);
        return aio_cc_await(I, waiter, out);
    }
    if (aio_remove_done_callback(I, *aio_slot(self, C_A), *aio_slot(self, C_C))) {
        ev_decref(I, exc);
        return -1;
    }
    if (!EV_IS_ERR(exc)) {
        ev_raise_value(I, exc);
        return -1;
    }
    *out = EV_NONE;
    return 0;
}

static ev_value cancel_and_wait_new(ev_interp *I, ev_value fut)
{
    ev_value c = aio_ccoro_new(I, CK_CANCEL_AND_WAIT, "_cancel_and_wait");
    if (!EV_IS_ERR(c))
        aio_set(I, c, C_A, fut);
    return c;
}

/* ---- wait_for ---- */

/* A fut (then the future), B timeout, C waiter, D timeout handle, E cb */
enum { WF_START, WF_DIRECT, WF_ZERO_WAIT, WF_WAITER, WF_CANCELLED_WAIT, WF_TIMEOUT_WAIT };

static int raise_timeout_from(ev_interp *I)
{
    ev_value e = aio_take_exc(I);
    if (EV_IS_ERR(e))
        return -1;
    if (!aio_exc_is(e, &ev_type_aio_CancelledError)) {
        ev_raise_value(I, e);
        return -1;
    }
    ev_value t = aio_exc(I, &ev_type_TimeoutError, 0, NULL);
    if (EV_IS_ERR(t)) {
        ev_decref(I, e);
        return -1;
    }
    ev_exc *x = (ev_exc *)t.u.o;
    ev_decref(I, x->cause);
    x->cause = e;
    x->suppress_context = true;
    ev_decref(I, x->context);
    x->context = ev_dup(e);
    ev_raise_value(I, t);
    return -1;
}

static int result_into(ev_interp *I, ev_value fut, ev_value *out)
{
    *out = aio_result(I, fut);
    return EV_IS_ERR(*out) ? -1 : 0;
}

int aio_step_wait_for(ev_interp *I, ev_value self, ev_value sent, ev_value exc, ev_value *out)
{
    int64_t st = aio_slot(self, C_STATE)->u.i;
    ev_value loop;
    switch (st) {
    case WF_START: {
        loop = aio_get_running_loop(I);
        if (EV_IS_ERR(loop))
            return -1;
        ev_value timeout = *aio_slot(self, C_B);
        if (timeout.tag == EV_T_NONE) {
            ev_value it = ev_await_iter(I, *aio_slot(self, C_A), 0);
            if (EV_IS_ERR(it))
                return -1;
            *aio_slot(self, C_STATE) = ev_int(WF_DIRECT);
            int r = aio_cc_delegate(I, self, it, out);
            ev_decref(I, it);
            return r;
        }
        ev_value zero = ev_int(0);
        int le = ev_compare(I, timeout, zero, 1 /* <= */);
        if (le < 0)
            return -1;
        ev_value fut = aio_ensure_future(I, *aio_slot(self, C_A), loop);
        if (EV_IS_ERR(fut))
            return -1;
        aio_set(I, self, C_A, fut);
        ev_decref(I, fut);
        if (le) {
            int d = aio_done(I, fut);
            if (d < 0)
                return -1;
            if (d)
                return result_into(I, fut, out);
            ev_value cw = cancel_and_wait_new(I, fut);
            if (EV_IS_ERR(cw))
                return -1;
            *aio_slot(self, C_STATE) = ev_int(WF_ZERO_WAIT);
            int r = aio_cc_delegate(I, self, cw, out);
            ev_decref(I, cw);
            return r;
        }
        /* the waiter and its timer come before ensure_future in CPython:
         * ensure_future already ran above only for the order of task names,
         * which is the same (the timer takes no name) */
        ev_value waiter = aio_future_new(I, loop);
        if (EV_IS_ERR(waiter))
            return -1;
        *aio_slot(self, C_C) = waiter;
        ev_value rw = ev_builtin_new(I, &release_waiter_def, EV_NONE);
        if (EV_IS_ERR(rw))
            return -1;
        ev_value h = aio_call_later(I, loop, timeout, rw, 1, &waiter);
        ev_decref(I, rw);
        if (EV_IS_ERR(h))
            return -1;
        *aio_slot(self, C_D) = h;
        ev_value cb = aio_release_waiter_cb(I, waiter);
        if (EV_IS_ERR(cb))
            return -1;
        *aio_slot(self, C_E) = cb;
        if (aio_add_done_callback(I, fut, cb))
            return -1;
        *aio_slot(self, C_STATE) = ev_int(WF_WAITER);
        return aio_cc_await(I, waiter, out);
    }
    case WF_DIRECT:
        if (!EV_IS_ERR(exc)) {
            ev_raise_value(I, exc);
            return -1;
        }
        *out = ev_dup(sent);
        return 0;
    case WF_ZERO_WAIT:
        if (!EV_IS_ERR(exc)) {
            ev_raise_value(I, exc);
            return -1;
        }
        if (result_into(I, *aio_slot(self, C_A), out) == 0)
            return 0;
        return raise_timeout_from(I);
    case WF_WAITER: {
        ev_value fut = *aio_slot(self, C_A);
        if (!EV_IS_ERR(exc) && !aio_exc_is(exc, &ev_type_aio_CancelledError)) {
            int r = aio_handle_cancel(I, *aio_slot(self, C_D));
            if (r) {
                ev_decref(I, exc);
                return -1;
            }
            ev_raise_value(I, exc);
            return -1;
        }
        int d = aio_done(I, fut);
        if (d < 0) {
            ev_decref(I, exc);
            return -1;
        }
        if (d) {
            ev_decref(I, exc);
            if (aio_handle_cancel(I, *aio_slot(self, C_D)))
                return -1;
            return result_into(I, fut, out);
        }
        if (aio_remove_done_callback(I, fut, *aio_slot(self, C_E))) {
            ev_decref(I, exc);
            return -1;
        }
        ev_value cw = cancel_and_wait_new(I, fut);
        if (EV_IS_ERR(cw)) {
            ev_decref(I, exc);
            return -1;
        }
        if (!EV_IS_ERR(exc)) {
            aio_set(I, self, C_B, exc); /* re-raised after the wait */
            ev_decref(I, exc);
            *aio_slot(self, C_STATE) = ev_int(WF_CANCELLED_WAIT);
        } else {
            *aio_slot(self, C_STATE) = ev_int(WF_TIMEOUT_WAIT);
        }
        int r = aio_cc_delegate(I, self, cw, out);
        ev_decref(I, cw);
        if (r != 1 && aio_handle_cancel(I, *aio_slot(self, C_D))) {
            if (r == 0)
                ev_decref(I, *out);
            return -1;
        }
        return r;
    }
    case WF_CANCELLED_WAIT:
        if (aio_handle_cancel(I, *aio_slot(self, C_D))) {
            ev_decref(I, exc);
            return -1;
        }
        if (!EV_IS_ERR(exc)) {
            ev_raise_value(I, exc);
            return -1;
        }
        ev_raise_value(I, ev_dup(*aio_slot(self, C_B)));
        return -1;
    default: /* WF_TIMEOUT_WAIT */
        if (aio_handle_cancel(I, *aio_slot(self, C_D))) {
            ev_decref(I, exc);
            return -1;
        }
        if (!EV_IS_ERR(exc)) {
            ev_raise_value(I, exc);
            return -1;
        }
        if (result_into(I, *aio_slot(self, C_A), out) == 0)
            return 0;
        return raise_timeout_from(I);
    }
}

static ev_value f_wait_for(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value c = aio_ccoro_new(I, CK_WAIT_FOR, "wait_for");
    if (EV_IS_ERR(c))
        return c;
    aio_set(I, c, C_A, argv[0]);
    aio_set(I, c, C_B, argv[1]);
    return c;
}

/* ---- wait ---- */

/* _on_completion: D_A waiter, D_B timeout handle, D_C counter, D_D return_when (0 all, 1 first
 * completed, 2 first exception) */
static ev_value wait_on_completion(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int64_t counter = aio_slot(self, D_C)->u.i - 1;
    *aio_slot(self, D_C) = ev_int(counter);
    int64_t rw = aio_slot(self, D_D)->u.i;
    bool wake = counter <= 0 || rw == 1;
    if (!wake && rw == 2) {
        int c = aio_cancelled(I, argv[0]);
        if (c < 0)
            return EV_ERR;
        if (!c) {
            ev_value e = aio_exception(I, argv[0]);
            if (EV_IS_ERR(e))
                return e;
            wake = e.tag != EV_T_NONE;
            ev_decref(I, e);
        }
    }
    if (!wake)
        return EV_NONE;
    if (aio_slot(self, D_B)->tag != EV_T_NONE && aio_handle_cancel(I, *aio_slot(self, D_B)))
        return EV_ERR;
    ev_value waiter = ev_dup(*aio_slot(self, D_A));
    int d = aio_done(I, waiter);
    int r = d < 0 ? -1 : d ? 0 : aio_set_result(I, waiter, EV_NONE);
    ev_decref(I, waiter);
    return r ? EV_ERR : EV_NONE;
}
static const ev_builtin_def wait_on_completion_def = {"_on_completion", wait_on_completion, 1, 1, 0};

/* A fs (a set, then a list of its items), B timeout, C return_when, D the closure, E its callback */
int aio_step_wait(ev_interp *I, ev_value self, ev_value sent, ev_value exc, ev_value *out)
{
    if (aio_slot(self, C_STATE)->u.i == 0) {
        ev_value fs = *aio_slot(self, C_A);
        if (aio_is_future(fs) || aio_is_coroutine(I, fs)) {
            ev_raise(I, &ev_type_TypeError, "expect a list of futures, not %s", ev_type_of(fs)->name);
            return -1;
        }
        int t = ev_truth(I, fs);
        if (t < 0)
            return -1;
        if (!t) {
            ev_raise(I, &ev_type_ValueError, "Set of Tasks/Futures is empty.");
            return -1;
        }
        ev_value rwv = *aio_slot(self, C_C);
        const char *names[] = {"ALL_COMPLETED", "FIRST_COMPLETED", "FIRST_EXCEPTION"};
        int rw = -1;
        for (int i = 0; i < 3 && rw < 0; i++) {
            ev_value s = ev_str_from_cstr(I, names[i]);
            if (EV_IS_ERR(s))
                return -1;
            int eq = ev_eq(I, rwv, s);
            ev_decref(I, s);
            if (eq < 0)
                return -1;
            if (eq)
                rw = i;
        }
        if (rw < 0) {
            ev_value s = ev_to_str(I, rwv);
            if (!EV_IS_ERR(s)) {
                ev_raise(I, &ev_type_ValueError, "Invalid return_when value: %s", ev_as_str(s)->data);
                ev_decref(I, s);
            }
            return -1;
        }
        ev_value set = ev_call(I, ev_obj_val(&ev_type_set.h), 1, &fs, 0, NULL, NULL);
        if (EV_IS_ERR(set))
            return -1;
        ev_value items = ev_list_from_iterable(I, set);
        ev_decref(I, set);
        if (EV_IS_ERR(items))
            return -1;
        aio_set(I, self, C_A, items);
        ev_decref(I, items);
        ev_list *l = ev_as_list(items);
        for (size_t i = 0; i < l->len; i++)
            if (aio_is_coroutine(I, l->items[i])) {
                ev_raise(I, &ev_type_TypeError, "Passing coroutines is forbidden, use tasks explicitly.");
                return -1;
            }
        ev_value loop = aio_get_running_loop(I);
        if (EV_IS_ERR(loop))
            return -1;
        ev_value data = data_new(I);
        if (EV_IS_ERR(data))
            return -1;
        *aio_slot(self, C_D) = data;
        ev_value waiter = aio_future_new(I, loop);
        if (EV_IS_ERR(waiter))
            return -1;
        *aio_slot(data, D_A) = waiter;
        ev_value timeout = *aio_slot(self, C_B);
        if (timeout.tag != EV_T_NONE) {
            ev_value rwcb = ev_builtin_new(I, &release_waiter_def, EV_NONE);
            if (EV_IS_ERR(rwcb))
                return -1;
            ev_value h = aio_call_later(I, loop, timeout, rwcb, 1, &waiter);
            ev_decref(I, rwcb);
            if (EV_IS_ERR(h))
                return -1;
            *aio_slot(data, D_B) = h;
        }
        *aio_slot(data, D_C) = ev_int((int64_t)l->len);
        *aio_slot(data, D_D) = ev_int(rw);
        ev_value cb = ev_builtin_new(I, &wait_on_completion_def, data);
        if (EV_IS_ERR(cb))
            return -1;
        *aio_slot(self, C_E) = cb;
        for (size_t i = 0; i < ev_as_list(items)->len; i++)
            if (aio_add_done_callback(I, ev_as_list(items)->items[i], cb))
                return -1;
        *aio_slot(self, C_STATE) = ev_int(1);
        return aio_cc_await(I, waiter, out);
    }
    /* finally */
    ev_value data = *aio_slot(self, C_D);
    if (aio_slot(data, D_B)->tag != EV_T_NONE && aio_handle_cancel(I, *aio_slot(data, D_B))) {
        ev_decref(I, exc);
        return -1;
    }
    ev_value items = ev_dup(*aio_slot(self, C_A));
    for (size_t i = 0; i < ev_as_list(items)->len; i++)
        if (aio_remove_done_callback(I, ev_as_list(items)->items[i], *aio_slot(self, C_E))) {
            ev_decref(I, items);
            ev_decref(I, exc);
            return -1;
        }
    if (!EV_IS_ERR(exc)) {
        ev_decref(I, items);
        ev_raise_value(I, exc);
        return -1;
    }
    ev_value done = ev_set_new(I, false), pending = ev_set_new(I, false);
    int r = EV_IS_ERR(done) || EV_IS_ERR(pending) ? -1 : 0;
    for (size_t i = 0; r == 0 && i < ev_as_list(items)->len; i++) {
        ev_value f = ev_as_list(items)->items[i];
        int d = aio_done(I, f);
        r = d < 0 ? -1 : ev_set_add(I, (ev_set *)(d ? done : pending).u.o, f);
    }
    ev_decref(I, items);
    ev_value tup = r ? EV_ERR : ev_tuple_new(I, 2);
    if (EV_IS_ERR(tup)) {
        ev_decref(I, done);
        ev_decref(I, pending);
        return -1;
    }
    ev_as_tuple(tup)->items[0] = done;
    ev_as_tuple(tup)->items[1] = pending;
    *out = tup;
    return 0;
}

static ev_value f_wait(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value c = aio_ccoro_new(I, CK_WAIT, "wait");
    if (EV_IS_ERR(c))
        return c;
    aio_set(I, c, C_A, argv[0]);
    aio_set(I, c, C_B, EV_IS_ERR(argv[1]) ? EV_NONE : argv[1]);
    if (EV_IS_ERR(argv[2])) {
        ev_value s = ev_str_from_cstr(I, "ALL_COMPLETED");
        if (EV_IS_ERR(s)) {
            ev_decref(I, c);
            return s;
        }
        aio_set(I, c, C_C, s);
        ev_decref(I, s);
    } else {
        aio_set(I, c, C_C, argv[2]);
    }
    return c;
}

const ev_builtin_def aio_task_functions[] = {
    {"gather", f_gather, 0, -1, 0, "*coros_or_futures, return_exceptions"},
    {"shield", f_shield, 1, 1, 0, "arg"},
    {"wait_for", f_wait_for, 2, 2, 0, "fut, timeout"},
    {"wait", f_wait, 1, 1, 0, "fs, *, timeout, return_when"},
    {NULL, NULL, 0, 0, 0},
};
