from functools import lru_cache
seen = []
@lru_cache(maxsize=None)
def f(*args, **kw):
    seen.append((args, tuple(sorted(kw.items()))))
    return len(seen)
print(f(1), f(1.0), f(True), f(1, 2), f(1, b=2), f(1, b=2), f(b=2, a=1), f(a=1, b=2))
print(f("a"), f("a"), f((1, 2)), f((1, 2)))
print(f.cache_info())
print(len(seen))
@lru_cache(maxsize=None, typed=True)
def g(x):
    return type(x).__name__
print(g(1), g(1.0), g(True), g.cache_info())
