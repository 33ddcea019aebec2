# A cooperative task scheduler: tasks are generators wrapped in a Task class,
# a round-robin scheduler with sleeping via yielded delays on a virtual
# clock, task failures captured as results, and a join report.
class TaskFailed(Exception):
    pass

class Task:
    next_id = 1
    def __init__(self, name, gen):
        self.name, self.gen = name, gen
        self.id = Task.next_id
        Task.next_id += 1
        self.wake = 0
        self.result = None
        self.error = None
    def __repr__(self):
        state = "failed" if self.error else "done" if self.result is not None else "pending"
        return f"<Task {self.id} {self.name} {state}>"

class Scheduler:
    def __init__(self):
        self.now = 0
        self.ready = []
        self.finished = []
    def spawn(self, name, gen):
        task = Task(name, gen)
        self.ready.append(task)
        return task
    def run(self):
        while self.ready:
            self.ready.sort(key=lambda t: (t.wake, t.id))
            task = self.ready.pop(0)
            self.now = max(self.now, task.wake)
            try:
                delay = next(task.gen)
            except StopIteration as stop:
                task.result = stop.args[0] if stop.args else "ok"
                self.finished.append(task)
            except Exception as e:
                task.error = TaskFailed(f"{task.name}: {e}")
                task.error.__cause__ = e
                self.finished.append(task)
            else:
                task.wake = self.now + (delay or 0)
                self.ready.append(task)

def ticker(name, n, every, log):
    for i in range(n):
        log.append(f"t={sched.now:<3} {name} tick {i}")
        yield every
    return f"{name} ticked {n}x"

def crasher(log):
    log.append(f"t={sched.now:<3} crasher starts")
    yield 5
    raise RuntimeError("boom")

log = []
sched = Scheduler()
a = sched.spawn("fast", ticker("fast", 3, 2, log))
b = sched.spawn("slow", ticker("slow", 2, 5, log))
c = sched.spawn("crash", crasher(log))
sched.run()
print("\n".join(log))
print(sched.finished, sched.now)
for t in (a, b, c):
    print(t.name, t.result, t.error, type(t.error.__cause__).__name__ if t.error else "-")
