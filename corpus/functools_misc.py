import functools, operator
from functools import partial, lru_cache
p = partial(print, 1)
print(vars(p))  # safepy: ignore[SP311]
print(type(p), type(lru_cache(None)(len)).__name__)
w = lru_cache(maxsize=None)(len)
print(w.__wrapped__ is len, w("abc"), w.cache_info())
class A:
    pass
try:
    operator.attrgetter("x")(A())
except AttributeError as e:
    print(e)
print(functools.cmp_to_key(lambda a, b: a - b)(3).obj)
print(isinstance(partial(len), functools.partial), callable(partial(len)))
try:
    partial(len, 1)()
except TypeError as e:
    print(e)
print(partial(len).__class__.__name__)
s = functools.singledispatch(lambda x: "d")
print(s(1), s.registry[object](2))
@functools.total_ordering
class B(int):
    pass
print(B(1) < B(2))
print(functools.reduce(operator.concat, [[1], [2], [3]]))
g = operator.itemgetter(0)
try:
    g.x = 1
except AttributeError as e:
    print("AttributeError", e)
print(operator.methodcaller("count", 1)([1, 1, 2]))
pp = partial(partial, print)
print(type(pp()).__name__)
