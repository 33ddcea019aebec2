/*
 * queue_lock.c - the threading objects a queue.Queue carries: `mutex` (a
 * _thread.lock) and `not_empty`, `not_full`, `all_tasks_done` (threading
 * Conditions on that lock), as Lib/queue.py makes them, so that the common
 * `with q.mutex: q.queue.clear()` works as in CPython.
 *
 * One thread: whatever would wait for another thread cannot end.  A blocking
 * acquire() of a held lock, a wait() without a timeout, and a queue method
 * called while the program holds the queue's mutex (CPython hangs: the lock
 * is not reentrant) raise RuntimeError naming the deadlock at once.  With a
 * timeout the wait is real (time.sleep, within the time limit) and ends as
 * CPython's would, since nothing can change meanwhile.
 */
#include <stdio.h>
#include <string.h>

#include "evaluator/modules/queue_int.h"

extern ev_type ev_type_thread_lock, ev_type_Condition;

#define LK_FN(name) static ev_value name(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)

/* a lock: slots[0] True while held; a Condition: slots[0] its lock */
static bool lk_held(ev_value lock) { return ev_as_cinstance(lock)->slots[0].tag == EV_T_BOOL &&
                                             ev_as_cinstance(lock)->slots[0].u.i; }
static void lk_set(ev_value lock, bool held) { ev_as_cinstance(lock)->slots[0] = ev_bool(held); }
static ev_value cond_lock(ev_value cond) { return ev_as_cinstance(cond)->slots[0]; }

ev_value ev_queue_lock_new(ev_interp *I)
{
    ev_value l = ev_cinstance_new(I, &ev_type_thread_lock, 1);
    if (!EV_IS_ERR(l))
        lk_set(l, false);
    return l;
}

ev_value ev_queue_cond_new(ev_interp *I, ev_value lock)
{
    ev_value c = ev_cinstance_new(I, &ev_type_Condition, 1);
    if (!EV_IS_ERR(c))
        ev_as_cinstance(c)->slots[0] = ev_dup(lock);
    return c;
}

int ev_queue_held(ev_value v)
{
    if (ev_is_cinstance(v, &ev_type_Condition))
        v = cond_lock(v);
    return ev_is_cinstance(v, &ev_type_thread_lock) && lk_held(v);
}

static ev_value lock_deadlock(ev_interp *I, const char *what)
{
    return ev_raise(I, &ev_type_RuntimeError,
                    "deadlock: %s would wait forever: the lock is held, and safepy runs one thread, "
                    "so nothing else can release it (CPython would hang here); release it first, or "
                    "pass blocking=False or a timeout", what);
}

/* the wait of a timeout nothing can shorten: time.sleep(t), within the limits */
static int sleep_for(ev_interp *I, ev_value t)
{
    ev_str *name = ev_intern(I, "time", 4), *fn = ev_intern(I, "sleep", 5);
    if (!name || !fn) {
        ev_raise_nomem(I);
        return -1;
    }
    ev_value mod = ev_import(I, name);
    if (EV_IS_ERR(mod))
        return -1;
    ev_value f = ev_getattr(I, mod, fn);
    ev_decref(I, mod);
    if (EV_IS_ERR(f))
        return -1;
    ev_value r = ev_call(I, f, 1, &t, 0, NULL, NULL);
    ev_decref(I, f);
    if (EV_IS_ERR(r))
        return -1;
    ev_decref(I, r);
    return 0;
}

/* ---- _thread.lock ------------------------------------------------------------------------- */

/* lock.acquire(blocking=True, timeout=-1): a bool, or -1 with an exception */
static int do_acquire(ev_interp *I, ev_value lock, ev_value blockv, ev_value timeoutv)
{
    int blocking = EV_IS_ERR(blockv) ? 1 : ev_truth(I, blockv);
    if (blocking < 0)
        return -1;
    double timeout = -1;
    if (!EV_IS_ERR(timeoutv) && ev_num_to_double(I, timeoutv, &timeout))
        return -1;
    if (!blocking && timeout != -1) {
        ev_raise(I, &ev_type_ValueError, "can't specify a timeout for a non-blocking call");
        return -1;
    }
    if (timeout < 0 && timeout != -1) {
        ev_raise(I, &ev_type_ValueError, "timeout value must be positive");
        return -1;
    }
    if (!lk_held(lock)) {
        lk_set(lock, true);
        return 1;
    }
    if (!blocking)
        return 0;
    if (timeout == -1) {
        lock_deadlock(I, "lock.acquire()");
        return -1;
    }
    return sleep_for(I, timeoutv) ? -1 : 0;
}

LK_FN(lk_acquire)
{
    int r = do_acquire(I, self, argv[0], argv[1]);
    return r < 0 ? EV_ERR : ev_bool(r);
}

LK_FN(lk_release)
{
    if (!lk_held(self))
        return ev_raise(I, &ev_type_RuntimeError, "release unlocked lock");
    lk_set(self, false);
    return EV_NONE;
}

LK_FN(lk_locked) { return ev_bool(lk_held(self)); }

LK_FN(lk_enter)
{
    int r = do_acquire(I, self, EV_ERR, EV_ERR);
    return r < 0 ? EV_ERR : ev_bool(r);
}

LK_FN(lk_exit) { return lk_release(I, self, 0, NULL, NULL); }

static int lock_repr_into(ev_interp *I, ev_buf *b, ev_value lock)
{
    return ev_buf_printf(I, b, "<%s _thread.lock object at 0x%08llx>", lk_held(lock) ? "locked" : "unlocked",
                         (unsigned long long)(uintptr_t)lock.u.o);
}

LK_FN(lk_repr)
{
    ev_buf b = {0};
    if (lock_repr_into(I, &b, self)) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

/* ---- threading.Condition ---------------------------------------------------------------- */

LK_FN(cd_acquire)
{
    int r = do_acquire(I, cond_lock(self), argc > 0 ? argv[0] : EV_ERR, argc > 1 ? argv[1] : EV_ERR);
    return r < 0 ? EV_ERR : ev_bool(r);
}

LK_FN(cd_release) { return lk_release(I, cond_lock(self), 0, NULL, NULL); }
LK_FN(cd_enter) { return lk_enter(I, cond_lock(self), 0, NULL, NULL); }
LK_FN(cd_exit) { return lk_release(I, cond_lock(self), 0, NULL, NULL); }

/* notify(n=1), notify_all(): nobody waits; only the ownership is checked */
LK_FN(cd_notify)
{
    if (!lk_held(cond_lock(self)))
        return ev_raise(I, &ev_type_RuntimeError, "cannot notify on un-acquired lock");
    return EV_NONE;
}

/* wait(timeout=None): released, slept, taken again; False (nobody notified) */
static int do_wait(ev_interp *I, ev_value self, ev_value timeout)
{
    ev_value lock = cond_lock(self);
    if (!lk_held(lock)) {
        ev_raise(I, &ev_type_RuntimeError, "cannot wait on un-acquired lock");
        return -1;
    }
    if (EV_IS_ERR(timeout) || timeout.tag == EV_T_NONE) {
        ev_raise(I, &ev_type_RuntimeError,
                 "deadlock: Condition.wait() without a timeout would wait forever: safepy runs one "
                 "thread, so nothing can notify it (CPython would hang here); pass a timeout");
        return -1;
    }
    double t;
    if (ev_num_to_double(I, timeout, &t))
        return -1;
    lk_set(lock, false);
    int r = t > 0 ? sleep_for(I, timeout) : 0;
    lk_set(lock, true);
    return r;
}

LK_FN(cd_wait)
{
    return do_wait(I, self, argv[0]) ? EV_ERR : EV_FALSE;
}

/* wait_for(predicate, timeout=None): the predicate, waited on once when false */
LK_FN(cd_wait_for)
{
    ev_value r = ev_call(I, argv[0], 0, NULL, 0, NULL, NULL);
    if (EV_IS_ERR(r))
        return r;
    int t = ev_truth(I, r);
    if (t > 0)
        return r;
    ev_decref(I, r);
    if (t < 0)
        return EV_ERR;
    if (do_wait(I, self, argv[1]))
        return EV_ERR;
    return ev_call(I, argv[0], 0, NULL, 0, NULL, NULL);
}

LK_FN(cd_repr)
{
    ev_buf b = {0};
    if (ev_buf_puts(I, &b, "<Condition(") || lock_repr_into(I, &b, cond_lock(self)) ||
        ev_buf_puts(I, &b, ", 0)>")) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

/* ---- the types ------------------------------------------------------------------------------- */

static ev_value no_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_raise(I, &ev_type_NotImplementedError,
                    "%s objects are made by queue.Queue only: the threading module is not available "
                    "in safepy (one thread)", ((ev_type *)self.u.o)->name);
}

static const ev_builtin_def lock_methods[] = {
    {"acquire", lk_acquire, 0, 2, 0, "blocking, timeout"},
    {"release", lk_release, 0, 0, 0},
    {"locked", lk_locked, 0, 0, 0},
    {"__enter__", lk_enter, 0, 0, 0},
    {"__exit__", lk_exit, 0, -1, 0},
    {"__repr__", lk_repr, 0, 0, 0},
    {NULL, NULL, 0, 0, 0},
};

static const ev_builtin_def cond_methods[] = {
    {"acquire", cd_acquire, 0, 2, 0},
    {"release", cd_release, 0, 0, 0},
    {"__enter__", cd_enter, 0, 0, 0},
    {"__exit__", cd_exit, 0, -1, 0},
    {"notify", cd_notify, 0, 1, 0, "n"},
    {"notify_all", cd_notify, 0, 0, 0},
    {"wait", cd_wait, 0, 1, 0, "timeout"},
    {"wait_for", cd_wait_for, 1, 2, 0, "predicate, timeout"},
    {"__repr__", cd_repr, 0, 0, 0},
    {NULL, NULL, 0, 0, 0},
};

ev_type ev_type_thread_lock = {STATIC_TYPE, .name = "lock", .call = no_new, .max_args = -1,
                               .methods = lock_methods, .module = "_thread", .tflags = EV_TYPE_CSLOTS};
ev_type ev_type_Condition = {STATIC_TYPE, .name = "Condition", .call = no_new, .max_args = -1,
                             .methods = cond_methods, .module = "threading", .tflags = EV_TYPE_CSLOTS};
