# itertools.tee re-entered from its own source, int() with an __index__
# base, random.shuffle on a list subclass whose items shrink the list.
import itertools, random

def src():
    yield 1
    yield from t3
t3, t4 = itertools.tee(src())
try:
    print(list(t3))
except Exception as e:
    print(type(e).__name__, e)
print(list(t4))

class Nx:
    def __init__(s): s.n = 0
    def __iter__(s): return s
    def __next__(s):
        s.n += 1
        if s.n == 2:
            try:
                next(a)
            except RuntimeError as e:
                print("inner:", e)
        if s.n > 4:
            raise StopIteration
        return s.n
a, b = itertools.tee(Nx())
print(list(a), list(b))

class I:
    def __index__(s): return 16
print(int("ff", I()), int(b"11", I()), int(bytearray(b"z"), base=I() and 36))

class Gl(list):
    def __getitem__(s, i):
        s.clear(); return 1
    def __len__(s): return 10
g = Gl(range(10))
random.seed(1)
try:
    random.shuffle(g)
    print(g)
except Exception as e:
    print(type(e).__name__, e)
class Sh(list):
    def __setitem__(s, i, v):
        list.__setitem__(s, i, v)
        if len(s) > 3: s.pop()
sh = Sh(range(10))
try:
    random.shuffle(sh); print(sh)
except Exception as e:
    print(type(e).__name__, e)
