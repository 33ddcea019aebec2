import queue
import itertools

class Job:
    def __init__(self, priority, seq, name, cost=1):
        self.priority = priority
        self.seq = seq
        self.name = name
        self.cost = cost
    def __lt__(self, other):
        return (self.priority, self.seq) < (other.priority, other.seq)
    def __repr__(self):
        return f"Job(priority={self.priority}, seq={self.seq}, name={self.name!r}, cost={self.cost})"

class Scheduler:
    def __init__(self):
        self.pq = queue.PriorityQueue()
        self.seq = itertools.count()
        self.clock = 0
        self.log = []

    def submit(self, name, priority, cost=1):
        job = Job(priority, next(self.seq), name, cost)
        self.pq.put(job)
        return job

    def run(self, budget):
        while not self.pq.empty() and budget > 0:
            job = self.pq.get()
            if job.cost > budget:
                job.cost -= budget
                self.clock += budget
                self.log.append((self.clock, job.name, "partial"))
                budget = 0
                self.pq.put(Job(job.priority + 1, next(self.seq), job.name, job.cost))
                self.pq.task_done()
                break
            budget -= job.cost
            self.clock += job.cost
            self.log.append((self.clock, job.name, "done"))
            self.pq.task_done()
        return self.pq.qsize()

s = Scheduler()
for name, pri, cost in [("backup", 3, 4), ("email", 1, 1), ("index", 2, 3),
                        ("alert", 0, 1), ("report", 2, 2), ("cleanup", 5, 2),
                        ("email2", 1, 1)]:
    print("submitted", s.submit(name, pri, cost))

for budget in (3, 4, 5, 10):
    left = s.run(budget)
    print(f"budget {budget}: clock={s.clock} left={left}")

for entry in s.log:
    print(*entry)
print("unfinished tasks:", s.pq.unfinished_tasks)
print(Job(1, 0, "a") < Job(1, 1, "b"), Job(2, 0, "a") < Job(1, 5, "b"))
