from functools import lru_cache
@lru_cache(maxsize=None)
def f(x):
    return x
for i in range(5):
    f(i)
f(1)
print(f.cache_info(), f.cache_parameters())
@lru_cache(maxsize=0)
def g(x):
    return x
g(1); g(1)
print(g.cache_info())
@lru_cache(maxsize=-5)
def h(x):
    return x
h(1); h(1)
print(h.cache_info())
@lru_cache(typed=True)
def t(x):
    return type(x).__name__
print(t(1), t(1.0), t(True), t.cache_info())
@lru_cache()
def u(x):
    return type(x).__name__
print(u(1), u(1.0), u(True), u.cache_info())
for bad in ["x", 1.5, [1]]:
    try:
        lru_cache(bad)
    except TypeError as e:
        print("TypeError:", e)
try:
    lru_cache(maxsize=2, bogus=1)
except TypeError as e:
    print("TypeError:", e)
@lru_cache(2, True)
def w(a, b=1, **kw):
    return a
print(w(1), w(1, b=1), w(1, b=1), w.cache_info())
try:
    f([1])
except TypeError as e:
    print("TypeError:", e)
