from functools import reduce, partial, lru_cache, wraps, cmp_to_key
import operator
def compose(*fns):
    return reduce(lambda f, g: lambda x: g(f(x)), fns)
inc = partial(operator.add, 1)
dbl = partial(operator.mul, 2)
print(compose(inc, dbl, inc)(5))
def memo_logged(fn):
    cached = lru_cache(maxsize=None)(fn)
    @wraps(fn)
    def w(*a):
        return cached(*a)
    w.cached = cached
    return w
@memo_logged
def path_count(r, c):
    if r == 0 or c == 0:
        return 1
    return path_count(r - 1, c) + path_count(r, c - 1)
print(path_count(10, 10), path_count.__name__, path_count.cached.cache_info().currsize)
words = ["pear", "Apple", "fig", "banana"]
print(sorted(words, key=cmp_to_key(lambda a, b: (a.lower() > b.lower()) - (a.lower() < b.lower()))))
print(reduce(operator.or_, [{1}, {2}, {3}]))
print(list(map(partial(pow, 2), range(5))))
