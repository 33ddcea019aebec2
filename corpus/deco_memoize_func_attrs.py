# A memoize decorator written without functools: a dict cache keyed by
# arguments, cache statistics exposed as attributes of the wrapper.
def memoize(fn):
    cache = {}
    def wrapper(*args):
        if args in cache:
            wrapper.hits += 1
            return cache[args]
        wrapper.misses += 1
        result = fn(*args)
        cache[args] = result
        return result
    wrapper.hits = 0
    wrapper.misses = 0
    wrapper.cache = cache
    return wrapper

@memoize
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)

print(fib(30), fib.hits, fib.misses)
print(fib(30), fib.hits, len(fib.cache))

@memoize
def paths(r, c):
    if r == 0 or c == 0:
        return 1
    return paths(r - 1, c) + paths(r, c - 1)

print(paths(10, 10), paths.misses)
try:
    fib([1])
except TypeError as e:
    print("TypeError:", e)

def memo_method(fn):
    def wrapper(self, n):
        key = (id(self), n)
        store = self.__class__.store
        if key not in store:
            store[key] = fn(self, n)
        return store[key]
    return wrapper

class Squarer:
    store = {}
    calls = 0
    @memo_method
    def square(self, n):
        Squarer.calls += 1
        return n * n

s = Squarer()
print([s.square(i % 3) for i in range(9)], Squarer.calls)
