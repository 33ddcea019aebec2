/*
 * asyncio_coro.c - the coroutines written in C: asyncio.sleep and the
 * awaitables of the other asyncio_*.c files (Queue.get, Lock.acquire,
 * wait_for, TaskGroup.__aexit__, ...), and the send/throw of an awaitable
 * a Task drives.
 *
 * A coroutine written in C (type "coroutine", as CPython's are Python
 * coroutines) is a state machine: its step function gets what was sent or
 * thrown in and yields a future, returns, or raises; its send/throw/close
 * methods and __await__ make `await asyncio.sleep(1)` work as in CPython,
 * and a task cancelled while one waits runs its cleanup (the timer of
 * sleep is cancelled, a queue getter removed).
 */
#include "evaluator/gen.h"
#include "evaluator/interp_int.h"
#include "evaluator/modules/asyncio_int.h"



static int step_value(ev_interp *I, ev_value self, ev_value sent, ev_value exc, ev_value *out)
{
    if (!EV_IS_ERR(exc)) {
        ev_raise_value(I, exc);
        return -1;
    }
    *out = ev_dup(*aio_slot(self, C_A));
    return 0;
}

static const aio_step_fn steps[] = {
    [CK_SLEEP] = aio_step_sleep,
    [CK_VALUE] = step_value,
    [CK_WAIT_FOR] = aio_step_wait_for,
    [CK_WAIT] = aio_step_wait,
    [CK_CANCEL_AND_WAIT] = aio_step_cancel_and_wait,
    [CK_QGET] = aio_step_sync,
    [CK_QPUT] = aio_step_sync,
    [CK_QJOIN] = aio_step_sync,
    [CK_LOCK_ACQUIRE] = aio_step_sync,
    [CK_EVENT_WAIT] = aio_step_sync,
    [CK_COND_WAIT] = aio_step_sync,
    [CK_COND_WAIT_FOR] = aio_step_sync,
    [CK_SEM_ACQUIRE] = aio_step_sync,
    [CK_TG_AEXIT] = aio_step_tg_aexit,
    [CK_TIMEOUT_AEXIT] = aio_step_timeout_aexit,
    [CK_ASCOMPLETED_ONE] = aio_step_ascompleted_one,
};

ev_value aio_ccoro_new(ev_interp *I, int kind, const char *name)
{
    ev_value c = ev_cinstance_new(I, &ev_type_aio_ccoro, C_NSLOTS);
    if (EV_IS_ERR(c))
        return c;
    ev_value n = ev_str_from_cstr(I, name);
    if (EV_IS_ERR(n)) {
        ev_decref(I, c);
        return n;
    }
    *aio_slot(c, C_NAME) = n;
    *aio_slot(c, C_KIND) = ev_int(kind);
    *aio_slot(c, C_STATE) = ev_int(0);
    return c;
}

int aio_cc_await(ev_interp *I, ev_value fut, ev_value *out)
{
    (void)I;
    if (aio_is_future(fut))
        *aio_slot(fut, F_BLOCKING) = EV_TRUE;
    *out = ev_dup(fut);
    return 1;
}

static int cc_resume(ev_interp *I, ev_value self, ev_value sent, ev_value exc, ev_value *out);

int aio_cc_delegate(ev_interp *I, ev_value self, ev_value sub, ev_value *out)
{
    aio_set(I, self, C_SUB, sub);
    return cc_resume(I, self, EV_NONE, EV_ERR, out);
}

/* One resumption: exc (taken) EV_ERR for a send.  A delegate gets it
 * first; its result or exception goes on into this coroutine's step. */
static int cc_resume(ev_interp *I, ev_value self, ev_value sent, ev_value exc, ev_value *out)
{
    int64_t st = aio_slot(self, C_STATE)->u.i;
    if (st == CS_RUNNING) {
        ev_decref(I, exc);
        ev_raise(I, &ev_type_ValueError, "coroutine already executing");
        return -1;
    }
    if (st == CS_DONE) {
        if (!EV_IS_ERR(exc)) {
            ev_raise_value(I, exc);
            return -1;
        }
        ev_raise(I, &ev_type_RuntimeError, "cannot reuse already awaited coroutine");
        return -1;
    }
    if (ev_recursion_enter(I, "")) {
        ev_decref(I, exc);
        return -1;
    }
    ev_dup(self);
    int r;
    ev_value v = ev_dup(sent);
    do {
        ev_value sub = ev_dup(*aio_slot(self, C_SUB));
        if (sub.tag != EV_T_NONE) {
            *aio_slot(self, C_STATE) = ev_int(CS_RUNNING);
            r = aio_coro_send(I, sub, v, exc, out);
            ev_decref(I, v);
            v = EV_NONE;
            exc = EV_ERR;
            ev_decref(I, sub);
            if (r == 1) {
                *aio_slot(self, C_STATE) = ev_int(st);
                break;
            }
            aio_set(I, self, C_SUB, EV_NONE);
            if (r == 0) {
                v = *out;
            } else {
                exc = aio_take_exc(I);
                if (EV_IS_ERR(exc)) {
                    *aio_slot(self, C_STATE) = ev_int(CS_DONE);
                    break;
                }
            }
        }
        *aio_slot(self, C_STATE) = ev_int(st);
        int kind = (int)aio_slot(self, C_KIND)->u.i;
        /* a step that starts a delegate runs its first step itself
         * (aio_cc_delegate), so one step ends this resumption */
        r = steps[kind](I, self, v, exc, out);
        ev_decref(I, v);
    } while (0);
    if (r != 1)
        *aio_slot(self, C_STATE) = ev_int(CS_DONE);
    ev_decref(I, self);
    ev_recursion_leave(I);
    return r;
}

/* An awaitable iterator's send(sent) or throw(exc) (exc taken; EV_ERR for
 * a send): 1 yielded, 0 returned, -1 raised.  An iterator without throw()
 * gets the exception raised at the await, as a generator's delegate. */
int aio_coro_send(ev_interp *I, ev_value coro, ev_value sent, ev_value exc, ev_value *out)
{
    if (aio_is_instance(coro, &ev_type_aio_ccoro)) {
        if (!EV_IS_ERR(exc) && aio_slot(coro, C_STATE)->u.i == 0) {
            *aio_slot(coro, C_STATE) = ev_int(CS_DONE);
            ev_raise_value(I, exc);
            return -1;
        }
        return cc_resume(I, coro, sent, exc, out);
    }
    ev_value r;
    if (EV_IS_ERR(exc)) {
        if (ev_is(coro, EV_O_GEN)) {
            r = ev_call_method_def(I, &ev_gen_methods[2], coro, 1, &sent, NULL);
        } else if (ev_is(coro, EV_O_ITER) && sent.tag == EV_T_NONE) {
            int n = ev_next_raw(I, coro, out);
            if (n == 0) {
                *out = EV_NONE;
                return 0;
            }
            if (n > 0)
                return 1;
            r = EV_ERR;
        } else {
            r = aio_call_method(I, coro, "send", 1, &sent);
        }
    } else {
        if (ev_is(coro, EV_O_GEN)) {
            r = ev_call_method_def(I, &ev_gen_methods[3], coro, 1, &exc, NULL);
        } else {
            ev_str *n = ev_intern(I, "throw", 5);
            ev_value m = n ? ev_getattr(I, coro, n) : EV_ERR;
            if (EV_IS_ERR(m) && !I->limit && aio_exc_is(I->exc, &ev_type_AttributeError)) {
                ev_decref(I, aio_take_exc(I));
                ev_raise_value(I, exc);
                return -1;
            }
            r = EV_IS_ERR(m) ? m : ev_call(I, m, 1, &exc, 0, NULL, NULL);
            ev_decref(I, m);
        }
        ev_decref(I, exc);
    }
    if (!EV_IS_ERR(r)) {
        *out = r;
        return 1;
    }
    if (!I->limit && ev_take_stop_value(I, out))
        return 0;
    return -1;
}

/* send/throw/close/__next__ as a coroutine's */
static ev_value cc_result(ev_interp *I, int r, ev_value out)
{
    if (r == 1)
        return out;
    if (r == 0)
        return ev_raise_stop(I, out);
    return EV_ERR;
}

static ev_value cm_send(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value out;
    if (argv[0].tag != EV_T_NONE && aio_slot(self, C_STATE)->u.i == 0)
        return ev_raise(I, &ev_type_TypeError, "can't send non-None value to a just-started coroutine");
    int r = cc_resume(I, self, argv[0], EV_ERR, &out);
    return cc_result(I, r, out);
}

static ev_value cm_next(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value out;
    int r = cc_resume(I, self, EV_NONE, EV_ERR, &out);
    return cc_result(I, r, out);
}

static ev_value normalize_exc(ev_interp *I, int argc, const ev_value *argv)
{
    ev_value t = argv[0];
    if (ev_is(t, EV_O_EXC))
        return ev_dup(t);
    if (ev_is(t, EV_O_TYPE) && ev_type_is_subclass((ev_type *)t.u.o, &ev_type_BaseException)) {
        ev_value val = argc > 1 ? argv[1] : EV_NONE;
        if (ev_is(val, EV_O_EXC))
            return ev_dup(val);
        return ev_call(I, t, val.tag == EV_T_NONE ? 0 : 1, &val, 0, NULL, NULL);
    }
    return ev_raise(I, &ev_type_TypeError, "exceptions must be classes or instances deriving from BaseException, not %s",
                    ev_type_name(t));
}

static ev_value cm_throw(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value e = normalize_exc(I, argc, argv);
    if (EV_IS_ERR(e))
        return e;
    if (aio_slot(self, C_STATE)->u.i == 0) {
        /* not started: raised at its start, it finishes */
        *aio_slot(self, C_STATE) = ev_int(CS_DONE);
        return ev_raise_value(I, e);
    }
    ev_value out;
    int r = cc_resume(I, self, EV_NONE, e, &out);
    return cc_result(I, r, out);
}

static ev_value cm_close(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int64_t st = aio_slot(self, C_STATE)->u.i;
    if (st == CS_DONE)
        return EV_NONE;
    if (st == 0) {
        *aio_slot(self, C_STATE) = ev_int(CS_DONE);
        return EV_NONE;
    }
    ev_value e = aio_exc(I, &ev_type_GeneratorExit, 0, NULL);
    if (EV_IS_ERR(e))
        return e;
    ev_value out;
    int r = cc_resume(I, self, EV_NONE, e, &out);
    if (r == 1) {
        ev_decref(I, out);
        return ev_raise(I, &ev_type_RuntimeError, "coroutine ignored GeneratorExit");
    }
    if (r == 0) {
        ev_decref(I, out);
        return EV_NONE;
    }
    if (!I->limit && (aio_exc_is(I->exc, &ev_type_GeneratorExit) || aio_exc_is(I->exc, &ev_type_StopIteration))) {
        ev_decref(I, aio_take_exc(I));
        return EV_NONE;
    }
    return EV_ERR;
}

static ev_value cm_await(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_dup(self);
}

static ev_value cm_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_buf b = {0};
    if (ev_buf_printf(I, &b, "<coroutine object %s at 0x%llx>", ev_as_str(*aio_slot(self, C_NAME))->data,
                      (unsigned long long)(uintptr_t)self.u.o)) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

static ev_value cm_name(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_dup(*aio_slot(self, C_NAME));
}

static ev_value cm_refused(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_raise(I, &ev_type_NotImplementedError,
                    "the frame and code of a coroutine of asyncio (written in C in safepy) are not supported");
}

static const ev_builtin_def ccoro_methods[] = {
    {"send", cm_send, 1, 1, 0},
    {"throw", cm_throw, 1, 3, 0},
    {"close", cm_close, 0, 0, 0},
    {"__await__", cm_await, 0, 0, EV_BF_SLOT},
    {"__next__", cm_next, 0, 0, EV_BF_SLOT},
    {"__repr__", cm_repr, 0, 0, EV_BF_SLOT},
    {"__name__", cm_name, 0, 0, EV_BF_PROP},
    {"__qualname__", cm_name, 0, 0, EV_BF_PROP},
    {"cr_frame", cm_refused, 0, 0, EV_BF_PROP},
    {"cr_code", cm_refused, 0, 0, EV_BF_PROP},
    {NULL, NULL, 0, 0, 0},
};

static ev_value ccoro_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_raise(I, &ev_type_TypeError, "cannot create 'coroutine' instances");
}

ev_type ev_type_aio_ccoro = {STATIC_TYPE, .name = "coroutine", .call = ccoro_new, .max_args = -1,
                             .kwflags = EV_BF_KWANY, .methods = ccoro_methods,
                             .tflags = EV_TYPE_CSLOTS | EV_TYPE_FINAL};

bool aio_is_coroutine(ev_interp *I, ev_value v)
{
    (void)I;
    return (ev_is(v, EV_O_GEN) && ((ev_gen *)v.u.o)->flavor == EV_CORO_CORO) ||
           aio_is_instance(v, &ev_type_aio_ccoro);
}

/* ---- asyncio.sleep ---- */

static ev_value set_result_unless_cancelled(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int c = aio_cancelled(I, argv[0]);
    if (c)
        return c < 0 ? EV_ERR : EV_NONE;
    return aio_set_result(I, argv[0], argv[1]) ? EV_ERR : EV_NONE;
}
static const ev_builtin_def set_result_unless_cancelled_def = {"_set_result_unless_cancelled",
                                                               set_result_unless_cancelled, 2, 2, 0};

/* A: delay, B: result, C: the future, D: the timer handle */
int aio_step_sleep(ev_interp *I, ev_value self, ev_value sent, ev_value exc, ev_value *out)
{
    int64_t st = aio_slot(self, C_STATE)->u.i;
    if (st == 0) {
        /* `if delay <= 0` first, as sleep() does: its TypeError for a str */
        int le = ev_compare(I, *aio_slot(self, C_A), ev_int(0), 1 /* <= */);
        if (le < 0)
            return -1;
        double d = 0;
        if (!le && ev_num_to_double(I, *aio_slot(self, C_A), &d))
            return -1;
        if (le) {
            *aio_slot(self, C_STATE) = ev_int(2);
            *out = EV_NONE;
            return 1;
        }
        ev_value loop = aio_get_running_loop(I);
        if (EV_IS_ERR(loop))
            return -1;
        ev_value fut = aio_future_new(I, loop);
        if (EV_IS_ERR(fut))
            return -1;
        ev_value cb = ev_builtin_new(I, &set_result_unless_cancelled_def, EV_NONE);
        if (EV_IS_ERR(cb)) {
            ev_decref(I, fut);
            return -1;
        }
        ev_value args[2] = {fut, *aio_slot(self, C_B)};
        ev_value h = aio_call_at(I, loop, aio_time() + d, cb, 2, args);
        ev_decref(I, cb);
        if (EV_IS_ERR(h)) {
            ev_decref(I, fut);
            return -1;
        }
        *aio_slot(self, C_C) = fut;
        *aio_slot(self, C_D) = h;
        *aio_slot(self, C_STATE) = ev_int(1);
        return aio_cc_await(I, fut, out);
    }
    if (st == 2) {
        if (!EV_IS_ERR(exc)) {
            ev_raise_value(I, exc);
            return -1;
        }
        *out = ev_dup(*aio_slot(self, C_B));
        return 0;
    }
    /* finally: h.cancel() */
    if (aio_handle_cancel(I, *aio_slot(self, C_D))) {
        ev_decref(I, exc);
        return -1;
    }
    if (!EV_IS_ERR(exc)) {
        ev_raise_value(I, exc);
        return -1;
    }
    ev_value r = aio_result(I, *aio_slot(self, C_C));
    if (EV_IS_ERR(r))
        return -1;
    *out = r;
    return 0;
}

static ev_value f_sleep(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value c = aio_ccoro_new(I, CK_SLEEP, "sleep");
    if (EV_IS_ERR(c))
        return c;
    aio_set(I, c, C_A, argv[0]);
    aio_set(I, c, C_B, EV_IS_ERR(argv[1]) ? EV_NONE : argv[1]);
    return c;
}

const ev_builtin_def aio_coro_functions[] = {
    {"sleep", f_sleep, 1, 2, 0, "delay, result"},
    {NULL, NULL, 0, 0, 0},
};
