/*
 * queue.c - the queue module, CPython 3.11 behaviour: Queue, LifoQueue,
 * PriorityQueue, SimpleQueue, Empty, Full.
 *
 * Queue and its subclasses follow Lib/queue.py step by step, and as there
 * their state is ordinary instance attributes: `maxsize`, `queue` (a deque,
 * or a list for LifoQueue and PriorityQueue) and `unfinished_tasks`, so a
 * program peeking at `q.queue[0]` sees what CPython shows.  PriorityQueue
 * keeps `queue` as a heap with exactly the algorithm of Modules/_heapqmodule.c
 * (the same comparisons in the same order), so ties and tuples come out in
 * CPython's order.  SimpleQueue (from _queue) keeps its items in a C slot.
 *
 * One thread: a program has nobody to wait for.
 *  - get() with block=True and no timeout on an empty queue (put() on a full
 *    one, join() with unfinished tasks) would wait forever in CPython.  It
 *    raises RuntimeError at once with a message naming the deadlock, instead
 *    of hanging until the time limit.
 *  - With a timeout, the wait is real (time.sleep's slices, which check the
 *    limits), since nothing can change the queue meanwhile: then Empty/Full
 *    as CPython raises them.  A timeout longer than the time left ends with
 *    the time limit, never past it.
 *  - The threading objects are there (mutex, not_empty, not_full,
 *    all_tasks_done: queue_lock.c), so `with q.mutex: q.queue.clear()` works;
 *    a method called while the program holds the mutex would wait for it
 *    forever in CPython: RuntimeError too.
 * User classes may derive from Queue, LifoQueue and PriorityQueue: the
 * methods reach the hooks (_init, _qsize, _put, _get) and put/get through
 * the object, as queue.py does, so a subclass's overrides take effect.
 */
#include <string.h>

#include "evaluator/modules/queue_int.h"

extern ev_type ev_type_Queue, ev_type_LifoQueue, ev_type_PriorityQueue, ev_type_SimpleQueue,
    ev_type_QueueEmpty, ev_type_QueueFull;

/* ---- heapq's algorithm on a list ------------------------------------------------------------ */

/* newitem < parent as PyObject_RichCompareBool(.., Py_LT); the list must not
 * change size meanwhile (a __lt__ may mutate it). */
static int heap_lt(ev_interp *I, ev_list *heap, size_t size, ev_value a, ev_value b)
{
    ev_incref(a);
    ev_incref(b);
    int r = ev_compare(I, a, b, 0);
    ev_decref(I, a);
    ev_decref(I, b);
    if (r < 0)
        return -1;
    if (heap->len != size) {
        ev_raise(I, &ev_type_RuntimeError, "list changed size during iteration");
        return -1;
    }
    return r;
}

static int siftdown(ev_interp *I, ev_list *heap, size_t startpos, size_t pos)
{
    size_t size = heap->len;
    while (pos > startpos) {
        size_t parentpos = (pos - 1) >> 1;
        int lt = heap_lt(I, heap, size, heap->items[pos], heap->items[parentpos]);
        if (lt < 0)
            return -1;
        if (!lt)
            break;
        ev_value t = heap->items[parentpos];
        heap->items[parentpos] = heap->items[pos];
        heap->items[pos] = t;
        pos = parentpos;
    }
    return 0;
}

static int siftup(ev_interp *I, ev_list *heap, size_t pos)
{
    size_t endpos = heap->len, startpos = pos, limit = endpos >> 1;
    while (pos < limit) {
        if (ev_tick(I))
            return -1;
        size_t childpos = 2 * pos + 1;
        if (childpos + 1 < endpos) {
            int lt = heap_lt(I, heap, endpos, heap->items[childpos], heap->items[childpos + 1]);
            if (lt < 0)
                return -1;
            childpos += (size_t)(lt ^ 1);
        }
        ev_value t = heap->items[childpos];
        heap->items[childpos] = heap->items[pos];
        heap->items[pos] = t;
        pos = childpos;
    }
    return siftdown(I, heap, startpos, pos);
}

static int heappush(ev_interp *I, ev_value heapv, ev_value item)
{
    if (!ev_is(heapv, EV_O_LIST)) {
        ev_raise(I, &ev_type_TypeError, "heappush() argument 1 must be list, not %s",
                 ev_type_name(heapv));
        return -1;
    }
    ev_list *heap = ev_as_list(heapv);
    if (ev_list_append(I, heap, item))
        return -1;
    return siftdown(I, heap, 0, heap->len - 1);
}

static ev_value heappop(ev_interp *I, ev_value heapv)
{
    if (!ev_is(heapv, EV_O_LIST))
        return ev_raise(I, &ev_type_TypeError, "heappop() argument 1 must be list, not %s",
                        ev_type_name(heapv));
    ev_list *heap = ev_as_list(heapv);
    if (heap->len == 0)
        return ev_raise(I, &ev_type_IndexError, "index out of range");
    ev_value last = heap->items[heap->len - 1];
    ev_list_set_len(heap, heap->len - 1);
    if (heap->len == 0)
        return last;
    ev_value ret = heap->items[0];
    heap->items[0] = last;
    if (siftup(I, heap, 0)) {
        ev_decref(I, ret);
        return EV_ERR;
    }
    return ret;
}

/* ---- attributes and helpers ------------------------------------------------------------------ */

static ev_value attr(ev_interp *I, ev_value obj, const char *name)
{
    ev_str *n = ev_intern(I, name, strlen(name));
    return n ? ev_getattr(I, obj, n) : ev_raise_nomem(I);
}

static int set_attr(ev_interp *I, ev_value obj, const char *name, ev_value v)
{
    ev_str *n = ev_intern(I, name, strlen(name));
    if (!n) {
        ev_raise_nomem(I);
        return -1;
    }
    return ev_object_setattr(I, obj, n, v);
}

/* obj.name(args...) */
static ev_value call_method(ev_interp *I, ev_value obj, const char *name, int argc,
                            const ev_value *argv)
{
    ev_value fn = attr(I, obj, name);
    if (EV_IS_ERR(fn))
        return fn;
    ev_value r = ev_call(I, fn, argc, argv, 0, NULL, NULL);
    ev_decref(I, fn);
    return r;
}

static ev_value raise_plain(ev_interp *I, ev_type *t)
{
    ev_value args = ev_tuple_new(I, 0);
    if (EV_IS_ERR(args))
        return args;
    ev_value e = ev_exc_new(I, t, args);
    if (EV_IS_ERR(e))
        return e;
    return ev_raise_value(I, e);
}

static ev_value deadlock(ev_interp *I, ev_value self, const char *what, const char *why,
                         const char *instead)
{
    return ev_raise(I, &ev_type_RuntimeError,
                    "deadlock: %s.%s would wait forever: %s, and safepy runs one thread, so "
                    "nothing else can %s (CPython would hang here); %s",
                    ev_type_of(self)->name, what, why,
                    strcmp(what, "put()") == 0 ? "take an item out" :
                    strcmp(what, "join()") == 0 ? "call task_done()" : "put an item in", instead);
}

/* The wait of get()/put() with a timeout on a queue that cannot change:
 * time.sleep(timeout), which sleeps in slices and stops at the time limit. */
static int wait_timeout(ev_interp *I, ev_value timeout)
{
    ev_str *name = ev_intern(I, "time", 4);
    if (!name) {
        ev_raise_nomem(I);
        return -1;
    }
    ev_value mod = ev_import(I, name);
    if (EV_IS_ERR(mod))
        return -1;
    ev_value r = call_method(I, mod, "sleep", 1, &timeout);
    ev_decref(I, mod);
    if (EV_IS_ERR(r))
        return -1;
    ev_decref(I, r);
    return 0;
}

/* timeout < 0 -> ValueError, as queue.py checks it (only when it matters). */
static int check_timeout(ev_interp *I, ev_value timeout)
{
    int neg = ev_compare(I, timeout, ev_int(0), 0);
    if (neg < 0)
        return -1;
    if (neg) {
        ev_raise(I, &ev_type_ValueError, "'timeout' must be a non-negative number");
        return -1;
    }
    return 0;
}

static ev_value opt(ev_value v, ev_value dflt) { return EV_IS_ERR(v) ? dflt : v; }

/* ---- Queue, LifoQueue, PriorityQueue ----------------------------------------------------------- */

/* Which of the three a queue is laid out as (a user subclass: its builtin base). */
static ev_type *qkind(ev_value self) { return ev_solid_base(ev_type_of(self)); }

/* The hooks of queue.py (_init, _qsize, _put, _get) and put/get as the
 * other methods call them: through the object when a user class may
 * override them (class DedupQueue(queue.Queue) with its own _put), the C
 * function directly otherwise. */
static ev_value hook(ev_interp *I, ev_value self, const char *name, ev_cfunc direct, int argc,
                     const ev_value *argv)
{
    if (ev_is_heaptype(ev_type_of(self)))
        return call_method(I, self, name, argc, argv);
    return direct(I, self, argc, argv, NULL);
}

static ev_value qh_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value store = qkind(self) == &ev_type_Queue
                         ? ev_call(I, ev_obj_val(&ev_type_deque.h), 0, NULL, 0, NULL, NULL)
                         : ev_list_new(I, 0);
    if (EV_IS_ERR(store))
        return store;
    int e = set_attr(I, self, "queue", store);
    ev_decref(I, store);
    return e ? EV_ERR : EV_NONE;
}

static ev_value qh_qsize(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value store = attr(I, self, "queue");
    if (EV_IS_ERR(store))
        return store;
    ev_value n = ev_len_value(I, store);
    ev_decref(I, store);
    return n;
}

static ev_value qh_put(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value store = attr(I, self, "queue");
    if (EV_IS_ERR(store))
        return store;
    int e;
    if (qkind(self) == &ev_type_PriorityQueue) {
        e = heappush(I, store, argv[0]);
    } else {
        ev_value r = call_method(I, store, "append", 1, argv);
        e = EV_IS_ERR(r) ? -1 : 0;
        ev_decref(I, r);
    }
    ev_decref(I, store);
    return e ? EV_ERR : EV_NONE;
}

static ev_value qh_get(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_type *k = qkind(self);
    ev_value store = attr(I, self, "queue");
    if (EV_IS_ERR(store))
        return store;
    ev_value r = k == &ev_type_PriorityQueue ? heappop(I, store)
                 : call_method(I, store, k == &ev_type_LifoQueue ? "pop" : "popleft", 0, NULL);
    ev_decref(I, store);
    return r;
}

/* Queue.__init__(maxsize=0) */
static ev_value q_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value maxsize = opt(argv[0], ev_int(0));
    if (set_attr(I, self, "maxsize", maxsize))
        return EV_ERR;
    ev_value r = hook(I, self, "_init", qh_init, 1, &maxsize);
    if (EV_IS_ERR(r))
        return r;
    ev_decref(I, r);
    ev_value mutex = ev_queue_lock_new(I);
    if (EV_IS_ERR(mutex) || set_attr(I, self, "mutex", mutex))
        goto fail;
    static const char *const conds[] = {"not_empty", "not_full", "all_tasks_done"};
    for (int i = 0; i < 3; i++) {
        ev_value c = ev_queue_cond_new(I, mutex);
        int e = EV_IS_ERR(c) || set_attr(I, self, conds[i], c);
        ev_decref(I, c);
        if (e)
            goto fail;
    }
    ev_decref(I, mutex);
    return set_attr(I, self, "unfinished_tasks", ev_int(0)) ? EV_ERR : EV_NONE;
fail:
    ev_decref(I, mutex);
    return EV_ERR;
}

/* `with self.<cond>:` as queue.py's methods begin: the attribute must be
 * there, and a mutex the program holds could never be taken. */
static int enter_cond(ev_interp *I, ev_value self, const char *cond, const char *what)
{
    ev_value c = attr(I, self, cond);
    if (EV_IS_ERR(c))
        return -1;
    int held = ev_queue_held(c);
    ev_decref(I, c);
    if (held) {
        ev_raise(I, &ev_type_RuntimeError,
                 "deadlock: %s.%s would wait forever for the queue's mutex, which the program holds "
                 "(CPython would hang here: the lock is not reentrant); release the mutex first "
                 "(leave the with block)",
                 ev_type_of(self)->name, what);
        return -1;
    }
    return 0;
}

static ev_value q_cnew(ev_interp *I, ev_type *t) { return ev_cinstance_new(I, t, 0); }

static ev_value q_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value q = q_cnew(I, (ev_type *)self.u.o);
    if (EV_IS_ERR(q))
        return q;
    ev_value r = q_init(I, q, argc, argv, NULL);
    if (EV_IS_ERR(r)) {
        ev_decref(I, q);
        return r;
    }
    return q;
}

static ev_value qsize_value(ev_interp *I, ev_value self)
{
    return hook(I, self, "_qsize", qh_qsize, 0, NULL);
}

/* self._qsize() as a truth value (queue.py's `not self._qsize()`): 1 items, 0 none */
static int has_items(ev_interp *I, ev_value self)
{
    ev_value n = qsize_value(I, self);
    if (EV_IS_ERR(n))
        return -1;
    int t = ev_truth(I, n);
    ev_decref(I, n);
    return t;
}

/* 0 < self.maxsize <= self._qsize(), evaluated as queue.py does */
static int is_full(ev_interp *I, ev_value self)
{
    ev_value ms = attr(I, self, "maxsize");
    if (EV_IS_ERR(ms))
        return -1;
    int r = ev_compare(I, ev_int(0), ms, 0);
    if (r == 1) {
        ev_value n = qsize_value(I, self);
        r = EV_IS_ERR(n) ? -1 : ev_compare(I, ms, n, 1);
        if (!EV_IS_ERR(n))
            ev_decref(I, n);
    }
    ev_decref(I, ms);
    return r;
}

static ev_value q_qsize(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (enter_cond(I, self, "mutex", "qsize()"))
        return EV_ERR;
    return qsize_value(I, self);
}

static ev_value q_empty(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (enter_cond(I, self, "mutex", "empty()"))
        return EV_ERR;
    int t = has_items(I, self);
    return t < 0 ? EV_ERR : ev_bool(!t);
}

static ev_value q_full(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (enter_cond(I, self, "mutex", "full()"))
        return EV_ERR;
    int r = is_full(I, self);
    return r < 0 ? EV_ERR : ev_bool(r);
}

static int bump_unfinished(ev_interp *I, ev_value self, int64_t delta, bool check)
{
    ev_value u = attr(I, self, "unfinished_tasks");
    if (EV_IS_ERR(u))
        return -1;
    ev_value nu = ev_binary(I, EV_OP_ADD, u, ev_int(delta));
    ev_decref(I, u);
    if (EV_IS_ERR(nu))
        return -1;
    if (check) {
        int neg = ev_compare(I, nu, ev_int(0), 0);
        if (neg) {
            ev_decref(I, nu);
            if (neg > 0)
                ev_raise(I, &ev_type_ValueError, "task_done() called too many times");
            return -1;
        }
    }
    int e = set_attr(I, self, "unfinished_tasks", nu);
    ev_decref(I, nu);
    return e;
}

static ev_value q_put(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (enter_cond(I, self, "not_full", "put()"))
        return EV_ERR;
    ev_value item = argv[0], timeout = opt(argv[2], EV_NONE);
    int block = EV_IS_ERR(argv[1]) ? 1 : ev_truth(I, argv[1]);
    if (block < 0)
        return EV_ERR;
    ev_value ms = attr(I, self, "maxsize");
    if (EV_IS_ERR(ms))
        return ms;
    int bounded = ev_compare(I, ms, ev_int(0), 4);
    ev_decref(I, ms);
    if (bounded < 0)
        return EV_ERR;
    if (bounded) {
        int full = is_full(I, self);
        if (full < 0)
            return EV_ERR;
        if (!block) {
            if (full)
                return raise_plain(I, &ev_type_QueueFull);
        } else if (timeout.tag == EV_T_NONE) {
            if (full)
                return deadlock(I, self, "put()", "the queue is full",
                                "use put_nowait() or put(item, timeout=...) and catch queue.Full, "
                                "or check full() first");
        } else {
            if (check_timeout(I, timeout))
                return EV_ERR;
            if (full) {
                if (wait_timeout(I, timeout))
                    return EV_ERR;
                return raise_plain(I, &ev_type_QueueFull);
            }
        }
    }
    ev_value r = hook(I, self, "_put", qh_put, 1, &item);
    if (EV_IS_ERR(r))
        return r;
    ev_decref(I, r);
    return bump_unfinished(I, self, 1, false) ? EV_ERR : EV_NONE;
}

static ev_value q_get(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (enter_cond(I, self, "not_empty", "get()"))
        return EV_ERR;
    ev_value timeout = opt(argv[1], EV_NONE);
    int block = EV_IS_ERR(argv[0]) ? 1 : ev_truth(I, argv[0]);
    if (block < 0)
        return EV_ERR;
    int any = has_items(I, self);
    if (any < 0)
        return EV_ERR;
    if (!block) {
        if (!any)
            return raise_plain(I, &ev_type_QueueEmpty);
    } else if (timeout.tag == EV_T_NONE) {
        if (!any)
            return deadlock(I, self, "get()", "the queue is empty",
                            "use get_nowait() or get(timeout=...) and catch queue.Empty, or loop "
                            "while not q.empty()");
    } else {
        if (check_timeout(I, timeout))
            return EV_ERR;
        if (!any) {
            if (wait_timeout(I, timeout))
                return EV_ERR;
            return raise_plain(I, &ev_type_QueueEmpty);
        }
    }
    return hook(I, self, "_get", qh_get, 0, NULL);
}

/* self.put(item, block=False) / self.get(block=False): an overriding put
 * or get sees the call queue.py makes */
static ev_value call_block_false(ev_interp *I, ev_value self, const char *name, int argc, const ev_value *argv)
{
    ev_value fn = attr(I, self, name);
    if (EV_IS_ERR(fn))
        return fn;
    ev_str *bn = ev_intern(I, "block", 5);
    ev_value f = EV_FALSE;
    ev_value r = bn ? ev_call(I, fn, argc, argv, 1, &bn, &f) : ev_raise_nomem(I);
    ev_decref(I, fn);
    return r;
}

static ev_value q_put_nowait(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (ev_is_heaptype(ev_type_of(self)))
        return call_block_false(I, self, "put", 1, argv);
    ev_value a[3] = {argv[0], EV_FALSE, EV_NONE};
    return q_put(I, self, 3, a, NULL);
}

static ev_value q_get_nowait(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (ev_is_heaptype(ev_type_of(self)))
        return call_block_false(I, self, "get", 0, NULL);
    ev_value a[2] = {EV_FALSE, EV_NONE};
    return q_get(I, self, 2, a, NULL);
}

static ev_value q_task_done(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (enter_cond(I, self, "all_tasks_done", "task_done()"))
        return EV_ERR;
    return bump_unfinished(I, self, -1, true) ? EV_ERR : EV_NONE;
}

static ev_value q_join(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (enter_cond(I, self, "all_tasks_done", "join()"))
        return EV_ERR;
    ev_value u = attr(I, self, "unfinished_tasks");
    if (EV_IS_ERR(u))
        return u;
    int t = ev_truth(I, u);
    ev_decref(I, u);
    if (t < 0)
        return EV_ERR;
    if (t)
        return deadlock(I, self, "join()", "tasks are unfinished",
                        "call task_done() once for every item taken with get() before join()");
    return EV_NONE;
}

/* ---- SimpleQueue ------------------------------------------------------------------------------ */

/* A bare SimpleQueue of type t (a user subclass too): its deque in slot 0.
 * Its C methods never call each other through the object, as _queue's, so
 * a subclass may override any of them. */
static ev_value sq_cnew(ev_interp *I, ev_type *t)
{
    ev_value q = ev_cinstance_new(I, t, 1);
    if (EV_IS_ERR(q))
        return q;
    ev_value d = ev_call(I, ev_obj_val(&ev_type_deque.h), 0, NULL, 0, NULL, NULL);
    if (EV_IS_ERR(d)) {
        ev_decref(I, q);
        return d;
    }
    ev_as_cinstance(q)->slots[0] = d;
    return q;
}

static ev_value sq_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc)
        return ev_raise(I, &ev_type_TypeError, "SimpleQueue() takes no positional arguments");
    if (EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError, "SimpleQueue() takes no keyword arguments");
    return sq_cnew(I, &ev_type_SimpleQueue);
}

static ev_value sq_items(ev_value self) { return ev_as_cinstance(self)->slots[0]; }

static ev_value sq_put(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    /* never blocks: block and timeout are accepted and ignored, as _queue does */
    ev_value r = call_method(I, sq_items(self), "append", 1, &argv[0]);
    if (EV_IS_ERR(r))
        return r;
    ev_decref(I, r);
    return EV_NONE;
}

static ev_value sq_put_nowait(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return sq_put(I, self, 1, argv, NULL);
}

static ev_value sq_get(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value timeout = opt(argv[1], EV_NONE);
    int block = EV_IS_ERR(argv[0]) ? 1 : ev_truth(I, argv[0]);
    if (block < 0)
        return EV_ERR;
    if (block && timeout.tag != EV_T_NONE && check_timeout(I, timeout))
        return EV_ERR;
    if (ev_deque_len(sq_items(self)) == 0) {
        if (!block)
            return raise_plain(I, &ev_type_QueueEmpty);
        if (timeout.tag == EV_T_NONE)
            return deadlock(I, self, "get()", "the queue is empty",
                            "use get_nowait() or get(timeout=...) and catch queue.Empty, or loop "
                            "while not q.empty()");
        if (wait_timeout(I, timeout))
            return EV_ERR;
        return raise_plain(I, &ev_type_QueueEmpty);
    }
    return call_method(I, sq_items(self), "popleft", 0, NULL);
}

static ev_value sq_get_nowait(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value a[2] = {EV_FALSE, EV_NONE};
    return sq_get(I, self, 2, a, NULL);
}

static ev_value sq_empty(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_bool(ev_deque_len(sq_items(self)) == 0);
}

static ev_value sq_qsize(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_int(ev_deque_len(sq_items(self)));
}

/* ---- the types and the module ---------------------------------------------------------------- */

static const ev_builtin_def queue_methods[] = {
    {"__init__", q_init, 0, 1, 0, "maxsize"},
    {"_init", qh_init, 1, 1, 0},
    {"_qsize", qh_qsize, 0, 0, 0},
    {"_put", qh_put, 1, 1, 0},
    {"_get", qh_get, 0, 0, 0},
    {"put", q_put, 1, 3, 0, "item, block, timeout"},
    {"get", q_get, 0, 2, 0, "block, timeout"},
    {"put_nowait", q_put_nowait, 1, 1, 0, "item"},
    {"get_nowait", q_get_nowait, 0, 0, 0},
    {"qsize", q_qsize, 0, 0, 0},
    {"empty", q_empty, 0, 0, 0},
    {"full", q_full, 0, 0, 0},
    {"task_done", q_task_done, 0, 0, 0},
    {"join", q_join, 0, 0, 0},
    {NULL, NULL, 0, 0, 0},
};

static const ev_builtin_def simplequeue_methods[] = {
    {"put", sq_put, 1, 3, 0, "item, block, timeout"},
    {"get", sq_get, 0, 2, 0, "block, timeout"},
    {"put_nowait", sq_put_nowait, 1, 1, 0, "item"},
    {"get_nowait", sq_get_nowait, 0, 0, 0},
    {"qsize", sq_qsize, 0, 0, 0},
    {"empty", sq_empty, 0, 0, 0},
    {NULL, NULL, 0, 0, 0},
};

static ev_value exc_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value args = ev_tuple_new(I, (size_t)argc);
    if (EV_IS_ERR(args))
        return args;
    for (int i = 0; i < argc; i++)
        ev_as_tuple(args)->items[i] = ev_dup(argv[i]);
    return ev_exc_new(I, (ev_type *)self.u.o, args);
}

#define QUEUE_TYPE(var, nm, base_)                                                              \
    ev_type var = {STATIC_TYPE, .name = nm, .base = base_, .call = q_new, .methods = queue_methods, \
                   .min_args = 0, .max_args = 1, .params = "maxsize", .module = "queue",        \
                   .tflags = EV_TYPE_CSLOTS, .cnew = q_cnew}
QUEUE_TYPE(ev_type_Queue, "Queue", NULL);
QUEUE_TYPE(ev_type_LifoQueue, "LifoQueue", &ev_type_Queue);
QUEUE_TYPE(ev_type_PriorityQueue, "PriorityQueue", &ev_type_Queue);
ev_type ev_type_SimpleQueue = {STATIC_TYPE, .name = "SimpleQueue", .call = sq_new,
                               .methods = simplequeue_methods, .max_args = -1,
                               .kwflags = EV_BF_KWANY, .module = "_queue",
                               .tflags = EV_TYPE_CSLOTS, .cnew = sq_cnew};
ev_type ev_type_QueueEmpty = {STATIC_TYPE, .name = "_queue.Empty", .base = &ev_type_Exception,
                              .call = exc_new, .max_args = -1, .module = "_queue"};
ev_type ev_type_QueueFull = {STATIC_TYPE, .name = "queue.Full", .base = &ev_type_Exception,
                             .call = exc_new, .max_args = -1, .module = "queue"};

static int init(ev_interp *I, ev_dict *ns)
{
    static ev_type *const types[] = {&ev_type_Queue, &ev_type_LifoQueue, &ev_type_PriorityQueue,
                                     &ev_type_SimpleQueue, &ev_type_QueueEmpty, &ev_type_QueueFull,
                                     NULL};
    static const char *const names[] = {"Queue", "LifoQueue", "PriorityQueue", "SimpleQueue",
                                        "Empty", "Full"};
    for (int i = 0; types[i]; i++)
        if (ev_module_set(I, ns, names[i], ev_obj_val(&types[i]->h)))
            return -1;
    return 0;
}

/* CPython 3.11's __all__ */
static const char *const all_names[] = {
    "Empty", "Full", "Queue", "PriorityQueue", "LifoQueue", "SimpleQueue", NULL
};

const ev_module_def ev_module_queue = {"queue", NULL, init, all_names};
