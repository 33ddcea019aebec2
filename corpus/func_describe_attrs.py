# the attributes that only describe a function: readable and writable as in CPython
def f(a, b=2, *, c=3, d):
    "the doc"
    return a, b, c, d

print(f.__defaults__, f.__kwdefaults__, f.__annotations__)
print(f.__name__, f.__qualname__, f.__module__, f.__doc__, f.__dict__)  # safepy: ignore[SP310]

# __defaults__ replaces the defaults calls use
f.__defaults__ = (10,)
print(f(1, d=0))
f.__defaults__ = (20, 30)
print(f(d=0), f.__defaults__)
f.__defaults__ = (7, 8, 9)  # more than the parameters: the last ones count
print(f(d=0))
f.__defaults__ = None
print(f.__defaults__)
try:
    f(d=0)
except TypeError as e:
    print("TypeError:", e)
del f.__defaults__
print(f.__defaults__)
for bad in ([1], 5, "ab", {1: 2}):
    try:
        f.__defaults__ = bad
    except TypeError as e:
        print("TypeError:", e)
print(f.__defaults__)

def g(x, y=1):
    return x, y
g.__defaults__ = (1, 2, 3)
try:
    g(1, 2, 3)
except TypeError as e:
    print("TypeError:", e)
g.__defaults__ = ()
try:
    g()
except TypeError as e:
    print("TypeError:", e)

# __kwdefaults__ is the dict calls read: changing it changes the defaults
kd = f.__kwdefaults__
print(kd, kd is f.__kwdefaults__)
kd["c"] = 33
kd["d"] = 44
print(f(1, 2))
f.__kwdefaults__ = {"d": 5, "c": 6, "other": 7}
print(f(1, 2))
f.__kwdefaults__ = None
print(f.__kwdefaults__)
try:
    f(1, 2)
except TypeError as e:
    print("TypeError:", e)
try:
    f.__kwdefaults__ = [("c", 1)]
except TypeError as e:
    print("TypeError:", e)
del f.__kwdefaults__
print(f.__kwdefaults__)

def nokw(a):
    return a
print(nokw.__defaults__, nokw.__kwdefaults__)

# __annotations__
def h(x: int, y: "str" = "s") -> list:
    return [x, y]
print(h.__annotations__)
h.__annotations__ = {"x": float}
print(h.__annotations__)
h.__annotations__["z"] = 1
print(h.__annotations__)
try:
    h.__annotations__ = [1]
except TypeError as e:
    print("TypeError:", e)
h.__annotations__ = None
print(h.__annotations__)
del h.__annotations__
print(h.__annotations__)

# __name__, __qualname__, __module__, __doc__
h.__name__ = "renamed"
h.__qualname__ = "Outer.renamed"
print(h.__name__, h.__qualname__)
for attr in ("__name__", "__qualname__"):
    try:
        setattr(h, attr, 5)  # safepy: ignore[SP305]
    except TypeError as e:
        print("TypeError:", e)
    try:
        delattr(h, attr)  # safepy: ignore[SP305]
    except TypeError as e:
        print("TypeError:", e)
h.__module__ = "mymod"
h.__doc__ = "new doc"
print(h.__module__, h.__doc__)
del h.__doc__
del h.__module__
print(h.__doc__, h.__module__)

# __wrapped__ and __dict__
def deco(fn):
    def wrapper(*args, **kw):
        return fn(*args, **kw)
    wrapper.__wrapped__ = fn
    wrapper.__name__ = fn.__name__
    wrapper.__doc__ = fn.__doc__
    wrapper.__dict__.update(fn.__dict__)  # safepy: ignore[SP310]
    return wrapper

def base(n):
    "base doc"
    return n * 2
base.tag = "t"
w = deco(base)
print(w(4), w.__name__, w.__doc__, w.__wrapped__ is base, w.tag)
print(sorted(w.__dict__))  # safepy: ignore[SP310]
try:
    base.__wrapped__
except AttributeError as e:
    print("AttributeError:", e)
w.__dict__ = {"k": 1}
print(w.k, w.__dict__)  # safepy: ignore[SP310]
try:
    w.__dict__ = [1]
except TypeError as e:
    print("TypeError:", e)
try:
    del w.__dict__  # safepy: ignore[SP310]
except TypeError as e:
    print("TypeError:", e)
del w.k
print(w.__dict__, hasattr(w, "k"))  # safepy: ignore[SP310]
print(getattr(w, "__defaults__"), hasattr(base, "__kwdefaults__"))

# lambdas and methods
lam = lambda p, q=[1]: (p, q)
print(lam.__defaults__, lam.__name__)
lam.__defaults__ = ("q",)
print(lam(1))
class C:
    def m(self, v=1):
        return v
print(C.m.__defaults__, C().m.__defaults__ if hasattr(C().m, "__defaults__") else None)
C.m.__defaults__ = (5,)
print(C().m())

# a bound method reads its function's attributes but sets none of them
C.m.__wrapped__ = len
bm = C().m
print(bm.__wrapped__, bm.__name__, bm.__qualname__, bm.__kwdefaults__)
for n in ("__doc__", "__name__", "__defaults__", "__qualname__", "__module__", "__wrapped__", "x"):
    try:
        setattr(bm, n, ())  # safepy: ignore[SP305]
    except AttributeError as e:
        print(n, e)
