import queue

class TaggedQueue:
    """Wraps a Queue (composition) and counts traffic per tag."""
    def __init__(self, maxsize=0):
        self.q = queue.Queue(maxsize)
        self.counts = {}
    def put(self, tag, item):
        try:
            self.q.put_nowait((tag, item))
        except queue.Full as e:
            return f"rejected {item!r}: {type(e).__name__}"
        self.counts[tag] = self.counts.get(tag, 0) + 1
        return f"queued {item!r}"
    def get(self):
        try:
            return self.q.get_nowait()
        except queue.Empty as e:
            return (type(e).__name__, None)
    def __len__(self):
        return self.q.qsize()

procs = {"A": 5, "B": 2, "C": 7, "D": 1}
quantum = 3
ready = queue.Queue()
for name in sorted(procs):
    ready.put((name, procs[name]))

t = 0
finish = {}
while not ready.empty():
    name, remaining = ready.get()
    run = min(quantum, remaining)
    t += run
    remaining -= run
    if remaining:
        ready.put((name, remaining))
        print(f"t={t:>2} {name} ran {run}, {remaining} left, ready={ready.qsize()}")
    else:
        finish[name] = t
        print(f"t={t:>2} {name} finished")
    ready.task_done()
ready.join()
print("finish:", finish, "avg:", round(sum(finish.values()) / len(finish), 2))

tq = TaggedQueue(maxsize=3)
for tag, item in [("net", "pkt1"), ("disk", "blk7"), ("net", "pkt2"), ("net", "pkt3")]:
    print(tag, tq.put(tag, item), len(tq))
print(tq.counts)
while True:
    tag, item = tq.get()
    print("got", tag, item)
    if item is None:
        break
print("final len", len(tq), tq.q.empty(), tq.q.full())
