/*
 * asyncio_future.c - asyncio.Future and asyncio.Task (CPython 3.11's
 * Lib/asyncio/futures.py and tasks.py, as Modules/_asyncio.c implements
 * them), the iterator `await future` runs, and ensure_future.  The
 * coroutines written in C (asyncio.sleep and the awaitables of the other
 * files) are in asyncio_coro.c.
 *
 * A Task drives its coroutine as Task.__step does: send(None) or
 * throw(exc), then a Future it yields (with _asyncio_future_blocking set)
 * gets the task's wakeup as a done callback, a bare yield reschedules the
 * step with call_soon.  Callbacks of a finished future are scheduled with
 * call_soon in the order they were added.  That is all that fixes the
 * order programs print in.  get_coro() of a task returns the coroutine
 * object itself, whose frame and code attributes the attribute policy
 * refuses as everywhere.
 */
#include <string.h>

#include "evaluator/gen.h"
#include "evaluator/interp_int.h"
#include "evaluator/modules/asyncio_int.h"
#include "evaluator/node.h"


/* ---- Future ------------------------------------------------------------------------------- */


bool aio_is_future(ev_value v)
{
    return aio_is_instance(v, &ev_type_aio_Future);
}

static int fstate(ev_value f)
{
    return (int)aio_slot(f, F_STATE)->u.i;
}

int aio_future_init(ev_interp *I, ev_value fut, ev_value loop)
{
    if (loop.tag == EV_T_NONE) {
        loop = aio_default_loop(I);
        if (EV_IS_ERR(loop))
            return -1;
    } else {
        ev_dup(loop);
    }
    ev_value cbs = ev_list_new(I, 0);
    if (EV_IS_ERR(cbs)) {
        ev_decref(I, loop);
        return -1;
    }
    ev_value old = *aio_slot(fut, F_LOOP);
    *aio_slot(fut, F_LOOP) = loop;
    ev_decref(I, old);
    aio_set(I, fut, F_CALLBACKS, cbs);
    ev_decref(I, cbs);
    *aio_slot(fut, F_STATE) = ev_int(FS_PENDING);
    *aio_slot(fut, F_BLOCKING) = EV_FALSE;
    return 0;
}

static ev_value fut_cnew(ev_interp *I, ev_type *t)
{
    int n = ev_type_is_subclass(t, &ev_type_aio_Task) ? T_NSLOTS : ev_type_is_subclass(t, &ev_type_aio_Gathering) ? G_NSLOTS : F_NSLOTS;
    ev_value f = ev_cinstance_new(I, t, (uint32_t)n);
    if (EV_IS_ERR(f))
        return f;
    *aio_slot(f, F_STATE) = ev_int(FS_PENDING);
    *aio_slot(f, F_BLOCKING) = EV_FALSE;
    return f;
}

ev_value aio_future_new(ev_interp *I, ev_value loop)
{
    ev_value f = fut_cnew(I, &ev_type_aio_Future);
    if (EV_IS_ERR(f))
        return f;
    if (aio_future_init(I, f, loop)) {
        ev_decref(I, f);
        return EV_ERR;
    }
    return f;
}

static ev_value fm_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return aio_future_init(I, self, EV_IS_ERR(argv[0]) ? EV_NONE : argv[0]) ? EV_ERR : EV_NONE;
}

static ev_value fut_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value f = fut_cnew(I, &ev_type_aio_Future);
    if (EV_IS_ERR(f))
        return f;
    if (aio_future_init(I, f, EV_IS_ERR(argv[0]) ? EV_NONE : argv[0])) {
        ev_decref(I, f);
        return EV_ERR;
    }
    return f;
}

/* a bare Future, Task or _GatheringFuture whose method is ours: no class
 * override to call */
static bool exact(ev_value f)
{
    ev_type *t = ev_type_of(f);
    return t == &ev_type_aio_Future || t == &ev_type_aio_Task || t == &ev_type_aio_Gathering;
}

static int schedule_callbacks(ev_interp *I, ev_value fut)
{
    ev_value cbs = *aio_slot(fut, F_CALLBACKS);
    if (!ev_is(cbs, EV_O_LIST) || ev_as_list(cbs)->len == 0)
        return 0;
    ev_value fresh = ev_list_new(I, 0);
    if (EV_IS_ERR(fresh))
        return -1;
    cbs = ev_dup(cbs);
    aio_set(I, fut, F_CALLBACKS, fresh);
    ev_decref(I, fresh);
    ev_list *l = ev_as_list(cbs);
    int r = 0;
    for (size_t i = 0; r == 0 && i < l->len; i++) {
        ev_value h = aio_call_soon(I, *aio_slot(fut, F_LOOP), l->items[i], 1, &fut);
        if (EV_IS_ERR(h))
            r = -1;
        ev_decref(I, h);
    }
    ev_decref(I, cbs);
    return r;
}

static int fut_set_result(ev_interp *I, ev_value fut, ev_value v)
{
    if (fstate(fut) != FS_PENDING) {
        ev_raise(I, &ev_type_aio_InvalidStateError, "invalid state");
        return -1;
    }
    aio_set(I, fut, F_RESULT, v);
    *aio_slot(fut, F_STATE) = ev_int(FS_FINISHED);
    return schedule_callbacks(I, fut);
}

int aio_future_set_exception_base(ev_interp *I, ev_value fut, ev_value exc)
{
    if (fstate(fut) != FS_PENDING) {
        ev_raise(I, &ev_type_aio_InvalidStateError, "invalid state");
        return -1;
    }
    ev_value e = ev_dup(exc);
    if (ev_is(exc, EV_O_TYPE)) {
        ev_decref(I, e);
        e = ev_call(I, exc, 0, NULL, 0, NULL, NULL);
        if (EV_IS_ERR(e))
            return -1;
    }
    if (!ev_is(e, EV_O_EXC)) {
        ev_decref(I, e);
        ev_raise(I, &ev_type_TypeError, "invalid exception object");
        return -1;
    }
    if (((ev_exc *)e.u.o)->type == &ev_type_StopIteration) {
        ev_decref(I, e);
        ev_raise(I, &ev_type_TypeError,
                 "StopIteration interacts badly with generators and cannot be raised into a Future");
        return -1;
    }
    aio_set(I, fut, F_EXC, e);
    ev_decref(I, e);
    *aio_slot(fut, F_STATE) = ev_int(FS_FINISHED);
    return schedule_callbacks(I, fut);
}

int aio_future_cancel_base(ev_interp *I, ev_value fut, ev_value msg)
{
    if (fstate(fut) != FS_PENDING)
        return 0;
    *aio_slot(fut, F_STATE) = ev_int(FS_CANCELLED);
    aio_set(I, fut, F_CANCEL_MSG, msg);
    return schedule_callbacks(I, fut) ? -1 : 1;
}

ev_value aio_make_cancelled_error(ev_interp *I, ev_value fut)
{
    ev_value c = *aio_slot(fut, F_CANCELLED_EXC);
    if (c.tag != EV_T_NONE) {
        *aio_slot(fut, F_CANCELLED_EXC) = EV_NONE;
        return c;
    }
    ev_value msg = *aio_slot(fut, F_CANCEL_MSG);
    return aio_exc(I, &ev_type_aio_CancelledError, msg.tag == EV_T_NONE ? 0 : 1, &msg);
}

static ev_value fut_result(ev_interp *I, ev_value fut)
{
    if (fstate(fut) == FS_CANCELLED) {
        ev_value e = aio_make_cancelled_error(I, fut);
        return EV_IS_ERR(e) ? e : ev_raise_value(I, e);
    }
    if (fstate(fut) != FS_FINISHED)
        return ev_raise(I, &ev_type_aio_InvalidStateError, "Result is not set.");
    ev_value e = *aio_slot(fut, F_EXC);
    if (e.tag != EV_T_NONE)
        return ev_raise_value(I, ev_dup(e));
    return ev_dup(*aio_slot(fut, F_RESULT));
}

static ev_value fut_exception(ev_interp *I, ev_value fut)
{
    if (fstate(fut) == FS_CANCELLED) {
        ev_value e = aio_make_cancelled_error(I, fut);
        return EV_IS_ERR(e) ? e : ev_raise_value(I, e);
    }
    if (fstate(fut) != FS_FINISHED)
        return ev_raise(I, &ev_type_aio_InvalidStateError, "Exception is not set.");
    return ev_dup(*aio_slot(fut, F_EXC));
}

static int fut_add_done_callback(ev_interp *I, ev_value fut, ev_value cb)
{
    if (fstate(fut) != FS_PENDING) {
        ev_value h = aio_call_soon(I, *aio_slot(fut, F_LOOP), cb, 1, &fut);
        if (EV_IS_ERR(h))
            return -1;
        ev_decref(I, h);
        return 0;
    }
    return ev_list_append(I, ev_as_list(*aio_slot(fut, F_CALLBACKS)), cb);
}

/* the callbacks not equal to fn are kept; the count of those removed */
static int64_t fut_remove_done_callback(ev_interp *I, ev_value fut, ev_value fn)
{
    ev_value cbs = ev_dup(*aio_slot(fut, F_CALLBACKS));
    if (!ev_is(cbs, EV_O_LIST)) {
        ev_decref(I, cbs);
        return 0;
    }
    ev_value keep = ev_list_new(I, 0);
    if (EV_IS_ERR(keep)) {
        ev_decref(I, cbs);
        return -1;
    }
    ev_list *l = ev_as_list(cbs);
    int64_t removed = 0;
    for (size_t i = 0; i < l->len; i++) {
        ev_value it = ev_dup(l->items[i]);
        int eq = it.u.o == fn.u.o && it.tag == fn.tag ? 1 : ev_eq(I, it, fn);
        if (eq < 0 || (!eq && ev_list_append(I, ev_as_list(keep), it))) {
            ev_decref(I, it);
            ev_decref(I, keep);
            ev_decref(I, cbs);
            return -1;
        }
        ev_decref(I, it);
        removed += eq;
        l = ev_as_list(cbs);
    }
    ev_decref(I, cbs);
    if (removed)
        aio_set(I, fut, F_CALLBACKS, keep);
    ev_decref(I, keep);
    return removed;
}

/* ---- the generic entry points: a subclass's override is called ---- */

int aio_set_result(ev_interp *I, ev_value fut, ev_value v)
{
    if (ev_type_of(fut) == &ev_type_aio_Future || ev_type_of(fut) == &ev_type_aio_Gathering)
        return fut_set_result(I, fut, v);
    ev_value r = aio_call_method(I, fut, "set_result", 1, &v);
    if (EV_IS_ERR(r))
        return -1;
    ev_decref(I, r);
    return 0;
}

int aio_set_exception(ev_interp *I, ev_value fut, ev_value exc)
{
    if (ev_type_of(fut) == &ev_type_aio_Future || ev_type_of(fut) == &ev_type_aio_Gathering)
        return aio_future_set_exception_base(I, fut, exc);
    ev_value r = aio_call_method(I, fut, "set_exception", 1, &exc);
    if (EV_IS_ERR(r))
        return -1;
    ev_decref(I, r);
    return 0;
}

static int task_cancel(ev_interp *I, ev_value task, ev_value msg);
static int gathering_cancel(ev_interp *I, ev_value g, ev_value msg);

int aio_cancel(ev_interp *I, ev_value fut, ev_value msg)
{
    ev_type *t = ev_type_of(fut);
    if (t == &ev_type_aio_Future)
        return aio_future_cancel_base(I, fut, msg);
    if (t == &ev_type_aio_Task)
        return task_cancel(I, fut, msg);
    if (t == &ev_type_aio_Gathering)
        return gathering_cancel(I, fut, msg);
    ev_str *n = ev_intern(I, "msg", 3);
    ev_value m = aio_attr(I, fut, "cancel");
    if (!n || EV_IS_ERR(m))
        return -1;
    ev_value r = ev_call(I, m, 0, NULL, 1, &n, &msg);
    ev_decref(I, m);
    if (EV_IS_ERR(r))
        return -1;
    int tr = ev_truth(I, r);
    ev_decref(I, r);
    return tr;
}

ev_value aio_result(ev_interp *I, ev_value fut)
{
    return exact(fut) ? fut_result(I, fut) : aio_call_method(I, fut, "result", 0, NULL);
}

ev_value aio_exception(ev_interp *I, ev_value fut)
{
    return exact(fut) ? fut_exception(I, fut) : aio_call_method(I, fut, "exception", 0, NULL);
}

static int truth_of(ev_interp *I, ev_value r)
{
    if (EV_IS_ERR(r))
        return -1;
    int t = ev_truth(I, r);
    ev_decref(I, r);
    return t;
}

int aio_done(ev_interp *I, ev_value fut)
{
    if (exact(fut))
        return fstate(fut) != FS_PENDING;
    return truth_of(I, aio_call_method(I, fut, "done", 0, NULL));
}

int aio_cancelled(ev_interp *I, ev_value fut)
{
    if (exact(fut))
        return fstate(fut) == FS_CANCELLED;
    return truth_of(I, aio_call_method(I, fut, "cancelled", 0, NULL));
}

int aio_add_done_callback(ev_interp *I, ev_value fut, ev_value cb)
{
    if (exact(fut))
        return fut_add_done_callback(I, fut, cb);
    ev_value r = aio_call_method(I, fut, "add_done_callback", 1, &cb);
    if (EV_IS_ERR(r))
        return -1;
    ev_decref(I, r);
    return 0;
}

int aio_remove_done_callback(ev_interp *I, ev_value fut, ev_value cb)
{
    if (exact(fut))
        return fut_remove_done_callback(I, fut, cb) < 0 ? -1 : 0;
    ev_value r = aio_call_method(I, fut, "remove_done_callback", 1, &cb);
    if (EV_IS_ERR(r))
        return -1;
    ev_decref(I, r);
    return 0;
}

ev_value aio_future_loop(ev_interp *I, ev_value fut)
{
    if (aio_is_future(fut))
        return ev_dup(*aio_slot(fut, F_LOOP));
    return aio_call_method(I, fut, "get_loop", 0, NULL);
}

/* ---- Future's methods ---- */

static ev_value fm_result(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return fut_result(I, self);
}

static ev_value fm_exception(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return fut_exception(I, self);
}

static ev_value fm_set_result(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return fut_set_result(I, self, argv[0]) ? EV_ERR : EV_NONE;
}

static ev_value fm_set_exception(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return aio_future_set_exception_base(I, self, argv[0]) ? EV_ERR : EV_NONE;
}

static ev_value fm_cancel(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int r = aio_future_cancel_base(I, self, EV_IS_ERR(argv[0]) ? EV_NONE : argv[0]);
    return r < 0 ? EV_ERR : ev_bool(r);
}

static ev_value fm_cancelled(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_bool(fstate(self) == FS_CANCELLED);
}

static ev_value fm_done(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_bool(fstate(self) != FS_PENDING);
}

static ev_value fm_add_done_callback(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (!EV_IS_ERR(argv[1]) && argv[1].tag != EV_T_NONE)
        return ev_raise(I, &ev_type_NotImplementedError,
                        "add_done_callback(context=...) is not supported by safepy");
    return fut_add_done_callback(I, self, argv[0]) ? EV_ERR : EV_NONE;
}

static ev_value fm_remove_done_callback(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int64_t n = fut_remove_done_callback(I, self, argv[0]);
    return n < 0 ? EV_ERR : ev_int(n);
}

static ev_value fm_get_loop(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_dup(*aio_slot(self, F_LOOP));
}

static ev_value fm_blocking_get(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_dup(*aio_slot(self, F_BLOCKING));
}

/* `await fut` and `yield from fut`: yields the future once (blocking), then
 * its result */
typedef struct { ev_value fut; int step; } fiter_state;

static int fiter_next(ev_interp *I, ev_iterobj *it, ev_value *out)
{
    fiter_state *s = it->state;
    if (s->fut.tag == EV_T_NONE)
        return 0;
    if (s->step == 0 && fstate(s->fut) == FS_PENDING) {
        s->step = 1;
        *aio_slot(s->fut, F_BLOCKING) = EV_TRUE;
        *out = ev_dup(s->fut);
        return 1;
    }
    ev_value fut = s->fut;
    s->fut = EV_NONE;
    if (fstate(fut) == FS_PENDING) {
        ev_decref(I, fut);
        ev_raise(I, &ev_type_RuntimeError, "await wasn't used with future");
        return -1;
    }
    ev_value r = aio_result(I, fut);
    ev_decref(I, fut);
    if (EV_IS_ERR(r))
        return -1;
    ev_raise_stop(I, r);
    return -1;
}

static void fiter_free(ev_interp *I, ev_iterobj *it)
{
    fiter_state *s = it->state;
    ev_decref(I, s->fut);
    s->fut = EV_NONE;
}

static void fiter_traverse(ev_interp *I, ev_iterobj *it, ev_visit_fn visit, void *arg)
{
    visit(I, ((fiter_state *)it->state)->fut, arg);
}

static ev_type fiter_type = EV_ITER_TYPE_INIT("FutureIter", "_asyncio");
static const ev_native_iter_type fiter_nt = {"FutureIter", fiter_next, fiter_free, NULL, &fiter_type, fiter_traverse};

static ev_value fm_await(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value it = ev_native_iter_new(I, &fiter_nt, sizeof(fiter_state));
    if (EV_IS_ERR(it))
        return it;
    fiter_state *s = ((ev_iterobj *)it.u.o)->state;
    s->fut = ev_dup(self);
    s->step = 0;
    return it;
}

static int append_repr(ev_interp *I, ev_buf *b, const char *prefix, ev_value v)
{
    ev_value r = ev_repr(I, v);
    if (EV_IS_ERR(r))
        return -1;
    int e = ev_buf_printf(I, b, "%s%s", prefix, ev_as_str(r)->data);
    ev_decref(I, r);
    return e;
}

/* futures._format_callbacks: the callbacks' qualified names */
static int append_callbacks(ev_interp *I, ev_buf *b, ev_value fut)
{
    ev_value cbs = *aio_slot(fut, F_CALLBACKS);
    if (!ev_is(cbs, EV_O_LIST) || ev_as_list(cbs)->len == 0)
        return 0;
    cbs = ev_dup(cbs);
    ev_list *l = ev_as_list(cbs);
    size_t n = l->len;
    int e = ev_buf_printf(I, b, " cb=[");
    for (size_t i = 0; e == 0 && i < n && i < l->len; i++) {
        if (n > 2 && i == 1) {
            e = ev_buf_printf(I, b, "<%zu more>, ", n - 2);
            i = n - 2;
            continue;
        }
        ev_value q = aio_attr(I, l->items[i], "__qualname__");
        if (EV_IS_ERR(q)) {
            ev_decref(I, aio_take_exc(I));
            e = append_repr(I, b, "", l->items[i]);
        } else {
            e = ev_buf_printf(I, b, "%s()", ev_is(q, EV_O_STR) ? ev_as_str(q)->data : "?");
            ev_decref(I, q);
        }
        if (e == 0 && i + 1 < n)
            e = ev_buf_printf(I, b, ", ");
    }
    ev_decref(I, cbs);
    return e ? e : ev_buf_printf(I, b, "]");
}

/* ---- reprlib.repr, which futures use for a result ---- */

/* s[a:b] of a str, in code points (negative b counts from the end) */
static ev_value str_slice(ev_interp *I, ev_value s, int64_t a, int64_t b, bool b_from_end)
{
    ev_value sl = ev_slice_new(I, ev_int(a), b_from_end ? ev_int(-b) : ev_int(b), EV_NONE);
    if (EV_IS_ERR(sl))
        return sl;
    ev_value r = ev_getitem(I, s, sl);
    ev_decref(I, sl);
    return r;
}

static int64_t str_cps(ev_interp *I, ev_value s)
{
    int64_t n = 0;
    return ev_len(I, s, &n) ? -1 : n;
}

/* s[:i] + '...' + s[len(s)-j:] where i, j split maxn - 3, when s is
 * longer than maxn (always, with force) */
static ev_value shorten(ev_interp *I, ev_value s, int64_t maxn, bool force)
{
    int64_t n = str_cps(I, s);
    if (n < 0 || (n <= maxn && !force))
        return n < 0 ? (ev_decref(I, s), EV_ERR) : s;
    int64_t i = (maxn - 3) / 2, j = maxn - 3 - i;
    ev_value a = str_slice(I, s, 0, i, false), b = j ? str_slice(I, s, n - j, n, false) : ev_str_from_cstr(I, "");
    ev_decref(I, s);
    if (EV_IS_ERR(a) || EV_IS_ERR(b)) {
        ev_decref(I, a);
        ev_decref(I, b);
        return EV_ERR;
    }
    ev_buf buf = {0};
    int e = ev_buf_printf(I, &buf, "%s...%s", ev_as_str(a)->data, ev_as_str(b)->data);
    ev_decref(I, a);
    ev_decref(I, b);
    if (e) {
        ev_buf_free(I, &buf);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &buf);
}

static ev_value rl_repr(ev_interp *I, ev_value x, int level);

static ev_value rl_iterable(ev_interp *I, ev_value items, int level, const char *left, const char *right,
                            int64_t maxiter, const char *trail)
{
    ev_list *l = ev_as_list(items);
    size_t n = l->len;
    ev_buf b = {0};
    int e = ev_buf_printf(I, &b, "%s", left);
    if (level <= 0 && n) {
        e = e ? e : ev_buf_printf(I, &b, "...");
    } else {
        for (size_t i = 0; e == 0 && i < n && (int64_t)i < maxiter; i++) {
            ev_value r = rl_repr(I, ev_as_list(items)->items[i], level - 1);
            if (EV_IS_ERR(r)) {
                ev_buf_free(I, &b);
                return r;
            }
            e = ev_buf_printf(I, &b, "%s%s", i ? ", " : "", ev_as_str(r)->data);
            ev_decref(I, r);
        }
        if (e == 0 && (int64_t)n > maxiter)
            e = ev_buf_printf(I, &b, ", ...");
        if (e == 0 && n == 1)
            e = ev_buf_printf(I, &b, "%s", trail);
    }
    if (e == 0)
        e = ev_buf_printf(I, &b, "%s", right);
    if (e) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

/* reprlib.Repr's defaults: maxlevel 6, six items of a list, tuple or set,
 * four of a dict, 30 characters of a str or another object's repr, 40
 * digits of an int */
static ev_value rl_repr(ev_interp *I, ev_value x, int level)
{
    ev_type *t = ev_type_of(x);
    if (ev_recursion_enter(I, ""))
        return EV_ERR;
    ev_value r;
    if (t == &ev_type_str) {
        ev_value head = str_slice(I, x, 0, 30, false);
        r = EV_IS_ERR(head) ? head : ev_repr(I, head);
        ev_decref(I, head);
        if (!EV_IS_ERR(r) && str_cps(I, r) > 30) {
            ev_decref(I, r);
            int64_t n = str_cps(I, x);
            ev_value a = str_slice(I, x, 0, 13, false), b = str_slice(I, x, n - 14 < 0 ? 0 : n - 14, n, false);
            ev_value ab = EV_IS_ERR(a) || EV_IS_ERR(b) ? EV_ERR : ev_binary(I, EV_OP_ADD, a, b);
            ev_decref(I, a);
            ev_decref(I, b);
            r = EV_IS_ERR(ab) ? ab : ev_repr(I, ab);
            ev_decref(I, ab);
            if (!EV_IS_ERR(r))
                r = shorten(I, r, 30, true);
        }
    } else if (t == &ev_type_int) {
        r = ev_repr(I, x);
        if (!EV_IS_ERR(r))
            r = shorten(I, r, 40, false);
    } else if (t == &ev_type_list || t == &ev_type_tuple || t == &ev_type_set || t == &ev_type_frozenset ||
               t == &ev_type_dict) {
        ev_value items = ev_list_from_iterable(I, x);
        if (EV_IS_ERR(items)) {
            ev_recursion_leave(I);
            return items;
        }
        if (t == &ev_type_set || t == &ev_type_frozenset || t == &ev_type_dict) {
            /* _possibly_sorted */
            ev_value sorted = ev_builtin_apply(I, "sorted", 1, &items);
            if (EV_IS_ERR(sorted)) {
                if (I->limit) {
                    ev_decref(I, items);
                    ev_recursion_leave(I);
                    return EV_ERR;
                }
                ev_decref(I, aio_take_exc(I));
            } else {
                ev_decref(I, items);
                items = sorted;
            }
        }
        size_t n = ev_as_list(items)->len;
        if (t == &ev_type_list)
            r = rl_iterable(I, items, level, "[", "]", 6, "");
        else if (t == &ev_type_tuple)
            r = rl_iterable(I, items, level, "(", ")", 6, ",");
        else if (t == &ev_type_set)
            r = n ? rl_iterable(I, items, level, "{", "}", 6, "") : ev_str_from_cstr(I, "set()");
        else if (t == &ev_type_frozenset)
            r = n ? rl_iterable(I, items, level, "frozenset({", "})", 6, "") : ev_str_from_cstr(I, "frozenset()");
        else if (n == 0)
            r = ev_str_from_cstr(I, "{}");
        else if (level <= 0)
            r = ev_str_from_cstr(I, "{...}");
        else {
            ev_buf b = {0};
            int e = ev_buf_printf(I, &b, "{");
            for (size_t i = 0; e == 0 && i < n && i < 4; i++) {
                ev_value k = ev_dup(ev_as_list(items)->items[i]);
                ev_value v = ev_getitem(I, x, k);
                ev_value kr = EV_IS_ERR(v) ? EV_ERR : rl_repr(I, k, level - 1);
                ev_value vr = EV_IS_ERR(kr) ? EV_ERR : rl_repr(I, v, level - 1);
                e = EV_IS_ERR(vr) ? -1 : ev_buf_printf(I, &b, "%s%s: %s", i ? ", " : "", ev_as_str(kr)->data,
                                                       ev_as_str(vr)->data);
                ev_decref(I, k);
                ev_decref(I, v);
                ev_decref(I, kr);
                ev_decref(I, vr);
            }
            if (e == 0 && n > 4)
                e = ev_buf_printf(I, &b, ", ...");
            if (e == 0)
                e = ev_buf_printf(I, &b, "}");
            if (e) {
                ev_buf_free(I, &b);
                r = EV_ERR;
            } else {
                r = ev_buf_to_str(I, &b);
            }
        }
        ev_decref(I, items);
    } else {
        r = ev_repr(I, x);
        if (!EV_IS_ERR(r))
            r = shorten(I, r, 30, false);
    }
    ev_recursion_leave(I);
    return r;
}

/* futures._future_repr_info after the state word */
static int append_info(ev_interp *I, ev_buf *b, ev_value fut)
{
    int e = 0;
    if (fstate(fut) == FS_FINISHED) {
        ev_value x = *aio_slot(fut, F_EXC);
        if (x.tag != EV_T_NONE) {
            e = append_repr(I, b, " exception=", x);
        } else {
            ev_value r = rl_repr(I, *aio_slot(fut, F_RESULT), 6);
            if (EV_IS_ERR(r))
                return -1;
            e = ev_buf_printf(I, b, " result=%s", ev_as_str(r)->data);
            ev_decref(I, r);
        }
    }
    return e ? e : append_callbacks(I, b, fut);
}

ev_value aio_future_repr(ev_interp *I, ev_value fut)
{
    ev_buf b = {0};
    const char *st[] = {"pending", "cancelled", "finished"};
    int e = ev_buf_printf(I, &b, "<%s %s", ev_type_of(fut)->name, st[fstate(fut)]);
    if (e == 0)
        e = append_info(I, &b, fut);
    if (e == 0)
        e = ev_buf_printf(I, &b, ">");
    if (e) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

static ev_value fm_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (ev_recursion_enter(I, " while getting the repr of an object"))
        return EV_ERR;
    ev_value r = aio_future_repr(I, self);
    ev_recursion_leave(I);
    return r;
}

/* __class_getitem__ = classmethod(GenericAlias) */
static ev_value aio_class_getitem(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_generic_alias(I, self, argv[0]);
}

const ev_builtin_def aio_generic_type_methods[] = {
    {"__class_getitem__", aio_class_getitem, 1, 1, 0},
    {NULL, NULL, 0, 0, 0},
};

#define FUTURE_METHODS_COMMON                                                     \
    {"result", fm_result, 0, 0, 0},                                               \
    {"exception", fm_exception, 0, 0, 0},                                         \
    {"cancelled", fm_cancelled, 0, 0, 0},                                         \
    {"done", fm_done, 0, 0, 0},                                                   \
    {"add_done_callback", fm_add_done_callback, 1, 1, 0, "fn, /, *, context"},    \
    {"remove_done_callback", fm_remove_done_callback, 1, 1, 0, "fn, /"},          \
    {"get_loop", fm_get_loop, 0, 0, 0},                                           \
    {"_asyncio_future_blocking", fm_blocking_get, 0, 0, EV_BF_PROP},              \
    {"__await__", fm_await, 0, 0, EV_BF_SLOT},                                    \
    {"__iter__", fm_await, 0, 0, EV_BF_SLOT}

static const ev_builtin_def future_methods[] = {
    {"__init__", fm_init, 0, 0, 0, "*, loop"},
    FUTURE_METHODS_COMMON,
    {"set_result", fm_set_result, 1, 1, 0, "result, /"},
    {"set_exception", fm_set_exception, 1, 1, 0, "exception, /"},
    {"cancel", fm_cancel, 0, 0, 0, "msg"},
    {"__repr__", fm_repr, 0, 0, EV_BF_SLOT},
    {NULL, NULL, 0, 0, 0},
};

ev_type ev_type_aio_Future = {STATIC_TYPE, .name = "Future", .module = "_asyncio", .call = fut_new,
                              .methods = future_methods, .type_methods = aio_generic_type_methods, .min_args = 0, .max_args = 0, .params = "*, loop",
                              .tflags = EV_TYPE_CSLOTS, .cnew = fut_cnew};

/* ---- Task ---------------------------------------------------------------------------------------- */

static ev_value task_step_cb(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
static ev_value task_wakeup_cb(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
static const ev_builtin_def task_step_def = {"__step", task_step_cb, 0, 1, 0};
static const ev_builtin_def task_wakeup_def = {"task_wakeup", task_wakeup_cb, 1, 1, 0};

/* loop.call_soon(self.__step[, exc]) */
static int schedule_step(ev_interp *I, ev_value task, ev_value exc)
{
    ev_value cb = ev_builtin_new(I, &task_step_def, task);
    if (EV_IS_ERR(cb)) {
        ev_decref(I, exc);
        return -1;
    }
    ev_value h = aio_call_soon(I, *aio_slot(task, F_LOOP), cb, EV_IS_ERR(exc) ? 0 : 1, &exc);
    ev_decref(I, cb);
    if (!EV_IS_ERR(exc))
        ev_decref(I, exc);
    if (EV_IS_ERR(h))
        return -1;
    ev_decref(I, h);
    return 0;
}

static int task_init(ev_interp *I, ev_value task, ev_value loop, ev_value coro, ev_value name)
{
    if (aio_future_init(I, task, loop))
        return -1;
    if (!aio_is_coroutine(I, coro)) {
        ev_value r = ev_repr(I, coro);
        if (!EV_IS_ERR(r)) {
            ev_raise(I, &ev_type_TypeError, "a coroutine was expected, got %s", ev_as_str(r)->data);
            ev_decref(I, r);
        }
        return -1;
    }
    /* _asyncio's Task takes a number from the counter even when named */
    ev_value n = aio_task_name(I);
    if (!EV_IS_ERR(n) && name.tag != EV_T_NONE) {
        ev_decref(I, n);
        n = ev_is(name, EV_O_STR) ? ev_dup(name) : ev_to_str(I, name);
    }
    if (EV_IS_ERR(n))
        return -1;
    aio_set(I, task, T_NAME, n);
    ev_decref(I, n);
    aio_set(I, task, T_CORO, coro);
    *aio_slot(task, T_MUST_CANCEL) = EV_FALSE;
    *aio_slot(task, T_NCANCEL) = ev_int(0);
    if (schedule_step(I, task, EV_ERR))
        return -1;
    return aio_loop_register(I, *aio_slot(task, F_LOOP), task);
}

ev_value aio_task_new(ev_interp *I, ev_value loop, ev_value coro, ev_value name)
{
    ev_value t = fut_cnew(I, &ev_type_aio_Task);
    if (EV_IS_ERR(t))
        return t;
    if (task_init(I, t, loop, coro, name)) {
        ev_decref(I, t);
        return EV_ERR;
    }
    return t;
}

static ev_value task_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (!EV_IS_ERR(argv[3]) && argv[3].tag != EV_T_NONE)
        return ev_raise(I, &ev_type_NotImplementedError, "Task(context=...) is not supported by safepy");
    return aio_task_new(I, EV_IS_ERR(argv[1]) ? EV_NONE : argv[1], argv[0], EV_IS_ERR(argv[2]) ? EV_NONE : argv[2]);
}

static ev_value tm_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (!EV_IS_ERR(argv[3]) && argv[3].tag != EV_T_NONE)
        return ev_raise(I, &ev_type_NotImplementedError, "Task(context=...) is not supported by safepy");
    return task_init(I, self, EV_IS_ERR(argv[1]) ? EV_NONE : argv[1], argv[0],
                     EV_IS_ERR(argv[2]) ? EV_NONE : argv[2]) ? EV_ERR : EV_NONE;
}

static int task_cancel(ev_interp *I, ev_value task, ev_value msg)
{
    if (fstate(task) != FS_PENDING)
        return 0;
    *aio_slot(task, T_NCANCEL) = ev_int(aio_slot(task, T_NCANCEL)->u.i + 1);
    ev_value w = ev_dup(*aio_slot(task, T_WAITER));
    if (w.tag != EV_T_NONE) {
        int r = aio_cancel(I, w, msg);
        ev_decref(I, w);
        if (r)
            return r;
    }
    *aio_slot(task, T_MUST_CANCEL) = EV_TRUE;
    aio_set(I, task, F_CANCEL_MSG, msg);
    return 1;
}

static int task_step(ev_interp *I, ev_value task, ev_value exc)
{
    if (fstate(task) != FS_PENDING) {
        ev_value r = ev_repr(I, task), er = EV_IS_ERR(exc) ? ev_str_from_cstr(I, "None") : ev_repr(I, exc);
        if (!EV_IS_ERR(r) && !EV_IS_ERR(er))
            ev_raise(I, &ev_type_aio_InvalidStateError, "_step(): already done: %s, %s", ev_as_str(r)->data,
                     ev_as_str(er)->data);
        ev_decref(I, r);
        ev_decref(I, er);
        ev_decref(I, exc);
        return -1;
    }
    if (aio_slot(task, T_MUST_CANCEL)->u.i) {
        if (!aio_exc_is(exc, &ev_type_aio_CancelledError)) {
            ev_decref(I, exc);
            exc = aio_make_cancelled_error(I, task);
            if (EV_IS_ERR(exc))
                return -1;
        }
        *aio_slot(task, T_MUST_CANCEL) = EV_FALSE;
    }
    ev_value loop = ev_dup(*aio_slot(task, F_LOOP)), coro = ev_dup(*aio_slot(task, T_CORO));
    aio_set(I, task, T_WAITER, EV_NONE);
    ev_value prev = ev_dup(aio_loop_current(loop));
    if (prev.tag != EV_T_NONE) {
        ev_value r1 = ev_repr(I, task), r2 = ev_repr(I, prev);
        if (!EV_IS_ERR(r1) && !EV_IS_ERR(r2))
            ev_raise(I, &ev_type_RuntimeError, "Cannot enter into task %s while another task %s is being executed.",
                     ev_as_str(r1)->data, ev_as_str(r2)->data);
        ev_decref(I, r1);
        ev_decref(I, r2);
        ev_decref(I, prev);
        ev_decref(I, loop);
        ev_decref(I, coro);
        ev_decref(I, exc);
        return -1;
    }
    aio_loop_set_current(I, loop, task);
    ev_value result;
    int r = aio_coro_send(I, coro, EV_NONE, exc, &result);
    aio_loop_set_current(I, loop, EV_NONE);
    int ret = 0;
    if (r == 0) {
        if (aio_slot(task, T_MUST_CANCEL)->u.i) {
            *aio_slot(task, T_MUST_CANCEL) = EV_FALSE;
            ret = aio_future_cancel_base(I, task, *aio_slot(task, F_CANCEL_MSG)) < 0 ? -1 : 0;
        } else {
            ret = fut_set_result(I, task, result);
        }
        ev_decref(I, result);
    } else if (r < 0) {
        ev_value e = aio_take_exc(I);
        if (EV_IS_ERR(e)) {
            ret = -1;
        } else if (aio_exc_is(e, &ev_type_aio_CancelledError)) {
            aio_set(I, task, F_CANCELLED_EXC, e);
            ev_decref(I, e);
            ret = aio_future_cancel_base(I, task, EV_NONE) < 0 ? -1 : 0;
        } else if (aio_exc_is(e, &ev_type_SystemExit) || aio_exc_is(e, &ev_type_KeyboardInterrupt)) {
            ret = aio_future_set_exception_base(I, task, e);
            ev_raise_value(I, e);
            ret = -1;
        } else {
            ret = aio_future_set_exception_base(I, task, e);
            ev_decref(I, e);
        }
    } else if (aio_is_future(result)) {
        /* a Future yielded: _asyncio_future_blocking */
        ev_value rloop = *aio_slot(result, F_LOOP);
        if (rloop.u.o != loop.u.o) {
            ev_value r1 = ev_repr(I, task), r2 = ev_repr(I, result);
            ev_value ne = EV_ERR;
            if (!EV_IS_ERR(r1) && !EV_IS_ERR(r2)) {
                ev_value m = ev_str_from_cstr(I, "");
                ev_decref(I, m);
                ev_raise(I, &ev_type_RuntimeError, "Task %s got Future %s attached to a different loop",
                         ev_as_str(r1)->data, ev_as_str(r2)->data);
                ne = aio_take_exc(I);
            }
            ev_decref(I, r1);
            ev_decref(I, r2);
            ret = EV_IS_ERR(ne) ? -1 : schedule_step(I, task, ne);
        } else if (aio_slot(result, F_BLOCKING)->u.i) {
            if (result.u.o == task.u.o) {
                ev_value r1 = ev_repr(I, task);
                ev_value ne = EV_ERR;
                if (!EV_IS_ERR(r1)) {
                    ev_raise(I, &ev_type_RuntimeError, "Task cannot await on itself: %s", ev_as_str(r1)->data);
                    ne = aio_take_exc(I);
                }
                ev_decref(I, r1);
                ret = EV_IS_ERR(ne) ? -1 : schedule_step(I, task, ne);
            } else {
                *aio_slot(result, F_BLOCKING) = EV_FALSE;
                ev_value cb = ev_builtin_new(I, &task_wakeup_def, task);
                if (EV_IS_ERR(cb) || aio_add_done_callback(I, result, cb)) {
                    ret = -1;
                } else {
                    aio_set(I, task, T_WAITER, result);
                    if (aio_slot(task, T_MUST_CANCEL)->u.i) {
                        int c = aio_cancel(I, result, *aio_slot(task, F_CANCEL_MSG));
                        if (c < 0)
                            ret = -1;
                        else if (c)
                            *aio_slot(task, T_MUST_CANCEL) = EV_FALSE;
                    }
                }
                ev_decref(I, cb);
            }
        } else {
            ev_value r1 = ev_repr(I, task), r2 = ev_repr(I, result);
            ev_value ne = EV_ERR;
            if (!EV_IS_ERR(r1) && !EV_IS_ERR(r2)) {
                ev_raise(I, &ev_type_RuntimeError, "yield was used instead of yield from in task %s with %s",
                         ev_as_str(r1)->data, ev_as_str(r2)->data);
                ne = aio_take_exc(I);
            }
            ev_decref(I, r1);
            ev_decref(I, r2);
            ret = EV_IS_ERR(ne) ? -1 : schedule_step(I, task, ne);
        }
        ev_decref(I, result);
    } else if (result.tag == EV_T_NONE) {
        ret = schedule_step(I, task, EV_ERR);
    } else {
        ev_value r2 = ev_repr(I, result);
        ev_value ne = EV_ERR;
        if (!EV_IS_ERR(r2)) {
            if (ev_is_plain_gen(result))
                ev_raise(I, &ev_type_RuntimeError, "yield was used instead of yield from for generator in task %s with %s",
                         "?", ev_as_str(r2)->data);
            else
                ev_raise(I, &ev_type_RuntimeError, "Task got bad yield: %s", ev_as_str(r2)->data);
            ne = aio_take_exc(I);
        }
        ev_decref(I, r2);
        ev_decref(I, result);
        ret = EV_IS_ERR(ne) ? -1 : schedule_step(I, task, ne);
    }
    if (fstate(task) != FS_PENDING)
        aio_loop_unregister(I, loop, task);
    ev_decref(I, loop);
    ev_decref(I, coro);
    return ret;
}

static ev_value task_step_cb(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value exc = argc > 0 && argv[0].tag != EV_T_NONE ? ev_dup(argv[0]) : EV_ERR;
    return task_step(I, self, exc) ? EV_ERR : EV_NONE;
}

static ev_value task_wakeup_cb(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value fut = argv[0];
    if (exact(fut) && fstate(fut) == FS_FINISHED && aio_slot(fut, F_EXC)->tag == EV_T_NONE)
        return task_step(I, self, EV_ERR) ? EV_ERR : EV_NONE;
    ev_value r = aio_result(I, fut);
    if (!EV_IS_ERR(r)) {
        ev_decref(I, r);
        return task_step(I, self, EV_ERR) ? EV_ERR : EV_NONE;
    }
    ev_value e = aio_take_exc(I);
    if (EV_IS_ERR(e))
        return e;
    return task_step(I, self, e) ? EV_ERR : EV_NONE;
}

static ev_value tm_cancel(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int r = task_cancel(I, self, EV_IS_ERR(argv[0]) ? EV_NONE : argv[0]);
    return r < 0 ? EV_ERR : ev_bool(r);
}

static ev_value tm_cancelling(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_dup(*aio_slot(self, T_NCANCEL));
}

static ev_value tm_uncancel(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int64_t n = aio_slot(self, T_NCANCEL)->u.i;
    if (n > 0)
        *aio_slot(self, T_NCANCEL) = ev_int(--n);
    return ev_int(n);
}

static ev_value tm_get_coro(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_dup(*aio_slot(self, T_CORO));
}

static ev_value tm_get_name(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_dup(*aio_slot(self, T_NAME));
}

static ev_value tm_set_name(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value n = ev_is(argv[0], EV_O_STR) ? ev_dup(argv[0]) : ev_to_str(I, argv[0]);
    if (EV_IS_ERR(n))
        return n;
    aio_set(I, self, T_NAME, n);
    ev_decref(I, n);
    return EV_NONE;
}

static ev_value tm_set_result(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_raise(I, &ev_type_RuntimeError, "Task does not support set_result operation");
}

static ev_value tm_set_exception(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_raise(I, &ev_type_RuntimeError, "Task does not support set_exception operation");
}

static ev_value tm_get_stack(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_raise(I, &ev_type_NotImplementedError, "Task.get_stack() is not supported by safepy");
}

static ev_value tm_print_stack(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_raise(I, &ev_type_NotImplementedError, "Task.print_stack() is not supported by safepy");
}

static ev_value tm_get_context(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_raise(I, &ev_type_NotImplementedError, "Task.get_context() is not supported by safepy");
}

/* coroutines._format_coroutine */
static int append_coro(ev_interp *I, ev_buf *b, ev_value coro)
{
    if (ev_is(coro, EV_O_GEN)) {
        ev_gen *g = (ev_gen *)coro.u.o;
        const ev_funcdef *d = g->func->def;
        const char *file = d->prog && d->prog->filename ? d->prog->filename : "<unknown>";
        if (g->state == GEN_DONE)
            return ev_buf_printf(I, b, " coro=<%s() done, defined at %s:%u>", ev_funcdef_qualname(d), file, d->line);
        uint32_t line = d->line;
        if (g->state != GEN_CREATED && g->body && ((frame *)g->body)->f.cur)
            line = ((frame *)g->body)->f.cur->line;
        return ev_buf_printf(I, b, " coro=<%s() running at %s:%u>", ev_funcdef_qualname(d), file, line);
    }
    if (aio_is_instance(coro, &ev_type_aio_ccoro)) {
        bool done = aio_slot(coro, C_STATE)->u.i == CS_DONE;
        return ev_buf_printf(I, b, " coro=<%s() %s>", ev_as_str(*aio_slot(coro, C_NAME))->data,
                             done ? "done" : "running");
    }
    return append_repr(I, b, " coro=", coro);
}

static ev_value tm_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (ev_recursion_enter(I, " while getting the repr of an object"))
        return EV_ERR;
    ev_buf b = {0};
    const char *st[] = {"pending", "cancelled", "finished"};
    const char *state = st[fstate(self)];
    if (fstate(self) == FS_PENDING && aio_slot(self, T_NCANCEL)->u.i)
        state = "cancelling";
    int e = ev_buf_printf(I, &b, "<%s %s", ev_type_of(self)->name, state);
    if (e == 0)
        e = append_repr(I, &b, " name=", *aio_slot(self, T_NAME));
    if (e == 0)
        e = append_coro(I, &b, *aio_slot(self, T_CORO));
    if (e == 0)
        e = append_info(I, &b, self);
    if (e == 0 && aio_slot(self, T_WAITER)->tag != EV_T_NONE)
        e = append_repr(I, &b, " wait_for=", *aio_slot(self, T_WAITER));
    if (e == 0)
        e = ev_buf_printf(I, &b, ">");
    ev_recursion_leave(I);
    if (e) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

static const ev_builtin_def task_methods[] = {
    {"__init__", tm_init, 1, 1, 0, "coro, *, loop, name, context"},
    FUTURE_METHODS_COMMON,
    {"set_result", tm_set_result, 1, 1, 0, "result, /"},
    {"set_exception", tm_set_exception, 1, 1, 0, "exception, /"},
    {"cancel", tm_cancel, 0, 1, 0, "msg"},
    {"cancelling", tm_cancelling, 0, 0, 0},
    {"uncancel", tm_uncancel, 0, 0, 0},
    {"get_coro", tm_get_coro, 0, 0, 0},
    {"get_name", tm_get_name, 0, 0, 0},
    {"set_name", tm_set_name, 1, 1, 0, "value, /"},
    {"get_stack", tm_get_stack, 0, -1, EV_BF_KWANY},
    {"print_stack", tm_print_stack, 0, -1, EV_BF_KWANY},
    {"get_context", tm_get_context, 0, 0, 0},
    {"__repr__", tm_repr, 0, 0, EV_BF_SLOT},
    {NULL, NULL, 0, 0, 0},
};

ev_type ev_type_aio_Task = {STATIC_TYPE, .name = "Task", .module = "_asyncio", .base = &ev_type_aio_Future,
                            .call = task_new, .methods = task_methods, .type_methods = aio_generic_type_methods, .min_args = 1, .max_args = 1,
                            .params = "coro, *, loop, name, context", .tflags = EV_TYPE_CSLOTS, .cnew = fut_cnew};

/* ---- _GatheringFuture --------------------------------------------------------------------------- */

static int gathering_cancel(ev_interp *I, ev_value g, ev_value msg)
{
    if (fstate(g) != FS_PENDING)
        return 0;
    ev_value ch = ev_dup(*aio_slot(g, G_CHILDREN));
    int ret = 0;
    for (size_t i = 0; ev_is(ch, EV_O_LIST) && i < ev_as_list(ch)->len; i++) {
        int c = aio_cancel(I, ev_as_list(ch)->items[i], msg);
        if (c < 0) {
            ev_decref(I, ch);
            return -1;
        }
        if (c)
            ret = 1;
    }
    ev_decref(I, ch);
    if (ret)
        *aio_slot(g, G_CANCEL_REQ) = EV_TRUE;
    return ret;
}

static ev_value gm_cancel(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int r = gathering_cancel(I, self, EV_IS_ERR(argv[0]) ? EV_NONE : argv[0]);
    return r < 0 ? EV_ERR : ev_bool(r);
}

static const ev_builtin_def gathering_methods[] = {
    {"cancel", gm_cancel, 0, 1, 0, "msg"},
    {NULL, NULL, 0, 0, 0},
};

static ev_value gathering_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_raise(I, &ev_type_NotImplementedError, "asyncio.tasks._GatheringFuture() is not supported by safepy");
}

ev_type ev_type_aio_Gathering = {STATIC_TYPE, .name = "_GatheringFuture", .module = "asyncio.tasks",
                                 .base = &ev_type_aio_Future, .call = gathering_new, .max_args = -1,
                                 .kwflags = EV_BF_KWANY, .methods = gathering_methods,
                                 .tflags = EV_TYPE_CSLOTS | EV_TYPE_FINAL, .cnew = fut_cnew};

/* ---- ensure_future --------------------------------------------------------------------------------- */

ev_value aio_ensure_future(ev_interp *I, ev_value v, ev_value loop)
{
    if (aio_is_future(v)) {
        if (loop.tag != EV_T_NONE && aio_slot(v, F_LOOP)->u.o != loop.u.o)
            return ev_raise(I, &ev_type_ValueError, "The future belongs to a different loop than the one specified as the loop argument");
        return ev_dup(v);
    }
    if (!aio_is_coroutine(I, v)) {
        ev_str *n = ev_intern(I, "__await__", 9);
        ev_value aw = n ? ev_getattr(I, v, n) : EV_ERR;
        if (EV_IS_ERR(aw)) {
            if (I->limit)
                return EV_ERR;
            ev_decref(I, aio_take_exc(I));
            return ev_raise(I, &ev_type_TypeError, "An asyncio.Future, a coroutine or an awaitable is required");
        }
        ev_decref(I, aw);
        return ev_raise(I, &ev_type_NotImplementedError,
                        "ensure_future() of an awaitable that is not a coroutine or a Future is not supported by safepy");
    }
    if (loop.tag == EV_T_NONE) {
        loop = aio_default_loop(I);
        if (EV_IS_ERR(loop))
            return loop;
    } else {
        ev_dup(loop);
    }
    ev_value t = aio_task_new(I, loop, v, EV_NONE);
    ev_decref(I, loop);
    return t;
}
