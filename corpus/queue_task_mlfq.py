import queue

class Proc:
    def __init__(self, name, burst):
        self.name = name
        self.left = burst
        self.level = 0
        self.done_at = None
    def __repr__(self):
        return "%s(%d@L%d)" % (self.name, self.left, self.level)

QUANTA = [2, 4, 8]
levels = [queue.Queue() for _ in QUANTA]
procs = [Proc("A", 3), Proc("B", 10), Proc("C", 1), Proc("D", 7), Proc("E", 15)]
for p in procs:
    levels[0].put(p)

clock = 0
timeline = []
while any(not q.empty() for q in levels):
    for lvl, q in enumerate(levels):
        if not q.empty():
            break
    p = q.get()
    run = min(QUANTA[lvl], p.left)
    timeline.append("%s:%d-%d" % (p.name, clock, clock + run))
    clock += run
    p.left -= run
    if p.left == 0:
        p.done_at = clock
    else:
        p.level = min(lvl + 1, len(QUANTA) - 1)
        levels[p.level].put(p)
    q.task_done()
    print("t=%2d" % clock, [list(l.queue) for l in levels])

print(" ".join(timeline))
for p in sorted(procs, key=lambda p: p.done_at):
    print(p.name, "finished at", p.done_at)
print("average turnaround %.2f" % (sum(p.done_at for p in procs) / len(procs)))
print([l.unfinished_tasks for l in levels])
