/*
 * asyncio_group.c - asyncio.TaskGroup (Lib/asyncio/taskgroups.py),
 * asyncio.timeout/timeout_at and Timeout (Lib/asyncio/timeouts.py) and
 * as_completed (Lib/asyncio/tasks.py), CPython 3.11.
 *
 * TaskGroup and Timeout keep their state in C slots; __aenter__ does its
 * work when called and returns a finished coroutine, __aexit__ of a
 * TaskGroup is a C coroutine (it waits for the group's tasks).  CPython
 * keeps a group's tasks in a set, whose order (by address) decides the
 * order they are cancelled in; here it is the order they were created in,
 * which is the set's order whenever CPython allocated them in ascending
 * addresses.
 */
#include <string.h>

#include "evaluator/modules/asyncio_int.h"


static ev_value done_coro(ev_interp *I, const char *name, ev_value v)
{
    ev_value c = aio_ccoro_new(I, CK_VALUE, name);
    if (!EV_IS_ERR(c))
        aio_set(I, c, C_A, v);
    return c;
}

static int list_remove_ident(ev_interp *I, ev_value lv, ev_value x)
{
    ev_list *l = ev_as_list(lv);
    for (size_t i = 0; i < l->len; i++) {
        if (l->items[i].u.o == x.u.o) {
            ev_value v = l->items[i];
            memmove(&l->items[i], &l->items[i + 1], (l->len - i - 1) * sizeof *l->items);
            ev_list_set_len(l, l->len - 1);
            ev_decref(I, v);
            return 1;
        }
    }
    return 0;
}

static int task_uncancel(ev_interp *I, ev_value task, int64_t *left)
{
    ev_value r = aio_call_method(I, task, "uncancel", 0, NULL);
    if (EV_IS_ERR(r))
        return -1;
    int e = ev_index(I, r, left, NULL);
    ev_decref(I, r);
    return e;
}

/* ---- TaskGroup ------------------------------------------------------------------------------- */

enum { TG_ENTERED, TG_EXITING, TG_ABORTING, TG_LOOP, TG_PARENT, TG_PARENT_CANCEL_REQ, TG_TASKS, TG_ERRORS,
       TG_BASE_ERROR, TG_ON_COMPLETED, TG_NSLOTS };

static ev_value tg_cnew(ev_interp *I, ev_type *t)
{
    ev_value g = ev_cinstance_new(I, t, TG_NSLOTS);
    if (EV_IS_ERR(g))
        return g;
    ev_value a = ev_list_new(I, 0), b = ev_list_new(I, 0);
    *aio_slot(g, TG_TASKS) = a;
    *aio_slot(g, TG_ERRORS) = b;
    if (EV_IS_ERR(a) || EV_IS_ERR(b)) {
        *aio_slot(g, TG_TASKS) = *aio_slot(g, TG_ERRORS) = EV_NONE;
        ev_decref(I, a);
        ev_decref(I, b);
        ev_decref(I, g);
        return EV_ERR;
    }
    for (int i = TG_ENTERED; i <= TG_ABORTING; i++)
        *aio_slot(g, i) = EV_FALSE;
    *aio_slot(g, TG_PARENT_CANCEL_REQ) = EV_FALSE;
    return g;
}

static ev_value tg_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return tg_cnew(I, (ev_type *)self.u.o);
}

static ev_value tgm_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return EV_NONE;
}

static bool flag(ev_value g, int i)
{
    return aio_slot(g, i)->u.i != 0;
}

static ev_value tgm_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_buf b = {0};
    int e = ev_buf_printf(I, &b, "<TaskGroup");
    size_t nt = ev_is(*aio_slot(self, TG_TASKS), EV_O_LIST) ? ev_as_list(*aio_slot(self, TG_TASKS))->len : 0;
    size_t ne = ev_is(*aio_slot(self, TG_ERRORS), EV_O_LIST) ? ev_as_list(*aio_slot(self, TG_ERRORS))->len : 0;
    if (e == 0 && nt)
        e = ev_buf_printf(I, &b, " tasks=%zu", nt);
    if (e == 0 && ne)
        e = ev_buf_printf(I, &b, " errors=%zu", ne);
    if (e == 0 && flag(self, TG_ABORTING))
        e = ev_buf_printf(I, &b, " cancelling");
    else if (e == 0 && flag(self, TG_ENTERED))
        e = ev_buf_printf(I, &b, " entered");
    if (e == 0)
        e = ev_buf_printf(I, &b, ">");
    if (e) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

/* RuntimeError(f"TaskGroup {self!r} {what}") */
static ev_value tg_error(ev_interp *I, ev_value g, const char *what)
{
    ev_value r = tgm_repr(I, g, 0, NULL, NULL);
    if (EV_IS_ERR(r))
        return r;
    ev_raise(I, &ev_type_RuntimeError, "TaskGroup %s %s", ev_as_str(r)->data, what);
    ev_decref(I, r);
    return EV_ERR;
}

static int tg_abort(ev_interp *I, ev_value g)
{
    *aio_slot(g, TG_ABORTING) = EV_TRUE;
    ev_value ts = ev_list_from_iterable(I, *aio_slot(g, TG_TASKS));
    if (EV_IS_ERR(ts))
        return -1;
    int r = 0;
    for (size_t i = 0; r == 0 && i < ev_as_list(ts)->len; i++) {
        ev_value t = ev_as_list(ts)->items[i];
        int d = aio_done(I, t);
        r = d < 0 ? -1 : d ? 0 : aio_cancel(I, t, EV_NONE) < 0 ? -1 : 0;
    }
    ev_decref(I, ts);
    return r;
}

static ev_value tgm_aenter(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (flag(self, TG_ENTERED))
        return tg_error(I, self, "has already been entered");
    if (aio_slot(self, TG_LOOP)->tag == EV_T_NONE) {
        ev_value loop = aio_get_running_loop(I);
        if (EV_IS_ERR(loop))
            return loop;
        aio_set(I, self, TG_LOOP, loop);
    }
    ev_value cur = aio_loop_current(*aio_slot(self, TG_LOOP));
    aio_set(I, self, TG_PARENT, cur);
    if (cur.tag == EV_T_NONE)
        return tg_error(I, self, "cannot determine the parent task");
    *aio_slot(self, TG_ENTERED) = EV_TRUE;
    return done_coro(I, "__aenter__", self);
}

static bool is_base_error(ev_value e)
{
    return aio_exc_is(e, &ev_type_SystemExit) || aio_exc_is(e, &ev_type_KeyboardInterrupt);
}

static ev_value tg_on_task_done(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value task = argv[0];
    list_remove_ident(I, *aio_slot(self, TG_TASKS), task);
    ev_value oc = ev_dup(*aio_slot(self, TG_ON_COMPLETED));
    if (oc.tag != EV_T_NONE && ev_as_list(*aio_slot(self, TG_TASKS))->len == 0) {
        int d = aio_done(I, oc);
        if (d < 0 || (!d && aio_set_result(I, oc, EV_TRUE))) {
            ev_decref(I, oc);
            return EV_ERR;
        }
    }
    ev_decref(I, oc);
    int c = aio_cancelled(I, task);
    if (c)
        return c < 0 ? EV_ERR : EV_NONE;
    ev_value exc = aio_exception(I, task);
    if (EV_IS_ERR(exc) || exc.tag == EV_T_NONE)
        return exc;
    int r = ev_list_append(I, ev_as_list(*aio_slot(self, TG_ERRORS)), exc);
    if (r == 0 && is_base_error(exc) && aio_slot(self, TG_BASE_ERROR)->tag == EV_T_NONE)
        aio_set(I, self, TG_BASE_ERROR, exc);
    ev_decref(I, exc);
    if (r)
        return EV_ERR;
    int pd = aio_done(I, *aio_slot(self, TG_PARENT));
    if (pd)
        return pd < 0 ? EV_ERR : EV_NONE;
    if (!flag(self, TG_ABORTING) && !flag(self, TG_PARENT_CANCEL_REQ)) {
        if (tg_abort(I, self))
            return EV_ERR;
        *aio_slot(self, TG_PARENT_CANCEL_REQ) = EV_TRUE;
        if (aio_cancel(I, *aio_slot(self, TG_PARENT), EV_NONE) < 0)
            return EV_ERR;
    }
    return EV_NONE;
}
static const ev_builtin_def tg_on_task_done_def = {"_on_task_done", tg_on_task_done, 1, 1, 0};

static ev_value tgm_create_task(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value msg = EV_NONE;
    if (!flag(self, TG_ENTERED))
        msg = tg_error(I, self, "has not been entered");
    else if (flag(self, TG_EXITING) && ev_as_list(*aio_slot(self, TG_TASKS))->len == 0)
        msg = tg_error(I, self, "is finished");
    else if (flag(self, TG_ABORTING))
        msg = tg_error(I, self, "is shutting down");
    if (EV_IS_ERR(msg)) {
        /* the coroutine is never awaited: CPython closes it when freed */
        return msg;
    }
    if (!EV_IS_ERR(argv[2]) && argv[2].tag != EV_T_NONE)
        return ev_raise(I, &ev_type_NotImplementedError, "TaskGroup.create_task(context=...) is not supported by safepy");
    ev_value task = aio_task_new(I, *aio_slot(self, TG_LOOP), argv[0], EV_IS_ERR(argv[1]) ? EV_NONE : argv[1]);
    if (EV_IS_ERR(task))
        return task;
    ev_value cb = ev_builtin_new(I, &tg_on_task_done_def, self);
    if (EV_IS_ERR(cb) || aio_add_done_callback(I, task, cb) ||
        ev_list_append(I, ev_as_list(*aio_slot(self, TG_TASKS)), task)) {
        ev_decref(I, cb);
        ev_decref(I, task);
        return EV_ERR;
    }
    ev_decref(I, cb);
    return task;
}

static ev_value tgm_aexit(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value c = aio_ccoro_new(I, CK_TG_AEXIT, "__aexit__");
    if (EV_IS_ERR(c))
        return c;
    aio_set(I, c, C_A, self);
    aio_set(I, c, C_B, argv[0]);
    aio_set(I, c, C_C, argv[1]);
    return c;
}

/* A the group, B et, C exc, D propagate_cancellation_error */
int aio_step_tg_aexit(ev_interp *I, ev_value self, ev_value sent, ev_value exc, ev_value *out)
{
    ev_value g = *aio_slot(self, C_A);
    ev_value et = *aio_slot(self, C_B), ex = *aio_slot(self, C_C);
    if (aio_slot(self, C_STATE)->u.i == 0) {
        *aio_slot(g, TG_EXITING) = EV_TRUE;
        if (ex.tag != EV_T_NONE && is_base_error(ex) && aio_slot(g, TG_BASE_ERROR)->tag == EV_T_NONE)
            aio_set(I, g, TG_BASE_ERROR, ex);
        if (et.u.o == &ev_type_aio_CancelledError.h && et.tag == EV_T_OBJ)
            aio_set(I, self, C_D, ex);
        if (flag(g, TG_PARENT_CANCEL_REQ)) {
            int64_t left;
            if (task_uncancel(I, *aio_slot(g, TG_PARENT), &left))
                return -1;
            if (left == 0)
                aio_set(I, self, C_D, EV_NONE);
        }
        if (et.tag != EV_T_NONE && !flag(g, TG_ABORTING) && tg_abort(I, g))
            return -1;
    } else {
        if (!EV_IS_ERR(exc)) {
            if (!aio_exc_is(exc, &ev_type_aio_CancelledError)) {
                ev_raise_value(I, exc);
                return -1;
            }
            if (!flag(g, TG_ABORTING)) {
                aio_set(I, self, C_D, exc);
                if (tg_abort(I, g)) {
                    ev_decref(I, exc);
                    return -1;
                }
            }
            ev_decref(I, exc);
        }
        aio_set(I, g, TG_ON_COMPLETED, EV_NONE);
    }
    if (ev_as_list(*aio_slot(g, TG_TASKS))->len) {
        if (aio_slot(g, TG_ON_COMPLETED)->tag == EV_T_NONE) {
            ev_value f = aio_future_new(I, *aio_slot(g, TG_LOOP));
            if (EV_IS_ERR(f))
                return -1;
            aio_set(I, g, TG_ON_COMPLETED, f);
            ev_decref(I, f);
        }
        *aio_slot(self, C_STATE) = ev_int(1);
        return aio_cc_await(I, *aio_slot(g, TG_ON_COMPLETED), out);
    }
    if (aio_slot(g, TG_BASE_ERROR)->tag != EV_T_NONE) {
        ev_raise_value(I, ev_dup(*aio_slot(g, TG_BASE_ERROR)));
        return -1;
    }
    ev_value errors = *aio_slot(g, TG_ERRORS);
    size_t nerr = ev_is(errors, EV_O_LIST) ? ev_as_list(errors)->len : 0;
    ev_value prop = *aio_slot(self, C_D);
    if (prop.tag != EV_T_NONE && nerr == 0) {
        int t = ev_truth(I, prop);
        if (t < 0)
            return -1;
        if (t) {
            ev_raise_value(I, ev_dup(prop));
            return -1;
        }
    }
    if (et.tag != EV_T_NONE && !(et.tag == EV_T_OBJ && et.u.o == &ev_type_aio_CancelledError.h) &&
        ev_is(errors, EV_O_LIST)) {
        if (ev_list_append(I, ev_as_list(errors), ex))
            return -1;
        nerr++;
    }
    if (nerr) {
        ev_value args[2];
        args[0] = ev_str_from_cstr(I, "unhandled errors in a TaskGroup");
        if (EV_IS_ERR(args[0]))
            return -1;
        args[1] = ev_dup(errors);
        aio_set(I, g, TG_ERRORS, EV_NONE);
        ev_value me = ev_call(I, ev_obj_val(&ev_type_BaseExceptionGroup.h), 2, args, 0, NULL, NULL);
        ev_decref(I, args[0]);
        ev_decref(I, args[1]);
        if (EV_IS_ERR(me))
            return -1;
        if (ev_is(me, EV_O_EXC)) {
            ev_exc *x = (ev_exc *)me.u.o;
            ev_decref(I, x->cause);
            x->cause = EV_NONE;
            x->suppress_context = true;
        }
        ev_raise_value(I, me);
        return -1;
    }
    *out = EV_NONE;
    return 0;
}

static const ev_builtin_def tg_methods[] = {
    {"__init__", tgm_init, 0, 0, 0},
    {"__aenter__", tgm_aenter, 0, 0, 0},
    {"__aexit__", tgm_aexit, 3, 3, 0},
    {"create_task", tgm_create_task, 1, 1, 0, "coro, *, name, context"},
    {"__repr__", tgm_repr, 0, 0, EV_BF_SLOT},
    {NULL, NULL, 0, 0, 0},
};

ev_type ev_type_aio_TaskGroup = {STATIC_TYPE, .name = "TaskGroup", .module = "asyncio.taskgroups", .call = tg_new,
                                 .methods = tg_methods, .tflags = EV_TYPE_CSLOTS, .cnew = tg_cnew};

/* ---- Timeout ---------------------------------------------------------------------------------- */

enum { TO_STATE, TO_HANDLER, TO_TASK, TO_WHEN, TO_CANCELLING, TO_NSLOTS };
enum { TS_CREATED, TS_ENTERED, TS_EXPIRING, TS_EXPIRED, TS_EXITED };
static const char *const ts_names[] = {"created", "active", "expiring", "expired", "finished"};

static ev_value to_cnew(ev_interp *I, ev_type *t)
{
    ev_value v = ev_cinstance_new(I, t, TO_NSLOTS);
    if (!EV_IS_ERR(v))
        *aio_slot(v, TO_STATE) = ev_int(TS_CREATED);
    return v;
}

static ev_value timeout_make(ev_interp *I, ev_type *t, ev_value when)
{
    ev_value v = to_cnew(I, t);
    if (!EV_IS_ERR(v))
        aio_set(I, v, TO_WHEN, when);
    return v;
}

static ev_value to_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return timeout_make(I, (ev_type *)self.u.o, argv[0]);
}

static ev_value tom_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    *aio_slot(self, TO_STATE) = ev_int(TS_CREATED);
    aio_set(I, self, TO_WHEN, argv[0]);
    return EV_NONE;
}

static int64_t tstate(ev_value t)
{
    return aio_slot(t, TO_STATE)->u.i;
}

static ev_value tom_when(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_dup(*aio_slot(self, TO_WHEN));
}

static ev_value tom_expired(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_bool(tstate(self) == TS_EXPIRING || tstate(self) == TS_EXPIRED);
}

static ev_value to_on_timeout(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (aio_cancel(I, *aio_slot(self, TO_TASK), EV_NONE) < 0)
        return EV_ERR;
    *aio_slot(self, TO_STATE) = ev_int(TS_EXPIRING);
    aio_set(I, self, TO_HANDLER, EV_NONE);
    return EV_NONE;
}
static const ev_builtin_def to_on_timeout_def = {"_on_timeout", to_on_timeout, 0, 0, 0};

static ev_value tom_reschedule(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (tstate(self) != TS_ENTERED) {
        if (tstate(self) == TS_CREATED)
            return ev_raise(I, &ev_type_RuntimeError, "Timeout has not been entered");
        return ev_raise(I, &ev_type_RuntimeError, "Cannot change state of %s Timeout", ts_names[tstate(self)]);
    }
    ev_value when = argv[0];
    aio_set(I, self, TO_WHEN, when);
    if (aio_slot(self, TO_HANDLER)->tag != EV_T_NONE && aio_handle_cancel(I, *aio_slot(self, TO_HANDLER)))
        return EV_ERR;
    if (when.tag == EV_T_NONE) {
        aio_set(I, self, TO_HANDLER, EV_NONE);
        return EV_NONE;
    }
    ev_value loop = aio_get_running_loop(I);
    if (EV_IS_ERR(loop))
        return loop;
    double w;
    if (ev_num_to_double(I, when, &w))
        return EV_ERR;
    ev_value cb = ev_builtin_new(I, &to_on_timeout_def, self);
    if (EV_IS_ERR(cb))
        return cb;
    ev_value h = w <= aio_time() ? aio_call_soon(I, loop, cb, 0, NULL) : aio_call_at(I, loop, w, cb, 0, NULL);
    ev_decref(I, cb);
    if (EV_IS_ERR(h))
        return h;
    aio_set(I, self, TO_HANDLER, h);
    ev_decref(I, h);
    return EV_NONE;
}

static ev_value tom_aenter(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (tstate(self) != TS_CREATED)
        return ev_raise(I, &ev_type_RuntimeError, "Timeout has already been entered");
    ev_value loop = aio_running_loop(I);
    if (loop.tag == EV_T_NONE)
        return aio_get_running_loop(I);
    ev_value task = aio_loop_current(loop);
    if (task.tag == EV_T_NONE)
        return ev_raise(I, &ev_type_RuntimeError, "Timeout should be used inside a task");
    *aio_slot(self, TO_STATE) = ev_int(TS_ENTERED);
    aio_set(I, self, TO_TASK, task);
    ev_value c = aio_call_method(I, task, "cancelling", 0, NULL);
    if (EV_IS_ERR(c))
        return c;
    aio_set(I, self, TO_CANCELLING, c);
    ev_decref(I, c);
    ev_value w = ev_dup(*aio_slot(self, TO_WHEN));
    ev_value r = tom_reschedule(I, self, 1, &w, NULL);
    ev_decref(I, w);
    if (EV_IS_ERR(r))
        return r;
    return done_coro(I, "__aenter__", self);
}

static ev_value tom_aexit(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (aio_slot(self, TO_HANDLER)->tag != EV_T_NONE) {
        if (aio_handle_cancel(I, *aio_slot(self, TO_HANDLER)))
            return EV_ERR;
        aio_set(I, self, TO_HANDLER, EV_NONE);
    }
    if (tstate(self) == TS_EXPIRING) {
        *aio_slot(self, TO_STATE) = ev_int(TS_EXPIRED);
        int64_t left;
        if (task_uncancel(I, *aio_slot(self, TO_TASK), &left))
            return EV_ERR;
        int64_t before = 0; /* cancelling() when entered */
        if (aio_slot(self, TO_CANCELLING)->tag != EV_T_NONE && ev_index(I, *aio_slot(self, TO_CANCELLING), &before, NULL))
            return EV_ERR;
        if (left <= before && argv[0].tag == EV_T_OBJ && argv[0].u.o == &ev_type_aio_CancelledError.h) {
            /* raise TimeoutError from exc_val */
            ev_value e = aio_exc(I, &ev_type_TimeoutError, 0, NULL);
            if (EV_IS_ERR(e))
                return e;
            ev_exc *x = (ev_exc *)e.u.o;
            ev_decref(I, x->cause);
            x->cause = ev_dup(argv[1]);
            x->suppress_context = true;
            return ev_raise_value(I, e);
        }
    } else if (tstate(self) == TS_ENTERED) {
        *aio_slot(self, TO_STATE) = ev_int(TS_EXITED);
    }
    return done_coro(I, "__aexit__", EV_NONE);
}

static ev_value tom_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_buf b = {0};
    int e = ev_buf_printf(I, &b, "<Timeout [%s]", ts_names[tstate(self)]);
    if (e == 0 && tstate(self) == TS_ENTERED) {
        ev_value w = *aio_slot(self, TO_WHEN);
        if (w.tag == EV_T_NONE) {
            e = ev_buf_printf(I, &b, " when=None");
        } else {
            ev_value three = ev_int(3);
            ev_value args[2] = {w, three};
            ev_value r = ev_builtin_apply(I, "round", 2, args);
            ev_value s = EV_IS_ERR(r) ? r : ev_repr(I, r);
            ev_decref(I, r);
            if (EV_IS_ERR(s)) {
                ev_buf_free(I, &b);
                return s;
            }
            e = ev_buf_printf(I, &b, " when=%s", ev_as_str(s)->data);
            ev_decref(I, s);
        }
    }
    if (e == 0)
        e = ev_buf_printf(I, &b, ">");
    if (e) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

int aio_step_timeout_aexit(ev_interp *I, ev_value self, ev_value sent, ev_value exc, ev_value *out)
{
    ev_decref(I, exc);
    ev_raise(I, &ev_type_RuntimeError, "asyncio: Timeout.__aexit__ has no coroutine state");
    return -1;
}

static const ev_builtin_def to_methods[] = {
    {"__init__", tom_init, 1, 1, 0, "when"},
    {"when", tom_when, 0, 0, 0},
    {"reschedule", tom_reschedule, 1, 1, 0, "when"},
    {"expired", tom_expired, 0, 0, 0},
    {"__aenter__", tom_aenter, 0, 0, 0},
    {"__aexit__", tom_aexit, 3, 3, 0},
    {"__repr__", tom_repr, 0, 0, EV_BF_SLOT},
    {NULL, NULL, 0, 0, 0},
};

ev_type ev_type_aio_Timeout = {STATIC_TYPE, .name = "Timeout", .module = "asyncio.timeouts", .call = to_new,
                               .methods = to_methods, .min_args = 1, .max_args = 1, .params = "when",
                               .tflags = EV_TYPE_CSLOTS, .cnew = to_cnew};

static ev_value f_timeout(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value loop = aio_get_running_loop(I);
    if (EV_IS_ERR(loop))
        return loop;
    if (argv[0].tag == EV_T_NONE)
        return timeout_make(I, &ev_type_aio_Timeout, EV_NONE);
    ev_value now = ev_float(aio_time());
    ev_value when = ev_binary(I, EV_OP_ADD, now, argv[0]);
    if (EV_IS_ERR(when))
        return when;
    ev_value t = timeout_make(I, &ev_type_aio_Timeout, when);
    ev_decref(I, when);
    return t;
}

static ev_value f_timeout_at(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return timeout_make(I, &ev_type_aio_Timeout, argv[0]);
}

/* ---- as_completed ------------------------------------------------------------------------------- */

/* the closure: D0 todo (list), D1 the done queue, D2 timeout handle, D3 _on_completion */
enum { AC_TODO, AC_DONE, AC_HANDLE, AC_CB, AC_NSLOTS };
static ev_type ac_type = {STATIC_TYPE, .name = "_asyncio_as_completed", .tflags = EV_TYPE_CSLOTS | EV_TYPE_FINAL};

static int put_nowait(ev_interp *I, ev_value q, ev_value v)
{
    ev_value r = aio_call_method(I, q, "put_nowait", 1, &v);
    if (EV_IS_ERR(r))
        return -1;
    ev_decref(I, r);
    return 0;
}

static ev_value ac_on_completion(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value todo = *aio_slot(self, AC_TODO);
    if (ev_as_list(todo)->len == 0)
        return EV_NONE;
    if (!list_remove_ident(I, todo, argv[0]))
        return ev_raise_key_error(I, argv[0]);
    if (put_nowait(I, *aio_slot(self, AC_DONE), argv[0]))
        return EV_ERR;
    if (ev_as_list(*aio_slot(self, AC_TODO))->len == 0 && aio_slot(self, AC_HANDLE)->tag != EV_T_NONE &&
        aio_handle_cancel(I, *aio_slot(self, AC_HANDLE)))
        return EV_ERR;
    return EV_NONE;
}
static const ev_builtin_def ac_on_completion_def = {"_on_completion", ac_on_completion, 1, 1, 0};

static ev_value ac_on_timeout(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value todo = ev_dup(*aio_slot(self, AC_TODO));
    ev_value items = ev_list_from_iterable(I, todo);
    ev_decref(I, todo);
    if (EV_IS_ERR(items))
        return items;
    int r = 0;
    for (size_t i = 0; r == 0 && i < ev_as_list(items)->len; i++)
        r = aio_remove_done_callback(I, ev_as_list(items)->items[i], *aio_slot(self, AC_CB)) ||
            put_nowait(I, *aio_slot(self, AC_DONE), EV_NONE) ? -1 : 0;
    ev_decref(I, items);
    ev_list *l = ev_as_list(*aio_slot(self, AC_TODO));
    while (l->len) {
        ev_value v = l->items[l->len - 1];
        ev_list_set_len(l, l->len - 1);
        ev_decref(I, v);
    }
    return r ? EV_ERR : EV_NONE;
}
static const ev_builtin_def ac_on_timeout_def = {"_on_timeout", ac_on_timeout, 0, 0, 0};

/* _wait_for_one: A the done queue */
int aio_step_ascompleted_one(ev_interp *I, ev_value self, ev_value sent, ev_value exc, ev_value *out)
{
    if (!EV_IS_ERR(exc)) {
        ev_raise_value(I, exc);
        return -1;
    }
    if (aio_slot(self, C_STATE)->u.i == 0) {
        ev_value g = aio_call_method(I, *aio_slot(self, C_A), "get", 0, NULL);
        if (EV_IS_ERR(g))
            return -1;
        *aio_slot(self, C_STATE) = ev_int(1);
        int r = aio_cc_delegate(I, self, g, out);
        ev_decref(I, g);
        return r;
    }
    if (sent.tag == EV_T_NONE) {
        ev_value e = aio_exc(I, &ev_type_TimeoutError, 0, NULL);
        if (!EV_IS_ERR(e))
            ev_raise_value(I, e);
        return -1;
    }
    *out = aio_result(I, sent);
    return EV_IS_ERR(*out) ? -1 : 0;
}

typedef struct { ev_value queue; int64_t left; } ac_state;

static int ac_next(ev_interp *I, ev_iterobj *it, ev_value *out)
{
    ac_state *s = it->state;
    if (s->left <= 0)
        return 0;
    s->left--;
    ev_value c = aio_ccoro_new(I, CK_ASCOMPLETED_ONE, "_wait_for_one");
    if (EV_IS_ERR(c))
        return -1;
    aio_set(I, c, C_A, s->queue);
    *out = c;
    return 1;
}

static void ac_free(ev_interp *I, ev_iterobj *it)
{
    ac_state *s = it->state;
    ev_decref(I, s->queue);
    s->queue = EV_NONE;
}

static void ac_traverse(ev_interp *I, ev_iterobj *it, ev_visit_fn visit, void *arg)
{
    visit(I, ((ac_state *)it->state)->queue, arg);
}

static ev_type ac_iter_type = EV_ITER_TYPE_INIT("generator", NULL);
static const ev_native_iter_type ac_nt = {"as_completed", ac_next, ac_free, NULL, &ac_iter_type, ac_traverse};

static ev_value f_as_completed(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value fs = argv[0], timeout = EV_IS_ERR(argv[1]) ? EV_NONE : argv[1];
    if (aio_is_future(fs) || aio_is_coroutine(I, fs))
        return ev_raise(I, &ev_type_TypeError, "expect an iterable of futures, not %s", ev_type_of(fs)->name);
    ev_value data = ev_cinstance_new(I, &ac_type, AC_NSLOTS);
    if (EV_IS_ERR(data))
        return data;
    ev_value it = EV_ERR, items = EV_ERR, loop = EV_ERR;
    ev_value q = ev_type_aio_Queue.cnew(I, &ev_type_aio_Queue);
    if (EV_IS_ERR(q))
        goto done;
    *aio_slot(data, AC_DONE) = q;
    loop = aio_default_loop(I);
    if (EV_IS_ERR(loop))
        goto done;
    items = ev_list_from_iterable(I, fs);
    if (EV_IS_ERR(items))
        goto done;
    ev_value todo = ev_list_new(I, 0);
    if (EV_IS_ERR(todo))
        goto done;
    *aio_slot(data, AC_TODO) = todo;
    for (size_t i = 0; i < ev_as_list(items)->len; i++) {
        ev_value f = aio_ensure_future(I, ev_as_list(items)->items[i], loop);
        if (EV_IS_ERR(f))
            goto done;
        bool dup = false;
        for (size_t k = 0; k < ev_as_list(todo)->len; k++)
            dup |= ev_as_list(todo)->items[k].u.o == f.u.o;
        int r = dup ? 0 : ev_list_append(I, ev_as_list(todo), f);
        ev_decref(I, f);
        if (r)
            goto done;
    }
    ev_value cb = ev_builtin_new(I, &ac_on_completion_def, data);
    if (EV_IS_ERR(cb))
        goto done;
    *aio_slot(data, AC_CB) = cb;
    size_t n = ev_as_list(todo)->len;
    for (size_t i = 0; i < n; i++)
        if (aio_add_done_callback(I, ev_as_list(todo)->items[i], cb))
            goto done;
    if (n && timeout.tag != EV_T_NONE) {
        ev_value tcb = ev_builtin_new(I, &ac_on_timeout_def, data);
        if (EV_IS_ERR(tcb))
            goto done;
        ev_value h = aio_call_later(I, loop, timeout, tcb, 0, NULL);
        ev_decref(I, tcb);
        if (EV_IS_ERR(h))
            goto done;
        *aio_slot(data, AC_HANDLE) = h;
    }
    it = ev_native_iter_new(I, &ac_nt, sizeof(ac_state));
    if (!EV_IS_ERR(it)) {
        ac_state *s = ((ev_iterobj *)it.u.o)->state;
        s->queue = ev_dup(q);
        s->left = (int64_t)n;
    }
done:
    ev_decref(I, loop);
    ev_decref(I, items);
    ev_decref(I, data);
    return it;
}

const ev_builtin_def aio_group_functions[] = {
    {"timeout", f_timeout, 1, 1, 0, "delay"},
    {"timeout_at", f_timeout_at, 1, 1, 0, "when"},
    {"as_completed", f_as_completed, 1, 1, 0, "fs, *, timeout"},
    {NULL, NULL, 0, 0, 0},
};
