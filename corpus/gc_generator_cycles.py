# Generators inside reference cycles: live ones keep their frames (locals,
# the iterator of a for loop, the exception an except clause handles, a
# with block's manager, a yield from delegate) through many collections;
# garbage ones are closed (their finally blocks and with statements run)
# and go away, a finally block that stores its generator's owner somewhere
# keeps it alive, and what is still in use is never touched.  Each garbage
# cycle is dropped as soon as it is made, then enough garbage follows for
# any collector to have run (no output depends on when).
log = []


def churn(rounds=30000):
    # garbage cycles enough for several collections
    for _ in range(rounds):
        x = []
        x.append(x)


class Val:
    def __init__(self, n):
        self.n = n
        self.me = self

    def __repr__(self):
        return "Val(%d)" % self.n


class CM:
    def __init__(self, name):
        self.name = name

    def __enter__(self):
        return self

    def __exit__(self, typ, exc, tb):
        log.append("exit %s %s" % (self.name, typ.__name__ if typ else None))
        return False


# a live generator sent itself, and an instance running its own method
def echo():
    me = yield "started"
    while True:
        me = yield me


e = echo()
print(next(e))
print(e.send(e) is e)
churn()
print(e.send(e) is e, e.send(5))


class Counter:
    def __init__(self):
        self.total = 0
        self.gen = self.run()

    def run(self):
        while True:
            self.total += yield self


c = Counter()
next(c.gen)
churn()
print(c.gen.send(3) is c, c.gen.send(4).total)

# the only references to these values are a for loop's iterator and an
# except clause's exception, inside live generators in cycles
class Walker:
    def __init__(self):
        self.gen = self.walk()

    def walk(self):
        for v in [self, Val(1), Val(2)]:
            yield v


w = Walker()
print(next(w.gen) is w)
churn()
print(list(w.gen))


def handler(box):
    try:
        raise KeyError(Val(7))
    except KeyError:
        got = yield "in except"
        box.append(got)
        raise


box = []
h = handler(box)
box.append(h)
print(next(h))
churn()
try:
    h.send(Val(8))
except KeyError as err:
    print("reraised", err.args, box[1:])

# a with block and a yield from delegate suspended in live cycles
def managed(holder):
    with CM("live") as m:
        got = yield m
        yield got


holder = []
mg = managed(holder)
holder.append(mg)
print(next(mg).name)
churn()
print(mg.send(Val(3)), log)
mg.close()
print(log)
log.clear()


def inner(tag):
    try:
        yield tag + "1"
        yield tag + "2"
    finally:
        log.append("inner " + tag)


def outer(holder):
    try:
        yield from inner("a")
        yield "outer"
    finally:
        log.append("outer")


holder = []
og = outer(holder)
holder.append(og)
print(next(og))
churn()
print(list(og), log)
log.clear()

# generator expressions and pipeline functions iterating lists that hold them
src = [Val(1), Val(2)]
ge = (v.n * 10 for v in src)
src.append(Val(3))
src.append(ge)
print(next(ge))


def pipeline(items):
    for v in items:
        if isinstance(v, Val):
            yield v.n


items = [Val(4), "skip", Val(5)]
pg = pipeline(items)
items.append(pg)
print(next(pg))
churn()
try:
    print(list(ge))
except AttributeError as exc:
    print("AttributeError", "generator" in str(exc))
try:
    print(list(pg))
except ValueError as exc:
    print("ValueError", exc)

# garbage cycles: closed once collected, their finally and __exit__ run
def guarded(holder, name):
    try:
        yield 1
        yield 2
    finally:
        log.append("closed " + name)


def with_block(holder, name):
    with CM(name):
        yield 1


for i in range(3):
    holder = []
    holder.append(guarded(holder, "g%d" % i))
    next(holder[0])
    del holder
    holder = []
    holder.append(with_block(holder, "w%d" % i))
    next(holder[0])
    del holder
    holder = []
    holder.append(outer(holder))
    next(holder[0])
    del holder
    churn()
print(sorted(log))
log.clear()

# a generator never started or already finished runs nothing when collected
for i in range(3):
    holder = []
    holder.append(guarded(holder, "never"))
    del holder
    holder = []
    holder.append(guarded(holder, "done"))
    for _ in holder[0]:
        pass
    del holder
    churn()
print(log)
log.clear()

# a finally block that stores what it can reach resurrects it
saved = []


class Box:
    pass


def keeper(b):
    try:
        yield
    finally:
        saved.append(b)


b = Box()
b.val = Val(9)
b.gen = keeper(b)
next(b.gen)
del b
churn()
churn()
print(len(saved), saved[0].val, list(saved[0].gen))

# a finally block that makes more generator cycles and garbage
def spawner(holder, depth):
    try:
        yield
    finally:
        log.append("spawn %d" % depth)
        if depth < 3:
            more = []
            more.append(spawner(more, depth + 1))
            next(more[0])
        churn(2000)


holder = []
holder.append(spawner(holder, 0))
next(holder[0])
del holder
for _ in range(6):
    churn()
print(sorted(log))
log.clear()

# a value held by a garbage generator's frame and by a live name survives
keep = Val(11)


def holds(holder, v):
    x = [v, v]
    yield x


for i in range(3000):
    holder = []
    holder.append(holds(holder, keep))
    next(holder[0])
    del holder
churn()
print(keep, keep.me is keep)

# many generator cycles: none of them is left suspended
for i in range(5000):
    g = echo()
    next(g)
    g.send(g)
    c2 = Counter()
    next(c2.gen)
churn()
print("done")
