# A memoize decorator written without functools: a dict cache keyed by the
# arguments in a closure, statistics kept in nonlocal counters.
def memoize(fn):
    cache = {}
    hits = misses = 0
    def wrapper(*args):
        nonlocal hits, misses
        if args in cache:
            hits += 1
            return cache[args]
        misses += 1
        result = fn(*args)
        cache[args] = result
        return result
    def stats():
        return {"hits": hits, "misses": misses, "size": len(cache)}
    registry[fn.__name__] = stats
    return wrapper

registry = {}

@memoize
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)

print(fib(30), registry["fib"]())
print(fib(30), registry["fib"]())

@memoize
def paths(r, c):
    if r == 0 or c == 0:
        return 1
    return paths(r - 1, c) + paths(r, c - 1)

print(paths(10, 10), registry["paths"]())
try:
    fib([1])
except TypeError as e:
    print("TypeError:", e)

def memo_method(fn):
    store = {}
    def wrapper(self, n):
        key = (self.name, n)
        if key not in store:
            store[key] = fn(self, n)
        return store[key]
    return wrapper

class Squarer:
    calls = 0
    def __init__(self, name):
        self.name = name
    @memo_method
    def square(self, n):
        Squarer.calls += 1
        return n * n

s, t = Squarer("s"), Squarer("t")
print([s.square(i % 3) for i in range(9)], [t.square(2)], Squarer.calls)
