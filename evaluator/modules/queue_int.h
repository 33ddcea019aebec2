/*
 * queue_int.h - what queue.c and queue_lock.c share: the lock and the
 * Conditions a queue.Queue carries.  Internal to evaluator/modules/.
 */
#ifndef SAFEPY_QUEUE_INT_H
#define SAFEPY_QUEUE_INT_H

#include "evaluator/modules/modules.h"

/* a new _thread.lock, released */
ev_value ev_queue_lock_new(ev_interp *I) EV_WU;
/* a new threading.Condition on lock */
ev_value ev_queue_cond_new(ev_interp *I, ev_value lock) EV_WU;
/* v is one of those locks, or a Condition on one, and the program holds it */
int ev_queue_held(ev_value v);

#endif
