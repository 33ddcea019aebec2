from queue import PriorityQueue
import itertools

class Job:
    def __init__(self, priority, seq, name, payload=None):
        self.priority = priority
        self.seq = seq
        self.name = name
        self.payload = payload if payload is not None else {}
    def _key(self):
        return (self.priority, self.seq)
    def __lt__(self, other):
        return self._key() < other._key()
    def __eq__(self, other):
        return self._key() == other._key()
    def __repr__(self):
        return "Job(priority=%r, seq=%r, name=%r)" % (self.priority, self.seq, self.name)

counter = itertools.count()
pq = PriorityQueue()
for prio, name in [(3, "email"), (1, "page-oncall"), (2, "rebuild-index"), (1, "restart-db"), (5, "cleanup"), (2, "backup")]:
    pq.put(Job(prio, next(counter), name, {"len": len(name)}))
print(pq.qsize())
print(pq.queue[0])
while not pq.empty():
    job = pq.get()
    print(job.priority, job.seq, job.name, job.payload)
    pq.task_done()
pq.join()
print("unfinished", pq.unfinished_tasks)

class Event(tuple):
    def __new__(cls, time, kind):
        return super().__new__(cls, (time, kind))
    def __repr__(self):
        return "Event(time=%r, kind=%r)" % self

events = PriorityQueue()
for t, k in [(2.5, "b"), (1.0, "z"), (2.5, "a"), (0.1, "start")]:
    events.put(Event(t, k))
print([events.get() for _ in range(4)])

class Plain:
    def __init__(self, n):
        self.n = n
pq2 = PriorityQueue()
pq2.put((1, Plain(1)))
try:
    pq2.put((1, Plain(2)))
except TypeError as e:
    print("TypeError:", e)
print(pq2.qsize())
