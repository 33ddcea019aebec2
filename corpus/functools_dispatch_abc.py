import functools
import collections.abc as abc
@functools.singledispatch
def f(x):
    return "obj"
@f.register(abc.Sequence)
def _(x):
    return "seq"
@f.register(abc.Mapping)
def _(x):
    return "map"
print(f([1]), f((1,)), f("s"), f({}), f(1))
class MyMap(abc.Mapping):
    def __getitem__(self, k): return 1
    def __len__(self): return 0
    def __iter__(self): return iter([])
print(f(MyMap()))
@f.register(list)
def _(x):
    return "list"
print(f([1]), f((1,)))
print(f.dispatch(list).__name__)
class P:
    @functools.cached_property
    def a(self):
        return [1]
print(P.a.__set_name__ is not None, P().a)
print(functools.lru_cache(maxsize=None)(lambda: 5)())
print(functools.partial(functools.partial(max, 1), 2)(3))
