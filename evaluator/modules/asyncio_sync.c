/*
 * asyncio_sync.c - Lib/asyncio/queues.py (Queue, PriorityQueue,
 * LifoQueue) and Lib/asyncio/locks.py (Lock, Event, Condition, Semaphore,
 * BoundedSemaphore), CPython 3.11.
 */
#include <string.h>

#include "evaluator/modules/asyncio_int.h"

int aio_step_sync(ev_interp *I, ev_value self, ev_value sent, ev_value exc, ev_value *out)
{
    ev_decref(I, exc);
    ev_raise(I, &ev_type_NotImplementedError, "not yet");
    return -1;
}

static ev_value ni_type(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_raise(I, &ev_type_NotImplementedError, "asyncio.%s is not supported by safepy", ((ev_type *)self.u.o)->name);
}
#define STATIC_TYPE .h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC}
#define NI_TYPE(var, nm, mod) ev_type var = {STATIC_TYPE, .name = nm, .module = mod, .call = ni_type, .max_args = -1, .kwflags = EV_BF_KWANY}
NI_TYPE(ev_type_aio_Queue, "Queue", "asyncio.queues");
NI_TYPE(ev_type_aio_PriorityQueue, "PriorityQueue", "asyncio.queues");
NI_TYPE(ev_type_aio_LifoQueue, "LifoQueue", "asyncio.queues");
NI_TYPE(ev_type_aio_Lock, "Lock", "asyncio.locks");
NI_TYPE(ev_type_aio_Event, "Event", "asyncio.locks");
NI_TYPE(ev_type_aio_Condition, "Condition", "asyncio.locks");
NI_TYPE(ev_type_aio_Semaphore, "Semaphore", "asyncio.locks");
NI_TYPE(ev_type_aio_BoundedSemaphore, "BoundedSemaphore", "asyncio.locks");
