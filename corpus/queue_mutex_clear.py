import queue


def drain(q):
    """Empty a queue at once, the way models often do it."""
    with q.mutex:
        n = len(q.queue)
        q.queue.clear()
        q.unfinished_tasks = 0
        q.not_full.notify_all()
        q.all_tasks_done.notify_all()
    return n


jobs = queue.Queue(maxsize=10)
for i in range(7):
    jobs.put("job-%d" % i)
print("before", jobs.qsize(), jobs.full(), jobs.unfinished_tasks)
print("drained", drain(jobs))
print("after", jobs.qsize(), jobs.empty(), jobs.unfinished_tasks)
jobs.join()
print("join returns at once")

pq = queue.PriorityQueue()
for p in (5, 1, 3):
    pq.put(p)
with pq.mutex:
    snapshot = sorted(pq.queue)
    print("peek under the lock:", snapshot, pq.mutex.locked())
print(pq.mutex.locked(), pq.get(), pq.qsize())

lock = jobs.mutex
print(type(lock).__name__, type(jobs.not_empty).__name__, type(jobs.all_tasks_done).__name__)
print(lock.locked(), lock.acquire(), lock.locked(), lock.acquire(False), lock.acquire(True, 0.01))
lock.release()
for label, call in [("release twice", lambda: lock.release()),
                    ("non-blocking with timeout", lambda: lock.acquire(False, 1)),
                    ("negative timeout", lambda: lock.acquire(True, -2)),
                    ("notify without the lock", lambda: jobs.not_empty.notify()),
                    ("wait without the lock", lambda: jobs.not_empty.wait(0))]:
    try:
        call()
    except (RuntimeError, ValueError) as e:
        print(label, "->", type(e).__name__ + ":", e)
with jobs.not_empty as got:
    print("entered:", got, lock.locked(), jobs.not_empty.wait(0.01), jobs.not_empty.wait_for(lambda: "ready"),
          jobs.not_empty.wait_for(lambda: [], 0.01), jobs.not_empty.notify(), lock.locked())
print(lock.locked())


class Unready(queue.Queue):
    def __init__(self):
        self.maxsize = 0  # forgets Queue.__init__


u = Unready()
for name, call in [("put", lambda: u.put(1)), ("get", lambda: u.get_nowait()), ("qsize", lambda: u.qsize()),
                   ("task_done", lambda: u.task_done())]:
    try:
        call()
    except AttributeError as e:
        print(name, "->", e)
