from functools import lru_cache
calls = []
@lru_cache(maxsize=3)
def sq(x):
    calls.append(x)
    return x * x
for v in [1, 2, 3, 1, 4, 2, 1, 5, 3]:
    print(v, sq(v))
print(calls)
print(sq.cache_info())
print(sq.cache_info().hits, sq.cache_info().currsize, sq.cache_info()._fields)
print(sq.cache_parameters())
sq.cache_clear()
print(sq.cache_info())
print(sq.__name__, sq.__wrapped__.__name__, sq.__doc__)
@lru_cache
def ident(x, y=0):
    "identity"
    return (x, y)
print(ident(1), ident(1), ident(1, y=2), ident(x=1), ident.__doc__)
print(ident.cache_info(), ident.cache_parameters())
@lru_cache()
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(100), fib.cache_info())
