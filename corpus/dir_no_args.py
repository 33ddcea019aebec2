# dir() without an argument: the sorted names of the running scope
print(dir())
import math
x = 1
_hidden = 2
print([n for n in dir() if not n.startswith("__")])

def f(a, b=2, *args, k, **kw):
    print(dir())
    c = 3
    later = None
    print(dir())
    del c
    print(dir())

f(1, k=0)

def cells():
    shared = 1
    unbound_cell = None
    del unbound_cell
    def inner():
        own = 2
        print("inner", dir())
        return shared
    def uses_unbound():
        return unbound_cell
    print("outer", dir())
    inner()

cells()

def with_global():
    global x
    x = 5
    y = x
    print(dir())

with_global()

def nonlocal_user():
    n = 0
    def bump():
        nonlocal n
        n += 1
        print(dir())
    bump()

nonlocal_user()

class C:
    """doc"""
    print(dir())
    y = 1
    def m(self):
        print(dir())
        return __class__
    print(dir())
    def uses_super(self):
        return super().__repr__()

C().m()

def gen():
    g = 1
    yield dir()
    h = 2
    yield dir()

print(list(gen()))
print((lambda p, q=1: dir())(0))

def holder():
    class Inner:
        z = 1
        print(dir())
    return Inner

holder()
print(dir(None) == dir(type(None)))
print(len([n for n in dir() if n[0] != "_"]))
print([dir() for i in range(1)])
print({k: dir() for k in "a"})
def f():
    q = 1
    return [dir() for i in (1,)]
print(f())
