# StopIteration: its value from a generator's return, the RuntimeError when it
# escapes a generator (PEP 479), and next() with a default.
def gen():
    yield 1
    return "result"

g = gen()
print(next(g))
try:
    next(g)
except StopIteration as e:
    print("value:", e.value, e.args)

def bad():
    yield 1
    raise StopIteration("leaked")

try:
    list(bad())
except RuntimeError as e:
    print("RuntimeError:", e)
    print("cause:", repr(e.__cause__))

def delegate():
    r = yield from gen()
    print("delegate got", r)
    yield r

print(list(delegate()))
it = iter([])
print(next(it, "empty"))

class Limited:
    def __init__(self):
        self.n = 0
    def __iter__(self):
        return self
    def __next__(self):
        self.n += 1
        if self.n > 2:
            raise StopIteration(self.n)
        return self.n

lim = Limited()
print(list(lim))
try:
    next(lim)
except StopIteration as e:
    print("stopped with", e.value)
