import queue

class Task:
    def __init__(self, name, priority, duration):
        self.name = name
        self.priority = priority
        self.duration = duration

    def __lt__(self, other):
        return (self.priority, self.name) < (other.priority, other.name)

    def __repr__(self):
        return f"Task({self.name!r}, p={self.priority})"

tasks = [Task("deploy", 2, 5), Task("backup", 1, 3), Task("email", 3, 1),
         Task("audit", 1, 4), Task("report", 2, 2), Task("cleanup", 3, 2)]

pq = queue.PriorityQueue()
for t in tasks:
    pq.put(t)
print("pending:", pq.qsize())
print("heap:", pq.queue)

clock = 0
log = []
while not pq.empty():
    t = pq.get()
    start = clock
    clock += t.duration
    log.append((t.name, start, clock))
    pq.task_done()
pq.join()
for name, s, e in log:
    print(f"{name:<8} {s:>2} -> {e:>2}")
print("total time:", clock, "unfinished:", pq.unfinished_tasks)

# round robin with a FIFO queue and a time slice
rr = queue.Queue()
for name, need in [("p1", 5), ("p2", 3), ("p3", 7)]:
    rr.put([name, need])
t = 0
order = []
while not rr.empty():
    job = rr.get_nowait()
    run = min(2, job[1])
    t += run
    job[1] -= run
    order.append(f"{job[0]}@{t}")
    if job[1]:
        rr.put_nowait(job)
print(" ".join(order))
