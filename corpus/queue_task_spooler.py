import queue

class Spooler:
    def __init__(self, capacity):
        self.jobs = queue.Queue(maxsize=capacity)
        self.rejected = []
        self.printed = []
    def submit(self, owner, pages):
        try:
            self.jobs.put((owner, pages), block=False)
            return True
        except queue.Full:
            self.rejected.append(owner)
            return False
    def tick(self, pages_per_tick):
        budget = pages_per_tick
        while budget > 0:
            try:
                owner, pages = self.jobs.get(block=False)
            except queue.Empty:
                return
            if pages > budget:
                # not finished: goes to the back with what is left
                self.jobs.put_nowait((owner, pages - budget))
                self.jobs.task_done()
                return
            budget -= pages
            self.printed.append(owner)
            self.jobs.task_done()

sp = Spooler(capacity=4)
arrivals = {0: [("ann", 3), ("bob", 12), ("cy", 1)], 1: [("dee", 5), ("eve", 2)],
            2: [("fay", 4)], 4: [("gus", 1), ("hal", 6), ("ivy", 2)]}
for t in range(10):
    for owner, pages in arrivals.get(t, []):
        ok = sp.submit(owner, pages)
        print("t=%d submit %-3s %2d pages: %s" % (t, owner, pages, "queued" if ok else "rejected (full)"))
    sp.tick(5)
    print("t=%d queue=%s printed=%s" % (t, list(sp.jobs.queue), sp.printed))
print("rejected:", sp.rejected, "unfinished:", sp.jobs.unfinished_tasks, "empty:", sp.jobs.empty())
