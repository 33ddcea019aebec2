# print(..., file=obj): one write per argument, separator and end, in order;
# flush() when flush is true; file=None is stdout
class W:
    def __init__(self):
        self.parts = []
    def write(self, s):
        self.parts.append(s)
        return len(s)
    def flush(self):
        self.parts.append("<flush>")

w = W()
print("a", 1, None, [2, 3], sep=", ", end="!\n", file=w, flush=True)
print(file=w)
print("no flush", file=w, flush=False)
print("flush []", file=w, flush=[])
print("flush 1", file=w, flush=1)
print("x", "y", sep=None, end=None, file=w)
print("x", file=None)
print("to stdout", file=None, flush=True)
print(w.parts)

# str() of each argument, at the moment it is written
class Noisy:
    def __init__(self, name):
        self.name = name
    def __str__(self):
        w.parts.append("str " + self.name)
        return self.name
w.parts.clear()
print(Noisy("p"), Noisy("q"), file=w)
print(w.parts)

# write may return anything; a write that replaces itself is seen
class Swap:
    def __init__(self):
        self.log = []
    def write(self, s):
        self.log.append(("first", s))
        self.write = lambda t: self.log.append(("second", t))
        return None
s = Swap()
print(1, 2, file=s)
print(s.log)

# a str subclass as sep and end, and an object with write but no flush
class S(str):
    pass
class OnlyWrite:
    def __init__(self):
        self.got = []
    def write(self, s):
        self.got.append((type(s).__name__, s))
o = OnlyWrite()
print("a", "b", sep=S("-"), end=S("."), file=o)
print(o.got)
try:
    print("x", file=o, flush=True)
except AttributeError as e:
    print("AttributeError:", e)
print(o.got[-2:])

# errors: no write, write raising, bad sep/end before any write
for bad in (1, "s", None.__class__, [1]):
    try:
        print("x", file=bad)
    except AttributeError as e:
        print("AttributeError:", e)
try:
    print(file=3)
except AttributeError as e:
    print("AttributeError:", e)

class Boom:
    def __init__(self):
        self.n = 0
    def write(self, s):
        self.n += 1
        if self.n == 2:
            raise ValueError("boom at " + repr(s))
b = Boom()
try:
    print("a", "b", "c", file=b)
except ValueError as e:
    print("ValueError:", e, b.n)
w.parts.clear()
try:
    print("a", sep=1, file=w)
except TypeError as e:
    print("TypeError:", e, w.parts)
try:
    print("a", end=b"x", file=w)
except TypeError as e:
    print("TypeError:", e, w.parts)

class BadFlush:
    def write(self, s):
        pass
    def flush(self):
        raise OSError("flush failed")
try:
    print("z", file=BadFlush(), flush=True)
except OSError as e:
    print("OSError:", e)
class BadStr:
    def __str__(self):
        raise RuntimeError("no str")
w.parts.clear()
try:
    print("ok", BadStr(), file=w)
except RuntimeError as e:
    print("RuntimeError:", e, w.parts)
