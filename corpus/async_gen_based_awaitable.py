# generator-based awaitables: __await__ as a generator, and delegation with yield from
class Future:
    def __init__(self):
        self.done = False
        self.result = None
    def set(self, v):
        self.done = True
        self.result = v
    def __await__(self):
        while not self.done:
            yield self
        return self.result

def helper_gen(x):
    y = yield ("helper", x)
    return y * 2

class ViaYieldFrom:
    def __init__(self, x):
        self.x = x
    def __await__(self):
        r = yield from helper_gen(self.x)
        return r + 1

async def task(f):
    a = await f
    b = await ViaYieldFrom(a)
    return a, b

f = Future()
c = task(f)
print(c.send(None) is f)
print(c.send(None) is f)
f.set(20)
print(c.send(None))
try:
    c.send(5)
except StopIteration as e:
    print("result", e.value)

w = task(Future()).__await__()
print(type(w).__name__, iter(w) is w)
fut = next(w)
fut.set(1)
print(next(w))
try:
    w.send(3)
except StopIteration as e:
    print("wrapper result", e.value)
