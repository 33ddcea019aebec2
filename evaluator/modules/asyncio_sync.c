/*
 * asyncio_sync.c - Lib/asyncio/queues.py (Queue, PriorityQueue,
 * LifoQueue) and Lib/asyncio/locks.py (Lock, Event, Condition, Semaphore,
 * BoundedSemaphore), CPython 3.11.
 *
 * Each waits as CPython's does: a future per waiter in a FIFO of waiters,
 * woken with set_result, removed when its wait ends however it ends, so
 * that who runs next, and what a cancelled waiter does, is CPython's.  The
 * async methods (get, put, join, acquire, wait, wait_for) are C coroutines
 * (asyncio_coro.c) whose step is aio_step_sync below.
 *
 * The classes may be subclassed, but their C methods call each other
 * directly: a subclass overriding Queue's _put/_get hooks is not seen.
 */
#include <string.h>

#include "evaluator/modules/asyncio_int.h"

extern ev_type ev_type_aio_Queue, ev_type_aio_LifoQueue, ev_type_aio_PriorityQueue;

enum { Q_MAXSIZE, Q_ITEMS, Q_GETTERS, Q_PUTTERS, Q_UNFINISHED, Q_FINISHED, Q_NSLOTS };
enum { LK_LOCKED, LK_WAITERS, LK_NSLOTS };
enum { EV_VALUE, EV_WAITERS, EV_NSLOTS };
enum { CD_LOCK, CD_WAITERS, CD_NSLOTS };
enum { SM_VALUE, SM_WAITERS, SM_BOUND, SM_NSLOTS };

/* ---- waiter lists ---- */

static int list_remove_ident(ev_interp *I, ev_value lv, ev_value x)
{
    if (!ev_is(lv, EV_O_LIST))
        return 0;
    ev_list *l = ev_as_list(lv);
    for (size_t i = 0; i < l->len; i++) {
        if (l->items[i].tag == x.tag && l->items[i].u.o == x.u.o) {
            ev_value v = l->items[i];
            memmove(&l->items[i], &l->items[i + 1], (l->len - i - 1) * sizeof *l->items);
            ev_list_set_len(l, l->len - 1);
            ev_decref(I, v);
            return 1;
        }
    }
    return 0;
}

static ev_value list_popleft(ev_list *l)
{
    ev_value v = l->items[0];
    memmove(&l->items[0], &l->items[1], (l->len - 1) * sizeof *l->items);
    ev_list_set_len(l, l->len - 1);
    return v;
}

static ev_value new_waiter(ev_interp *I, ev_value *waiters)
{
    ev_value loop = aio_get_running_loop(I);
    if (EV_IS_ERR(loop))
        return loop;
    if (waiters->tag == EV_T_NONE) {
        ev_value l = ev_list_new(I, 0);
        if (EV_IS_ERR(l))
            return l;
        *waiters = l;
    }
    ev_value fut = aio_future_new(I, loop);
    if (EV_IS_ERR(fut))
        return fut;
    if (ev_list_append(I, ev_as_list(*waiters), fut)) {
        ev_decref(I, fut);
        return EV_ERR;
    }
    return fut;
}

/* the first waiter not done gets result; 1 when one did */
static int wake_first(ev_interp *I, ev_value waiters, ev_value result, bool pop)
{
    while (ev_is(waiters, EV_O_LIST) && ev_as_list(waiters)->len) {
        ev_value w = pop ? list_popleft(ev_as_list(waiters)) : ev_dup(ev_as_list(waiters)->items[0]);
        int d = aio_done(I, w);
        int r = d < 0 ? -1 : d ? 0 : aio_set_result(I, w, result);
        ev_decref(I, w);
        if (r)
            return -1;
        if (!d || !pop)
            return 1;
    }
    return 0;
}

static ev_value addr_repr(ev_interp *I, ev_value self, const char *extra)
{
    ev_buf b = {0};
    ev_type *t = ev_type_of(self);
    if (ev_buf_printf(I, &b, "<%s.%s object at 0x%llx [%s]>", t->module ? t->module : "asyncio", t->name,
                      (unsigned long long)(uintptr_t)self.u.o, extra)) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

static size_t nwaiters(ev_value w)
{
    return ev_is(w, EV_O_LIST) ? ev_as_list(w)->len : 0;
}

static ev_value sync_coro(ev_interp *I, int kind, const char *name, ev_value self)
{
    ev_value c = aio_ccoro_new(I, kind, name);
    if (!EV_IS_ERR(c))
        aio_set(I, c, C_A, self);
    return c;
}


/* ---- Lock ------------------------------------------------------------------------------------ */

static ev_value lock_cnew(ev_interp *I, ev_type *t)
{
    ev_value v = ev_cinstance_new(I, t, LK_NSLOTS);
    if (!EV_IS_ERR(v))
        *aio_slot(v, LK_LOCKED) = EV_FALSE;
    return v;
}

static ev_value lock_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return lock_cnew(I, (ev_type *)self.u.o);
}

static ev_value lk_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return EV_NONE;
}

static bool is_lock(ev_value v)
{
    return aio_is_instance(v, &ev_type_aio_Lock);
}

static int lock_wake_first(ev_interp *I, ev_value lock)
{
    return wake_first(I, *aio_slot(lock, LK_WAITERS), EV_TRUE, false) < 0 ? -1 : 0;
}

static ev_value lk_locked(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_dup(*aio_slot(self, LK_LOCKED));
}

static ev_value lk_release(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (!aio_slot(self, LK_LOCKED)->u.i)
        return ev_raise(I, &ev_type_RuntimeError, "Lock is not acquired.");
    *aio_slot(self, LK_LOCKED) = EV_FALSE;
    return lock_wake_first(I, self) ? EV_ERR : EV_NONE;
}

static ev_value lk_acquire(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return sync_coro(I, CK_LOCK_ACQUIRE, "acquire", self);
}

/* _ContextManagerMixin.__aenter__: await self.acquire(), then None */
static ev_value cm_aenter(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int kind = is_lock(self) ? CK_LOCK_ACQUIRE : CK_SEM_ACQUIRE;
    if (aio_is_instance(self, &ev_type_aio_Condition)) {
        self = *aio_slot(self, CD_LOCK);
        kind = CK_LOCK_ACQUIRE;
    }
    ev_value c = sync_coro(I, kind, "__aenter__", self);
    if (!EV_IS_ERR(c))
        *aio_slot(c, C_C) = EV_TRUE;
    return c;
}

static ev_value sem_release(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);

static ev_value cm_aexit(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value r;
    if (is_lock(self))
        r = lk_release(I, self, 0, NULL, NULL);
    else if (aio_is_instance(self, &ev_type_aio_Condition))
        r = lk_release(I, *aio_slot(self, CD_LOCK), 0, NULL, NULL);
    else
        r = sem_release(I, self, 0, NULL, NULL);
    if (EV_IS_ERR(r))
        return r;
    ev_value c = aio_ccoro_new(I, CK_VALUE, "__aexit__");
    if (!EV_IS_ERR(c))
        aio_set(I, c, C_A, EV_NONE);
    return c;
}

static ev_value lk_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    char extra[64];
    size_t n = nwaiters(*aio_slot(self, LK_WAITERS));
    snprintf(extra, sizeof extra, n ? "%s, waiters:%zu" : "%s", aio_slot(self, LK_LOCKED)->u.i ? "locked" : "unlocked", n);
    return addr_repr(I, self, extra);
}

static const ev_builtin_def lock_methods[] = {
    {"__init__", lk_init, 0, 0, 0},
    {"locked", lk_locked, 0, 0, 0},
    {"acquire", lk_acquire, 0, 0, 0},
    {"release", lk_release, 0, 0, 0},
    {"__aenter__", cm_aenter, 0, 0, 0},
    {"__aexit__", cm_aexit, 3, 3, 0},
    {"__repr__", lk_repr, 0, 0, EV_BF_SLOT},
    {NULL, NULL, 0, 0, 0},
};

ev_type ev_type_aio_Lock = {STATIC_TYPE, .name = "Lock", .module = "asyncio.locks", .call = lock_new,
                            .methods = lock_methods, .tflags = EV_TYPE_CSLOTS, .cnew = lock_cnew};

/* A lock, B the waiter, C True from __aenter__ (returns None) */
static int step_lock_acquire(ev_interp *I, ev_value self, ev_value exc, ev_value *out)
{
    ev_value lock = *aio_slot(self, C_A);
    ev_value ret = aio_slot(self, C_C)->u.i ? EV_NONE : EV_TRUE;
    if (aio_slot(self, C_STATE)->u.i == 0) {
        bool free = !aio_slot(lock, LK_LOCKED)->u.i;
        ev_value ws = *aio_slot(lock, LK_WAITERS);
        for (size_t i = 0; free && i < nwaiters(ws); i++) {
            int c = aio_cancelled(I, ev_as_list(ws)->items[i]);
            if (c < 0)
                return -1;
            free = c;
            ws = *aio_slot(lock, LK_WAITERS);
        }
        if (free) {
            *aio_slot(lock, LK_LOCKED) = EV_TRUE;
            *out = ret;
            return 0;
        }
        ev_value fut = new_waiter(I, aio_slot(lock, LK_WAITERS));
        if (EV_IS_ERR(fut))
            return -1;
        *aio_slot(self, C_B) = fut;
        *aio_slot(self, C_STATE) = ev_int(1);
        return aio_cc_await(I, fut, out);
    }
    list_remove_ident(I, *aio_slot(lock, LK_WAITERS), *aio_slot(self, C_B));
    if (!EV_IS_ERR(exc)) {
        if (aio_exc_is(exc, &ev_type_aio_CancelledError) && !aio_slot(lock, LK_LOCKED)->u.i &&
            lock_wake_first(I, lock)) {
            ev_decref(I, exc);
            return -1;
        }
        ev_raise_value(I, exc);
        return -1;
    }
    *aio_slot(lock, LK_LOCKED) = EV_TRUE;
    *out = ret;
    return 0;
}

/* ---- Event ---- */

static ev_value event_cnew(ev_interp *I, ev_type *t)
{
    ev_value v = ev_cinstance_new(I, t, EV_NSLOTS);
    if (EV_IS_ERR(v))
        return v;
    *aio_slot(v, EV_VALUE) = EV_FALSE;
    ev_value l = ev_list_new(I, 0);
    if (EV_IS_ERR(l)) {
        ev_decref(I, v);
        return l;
    }
    *aio_slot(v, EV_WAITERS) = l;
    return v;
}

static ev_value event_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return event_cnew(I, (ev_type *)self.u.o);
}

static ev_value evm_is_set(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_dup(*aio_slot(self, EV_VALUE));
}

static int event_set(ev_interp *I, ev_value self)
{
    if (aio_slot(self, EV_VALUE)->u.i)
        return 0;
    *aio_slot(self, EV_VALUE) = EV_TRUE;
    ev_value ws = ev_dup(*aio_slot(self, EV_WAITERS));
    int r = 0;
    for (size_t i = 0; r == 0 && i < ev_as_list(ws)->len; i++) {
        ev_value f = ev_as_list(ws)->items[i];
        int d = aio_done(I, f);
        r = d < 0 ? -1 : d ? 0 : aio_set_result(I, f, EV_TRUE);
    }
    ev_decref(I, ws);
    return r;
}

static ev_value evm_set(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return event_set(I, self) ? EV_ERR : EV_NONE;
}

static ev_value evm_clear(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    *aio_slot(self, EV_VALUE) = EV_FALSE;
    return EV_NONE;
}

static ev_value evm_wait(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return sync_coro(I, CK_EVENT_WAIT, "wait", self);
}

static ev_value evm_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    char extra[64];
    size_t n = nwaiters(*aio_slot(self, EV_WAITERS));
    snprintf(extra, sizeof extra, n ? "%s, waiters:%zu" : "%s", aio_slot(self, EV_VALUE)->u.i ? "set" : "unset", n);
    return addr_repr(I, self, extra);
}

static const ev_builtin_def event_methods[] = {
    {"__init__", lk_init, 0, 0, 0},
    {"is_set", evm_is_set, 0, 0, 0},
    {"set", evm_set, 0, 0, 0},
    {"clear", evm_clear, 0, 0, 0},
    {"wait", evm_wait, 0, 0, 0},
    {"__repr__", evm_repr, 0, 0, EV_BF_SLOT},
    {NULL, NULL, 0, 0, 0},
};

ev_type ev_type_aio_Event = {STATIC_TYPE, .name = "Event", .module = "asyncio.locks", .call = event_new,
                             .methods = event_methods, .tflags = EV_TYPE_CSLOTS, .cnew = event_cnew};

/* A event, B the waiter */
static int step_event_wait(ev_interp *I, ev_value self, ev_value exc, ev_value *out)
{
    ev_value event = *aio_slot(self, C_A);
    if (aio_slot(self, C_STATE)->u.i == 0) {
        if (aio_slot(event, EV_VALUE)->u.i) {
            *out = EV_TRUE;
            return 0;
        }
        ev_value fut = new_waiter(I, aio_slot(event, EV_WAITERS));
        if (EV_IS_ERR(fut))
            return -1;
        *aio_slot(self, C_B) = fut;
        *aio_slot(self, C_STATE) = ev_int(1);
        return aio_cc_await(I, fut, out);
    }
    list_remove_ident(I, *aio_slot(event, EV_WAITERS), *aio_slot(self, C_B));
    if (!EV_IS_ERR(exc)) {
        ev_raise_value(I, exc);
        return -1;
    }
    *out = EV_TRUE;
    return 0;
}

/* ---- Condition ---- */

static ev_value cond_cnew(ev_interp *I, ev_type *t)
{
    ev_value v = ev_cinstance_new(I, t, CD_NSLOTS);
    if (EV_IS_ERR(v))
        return v;
    ev_value l = ev_list_new(I, 0);
    if (EV_IS_ERR(l)) {
        ev_decref(I, v);
        return l;
    }
    *aio_slot(v, CD_WAITERS) = l;
    return v;
}

static ev_value cd_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value lock = EV_IS_ERR(argv[0]) ? EV_NONE : argv[0];
    if (lock.tag == EV_T_NONE) {
        lock = lock_cnew(I, &ev_type_aio_Lock);
        if (EV_IS_ERR(lock))
            return lock;
    } else if (!is_lock(lock)) {
        return ev_raise(I, &ev_type_NotImplementedError,
                        "asyncio.Condition(lock) with a lock that is not an asyncio.Lock is not supported by safepy");
    } else {
        ev_dup(lock);
    }
    aio_set(I, self, CD_LOCK, lock);
    ev_decref(I, lock);
    return EV_NONE;
}

static ev_value cond_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value c = cond_cnew(I, (ev_type *)self.u.o);
    if (EV_IS_ERR(c))
        return c;
    ev_value r = cd_init(I, c, argc, argv, kw);
    if (EV_IS_ERR(r)) {
        ev_decref(I, c);
        return r;
    }
    return c;
}

static ev_value cd_locked(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_dup(*aio_slot(*aio_slot(self, CD_LOCK), LK_LOCKED));
}

static ev_value cd_acquire(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return sync_coro(I, CK_LOCK_ACQUIRE, "acquire", *aio_slot(self, CD_LOCK));
}

static ev_value cd_release(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return lk_release(I, *aio_slot(self, CD_LOCK), 0, NULL, NULL);
}

static ev_value cd_wait(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return sync_coro(I, CK_COND_WAIT, "wait", self);
}

static ev_value cd_wait_for(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value c = sync_coro(I, CK_COND_WAIT_FOR, "wait_for", self);
    if (!EV_IS_ERR(c))
        aio_set(I, c, C_B, argv[0]);
    return c;
}

static int cond_notify(ev_interp *I, ev_value self, int64_t n)
{
    if (!aio_slot(*aio_slot(self, CD_LOCK), LK_LOCKED)->u.i) {
        ev_raise(I, &ev_type_RuntimeError, "cannot notify on un-acquired lock");
        return -1;
    }
    ev_value ws = ev_dup(*aio_slot(self, CD_WAITERS));
    int64_t idx = 0;
    int r = 0;
    for (size_t i = 0; r == 0 && i < ev_as_list(ws)->len && idx < n; i++) {
        ev_value f = ev_as_list(ws)->items[i];
        int d = aio_done(I, f);
        if (d < 0)
            r = -1;
        else if (!d) {
            idx++;
            r = aio_set_result(I, f, EV_FALSE);
        }
    }
    ev_decref(I, ws);
    return r;
}

static ev_value cd_notify(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int64_t n = 1;
    if (!EV_IS_ERR(argv[0]) && ev_index(I, argv[0], &n, NULL))
        return EV_ERR;
    return cond_notify(I, self, n) ? EV_ERR : EV_NONE;
}

static ev_value cd_notify_all(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return cond_notify(I, self, (int64_t)nwaiters(*aio_slot(self, CD_WAITERS))) ? EV_ERR : EV_NONE;
}

static ev_value cd_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    char extra[64];
    size_t n = nwaiters(*aio_slot(self, CD_WAITERS));
    snprintf(extra, sizeof extra, n ? "%s, waiters:%zu" : "%s",
             aio_slot(*aio_slot(self, CD_LOCK), LK_LOCKED)->u.i ? "locked" : "unlocked", n);
    return addr_repr(I, self, extra);
}

static const ev_builtin_def cond_methods[] = {
    {"__init__", cd_init, 0, 1, 0, "lock"},
    {"locked", cd_locked, 0, 0, 0},
    {"acquire", cd_acquire, 0, 0, 0},
    {"release", cd_release, 0, 0, 0},
    {"wait", cd_wait, 0, 0, 0},
    {"wait_for", cd_wait_for, 1, 1, 0, "predicate"},
    {"notify", cd_notify, 0, 1, 0, "n"},
    {"notify_all", cd_notify_all, 0, 0, 0},
    {"__aenter__", cm_aenter, 0, 0, 0},
    {"__aexit__", cm_aexit, 3, 3, 0},
    {"__repr__", cd_repr, 0, 0, EV_BF_SLOT},
    {NULL, NULL, 0, 0, 0},
};

ev_type ev_type_aio_Condition = {STATIC_TYPE, .name = "Condition", .module = "asyncio.locks", .call = cond_new,
                                 .methods = cond_methods, .max_args = 1, .params = "lock",
                                 .tflags = EV_TYPE_CSLOTS, .cnew = cond_cnew};

/* A condition, B the waiter, C cancelled while reacquiring, D the wait's
 * exception (None: it returned True) */
static int step_cond_wait(ev_interp *I, ev_value self, ev_value exc, ev_value *out)
{
    ev_value cond = *aio_slot(self, C_A);
    ev_value lock = *aio_slot(cond, CD_LOCK);
    int64_t st = aio_slot(self, C_STATE)->u.i;
    if (st == 0) {
        if (!aio_slot(lock, LK_LOCKED)->u.i) {
            ev_raise(I, &ev_type_RuntimeError, "cannot wait on un-acquired lock");
            return -1;
        }
        ev_value r = lk_release(I, lock, 0, NULL, NULL);
        if (EV_IS_ERR(r))
            return -1;
        ev_value fut = new_waiter(I, aio_slot(cond, CD_WAITERS));
        if (EV_IS_ERR(fut))
            return -1;
        *aio_slot(self, C_B) = fut;
        *aio_slot(self, C_C) = EV_FALSE;
        *aio_slot(self, C_STATE) = ev_int(1);
        return aio_cc_await(I, fut, out);
    }
    if (st == 1) {
        list_remove_ident(I, *aio_slot(cond, CD_WAITERS), *aio_slot(self, C_B));
        if (!EV_IS_ERR(exc)) {
            aio_set(I, self, C_D, exc);
            ev_decref(I, exc);
        }
    } else if (!EV_IS_ERR(exc)) {
        /* st 2: the reacquire ended with exc */
        if (!aio_exc_is(exc, &ev_type_aio_CancelledError)) {
            ev_raise_value(I, exc);
            return -1;
        }
        ev_decref(I, exc);
        *aio_slot(self, C_C) = EV_TRUE;
    } else {
        /* reacquired */
        if (aio_slot(self, C_C)->u.i) {
            ev_value e = aio_exc(I, &ev_type_aio_CancelledError, 0, NULL);
            if (!EV_IS_ERR(e))
                ev_raise_value(I, e);
            return -1;
        }
        if (aio_slot(self, C_D)->tag != EV_T_NONE) {
            ev_raise_value(I, ev_dup(*aio_slot(self, C_D)));
            return -1;
        }
        *out = EV_TRUE;
        return 0;
    }
    ev_value acq = sync_coro(I, CK_LOCK_ACQUIRE, "acquire", lock);
    if (EV_IS_ERR(acq))
        return -1;
    *aio_slot(self, C_STATE) = ev_int(2);
    int r = aio_cc_delegate(I, self, acq, out);
    ev_decref(I, acq);
    return r;
}

/* A condition, B predicate */
static int step_cond_wait_for(ev_interp *I, ev_value self, ev_value exc, ev_value *out)
{
    if (!EV_IS_ERR(exc)) {
        ev_raise_value(I, exc);
        return -1;
    }
    ev_value res = ev_call(I, *aio_slot(self, C_B), 0, NULL, 0, NULL, NULL);
    if (EV_IS_ERR(res))
        return -1;
    int t = ev_truth(I, res);
    if (t) {
        if (t < 0) {
            ev_decref(I, res);
            return -1;
        }
        *out = res;
        return 0;
    }
    ev_decref(I, res);
    ev_value w = sync_coro(I, CK_COND_WAIT, "wait", *aio_slot(self, C_A));
    if (EV_IS_ERR(w))
        return -1;
    *aio_slot(self, C_STATE) = ev_int(1);
    int r = aio_cc_delegate(I, self, w, out);
    ev_decref(I, w);
    return r;
}

/* ---- Semaphore and BoundedSemaphore ---- */

static ev_value sem_cnew(ev_interp *I, ev_type *t)
{
    ev_value v = ev_cinstance_new(I, t, SM_NSLOTS);
    if (!EV_IS_ERR(v))
        *aio_slot(v, SM_VALUE) = ev_int(1);
    return v;
}

static ev_value sm_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int64_t value = 1;
    if (!EV_IS_ERR(argv[0]) && ev_index(I, argv[0], &value, NULL))
        return EV_ERR;
    if (value < 0)
        return ev_raise(I, &ev_type_ValueError, "Semaphore initial value must be >= 0");
    *aio_slot(self, SM_VALUE) = ev_int(value);
    if (aio_is_instance(self, &ev_type_aio_BoundedSemaphore))
        *aio_slot(self, SM_BOUND) = ev_int(value);
    return EV_NONE;
}

static ev_value sem_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value s = sem_cnew(I, (ev_type *)self.u.o);
    if (EV_IS_ERR(s))
        return s;
    ev_value r = sm_init(I, s, argc, argv, kw);
    if (EV_IS_ERR(r)) {
        ev_decref(I, s);
        return r;
    }
    return s;
}

static int sem_locked(ev_interp *I, ev_value self)
{
    if (aio_slot(self, SM_VALUE)->u.i == 0)
        return 1;
    ev_value ws = ev_dup(*aio_slot(self, SM_WAITERS));
    int r = 0;
    for (size_t i = 0; r == 0 && i < nwaiters(ws); i++) {
        int c = aio_cancelled(I, ev_as_list(ws)->items[i]);
        r = c < 0 ? -1 : !c;
    }
    ev_decref(I, ws);
    return r;
}

static int sem_wake_next(ev_interp *I, ev_value self)
{
    ev_value ws = ev_dup(*aio_slot(self, SM_WAITERS));
    int r = 0;
    for (size_t i = 0; i < nwaiters(ws); i++) {
        ev_value f = ev_as_list(ws)->items[i];
        int d = aio_done(I, f);
        if (d < 0) {
            r = -1;
            break;
        }
        if (!d) {
            *aio_slot(self, SM_VALUE) = ev_int(aio_slot(self, SM_VALUE)->u.i - 1);
            r = aio_set_result(I, f, EV_TRUE);
            break;
        }
    }
    ev_decref(I, ws);
    return r;
}

static ev_value sm_locked(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int r = sem_locked(I, self);
    return r < 0 ? EV_ERR : ev_bool(r);
}

static ev_value sem_release(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (aio_slot(self, SM_BOUND)->tag != EV_T_NONE && aio_slot(self, SM_VALUE)->u.i >= aio_slot(self, SM_BOUND)->u.i)
        return ev_raise(I, &ev_type_ValueError, "BoundedSemaphore released too many times");
    *aio_slot(self, SM_VALUE) = ev_int(aio_slot(self, SM_VALUE)->u.i + 1);
    return sem_wake_next(I, self) ? EV_ERR : EV_NONE;
}

static ev_value sm_acquire(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return sync_coro(I, CK_SEM_ACQUIRE, "acquire", self);
}

static ev_value sm_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int l = sem_locked(I, self);
    if (l < 0)
        return EV_ERR;
    char extra[96];
    size_t n = nwaiters(*aio_slot(self, SM_WAITERS));
    char base[48];
    if (l)
        snprintf(base, sizeof base, "locked");
    else
        snprintf(base, sizeof base, "unlocked, value:%lld", (long long)aio_slot(self, SM_VALUE)->u.i);
    snprintf(extra, sizeof extra, n ? "%s, waiters:%zu" : "%s", base, n);
    return addr_repr(I, self, extra);
}

static const ev_builtin_def sem_methods[] = {
    {"__init__", sm_init, 0, 1, 0, "value"},
    {"locked", sm_locked, 0, 0, 0},
    {"acquire", sm_acquire, 0, 0, 0},
    {"release", sem_release, 0, 0, 0},
    {"__aenter__", cm_aenter, 0, 0, 0},
    {"__aexit__", cm_aexit, 3, 3, 0},
    {"__repr__", sm_repr, 0, 0, EV_BF_SLOT},
    {NULL, NULL, 0, 0, 0},
};

ev_type ev_type_aio_Semaphore = {STATIC_TYPE, .name = "Semaphore", .module = "asyncio.locks", .call = sem_new,
                                 .methods = sem_methods, .max_args = 1, .params = "value",
                                 .tflags = EV_TYPE_CSLOTS, .cnew = sem_cnew};
ev_type ev_type_aio_BoundedSemaphore = {STATIC_TYPE, .name = "BoundedSemaphore", .module = "asyncio.locks",
                                        .base = &ev_type_aio_Semaphore, .call = sem_new, .methods = sem_methods,
                                        .max_args = 1, .params = "value", .tflags = EV_TYPE_CSLOTS,
                                        .cnew = sem_cnew};

/* A semaphore, B the waiter, C True from __aenter__ */
static int step_sem_acquire(ev_interp *I, ev_value self, ev_value exc, ev_value *out)
{
    ev_value sem = *aio_slot(self, C_A);
    ev_value ret = aio_slot(self, C_C)->u.i ? EV_NONE : EV_TRUE;
    if (aio_slot(self, C_STATE)->u.i == 0) {
        int l = sem_locked(I, sem);
        if (l < 0)
            return -1;
        if (!l) {
            *aio_slot(sem, SM_VALUE) = ev_int(aio_slot(sem, SM_VALUE)->u.i - 1);
            *out = ret;
            return 0;
        }
        ev_value fut = new_waiter(I, aio_slot(sem, SM_WAITERS));
        if (EV_IS_ERR(fut))
            return -1;
        *aio_slot(self, C_B) = fut;
        *aio_slot(self, C_STATE) = ev_int(1);
        return aio_cc_await(I, fut, out);
    }
    ev_value fut = *aio_slot(self, C_B);
    list_remove_ident(I, *aio_slot(sem, SM_WAITERS), fut);
    if (!EV_IS_ERR(exc)) {
        if (aio_exc_is(exc, &ev_type_aio_CancelledError)) {
            int c = aio_cancelled(I, fut);
            if (c < 0 || (!c && (*aio_slot(sem, SM_VALUE) = ev_int(aio_slot(sem, SM_VALUE)->u.i + 1),
                                 sem_wake_next(I, sem)))) {
                ev_decref(I, exc);
                return -1;
            }
        }
        ev_raise_value(I, exc);
        return -1;
    }
    if (aio_slot(sem, SM_VALUE)->u.i > 0 && sem_wake_next(I, sem))
        return -1;
    *out = ret;
    return 0;
}

/* ---- Queue, PriorityQueue, LifoQueue ---------------------------------------------------------------------- */

static ev_value queue_cnew(ev_interp *I, ev_type *t)
{
    ev_value q = ev_cinstance_new(I, t, Q_NSLOTS);
    if (EV_IS_ERR(q))
        return q;
    ev_value a = ev_list_new(I, 0), b = ev_list_new(I, 0), c = ev_list_new(I, 0), e = event_cnew(I, &ev_type_aio_Event);
    *aio_slot(q, Q_ITEMS) = a;
    *aio_slot(q, Q_GETTERS) = b;
    *aio_slot(q, Q_PUTTERS) = c;
    *aio_slot(q, Q_FINISHED) = e;
    if (EV_IS_ERR(a) || EV_IS_ERR(b) || EV_IS_ERR(c) || EV_IS_ERR(e)) {
        for (int i = 0; i < Q_NSLOTS; i++)
            if (EV_IS_ERR(*aio_slot(q, i)))
                *aio_slot(q, i) = EV_NONE;
        ev_decref(I, q);
        return EV_ERR;
    }
    *aio_slot(e, EV_VALUE) = EV_TRUE;
    *aio_slot(q, Q_MAXSIZE) = ev_int(0);
    *aio_slot(q, Q_UNFINISHED) = ev_int(0);
    return q;
}

static ev_value qm_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    aio_set(I, self, Q_MAXSIZE, EV_IS_ERR(argv[0]) ? ev_int(0) : argv[0]);
    return EV_NONE;
}

static ev_value queue_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value q = queue_cnew(I, (ev_type *)self.u.o);
    if (!EV_IS_ERR(q))
        aio_set(I, q, Q_MAXSIZE, EV_IS_ERR(argv[0]) ? ev_int(0) : argv[0]);
    return q;
}

static int qkind(ev_value q)
{
    return aio_is_instance(q, &ev_type_aio_PriorityQueue) ? 2 : aio_is_instance(q, &ev_type_aio_LifoQueue) ? 1 : 0;
}

static size_t qlen(ev_value q)
{
    return ev_as_list(*aio_slot(q, Q_ITEMS))->len;
}

/* maxsize <= 0 is never full; else qsize() >= maxsize */
static int qfull(ev_interp *I, ev_value q)
{
    ev_value m = *aio_slot(q, Q_MAXSIZE);
    ev_value zero = ev_int(0);
    int le = ev_compare(I, m, zero, 1);
    if (le)
        return le < 0 ? -1 : 0;
    return ev_compare(I, ev_int((int64_t)qlen(q)), m, 5);
}

/* heapq's siftdown/siftup over the items, comparing with < */
static int heap_push(ev_interp *I, ev_value lv, ev_value item)
{
    if (ev_list_append(I, ev_as_list(lv), item))
        return -1;
    size_t pos = ev_as_list(lv)->len - 1;
    while (pos > 0) {
        ev_list *l = ev_as_list(lv);
        size_t parent = (pos - 1) >> 1;
        ev_value a = ev_dup(l->items[pos]), b = ev_dup(l->items[parent]);
        int lt = ev_compare(I, a, b, 0);
        ev_decref(I, a);
        ev_decref(I, b);
        if (lt < 0)
            return -1;
        if (!lt)
            break;
        l = ev_as_list(lv);
        ev_value t = l->items[parent];
        l->items[parent] = l->items[pos];
        l->items[pos] = t;
        pos = parent;
    }
    return 0;
}

static ev_value heap_pop(ev_interp *I, ev_value lv)
{
    ev_list *l = ev_as_list(lv);
    ev_value last = l->items[l->len - 1];
    ev_list_set_len(l, l->len - 1);
    if (l->len == 0)
        return last;
    ev_value ret = l->items[0];
    l->items[0] = last;
    size_t end = l->len, pos = 0, child = 1;
    while (child < end) {
        size_t right = child + 1;
        if (right < end) {
            ev_value a = ev_dup(l->items[child]), b = ev_dup(l->items[right]);
            int lt = ev_compare(I, a, b, 0);
            ev_decref(I, a);
            ev_decref(I, b);
            if (lt < 0) {
                ev_decref(I, ret);
                return EV_ERR;
            }
            l = ev_as_list(lv);
            if (!lt)
                child = right;
        }
        ev_value t = l->items[pos];
        l->items[pos] = l->items[child];
        l->items[child] = t;
        pos = child;
        child = 2 * pos + 1;
    }
    while (pos > 0) {
        size_t parent = (pos - 1) >> 1;
        ev_value a = ev_dup(l->items[pos]), b = ev_dup(l->items[parent]);
        int lt = ev_compare(I, a, b, 0);
        ev_decref(I, a);
        ev_decref(I, b);
        if (lt < 0) {
            ev_decref(I, ret);
            return EV_ERR;
        }
        l = ev_as_list(lv);
        if (!lt)
            break;
        ev_value t = l->items[parent];
        l->items[parent] = l->items[pos];
        l->items[pos] = t;
        pos = parent;
    }
    return ret;
}

static int q_put_nowait(ev_interp *I, ev_value q, ev_value item)
{
    int f = qfull(I, q);
    if (f) {
        if (f > 0)
            ev_raise_value(I, aio_exc(I, &ev_type_aio_QueueFull, 0, NULL));
        return -1;
    }
    ev_value items = *aio_slot(q, Q_ITEMS);
    if (qkind(q) == 2 ? heap_push(I, items, item) : ev_list_append(I, ev_as_list(items), item))
        return -1;
    *aio_slot(q, Q_UNFINISHED) = ev_int(aio_slot(q, Q_UNFINISHED)->u.i + 1);
    *aio_slot(*aio_slot(q, Q_FINISHED), EV_VALUE) = EV_FALSE;
    return wake_first(I, *aio_slot(q, Q_GETTERS), EV_NONE, true) < 0 ? -1 : 0;
}

static ev_value q_get_nowait(ev_interp *I, ev_value q)
{
    if (qlen(q) == 0)
        return ev_raise_value(I, aio_exc(I, &ev_type_aio_QueueEmpty, 0, NULL));
    ev_value items = *aio_slot(q, Q_ITEMS);
    ev_value item;
    int k = qkind(q);
    if (k == 2) {
        item = heap_pop(I, items);
        if (EV_IS_ERR(item))
            return item;
    } else if (k == 1) {
        ev_list *l = ev_as_list(items);
        item = l->items[l->len - 1];
        ev_list_set_len(l, l->len - 1);
    } else {
        item = list_popleft(ev_as_list(items));
    }
    if (wake_first(I, *aio_slot(q, Q_PUTTERS), EV_NONE, true) < 0) {
        ev_decref(I, item);
        return EV_ERR;
    }
    return item;
}

static ev_value qm_put_nowait(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return q_put_nowait(I, self, argv[0]) ? EV_ERR : EV_NONE;
}

static ev_value qm_get_nowait(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return q_get_nowait(I, self);
}

static ev_value qm_put(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value c = sync_coro(I, CK_QPUT, "put", self);
    if (!EV_IS_ERR(c))
        aio_set(I, c, C_C, argv[0]);
    return c;
}

static ev_value qm_get(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return sync_coro(I, CK_QGET, "get", self);
}

static ev_value qm_join(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return sync_coro(I, CK_QJOIN, "join", self);
}

static ev_value qm_task_done(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int64_t n = aio_slot(self, Q_UNFINISHED)->u.i;
    if (n <= 0)
        return ev_raise(I, &ev_type_ValueError, "task_done() called too many times");
    *aio_slot(self, Q_UNFINISHED) = ev_int(--n);
    if (n == 0 && event_set(I, *aio_slot(self, Q_FINISHED)))
        return EV_ERR;
    return EV_NONE;
}

static ev_value qm_qsize(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_int((int64_t)qlen(self));
}

static ev_value qm_maxsize(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_dup(*aio_slot(self, Q_MAXSIZE));
}

static ev_value qm_empty(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_bool(qlen(self) == 0);
}

static ev_value qm_full(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int f = qfull(I, self);
    return f < 0 ? EV_ERR : ev_bool(f);
}

static ev_value q_format(ev_interp *I, ev_value self, bool addr)
{
    ev_buf b = {0};
    int e = ev_buf_printf(I, &b, "<%s", ev_type_of(self)->name);
    if (e == 0 && addr)
        e = ev_buf_printf(I, &b, " at 0x%llx", (unsigned long long)(uintptr_t)self.u.o);
    ev_value m = ev_repr(I, *aio_slot(self, Q_MAXSIZE));
    if (EV_IS_ERR(m)) {
        ev_buf_free(I, &b);
        return m;
    }
    if (e == 0)
        e = ev_buf_printf(I, &b, " maxsize=%s", ev_as_str(m)->data);
    ev_decref(I, m);
    if (e == 0 && qlen(self)) {
        ev_value r = ev_repr(I, *aio_slot(self, Q_ITEMS));
        if (EV_IS_ERR(r)) {
            ev_buf_free(I, &b);
            return r;
        }
        e = ev_buf_printf(I, &b, " _queue=%s", ev_as_str(r)->data);
        ev_decref(I, r);
    }
    size_t g = nwaiters(*aio_slot(self, Q_GETTERS)), p = nwaiters(*aio_slot(self, Q_PUTTERS));
    if (e == 0 && g)
        e = ev_buf_printf(I, &b, " _getters[%zu]", g);
    if (e == 0 && p)
        e = ev_buf_printf(I, &b, " _putters[%zu]", p);
    if (e == 0 && aio_slot(self, Q_UNFINISHED)->u.i)
        e = ev_buf_printf(I, &b, " tasks=%lld", (long long)aio_slot(self, Q_UNFINISHED)->u.i);
    if (e == 0)
        e = ev_buf_printf(I, &b, ">");
    if (e) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

static ev_value qm_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return q_format(I, self, true);
}

static ev_value qm_str(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return q_format(I, self, false);
}

static const ev_builtin_def queue_methods[] = {
    {"__init__", qm_init, 0, 1, 0, "maxsize"},
    {"qsize", qm_qsize, 0, 0, 0},
    {"maxsize", qm_maxsize, 0, 0, EV_BF_PROP},
    {"empty", qm_empty, 0, 0, 0},
    {"full", qm_full, 0, 0, 0},
    {"put", qm_put, 1, 1, 0, "item"},
    {"put_nowait", qm_put_nowait, 1, 1, 0, "item"},
    {"get", qm_get, 0, 0, 0},
    {"get_nowait", qm_get_nowait, 0, 0, 0},
    {"task_done", qm_task_done, 0, 0, 0},
    {"join", qm_join, 0, 0, 0},
    {"__repr__", qm_repr, 0, 0, EV_BF_SLOT},
    {"__str__", qm_str, 0, 0, EV_BF_SLOT},
    {NULL, NULL, 0, 0, 0},
};

#define QUEUE_TYPE(var, nm, base_)                                                                      \
    ev_type var = {STATIC_TYPE, .name = nm, .base = base_, .call = queue_new, .methods = queue_methods, \
                   .type_methods = aio_generic_type_methods,                                           \
                   .min_args = 0, .max_args = 1, .params = "maxsize", .module = "asyncio.queues",       \
                   .tflags = EV_TYPE_CSLOTS, .cnew = queue_cnew}
QUEUE_TYPE(ev_type_aio_Queue, "Queue", NULL);
QUEUE_TYPE(ev_type_aio_PriorityQueue, "PriorityQueue", &ev_type_aio_Queue);
QUEUE_TYPE(ev_type_aio_LifoQueue, "LifoQueue", &ev_type_aio_Queue);

/* get and put: A queue, B the getter/putter, C put's item */
static int step_queue(ev_interp *I, ev_value self, ev_value exc, ev_value *out, bool put)
{
    ev_value q = *aio_slot(self, C_A);
    int wl = put ? Q_PUTTERS : Q_GETTERS;
    if (aio_slot(self, C_STATE)->u.i == 1) {
        if (!EV_IS_ERR(exc)) {
            ev_value w = ev_dup(*aio_slot(self, C_B));
            int r = aio_cancel(I, w, EV_NONE) < 0 ? -1 : 0;
            if (r == 0)
                list_remove_ident(I, *aio_slot(q, wl), w);
            int blocked = r ? -1 : put ? qfull(I, q) : qlen(q) == 0;
            int c = blocked < 0 ? -1 : aio_cancelled(I, w);
            if (blocked < 0 || c < 0 || (!blocked && !c && wake_first(I, *aio_slot(q, wl), EV_NONE, true) < 0)) {
                ev_decref(I, w);
                ev_decref(I, exc);
                return -1;
            }
            ev_decref(I, w);
            ev_raise_value(I, exc);
            return -1;
        }
    }
    int blocked = put ? qfull(I, q) : qlen(q) == 0;
    if (blocked < 0)
        return -1;
    if (!blocked) {
        if (put) {
            if (q_put_nowait(I, q, *aio_slot(self, C_C)))
                return -1;
            *out = EV_NONE;
            return 0;
        }
        *out = q_get_nowait(I, q);
        return EV_IS_ERR(*out) ? -1 : 0;
    }
    ev_value w = new_waiter(I, aio_slot(q, wl));
    if (EV_IS_ERR(w))
        return -1;
    aio_set(I, self, C_B, w);
    ev_decref(I, w);
    *aio_slot(self, C_STATE) = ev_int(1);
    return aio_cc_await(I, w, out);
}

/* join: A queue */
static int step_queue_join(ev_interp *I, ev_value self, ev_value exc, ev_value *out)
{
    if (!EV_IS_ERR(exc)) {
        ev_raise_value(I, exc);
        return -1;
    }
    ev_value q = *aio_slot(self, C_A);
    if (aio_slot(self, C_STATE)->u.i == 0 && aio_slot(q, Q_UNFINISHED)->u.i > 0) {
        ev_value w = sync_coro(I, CK_EVENT_WAIT, "wait", *aio_slot(q, Q_FINISHED));
        if (EV_IS_ERR(w))
            return -1;
        *aio_slot(self, C_STATE) = ev_int(1);
        int r = aio_cc_delegate(I, self, w, out);
        ev_decref(I, w);
        if (r == 0) {
            ev_decref(I, *out);
            *out = EV_NONE;
        }
        return r;
    }
    *out = EV_NONE;
    return 0;
}

int aio_step_sync(ev_interp *I, ev_value self, ev_value sent, ev_value exc, ev_value *out)
{
    switch (aio_slot(self, C_KIND)->u.i) {
    case CK_QGET: return step_queue(I, self, exc, out, false);
    case CK_QPUT: return step_queue(I, self, exc, out, true);
    case CK_QJOIN: return step_queue_join(I, self, exc, out);
    case CK_LOCK_ACQUIRE: return step_lock_acquire(I, self, exc, out);
    case CK_EVENT_WAIT: return step_event_wait(I, self, exc, out);
    case CK_COND_WAIT: return step_cond_wait(I, self, exc, out);
    case CK_COND_WAIT_FOR: return step_cond_wait_for(I, self, exc, out);
    default: return step_sem_acquire(I, self, exc, out);
    }
}
