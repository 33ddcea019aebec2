# args: --max-memory 32M --timeout 60
# expect: exit=0 stdout="done 60000 True"
# Generators in reference cycles are collected, and closed as CPython's
# finalizers close them (their finally blocks and with statements run):
# a generator sent itself (me = yield; yield me) or a list holding it to
# iterate (for x in (yield)), an instance running its own method as a
# generator (self.gen = self.run()) or iterating its own list in one, a
# generator held by its argument list and suspended in try/finally, in a
# with block or in yield from a delegate, a generator expression and a
# pipeline generator function iterating a list that holds them, a
# generator never started.  60,000 rounds (600,000 generators, each in a
# cycle) stay under a 32 MiB cap and never reach the limit of 2,048
# suspended generators (the previous binary stopped at that limit in the
# first 300 rounds).  Nearly every finally block and __exit__ has run by
# the end (the last few are closed at exit).
closed = 0


class CM:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        global closed
        closed += 1
        return False


def echo():
    me = yield
    yield me


def walk():
    for x in (yield):
        yield x


class Runner:
    def __init__(self):
        self.items = [self, 1]
        self.gen = self.run()
        self.walker = self.walk()

    def run(self):
        yield self

    def walk(self):
        for x in self.items:
            yield x


def guarded(box):
    global closed
    try:
        yield 1
        yield 2
    finally:
        closed += 1


def managed(box):
    with CM():
        yield box


def inner():
    yield 1
    yield 2


def delegating(box):
    yield from inner()


def pipeline(src):
    for x in src:
        if x is not None:
            yield x


n = 0
for i in range(60000):
    it = echo()
    next(it)
    it.send(it)
    w = walk()
    next(w)
    w.send([w, 1])
    r = Runner()
    next(r.gen)
    next(r.walker)
    box = []
    g = guarded(box)
    box.append(g)
    next(g)
    m = managed(box)
    box.append(m)
    next(m)
    d = delegating(box)
    box.append(d)
    next(d)
    lst = [1, 2]
    ge = (x for x in lst)
    lst.append(ge)
    next(ge)
    src = [1, 2]
    p = pipeline(src)
    src.append(p)
    next(p)
    never = []
    never.append(guarded(never))
    n += 1
print("done", n, closed >= 2 * n - 2000)
