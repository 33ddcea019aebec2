# Generator functions shaped like generator expressions (for/if around a
# lone yield) must behave exactly like any other generator function.
log = []


def src(n):
    log.append("src started")
    for i in range(n):
        yield i


def sq(it):
    for x in it:
        yield x * x


def evens(it):
    for x in it:
        if x % 2 == 0:
            yield x


def pairs(xs, ys):
    for x in xs:
        for y in ys:
            if x != y:
                if (x + y) % 2:
                    yield x, y


def bare(n):
    for _ in range(n):
        yield


def walrus(xs):
    for x in xs:
        if (y := x * 3) > 5:
            yield y


def unpack(items):
    for k, (a, b) in items:
        yield f"{k}:{a + b}"


def closure(xs):
    def scale(v):
        return v * factor
    factor = 10
    for x in xs:
        yield scale(x)


g = src(3)
print(log, type(g).__name__, g.__name__, g.__qualname__)
print(list(g), log, list(g))
print(list(evens(sq(src(10)))))
print(list(pairs(range(4), range(3))))
print(list(bare(3)))
print(list(walrus([1, 2, 3, 4])))
print(list(unpack([("a", (1, 2)), ("b", (3, 4))])))
print(list(closure([1, 2])))
print(sum(sq(range(100))), max(evens(range(7))), sorted(sq([3, -1, 2])))

# send: None first, then values are accepted and dropped
s = sq(iter([1, 2, 3]))
print(s.send(None), s.send("ignored"), next(s))
try:
    s.send(5)
except StopIteration as e:
    print("StopIteration", repr(e.value))
t = sq([1])
try:
    t.send(1)
except TypeError as e:
    print("TypeError:", e)

# the first iterable is evaluated when the generator first runs
def late():
    for x in undefined_name:
        yield x


lg = late()
print("created")
try:
    next(lg)
except NameError as e:
    print("NameError:", e)
print(list(lg))

# not iterable, at first next()
ng = sq(5)
try:
    next(ng)
except TypeError as e:
    print("TypeError:", e)

# StopIteration inside becomes RuntimeError
def stopper(xs):
    for x in xs:
        yield next(iter([]))


try:
    list(stopper([1]))
except RuntimeError as e:
    print("RuntimeError:", e, type(e.__cause__).__name__)

# close, throw, re-entrancy
c = sq(range(5))
print(next(c))
c.close()
print(list(c))
th = sq(range(5))
print(next(th))
try:
    th.throw(ValueError("boom"))
except ValueError as e:
    print("ValueError:", e)
print(list(th))
th2 = sq(range(3))
try:
    th2.throw(KeyError, "k")
except KeyError as e:
    print("KeyError:", e)


def reenter(it):
    for x in it:
        yield next(me)


me = reenter([1, 2])
try:
    next(me)
except ValueError as e:
    print("ValueError:", e)

# yield from one, and the delegate's return value
def outer():
    r = yield from sq([1, 2])
    yield ("returned", r)


print(list(outer()))

# exceptions in each part, caught with their line numbers
def bad_body(xs):
    for x in xs:
        yield 10 // x


def bad_cond(xs):
    for x in xs:
        if 10 // x:
            yield x


def bad_inner(xs):
    for x in xs:
        for y in x:
            yield y


def bad_target(xs):
    for a, b in xs:
        yield a


for fn, arg in [(bad_body, [1, 0]), (bad_cond, [2, 0]), (bad_inner, [[1], 3]), (bad_target, [(1, 2), (1,)])]:
    try:
        print(list(fn(arg)))
    except Exception as e:
        print(fn.__name__, type(e).__name__, e)


class C:
    def m(self):
        for i in range(2):
            yield i


print(C().m().__qualname__, (x for x in []).__name__, (x for x in []).__qualname__)
