# dir() without an argument: the sorted names of the running scope
print(dir())  # safepy: ignore[SP306]
import math
x = 1
_hidden = 2
print([n for n in dir() if not n.startswith("__")])  # safepy: ignore[SP306]

def f(a, b=2, *args, k, **kw):
    print(dir())  # safepy: ignore[SP306]
    c = 3
    later = None
    print(dir())  # safepy: ignore[SP306]
    del c
    print(dir())  # safepy: ignore[SP306]

f(1, k=0)

def cells():
    shared = 1
    unbound_cell = None
    del unbound_cell
    def inner():
        own = 2
        print("inner", dir())  # safepy: ignore[SP306]
        return shared
    def uses_unbound():
        return unbound_cell
    print("outer", dir())  # safepy: ignore[SP306]
    inner()

cells()

def with_global():
    global x
    x = 5
    y = x
    print(dir())  # safepy: ignore[SP306]

with_global()

def nonlocal_user():
    n = 0
    def bump():
        nonlocal n
        n += 1
        print(dir())  # safepy: ignore[SP306]
    bump()

nonlocal_user()

class C:
    """doc"""
    print(dir())  # safepy: ignore[SP306]
    y = 1
    def m(self):
        print(dir())  # safepy: ignore[SP306]
        return __class__
    print(dir())  # safepy: ignore[SP306]
    def uses_super(self):
        return super().__repr__()

C().m()

def gen():
    g = 1
    yield dir()  # safepy: ignore[SP306]
    h = 2
    yield dir()  # safepy: ignore[SP306]

print(list(gen()))
print((lambda p, q=1: dir())(0))  # safepy: ignore[SP306]

def holder():
    class Inner:
        z = 1
        print(dir())  # safepy: ignore[SP306]
    return Inner

holder()
print(dir(None) == dir(type(None)))  # safepy: ignore[SP306]
print(len([n for n in dir() if n[0] != "_"]))  # safepy: ignore[SP306]
print([dir() for i in range(1)])  # safepy: ignore[SP306]
print({k: dir() for k in "a"})  # safepy: ignore[SP306]
def f():
    q = 1
    return [dir() for i in (1,)]  # safepy: ignore[SP306]
print(f())
