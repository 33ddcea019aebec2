# A timing context manager reading an injected fake clock: elapsed time is
# recorded per label even when the body raises, and totals are reported.
class FakeClock:
    def __init__(self):
        self.t = 0
    def tick(self, dt):
        self.t += dt
    def __call__(self):
        return self.t

class Timer:
    totals = {}
    def __init__(self, label, clock):
        self.label, self.clock = label, clock
    def __enter__(self):
        self.start = self.clock()
        return self
    def __exit__(self, et, ev, tb):
        self.elapsed = self.clock() - self.start
        Timer.totals[self.label] = Timer.totals.get(self.label, 0) + self.elapsed
        status = "failed" if et else "done"
        print(f"{self.label}: {status} in {self.elapsed}ms")

clock = FakeClock()
with Timer("load", clock) as t:
    clock.tick(120)
print(t.elapsed)
for size in (1, 2, 3):
    with Timer("step", clock):
        clock.tick(10 * size)
try:
    with Timer("save", clock):
        clock.tick(5)
        raise IOError("disk full")
except OSError as e:
    print("OSError:", e)
print(sorted(Timer.totals.items()), clock())
