/*
 * asyncio.c - the asyncio module, CPython 3.11 behaviour, as a
 * single-threaded event loop with no I/O: the module, the event loop
 * (Lib/asyncio/base_events.py's BaseEventLoop, type _UnixSelectorEventLoop),
 * its Handle and TimerHandle (events.py), asyncio.run and the Runner it
 * uses (runners.py), and the module's functions that are about loops.
 *
 * The loop is CPython's: a FIFO of ready handles and a heap of timers,
 * _run_once runs exactly the handles ready when it starts, so tasks and
 * callbacks run and print in CPython's order.  Time is real: when nothing
 * is ready the loop sleeps until the earliest timer, in slices that check
 * the time limit (a sleep past the limit ends with the limit).  A loop with
 * nothing ready and nothing scheduled would wait forever in CPython; it
 * waits here until the time limit too.
 *
 * Sockets, subprocesses, threads, signals and executors do not exist: the
 * functions and loop methods about them raise NotImplementedError naming
 * them.
 */
#include <math.h>
#include <string.h>
#include <time.h>

#include "evaluator/gen.h"
#include "evaluator/node.h"
#include "evaluator/modules/asyncio_int.h"

/* ---- helpers ------------------------------------------------------------------------------- */

ev_value aio_attr(ev_interp *I, ev_value obj, const char *name)
{
    ev_str *n = ev_intern(I, name, strlen(name));
    return n ? ev_getattr(I, obj, n) : ev_raise_nomem(I);
}

ev_value aio_call_method(ev_interp *I, ev_value obj, const char *name, int argc, const ev_value *argv)
{
    ev_value fn = aio_attr(I, obj, name);
    if (EV_IS_ERR(fn))
        return fn;
    ev_value r = ev_call(I, fn, argc, argv, 0, NULL, NULL);
    ev_decref(I, fn);
    return r;
}

ev_value aio_exc(ev_interp *I, ev_type *t, int argc, const ev_value *argv)
{
    ev_value args = ev_tuple_new(I, (size_t)argc);
    if (EV_IS_ERR(args))
        return args;
    for (int i = 0; i < argc; i++)
        ev_as_tuple(args)->items[i] = ev_dup(argv[i]);
    return ev_exc_new(I, t, args);
}

ev_value aio_raise_msg(ev_interp *I, ev_type *t, ev_value msg)
{
    ev_value e = aio_exc(I, t, msg.tag == EV_T_NONE ? 0 : 1, &msg);
    return EV_IS_ERR(e) ? e : ev_raise_value(I, e);
}

ev_value aio_take_exc(ev_interp *I)
{
    if (I->limit)
        return EV_ERR;
    ev_value e = I->exc;
    I->exc = EV_NONE;
    return e;
}

bool aio_exc_is(ev_value e, ev_type *t)
{
    return ev_is(e, EV_O_EXC) && ev_type_is_subclass(((ev_exc *)e.u.o)->type, t);
}

bool aio_is_instance(ev_value v, const ev_type *t)
{
    return v.tag == EV_T_OBJ && v.u.o->kind == EV_O_INSTANCE &&
           ev_type_is_subclass(((ev_instance *)v.u.o)->type, t);
}

double aio_time(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static ev_value not_implemented(ev_interp *I, const char *what)
{
    return ev_raise(I, &ev_type_NotImplementedError,
                    "%s is not supported by safepy (asyncio runs one thread with no I/O: no "
                    "sockets, subprocesses, threads, signals or executors)", what);
}

/* ---- module state ----------------------------------------------------------------------------- */

/* The module's state, out of the program's reach under an int key of its
 * namespace (as random's): the running loop, the loop set_event_loop set,
 * and the counter of task names, which CPython keeps for the process. */
enum { S_RUNNING, S_EVENT_LOOP, S_COUNTER, S_SET_CALLED, S_NSLOTS };
static ev_type state_type = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC},
                             .name = "_asyncio_state", .tflags = EV_TYPE_CSLOTS};
#define STATE_KEY ev_int(0)

static ev_value state_of(ev_interp *I)
{
    ev_str *name = ev_intern(I, "asyncio", 7);
    if (!name)
        return EV_NONE;
    ev_value *m = ev_dict_lookup_str(I->modules, name);
    if (!m || !ev_is(*m, EV_O_MODULE))
        return EV_NONE;
    ev_value st = EV_NONE;
    if (ev_dict_get(I, ((ev_module *)m->u.o)->ns, STATE_KEY, &st) <= 0)
        return EV_NONE;
    ev_decref(I, st); /* the namespace keeps it alive */
    return aio_is_instance(st, &state_type) ? st : EV_NONE;
}

ev_value aio_running_loop(ev_interp *I)
{
    ev_value st = state_of(I);
    return st.tag == EV_T_NONE ? EV_NONE : *aio_slot(st, S_RUNNING);
}

ev_value aio_get_running_loop(ev_interp *I)
{
    ev_value l = aio_running_loop(I);
    if (l.tag == EV_T_NONE)
        return ev_raise(I, &ev_type_RuntimeError, "no running event loop");
    return l;
}

ev_value aio_task_name(ev_interp *I)
{
    ev_value st = state_of(I);
    int64_t n = 1;
    if (st.tag != EV_T_NONE) {
        n = aio_slot(st, S_COUNTER)->u.i + 1;
        *aio_slot(st, S_COUNTER) = ev_int(n);
    }
    char buf[32];
    snprintf(buf, sizeof buf, "Task-%lld", (long long)n);
    return ev_str_from_cstr(I, buf);
}

/* ---- Handle and TimerHandle ------------------------------------------------------------------ */

enum { H_CB, H_ARGS, H_CANCELLED, H_WHEN, H_SCHEDULED, H_LOOP, H_NSLOTS };

static ev_value handle_new(ev_interp *I, ev_type *t, ev_value loop, ev_value cb, int argc, const ev_value *argv)
{
    ev_value h = ev_cinstance_new(I, t, H_NSLOTS);
    if (EV_IS_ERR(h))
        return h;
    ev_value args = ev_tuple_new(I, (size_t)argc);
    if (EV_IS_ERR(args)) {
        ev_decref(I, h);
        return args;
    }
    for (int i = 0; i < argc; i++)
        ev_as_tuple(args)->items[i] = ev_dup(argv[i]);
    *aio_slot(h, H_ARGS) = args;
    aio_set(I, h, H_CB, cb);
    aio_set(I, h, H_LOOP, loop);
    *aio_slot(h, H_CANCELLED) = EV_FALSE;
    *aio_slot(h, H_SCHEDULED) = EV_FALSE;
    return h;
}

int aio_handle_cancel(ev_interp *I, ev_value h)
{
    (void)I;
    if (aio_slot(h, H_CANCELLED)->u.i)
        return 0;
    *aio_slot(h, H_CANCELLED) = EV_TRUE;
    aio_set(I, h, H_CB, EV_NONE);
    ev_value args = ev_tuple_new(I, 0);
    if (EV_IS_ERR(args))
        return -1;
    ev_value old = *aio_slot(h, H_ARGS);
    *aio_slot(h, H_ARGS) = args;
    ev_decref(I, old);
    return 0;
}

static ev_value hm_cancel(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return aio_handle_cancel(I, self) ? EV_ERR : EV_NONE;
}

static ev_value hm_cancelled(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_dup(*aio_slot(self, H_CANCELLED));
}

static ev_value hm_when(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_dup(*aio_slot(self, H_WHEN));
}

static ev_value hm_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_buf b = {0};
    bool timer = ev_type_of(self) == &ev_type_aio_TimerHandle;
    int e = ev_buf_printf(I, &b, "<%s", timer ? "TimerHandle" : "Handle");
    if (e == 0 && aio_slot(self, H_CANCELLED)->u.i)
        e = ev_buf_printf(I, &b, " cancelled");
    if (e == 0 && timer)
        e = ev_buf_printf(I, &b, " when=%.17g", aio_slot(self, H_WHEN)->u.f);
    ev_value cb = *aio_slot(self, H_CB);
    if (e == 0 && cb.tag != EV_T_NONE) {
        ev_value n = aio_attr(I, cb, "__qualname__");
        if (EV_IS_ERR(n)) {
            ev_decref(I, aio_take_exc(I));
            n = ev_repr(I, cb);
        }
        if (EV_IS_ERR(n)) {
            ev_buf_free(I, &b);
            return n;
        }
        e = ev_buf_printf(I, &b, " %s()", ev_is(n, EV_O_STR) ? ev_as_str(n)->data : "?");
        ev_decref(I, n);
    }
    if (e == 0)
        e = ev_buf_printf(I, &b, ">");
    if (e) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

static const ev_builtin_def handle_methods[] = {
    {"cancel", hm_cancel, 0, 0, 0},
    {"cancelled", hm_cancelled, 0, 0, 0},
    {"__repr__", hm_repr, 0, 0, EV_BF_SLOT},
    {NULL, NULL, 0, 0, 0},
};
static const ev_builtin_def timerhandle_methods[] = {
    {"when", hm_when, 0, 0, 0},
    {NULL, NULL, 0, 0, 0},
};

static ev_value no_direct(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_raise(I, &ev_type_NotImplementedError,
                    "asyncio.%s() called directly is not supported by safepy: use the loop's "
                    "call_soon/call_later/call_at", ((ev_type *)self.u.o)->name);
}

ev_type ev_type_aio_Handle = {STATIC_TYPE, .name = "Handle", .module = "asyncio.events", .call = no_direct,
                              .max_args = -1, .kwflags = EV_BF_KWANY, .methods = handle_methods,
                              .tflags = EV_TYPE_CSLOTS | EV_TYPE_FINAL};
ev_type ev_type_aio_TimerHandle = {STATIC_TYPE, .name = "TimerHandle", .module = "asyncio.events",
                                   .base = &ev_type_aio_Handle, .call = no_direct, .max_args = -1,
                                   .kwflags = EV_BF_KWANY, .methods = timerhandle_methods,
                                   .tflags = EV_TYPE_CSLOTS | EV_TYPE_FINAL};

/* ---- the loop ------------------------------------------------------------------------------- */

/* ready: a list whose items from head on are the FIFO (collections.deque
 * in CPython); scheduled: a heap of TimerHandles by when, with heapq's
 * algorithm so that equal times come out as in CPython */
enum { L_READY, L_HEAD, L_SCHED, L_STOPPING, L_CLOSED, L_RUNNING, L_CURRENT, L_TASKS, L_DEBUG, L_NSLOTS };

static bool loop_flag(ev_value loop, int i)
{
    return aio_slot(loop, i)->u.i != 0;
}

static int check_closed(ev_interp *I, ev_value loop)
{
    if (loop_flag(loop, L_CLOSED)) {
        ev_raise(I, &ev_type_RuntimeError, "Event loop is closed");
        return -1;
    }
    return 0;
}

ev_value aio_loop_current(ev_value loop)
{
    return *aio_slot(loop, L_CURRENT);
}

void aio_loop_set_current(ev_interp *I, ev_value loop, ev_value task)
{
    aio_set(I, loop, L_CURRENT, task);
}

int aio_loop_register(ev_interp *I, ev_value loop, ev_value task)
{
    return ev_list_append(I, ev_as_list(*aio_slot(loop, L_TASKS)), task);
}

void aio_loop_unregister(ev_interp *I, ev_value loop, ev_value task)
{
    ev_list *l = ev_as_list(*aio_slot(loop, L_TASKS));
    for (size_t i = 0; i < l->len; i++) {
        if (l->items[i].u.o == task.u.o) {
            ev_value v = l->items[i];
            memmove(&l->items[i], &l->items[i + 1], (l->len - i - 1) * sizeof *l->items);
            ev_list_set_len(l, l->len - 1);
            ev_decref(I, v);
            return;
        }
    }
}

static ev_value loop_cnew(ev_interp *I, ev_type *t)
{
    ev_value loop = ev_cinstance_new(I, t, L_NSLOTS);
    if (EV_IS_ERR(loop))
        return loop;
    ev_value a = ev_list_new(I, 0), b = ev_list_new(I, 0), c = ev_list_new(I, 0);
    *aio_slot(loop, L_READY) = a;
    *aio_slot(loop, L_SCHED) = b;
    *aio_slot(loop, L_TASKS) = c;
    if (EV_IS_ERR(a) || EV_IS_ERR(b) || EV_IS_ERR(c)) {
        for (int i = 0; i < L_NSLOTS; i++)
            if (EV_IS_ERR(*aio_slot(loop, i)))
                *aio_slot(loop, i) = EV_NONE;
        ev_decref(I, loop);
        return EV_ERR;
    }
    *aio_slot(loop, L_HEAD) = ev_int(0);
    *aio_slot(loop, L_STOPPING) = EV_FALSE;
    *aio_slot(loop, L_CLOSED) = EV_FALSE;
    *aio_slot(loop, L_RUNNING) = EV_FALSE;
    *aio_slot(loop, L_DEBUG) = EV_FALSE;
    return loop;
}

static ev_value loop_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return loop_cnew(I, &ev_type_aio_Loop);
}

ev_value aio_call_soon(ev_interp *I, ev_value loop, ev_value cb, int argc, const ev_value *argv)
{
    if (check_closed(I, loop))
        return EV_ERR;
    ev_value h = handle_new(I, &ev_type_aio_Handle, loop, cb, argc, argv);
    if (EV_IS_ERR(h))
        return h;
    if (ev_list_append(I, ev_as_list(*aio_slot(loop, L_READY)), h)) {
        ev_decref(I, h);
        return EV_ERR;
    }
    return h;
}

static double when_of(ev_value h)
{
    return aio_slot(h, H_WHEN)->u.f;
}

/* heapq.heappush / heappop on the scheduled list, comparing TimerHandle.when
 * (TimerHandle.__lt__) */
static int heap_push(ev_interp *I, ev_list *heap, ev_value item)
{
    if (ev_list_append(I, heap, item))
        return -1;
    size_t pos = heap->len - 1;
    while (pos > 0) {
        size_t parent = (pos - 1) >> 1;
        if (!(when_of(heap->items[pos]) < when_of(heap->items[parent])))
            break;
        ev_value t = heap->items[parent];
        heap->items[parent] = heap->items[pos];
        heap->items[pos] = t;
        pos = parent;
    }
    return 0;
}

static ev_value heap_pop(ev_list *heap)
{
    ev_value last = heap->items[heap->len - 1];
    ev_list_set_len(heap, heap->len - 1);
    if (heap->len == 0)
        return last;
    ev_value ret = heap->items[0];
    heap->items[0] = last;
    size_t end = heap->len, pos = 0, start = 0;
    size_t child = 2 * pos + 1;
    while (child < end) {
        size_t right = child + 1;
        if (right < end && !(when_of(heap->items[child]) < when_of(heap->items[right])))
            child = right;
        heap->items[pos] = heap->items[child];
        pos = child;
        child = 2 * pos + 1;
    }
    heap->items[pos] = last;
    while (pos > start) {
        size_t parent = (pos - 1) >> 1;
        if (!(when_of(heap->items[pos]) < when_of(heap->items[parent])))
            break;
        ev_value t = heap->items[parent];
        heap->items[parent] = heap->items[pos];
        heap->items[pos] = t;
        pos = parent;
    }
    return ret;
}

ev_value aio_call_at(ev_interp *I, ev_value loop, double when, ev_value cb, int argc, const ev_value *argv)
{
    if (check_closed(I, loop))
        return EV_ERR;
    ev_value h = handle_new(I, &ev_type_aio_TimerHandle, loop, cb, argc, argv);
    if (EV_IS_ERR(h))
        return h;
    *aio_slot(h, H_WHEN) = ev_float(when);
    if (heap_push(I, ev_as_list(*aio_slot(loop, L_SCHED)), h)) {
        ev_decref(I, h);
        return EV_ERR;
    }
    *aio_slot(h, H_SCHEDULED) = EV_TRUE;
    return h;
}

static int to_seconds(ev_interp *I, ev_value v, double *out)
{
    if (ev_num_to_double(I, v, out))
        return -1;
    return 0;
}

ev_value aio_call_later(ev_interp *I, ev_value loop, ev_value delay, ev_value cb, int argc, const ev_value *argv)
{
    if (delay.tag == EV_T_NONE)
        return ev_raise(I, &ev_type_TypeError, "delay must not be None");
    double d;
    if (to_seconds(I, delay, &d))
        return EV_ERR;
    return aio_call_at(I, loop, aio_time() + d, cb, argc, argv);
}

/* Sleep until the monotonic time `until` (or forever), in slices that
 * check the limits: the time limit ends a wait CPython would finish. */
static int loop_wait(ev_interp *I, double until, bool forever)
{
    for (;;) {
        if (ev_check_limits_slow(I))
            return -1;
        double left = forever ? 0.01 : until - aio_time();
        if (left <= 0)
            return 0;
        if (left > 0.01)
            left = 0.01;
        struct timespec ts = {0, (long)(left * 1e9)};
        nanosleep(&ts, NULL);
    }
}

/* a handle's callback raised: CPython's default exception handler logs
 * "Exception in callback ..." with the traceback on stderr */
static void report_callback_error(ev_interp *I, const char *head, ev_value exc)
{
    char *text = ev_render_exception(I, exc);
    size_t hl = strlen(head), tl = text ? strlen(text) : 0;
    char *nb = realloc(I->fin_err, I->fin_err_len + hl + tl + 1);
    if (nb) {
        memcpy(nb + I->fin_err_len, head, hl);
        if (text)
            memcpy(nb + I->fin_err_len + hl, text, tl);
        I->fin_err_len += hl + tl;
        nb[I->fin_err_len] = '\0';
        I->fin_err = nb;
    }
    free(text);
}

/* Handle._run: -1 only for what must leave the loop (a limit, SystemExit,
 * KeyboardInterrupt) */
static int handle_run(ev_interp *I, ev_value h)
{
    ev_value cb = ev_dup(*aio_slot(h, H_CB)), args = ev_dup(*aio_slot(h, H_ARGS));
    ev_tuple *t = ev_as_tuple(args);
    ev_value r = ev_call(I, cb, (int)t->len, t->items, 0, NULL, NULL);
    ev_decref(I, cb);
    ev_decref(I, args);
    if (!EV_IS_ERR(r)) {
        ev_decref(I, r);
        return 0;
    }
    if (I->limit || aio_exc_is(I->exc, &ev_type_SystemExit) || aio_exc_is(I->exc, &ev_type_KeyboardInterrupt))
        return -1;
    ev_value e = aio_take_exc(I);
    report_callback_error(I, "Exception in callback\n", e);
    ev_decref(I, e);
    return 0;
}

/* BaseEventLoop._run_once */
static int run_once(ev_interp *I, ev_value loop)
{
    ev_list *sched = ev_as_list(*aio_slot(loop, L_SCHED));
    while (sched->len && aio_slot(sched->items[0], H_CANCELLED)->u.i) {
        ev_value h = heap_pop(sched);
        *aio_slot(h, H_SCHEDULED) = EV_FALSE;
        ev_decref(I, h);
    }
    ev_list *ready = ev_as_list(*aio_slot(loop, L_READY));
    size_t head = (size_t)aio_slot(loop, L_HEAD)->u.i;
    if (ready->len > head || loop_flag(loop, L_STOPPING)) {
        if (ev_check_limits_slow(I))
            return -1;
    } else if (sched->len) {
        if (loop_wait(I, when_of(sched->items[0]), false))
            return -1;
    } else {
        /* nothing can ever happen: CPython blocks in select() forever */
        if (loop_wait(I, 0, true))
            return -1;
    }
    double end = aio_time() + 1e-9;
    sched = ev_as_list(*aio_slot(loop, L_SCHED));
    while (sched->len) {
        if (when_of(sched->items[0]) >= end)
            break;
        ev_value h = heap_pop(sched);
        *aio_slot(h, H_SCHEDULED) = EV_FALSE;
        int e = ev_list_append(I, ev_as_list(*aio_slot(loop, L_READY)), h);
        ev_decref(I, h);
        if (e)
            return -1;
    }
    ready = ev_as_list(*aio_slot(loop, L_READY));
    head = (size_t)aio_slot(loop, L_HEAD)->u.i;
    size_t ntodo = ready->len - head;
    for (size_t i = 0; i < ntodo; i++) {
        ready = ev_as_list(*aio_slot(loop, L_READY));
        head = (size_t)aio_slot(loop, L_HEAD)->u.i;
        if (head >= ready->len)
            break;
        ev_value h = ready->items[head];
        ready->items[head] = EV_NONE;
        head++;
        if (head == ready->len) {
            for (size_t k = 0; k < head; k++)
                ev_decref(I, ready->items[k]);
            ev_list_set_len(ready, 0);
            head = 0;
        }
        *aio_slot(loop, L_HEAD) = ev_int((int64_t)head);
        int r = aio_slot(h, H_CANCELLED)->u.i ? 0 : handle_run(I, h);
        ev_decref(I, h);
        if (r)
            return -1;
    }
    return 0;
}

static int check_running(ev_interp *I, ev_value loop)
{
    if (loop_flag(loop, L_RUNNING)) {
        ev_raise(I, &ev_type_RuntimeError, "This event loop is already running");
        return -1;
    }
    if (aio_running_loop(I).tag != EV_T_NONE) {
        ev_raise(I, &ev_type_RuntimeError, "Cannot run the event loop while another loop is running");
        return -1;
    }
    return 0;
}

static int run_forever(ev_interp *I, ev_value loop)
{
    if (check_closed(I, loop) || check_running(I, loop))
        return -1;
    ev_value st = state_of(I);
    if (st.tag == EV_T_NONE) {
        ev_raise(I, &ev_type_RuntimeError, "asyncio: module state is missing");
        return -1;
    }
    *aio_slot(loop, L_RUNNING) = EV_TRUE;
    aio_set(I, st, S_RUNNING, loop);
    int r = 0;
    for (;;) {
        r = run_once(I, loop);
        if (r || loop_flag(loop, L_STOPPING))
            break;
    }
    *aio_slot(loop, L_STOPPING) = EV_FALSE;
    *aio_slot(loop, L_RUNNING) = EV_FALSE;
    aio_set(I, st, S_RUNNING, EV_NONE);
    return r;
}

static ev_value run_until_complete_cb(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value fut = argv[0];
    int c = aio_cancelled(I, fut);
    if (c < 0)
        return EV_ERR;
    if (!c) {
        ev_value e = aio_exception(I, fut);
        if (EV_IS_ERR(e))
            return e;
        bool sysexit = aio_exc_is(e, &ev_type_SystemExit) || aio_exc_is(e, &ev_type_KeyboardInterrupt);
        ev_decref(I, e);
        if (sysexit)
            return EV_NONE;
    }
    ev_value loop = aio_future_loop(I, fut);
    if (EV_IS_ERR(loop))
        return loop;
    if (aio_is_instance(loop, &ev_type_aio_Loop))
        *aio_slot(loop, L_STOPPING) = EV_TRUE;
    ev_decref(I, loop);
    return EV_NONE;
}
static const ev_builtin_def run_until_complete_cb_def = {"_run_until_complete_cb", run_until_complete_cb, 1, 1, 0};

static ev_value run_until_complete(ev_interp *I, ev_value loop, ev_value future)
{
    if (check_closed(I, loop) || check_running(I, loop))
        return EV_ERR;
    ev_value fut = aio_ensure_future(I, future, loop);
    if (EV_IS_ERR(fut))
        return fut;
    ev_value cb = ev_builtin_new(I, &run_until_complete_cb_def, EV_NONE);
    if (EV_IS_ERR(cb) || aio_add_done_callback(I, fut, cb)) {
        ev_decref(I, cb);
        ev_decref(I, fut);
        return EV_ERR;
    }
    int r = run_forever(I, loop);
    if (r && I->limit) {
        ev_decref(I, cb);
        ev_decref(I, fut);
        return EV_ERR;
    }
    ev_value pending = r ? aio_take_exc(I) : EV_NONE;
    int rm = aio_remove_done_callback(I, fut, cb);
    ev_decref(I, cb);
    if (r) {
        ev_decref(I, fut);
        if (rm < 0)
            ev_decref(I, aio_take_exc(I));
        return ev_raise_value(I, pending);
    }
    if (rm < 0) {
        ev_decref(I, fut);
        return EV_ERR;
    }
    int d = aio_done(I, fut);
    if (d <= 0) {
        ev_decref(I, fut);
        return d < 0 ? EV_ERR : ev_raise(I, &ev_type_RuntimeError, "Event loop stopped before Future completed.");
    }
    ev_value res = aio_result(I, fut);
    ev_decref(I, fut);
    return res;
}

/* ---- loop methods ---- */

static ev_value lm_call_soon(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return aio_call_soon(I, self, argv[0], argc - 1, argv + 1);
}

static ev_value lm_call_later(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return aio_call_later(I, self, argv[0], argv[1], argc - 2, argv + 2);
}

static ev_value lm_call_at(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argv[0].tag == EV_T_NONE)
        return ev_raise(I, &ev_type_TypeError, "when cannot be None");
    double w;
    if (to_seconds(I, argv[0], &w))
        return EV_ERR;
    return aio_call_at(I, self, w, argv[1], argc - 2, argv + 2);
}

static ev_value lm_time(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_float(aio_time());
}

static ev_value lm_create_future(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return aio_future_new(I, self);
}

static ev_value lm_create_task(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (check_closed(I, self))
        return EV_ERR;
    ev_value name = EV_IS_ERR(argv[1]) ? EV_NONE : argv[1];
    if (!EV_IS_ERR(argv[2]) && argv[2].tag != EV_T_NONE)
        return not_implemented(I, "create_task(context=...)");
    return aio_task_new(I, self, argv[0], name);
}

static ev_value lm_run_until_complete(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return run_until_complete(I, self, argv[0]);
}

static ev_value lm_run_forever(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return run_forever(I, self) ? EV_ERR : EV_NONE;
}

static ev_value lm_stop(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    *aio_slot(self, L_STOPPING) = EV_TRUE;
    return EV_NONE;
}

static ev_value lm_close(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (loop_flag(self, L_RUNNING))
        return ev_raise(I, &ev_type_RuntimeError, "Cannot close a running event loop");
    if (loop_flag(self, L_CLOSED))
        return EV_NONE;
    *aio_slot(self, L_CLOSED) = EV_TRUE;
    ev_list *ready = ev_as_list(*aio_slot(self, L_READY));
    ev_list *sched = ev_as_list(*aio_slot(self, L_SCHED));
    while (ready->len) {
        ev_value v = ready->items[ready->len - 1];
        ev_list_set_len(ready, ready->len - 1);
        ev_decref(I, v);
    }
    *aio_slot(self, L_HEAD) = ev_int(0);
    while (sched->len) {
        ev_value v = sched->items[sched->len - 1];
        ev_list_set_len(sched, sched->len - 1);
        ev_decref(I, v);
    }
    /* the registry of live tasks goes too: the collector does not see C
     * slots, so a loop and its tasks would otherwise keep each other */
    ev_list *tasks = ev_as_list(*aio_slot(self, L_TASKS));
    while (tasks->len) {
        ev_value v = tasks->items[tasks->len - 1];
        ev_list_set_len(tasks, tasks->len - 1);
        ev_decref(I, v);
    }
    return EV_NONE;
}

static ev_value lm_is_running(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_bool(loop_flag(self, L_RUNNING));
}

static ev_value lm_is_closed(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_bool(loop_flag(self, L_CLOSED));
}

static ev_value lm_get_debug(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_bool(loop_flag(self, L_DEBUG));
}

static ev_value lm_set_debug(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int t = ev_truth(I, argv[0]);
    if (t < 0)
        return EV_ERR;
    if (t)
        return not_implemented(I, "the event loop's debug mode");
    *aio_slot(self, L_DEBUG) = EV_FALSE;
    return EV_NONE;
}

static ev_value lm_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_buf b = {0};
    if (ev_buf_printf(I, &b, "<%s running=%s closed=%s debug=%s>", ev_type_of(self)->name,
                      loop_flag(self, L_RUNNING) ? "True" : "False",
                      loop_flag(self, L_CLOSED) ? "True" : "False",
                      loop_flag(self, L_DEBUG) ? "True" : "False")) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

/* shutdown_asyncgens and shutdown_default_executor: coroutines with
 * nothing to do here (safepy's loop tracks no async generators and has no
 * executor) */
static ev_value lm_shutdown(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value c = aio_ccoro_new(I, CK_VALUE, "shutdown");
    if (!EV_IS_ERR(c))
        aio_set(I, c, C_A, EV_NONE);
    return c;
}

#define LOOP_NI(fn, what)                                                                             \
    static ev_value fn(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) \
    {                                                                                                \
        return not_implemented(I, what);                                                            \
    }
LOOP_NI(lm_run_in_executor, "loop.run_in_executor()")
LOOP_NI(lm_create_connection, "loop.create_connection()")
LOOP_NI(lm_create_server, "loop.create_server()")
LOOP_NI(lm_subprocess_exec, "loop.subprocess_exec()")
LOOP_NI(lm_subprocess_shell, "loop.subprocess_shell()")
LOOP_NI(lm_add_signal_handler, "loop.add_signal_handler()")
LOOP_NI(lm_add_reader, "loop.add_reader()")
LOOP_NI(lm_add_writer, "loop.add_writer()")
LOOP_NI(lm_call_soon_threadsafe, "loop.call_soon_threadsafe()")
LOOP_NI(lm_set_exception_handler, "loop.set_exception_handler()")
LOOP_NI(lm_getaddrinfo, "loop.getaddrinfo()")
LOOP_NI(lm_sock_connect, "loop.sock_connect()")
LOOP_NI(lm_set_default_executor, "loop.set_default_executor()")

static const ev_builtin_def loop_methods[] = {
    {"call_soon", lm_call_soon, 1, -1, 0, "callback, *args, context"},
    {"call_later", lm_call_later, 2, -1, 0, "delay, callback, *args, context"},
    {"call_at", lm_call_at, 2, -1, 0, "when, callback, *args, context"},
    {"time", lm_time, 0, 0, 0},
    {"create_future", lm_create_future, 0, 0, 0},
    {"create_task", lm_create_task, 1, 1, 0, "coro, *, name, context"},
    {"run_until_complete", lm_run_until_complete, 1, 1, 0, "future"},
    {"run_forever", lm_run_forever, 0, 0, 0},
    {"stop", lm_stop, 0, 0, 0},
    {"close", lm_close, 0, 0, 0},
    {"is_running", lm_is_running, 0, 0, 0},
    {"is_closed", lm_is_closed, 0, 0, 0},
    {"get_debug", lm_get_debug, 0, 0, 0},
    {"set_debug", lm_set_debug, 1, 1, 0, "enabled"},
    {"shutdown_asyncgens", lm_shutdown, 0, 0, 0},
    {"shutdown_default_executor", lm_shutdown, 0, 0, 0},
    {"run_in_executor", lm_run_in_executor, 0, -1, EV_BF_KWANY},
    {"create_connection", lm_create_connection, 0, -1, EV_BF_KWANY},
    {"create_server", lm_create_server, 0, -1, EV_BF_KWANY},
    {"subprocess_exec", lm_subprocess_exec, 0, -1, EV_BF_KWANY},
    {"subprocess_shell", lm_subprocess_shell, 0, -1, EV_BF_KWANY},
    {"add_signal_handler", lm_add_signal_handler, 0, -1, EV_BF_KWANY},
    {"add_reader", lm_add_reader, 0, -1, EV_BF_KWANY},
    {"add_writer", lm_add_writer, 0, -1, EV_BF_KWANY},
    {"call_soon_threadsafe", lm_call_soon_threadsafe, 0, -1, EV_BF_KWANY},
    {"set_exception_handler", lm_set_exception_handler, 0, -1, EV_BF_KWANY},
    {"getaddrinfo", lm_getaddrinfo, 0, -1, EV_BF_KWANY},
    {"sock_connect", lm_sock_connect, 0, -1, EV_BF_KWANY},
    {"set_default_executor", lm_set_default_executor, 0, -1, EV_BF_KWANY},
    {"__repr__", lm_repr, 0, 0, EV_BF_SLOT},
    {NULL, NULL, 0, 0, 0},
};

ev_type ev_type_aio_Loop = {STATIC_TYPE, .name = "_UnixSelectorEventLoop", .module = "asyncio.unix_events",
                            .call = loop_new, .methods = loop_methods, .max_args = 0,
                            .tflags = EV_TYPE_CSLOTS | EV_TYPE_FINAL, .cnew = loop_cnew};

/* ---- asyncio.run and the loop functions ------------------------------------------------------ */

/* runners._cancel_all_tasks */
static int cancel_all_tasks(ev_interp *I, ev_value loop)
{
    ev_list *tl = ev_as_list(*aio_slot(loop, L_TASKS));
    ev_value to_cancel = ev_list_new(I, tl->len);
    if (EV_IS_ERR(to_cancel))
        return -1;
    for (size_t i = 0; i < tl->len; i++) {
        int d = aio_done(I, tl->items[i]);
        if (d < 0 || (!d && ev_list_append(I, ev_as_list(to_cancel), tl->items[i]))) {
            ev_decref(I, to_cancel);
            return -1;
        }
        tl = ev_as_list(*aio_slot(loop, L_TASKS));
    }
    ev_list *l = ev_as_list(to_cancel);
    int r = 0;
    if (l->len == 0)
        goto done;
    for (size_t i = 0; r == 0 && i < l->len; i++)
        r = aio_cancel(I, l->items[i], EV_NONE) < 0 ? -1 : 0;
    if (r)
        goto done;
    ev_value gathered = aio_gather(I, (int)l->len, l->items, true);
    ev_value res = EV_IS_ERR(gathered) ? gathered : run_until_complete(I, loop, gathered);
    ev_decref(I, gathered);
    if (EV_IS_ERR(res)) {
        r = -1;
        goto done;
    }
    ev_decref(I, res);
    for (size_t i = 0; r == 0 && i < l->len; i++) {
        int c = aio_cancelled(I, l->items[i]);
        if (c)
            r = c < 0 ? -1 : 0;
        else {
            ev_value e = aio_exception(I, l->items[i]);
            if (EV_IS_ERR(e))
                r = -1;
            else if (e.tag != EV_T_NONE)
                report_callback_error(I, "unhandled exception during asyncio.run() shutdown\n", e);
            ev_decref(I, e);
        }
    }
done:
    ev_decref(I, to_cancel);
    return r;
}

static ev_value f_run(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value main = argv[0];
    if (!EV_IS_ERR(argv[1]) && argv[1].tag != EV_T_NONE) {
        int t = ev_truth(I, argv[1]);
        if (t < 0)
            return EV_ERR;
        if (t)
            return not_implemented(I, "asyncio.run(debug=True)");
    }
    if (aio_running_loop(I).tag != EV_T_NONE)
        return ev_raise(I, &ev_type_RuntimeError, "asyncio.run() cannot be called from a running event loop");
    ev_value st = state_of(I);
    if (st.tag == EV_T_NONE)
        return ev_raise(I, &ev_type_RuntimeError, "asyncio: module state is missing");
    ev_value loop = loop_cnew(I, &ev_type_aio_Loop);
    if (EV_IS_ERR(loop))
        return loop;
    aio_set(I, st, S_EVENT_LOOP, loop);
    *aio_slot(st, S_SET_CALLED) = EV_TRUE;
    ev_value result;
    if (!aio_is_coroutine(I, main)) {
        ev_value r = ev_repr(I, main);
        result = EV_IS_ERR(r) ? r : ev_raise(I, &ev_type_ValueError, "a coroutine was expected, got %s", ev_as_str(r)->data);
        ev_decref(I, r);
    } else {
        ev_value task = aio_task_new(I, loop, main, EV_NONE);
        result = EV_IS_ERR(task) ? task : run_until_complete(I, loop, task);
        ev_decref(I, task);
    }
    if (I->limit) {
        ev_decref(I, loop);
        return EV_ERR;
    }
    /* Runner.close: cancel what is left, then the two shutdown coroutines
     * (each a task: they take two task names) */
    ev_value pending = EV_IS_ERR(result) ? aio_take_exc(I) : EV_NONE;
    int r = cancel_all_tasks(I, loop);
    for (int i = 0; r == 0 && i < 2; i++) {
        ev_value n = aio_task_name(I);
        r = EV_IS_ERR(n) ? -1 : 0;
        ev_decref(I, n);
    }
    st = state_of(I);
    if (st.tag != EV_T_NONE)
        aio_set(I, st, S_EVENT_LOOP, EV_NONE);
    ev_decref(I, lm_close(I, loop, 0, NULL, NULL));
    ev_decref(I, loop);
    if (r) {
        ev_decref(I, result);
        ev_decref(I, pending);
        return EV_ERR;
    }
    if (EV_IS_ERR(result))
        return ev_raise_value(I, pending);
    return result;
}

static ev_value f_get_running_loop(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value l = aio_get_running_loop(I);
    return EV_IS_ERR(l) ? l : ev_dup(l);
}

/* events.get_event_loop: the running loop, else the policy's loop for the
 * main thread, made on first use */
static ev_value f_get_event_loop(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value l = aio_running_loop(I);
    if (l.tag != EV_T_NONE)
        return ev_dup(l);
    ev_value st = state_of(I);
    if (st.tag == EV_T_NONE)
        return ev_raise(I, &ev_type_RuntimeError, "asyncio: module state is missing");
    if (aio_slot(st, S_EVENT_LOOP)->tag == EV_T_NONE) {
        /* the policy makes the main thread's loop once, unless a loop was
         * set (set_event_loop, asyncio.run) meanwhile */
        if (aio_slot(st, S_SET_CALLED)->u.i)
            return ev_raise(I, &ev_type_RuntimeError, "There is no current event loop in thread 'MainThread'.");
        ev_value loop = loop_cnew(I, &ev_type_aio_Loop);
        if (EV_IS_ERR(loop))
            return loop;
        aio_set(I, st, S_EVENT_LOOP, loop);
        *aio_slot(st, S_SET_CALLED) = EV_TRUE;
        return loop;
    }
    return ev_dup(*aio_slot(st, S_EVENT_LOOP));
}

ev_value aio_default_loop(ev_interp *I)
{
    return f_get_event_loop(I, EV_NONE, 0, NULL, NULL);
}

static ev_value f_set_event_loop(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argv[0].tag != EV_T_NONE && !aio_is_instance(argv[0], &ev_type_aio_Loop))
        return ev_raise(I, &ev_type_TypeError, "loop must be an instance of AbstractEventLoop or None, not '%s'",
                        ev_type_name(argv[0]));
    ev_value st = state_of(I);
    if (st.tag != EV_T_NONE) {
        aio_set(I, st, S_EVENT_LOOP, argv[0]);
        *aio_slot(st, S_SET_CALLED) = EV_TRUE;
    }
    return EV_NONE;
}

static ev_value f_new_event_loop(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return loop_cnew(I, &ev_type_aio_Loop);
}

static ev_value f_create_task(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value loop = aio_get_running_loop(I);
    if (EV_IS_ERR(loop))
        return loop;
    return lm_create_task(I, loop, argc, argv, kw);
}

static ev_value f_current_task(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value loop = EV_IS_ERR(argv[0]) ? EV_NONE : argv[0];
    if (loop.tag == EV_T_NONE) {
        loop = aio_get_running_loop(I);
        if (EV_IS_ERR(loop))
            return loop;
    }
    if (!aio_is_instance(loop, &ev_type_aio_Loop))
        return EV_NONE;
    return ev_dup(aio_loop_current(loop));
}

static ev_value f_all_tasks(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value loop = EV_IS_ERR(argv[0]) ? EV_NONE : argv[0];
    if (loop.tag == EV_T_NONE) {
        loop = aio_get_running_loop(I);
        if (EV_IS_ERR(loop))
            return loop;
    }
    ev_value s = ev_set_new(I, false);
    if (EV_IS_ERR(s) || !aio_is_instance(loop, &ev_type_aio_Loop))
        return s;
    ev_value tasks = ev_dup(*aio_slot(loop, L_TASKS));
    ev_list *l = ev_as_list(tasks);
    for (size_t i = 0; i < l->len; i++) {
        int d = aio_done(I, l->items[i]);
        if (d < 0 || (!d && ev_set_add(I, (ev_set *)s.u.o, l->items[i]))) {
            ev_decref(I, tasks);
            ev_decref(I, s);
            return EV_ERR;
        }
    }
    ev_decref(I, tasks);
    return s;
}

static ev_value f_iscoroutine(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_bool(aio_is_coroutine(I, argv[0]));
}

static ev_value f_iscoroutinefunction(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value f = argv[0];
    if (ev_is(f, EV_O_METHOD))
        f = ((ev_method *)f.u.o)->func;
    return ev_bool(ev_is(f, EV_O_FUNC) && ((ev_func *)f.u.o)->def->coroutine == EV_CORO_CORO);
}

static ev_value f_isfuture(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_bool(aio_is_future(argv[0]));
}

static ev_value f_ensure_future(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return aio_ensure_future(I, argv[0], EV_IS_ERR(argv[1]) ? EV_NONE : argv[1]);
}

#define MOD_NI(fn, what)                                                                              \
    static ev_value fn(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) \
    {                                                                                                \
        return not_implemented(I, what);                                                            \
    }
MOD_NI(f_to_thread, "asyncio.to_thread()")
MOD_NI(f_subprocess_exec, "asyncio.create_subprocess_exec()")
MOD_NI(f_subprocess_shell, "asyncio.create_subprocess_shell()")
MOD_NI(f_open_connection, "asyncio.open_connection()")
MOD_NI(f_start_server, "asyncio.start_server()")
MOD_NI(f_open_unix_connection, "asyncio.open_unix_connection()")
MOD_NI(f_start_unix_server, "asyncio.start_unix_server()")
MOD_NI(f_run_coroutine_threadsafe, "asyncio.run_coroutine_threadsafe()")
MOD_NI(f_wrap_future, "asyncio.wrap_future()")
MOD_NI(f_get_event_loop_policy, "asyncio.get_event_loop_policy()")
MOD_NI(f_set_event_loop_policy, "asyncio.set_event_loop_policy()")
MOD_NI(f_get_child_watcher, "asyncio.get_child_watcher()")
MOD_NI(f_set_child_watcher, "asyncio.set_child_watcher()")
MOD_NI(f_runner, "asyncio.Runner")
MOD_NI(f_barrier, "asyncio.Barrier")
MOD_NI(f_streamreader, "asyncio.StreamReader")
MOD_NI(f_streamwriter, "asyncio.StreamWriter")

static const ev_builtin_def functions[] = {
    {"run", f_run, 1, 1, 0, "main, *, debug"},
    {"get_running_loop", f_get_running_loop, 0, 0, 0},
    {"get_event_loop", f_get_event_loop, 0, 0, 0},
    {"set_event_loop", f_set_event_loop, 1, 1, 0, "loop"},
    {"new_event_loop", f_new_event_loop, 0, 0, 0},
    {"create_task", f_create_task, 1, 1, 0, "coro, *, name, context"},
    {"current_task", f_current_task, 0, 1, 0, "loop"},
    {"all_tasks", f_all_tasks, 0, 1, 0, "loop"},
    {"iscoroutine", f_iscoroutine, 1, 1, 0, "obj"},
    {"iscoroutinefunction", f_iscoroutinefunction, 1, 1, 0, "func"},
    {"isfuture", f_isfuture, 1, 1, 0, "obj"},
    {"ensure_future", f_ensure_future, 1, 1, 0, "coro_or_future, *, loop"},
    {"to_thread", f_to_thread, 0, -1, EV_BF_KWANY},
    {"create_subprocess_exec", f_subprocess_exec, 0, -1, EV_BF_KWANY},
    {"create_subprocess_shell", f_subprocess_shell, 0, -1, EV_BF_KWANY},
    {"open_connection", f_open_connection, 0, -1, EV_BF_KWANY},
    {"start_server", f_start_server, 0, -1, EV_BF_KWANY},
    {"open_unix_connection", f_open_unix_connection, 0, -1, EV_BF_KWANY},
    {"start_unix_server", f_start_unix_server, 0, -1, EV_BF_KWANY},
    {"run_coroutine_threadsafe", f_run_coroutine_threadsafe, 0, -1, EV_BF_KWANY},
    {"wrap_future", f_wrap_future, 0, -1, EV_BF_KWANY},
    {"get_event_loop_policy", f_get_event_loop_policy, 0, -1, EV_BF_KWANY},
    {"set_event_loop_policy", f_set_event_loop_policy, 0, -1, EV_BF_KWANY},
    {"get_child_watcher", f_get_child_watcher, 0, -1, EV_BF_KWANY},
    {"set_child_watcher", f_set_child_watcher, 0, -1, EV_BF_KWANY},
    {"Runner", f_runner, 0, -1, EV_BF_KWANY},
    {"Barrier", f_barrier, 0, -1, EV_BF_KWANY},
    {"StreamReader", f_streamreader, 0, -1, EV_BF_KWANY},
    {"StreamWriter", f_streamwriter, 0, -1, EV_BF_KWANY},
    {NULL, NULL, 0, 0, 0},
};

/* ---- exceptions and the module ------------------------------------------------------------------ */

static ev_value exc_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return aio_exc(I, (ev_type *)self.u.o, argc, argv);
}

ev_type ev_type_aio_CancelledError = {STATIC_TYPE, .name = "asyncio.exceptions.CancelledError",
                                      .base = &ev_type_BaseException, .call = exc_new, .max_args = -1,
                                      .module = "asyncio.exceptions"};
ev_type ev_type_aio_InvalidStateError = {STATIC_TYPE, .name = "asyncio.exceptions.InvalidStateError",
                                         .base = &ev_type_Exception, .call = exc_new, .max_args = -1,
                                         .module = "asyncio.exceptions"};
ev_type ev_type_aio_QueueEmpty = {STATIC_TYPE, .name = "asyncio.queues.QueueEmpty", .base = &ev_type_Exception,
                                  .call = exc_new, .max_args = -1, .module = "asyncio.queues"};
ev_type ev_type_aio_QueueFull = {STATIC_TYPE, .name = "asyncio.queues.QueueFull", .base = &ev_type_Exception,
                                 .call = exc_new, .max_args = -1, .module = "asyncio.queues"};

static int init(ev_interp *I, ev_dict *ns)
{
    ev_value st = ev_cinstance_new(I, &state_type, S_NSLOTS);
    if (EV_IS_ERR(st))
        return -1;
    *aio_slot(st, S_COUNTER) = ev_int(0);
    *aio_slot(st, S_SET_CALLED) = EV_FALSE;
    int r = ev_dict_set(I, ns, STATE_KEY, st);
    ev_decref(I, st);
    if (r)
        return -1;
    static const struct { const char *name; ev_type *t; } types[] = {
        {"Future", &ev_type_aio_Future}, {"Task", &ev_type_aio_Task},
        {"CancelledError", &ev_type_aio_CancelledError}, {"InvalidStateError", &ev_type_aio_InvalidStateError},
        {"TimeoutError", &ev_type_TimeoutError},
        {"QueueEmpty", &ev_type_aio_QueueEmpty}, {"QueueFull", &ev_type_aio_QueueFull},
        {"Queue", &ev_type_aio_Queue}, {"PriorityQueue", &ev_type_aio_PriorityQueue},
        {"LifoQueue", &ev_type_aio_LifoQueue}, {"Lock", &ev_type_aio_Lock}, {"Event", &ev_type_aio_Event},
        {"Condition", &ev_type_aio_Condition}, {"Semaphore", &ev_type_aio_Semaphore},
        {"BoundedSemaphore", &ev_type_aio_BoundedSemaphore}, {"Timeout", &ev_type_aio_Timeout},
        {"TaskGroup", &ev_type_aio_TaskGroup}, {"Handle", &ev_type_aio_Handle},
        {"TimerHandle", &ev_type_aio_TimerHandle}, {"AbstractEventLoop", &ev_type_aio_Loop},
        {"SelectorEventLoop", &ev_type_aio_Loop}, {"BaseEventLoop", &ev_type_aio_Loop},
    };
    for (size_t i = 0; i < sizeof types / sizeof *types; i++)
        if (ev_module_set(I, ns, types[i].name, ev_obj_val(&types[i].t->h)))
            return -1;
    const ev_builtin_def *const tables[] = {aio_task_functions, aio_coro_functions, aio_group_functions};
    for (size_t k = 0; k < 3; k++) {
        for (const ev_builtin_def *d = tables[k]; d->name; d++) {
            ev_value f = ev_builtin_new(I, d, EV_NONE);
            if (EV_IS_ERR(f))
                return -1;
            ((ev_builtin *)f.u.o)->owner = "asyncio";
            r = ev_module_set(I, ns, d->name, f);
            ev_decref(I, f);
            if (r)
                return -1;
        }
    }
    static const char *const consts[][2] = {
        {"FIRST_COMPLETED", "FIRST_COMPLETED"}, {"FIRST_EXCEPTION", "FIRST_EXCEPTION"},
        {"ALL_COMPLETED", "ALL_COMPLETED"},
    };
    for (size_t i = 0; i < 3; i++) {
        ev_value s = ev_str_from_cstr(I, consts[i][1]);
        if (EV_IS_ERR(s))
            return -1;
        r = ev_module_set(I, ns, consts[i][0], s);
        ev_decref(I, s);
        if (r)
            return -1;
    }
    return 0;
}

const ev_module_def ev_module_asyncio = {"asyncio", functions, init, NULL};
