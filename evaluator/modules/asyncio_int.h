/*
 * asyncio_int.h - what the files of the asyncio module share (asyncio.c: the
 * module, the event loop and its handles; asyncio_future.c: Future, Task
 * and ensure_future; asyncio_coro.c: the coroutines written in C and
 * asyncio.sleep; asyncio_tasks.c: gather, wait, wait_for, shield;
 * asyncio_sync.c: Queue, Lock, Event, Semaphore, Condition;
 * asyncio_group.c: TaskGroup, timeout, as_completed).
 * Internal to evaluator/modules/.
 *
 * Every object is an ev_cinstance of an EV_TYPE_CSLOTS type: its state is
 * in value slots the cycle collector sees, never in C pointers.
 */
#ifndef SAFEPY_ASYNCIO_INT_H
#define SAFEPY_ASYNCIO_INT_H

#include "evaluator/modules/modules.h"

/* Future's slots; Task and _GatheringFuture append theirs */
enum {
    F_LOOP, F_STATE, F_RESULT, F_EXC, F_CALLBACKS, F_CANCEL_MSG, F_BLOCKING, F_CANCELLED_EXC,
    F_NSLOTS,
    T_CORO = F_NSLOTS, T_NAME, T_MUST_CANCEL, T_WAITER, T_NCANCEL, T_NSLOTS,
    G_CHILDREN = F_NSLOTS, G_CANCEL_REQ, G_NSLOTS,
};
enum { FS_PENDING, FS_CANCELLED, FS_FINISHED };

/* a coroutine written in C (asyncio.sleep, Queue.get, ...): its kind, its
 * position, the name its repr shows, the delegate it awaits (another such
 * coroutine, or None) and working values */
enum { C_KIND, C_STATE, C_NAME, C_SUB, C_A, C_B, C_C, C_D, C_E, C_NSLOTS };
enum {
    CK_SLEEP, CK_VALUE, CK_WAIT_FOR, CK_WAIT, CK_CANCEL_AND_WAIT, CK_QGET, CK_QPUT, CK_QJOIN,
    CK_LOCK_ACQUIRE, CK_EVENT_WAIT, CK_COND_WAIT, CK_COND_WAIT_FOR, CK_SEM_ACQUIRE,
    CK_TG_AEXIT, CK_TIMEOUT_AEXIT, CK_ASCOMPLETED_ONE, CK_WRAP_AWAITABLE,
};
/* C_STATE besides a step's own positions (0 is not started) */
enum { CS_DONE = -1, CS_RUNNING = -2 };

extern ev_type ev_type_aio_Future, ev_type_aio_Task, ev_type_aio_Gathering, ev_type_aio_ccoro,
    ev_type_aio_CancelledError, ev_type_aio_InvalidStateError, ev_type_aio_Loop;

/* ---- helpers (asyncio.c) ---- */
ev_value aio_attr(ev_interp *I, ev_value obj, const char *name) EV_WU;
ev_value aio_call_method(ev_interp *I, ev_value obj, const char *name, int argc, const ev_value *argv) EV_WU;
/* t(*args) as an exception instance (not raised) */
ev_value aio_exc(ev_interp *I, ev_type *t, int argc, const ev_value *argv) EV_WU;
/* raise t(msg) where msg may be None (CancelledError()) */
ev_value aio_raise_msg(ev_interp *I, ev_type *t, ev_value msg);
/* the pending exception, taken (new reference); EV_ERR when a limit is pending */
ev_value aio_take_exc(ev_interp *I);
bool aio_exc_is(ev_value e, ev_type *t);
double aio_time(void);
static inline ev_value *aio_slot(ev_value v, int i) { return &ev_as_cinstance(v)->slots[i]; }
static inline void aio_set(ev_interp *I, ev_value v, int i, ev_value x)
{
    ev_value old = *aio_slot(v, i);
    *aio_slot(v, i) = ev_dup(x);
    ev_decref(I, old);
}
bool aio_is_instance(ev_value v, const ev_type *t);

/* ---- the loop (asyncio.c) ---- */
/* the running loop, borrowed, or NULL-valued EV_NONE when none */
ev_value aio_running_loop(ev_interp *I);
/* get_event_loop(): the running loop, else the main thread's (new reference) */
ev_value aio_default_loop(ev_interp *I) EV_WU;
/* the running loop (borrowed) or RuntimeError('no running event loop') */
ev_value aio_get_running_loop(ev_interp *I) EV_WU;
/* loop.call_soon(cb, *args): the Handle (new reference) */
ev_value aio_call_soon(ev_interp *I, ev_value loop, ev_value cb, int argc, const ev_value *argv) EV_WU;
/* loop.call_at(when, cb, *args): the TimerHandle */
ev_value aio_call_at(ev_interp *I, ev_value loop, double when, ev_value cb, int argc, const ev_value *argv) EV_WU;
ev_value aio_call_later(ev_interp *I, ev_value loop, ev_value delay, ev_value cb, int argc, const ev_value *argv) EV_WU;
int aio_handle_cancel(ev_interp *I, ev_value h) EV_WU;
/* a new task name 'Task-N' */
ev_value aio_task_name(ev_interp *I) EV_WU;
/* the loop's current task slot and its registry of live tasks */
ev_value aio_loop_current(ev_value loop);
void aio_loop_set_current(ev_interp *I, ev_value loop, ev_value task);
int aio_loop_register(ev_interp *I, ev_value loop, ev_value task) EV_WU;
void aio_loop_unregister(ev_interp *I, ev_value loop, ev_value task);

/* ---- futures and tasks (asyncio_future.c) ---- */
bool aio_is_future(ev_value v);
ev_value aio_future_new(ev_interp *I, ev_value loop) EV_WU;
int aio_future_init(ev_interp *I, ev_value fut, ev_value loop) EV_WU;
/* fut.set_result / set_exception / cancel / result / exception / done /
 * cancelled / add_done_callback / remove_done_callback, through the object's
 * own method when its class overrides it */
int aio_set_result(ev_interp *I, ev_value fut, ev_value v) EV_WU;
int aio_set_exception(ev_interp *I, ev_value fut, ev_value exc) EV_WU;
int aio_cancel(ev_interp *I, ev_value fut, ev_value msg) EV_WU; /* 1 cancelled, 0 not, -1 */
ev_value aio_result(ev_interp *I, ev_value fut) EV_WU;
ev_value aio_exception(ev_interp *I, ev_value fut) EV_WU;
int aio_done(ev_interp *I, ev_value fut) EV_WU;
int aio_cancelled(ev_interp *I, ev_value fut) EV_WU;
int aio_add_done_callback(ev_interp *I, ev_value fut, ev_value cb) EV_WU;
int aio_remove_done_callback(ev_interp *I, ev_value fut, ev_value cb) EV_WU;
ev_value aio_future_loop(ev_interp *I, ev_value fut) EV_WU;
/* Future._make_cancelled_error (new exception instance) */
ev_value aio_make_cancelled_error(ev_interp *I, ev_value fut) EV_WU;
/* Future.cancel itself (not a subclass's) */
int aio_future_cancel_base(ev_interp *I, ev_value fut, ev_value msg) EV_WU;
int aio_future_set_exception_base(ev_interp *I, ev_value fut, ev_value exc) EV_WU;
ev_value aio_future_repr(ev_interp *I, ev_value fut) EV_WU;
/* a Task for coro on loop (name None: Task-N) */
ev_value aio_task_new(ev_interp *I, ev_value loop, ev_value coro, ev_value name) EV_WU;
/* ensure_future(v, loop=loop) (loop EV_NONE: the running loop) */
ev_value aio_ensure_future(ev_interp *I, ev_value v, ev_value loop) EV_WU;

/* ---- the coroutines written in C (asyncio_coro.c) ---- */
bool aio_is_coroutine(ev_interp *I, ev_value v);
/* an awaitable iterator's send(sent) or throw(exc) (exc taken; EV_ERR for
 * a send): 1 yielded *out, 0 returned *out, -1 raised */
int aio_coro_send(ev_interp *I, ev_value coro, ev_value sent, ev_value exc, ev_value *out) EV_WU;
/* a new C coroutine of kind k, named name (its repr), at state 0 */
ev_value aio_ccoro_new(ev_interp *I, int kind, const char *name) EV_WU;
/* await fut from a C coroutine: *out = fut, marked blocking; returns 1 */
int aio_cc_await(ev_interp *I, ev_value fut, ev_value *out);
/* await another C coroutine sub from self: runs its first step now */
int aio_cc_delegate(ev_interp *I, ev_value self, ev_value sub, ev_value *out) EV_WU;
/* _release_waiter(waiter): a callable (new reference) */
ev_value aio_release_waiter_cb(ev_interp *I, ev_value waiter) EV_WU;

/* Step functions: self the coroutine, sent the value sent (None, or a
 * delegate's result) and exc EV_ERR or the exception thrown in (taken by
 * the step).  1 yielded *out, 0 returned *out, -1 raised. */
typedef int (*aio_step_fn)(ev_interp *I, ev_value self, ev_value sent, ev_value exc, ev_value *out);
int aio_step_sleep(ev_interp *I, ev_value self, ev_value sent, ev_value exc, ev_value *out);
int aio_step_wait_for(ev_interp *I, ev_value self, ev_value sent, ev_value exc, ev_value *out);
int aio_step_wait(ev_interp *I, ev_value self, ev_value sent, ev_value exc, ev_value *out);
int aio_step_cancel_and_wait(ev_interp *I, ev_value self, ev_value sent, ev_value exc, ev_value *out);
int aio_step_ascompleted_one(ev_interp *I, ev_value self, ev_value sent, ev_value exc, ev_value *out);
int aio_step_tg_aexit(ev_interp *I, ev_value self, ev_value sent, ev_value exc, ev_value *out);
int aio_step_timeout_aexit(ev_interp *I, ev_value self, ev_value sent, ev_value exc, ev_value *out);
int aio_step_sync(ev_interp *I, ev_value self, ev_value sent, ev_value exc, ev_value *out);

/* gather(*items, return_exceptions=...) (asyncio_tasks.c) */
ev_value aio_gather(ev_interp *I, int n, const ev_value *items, bool return_exceptions) EV_WU;

/* __class_getitem__ as a type method (Future[int], Queue[int]) */
extern const ev_builtin_def aio_generic_type_methods[];

/* module tables of the other files */
extern const ev_builtin_def aio_task_functions[], aio_coro_functions[], aio_group_functions[];
extern ev_type ev_type_aio_Queue, ev_type_aio_PriorityQueue, ev_type_aio_LifoQueue,
    ev_type_aio_QueueEmpty, ev_type_aio_QueueFull, ev_type_aio_Lock, ev_type_aio_Event,
    ev_type_aio_Condition, ev_type_aio_Semaphore, ev_type_aio_BoundedSemaphore,
    ev_type_aio_Timeout, ev_type_aio_TaskGroup, ev_type_aio_Handle, ev_type_aio_TimerHandle;

#endif
