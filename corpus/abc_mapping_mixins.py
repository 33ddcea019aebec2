# Mapping's mixin methods on a class that defines only __getitem__,
# __iter__ and __len__; each call goes through the class's own dunders
from collections.abc import Mapping, KeysView, ItemsView, ValuesView


class Frozen(Mapping):
    def __init__(self, **kw):
        self._d = dict(kw)

    def __getitem__(self, key):
        print("  getitem", repr(key))
        return self._d[key]

    def __iter__(self):
        print("  iter")
        return iter(self._d)

    def __len__(self):
        return len(self._d)


f = Frozen(a=1, b=2, c=3)
print(f.get("a"))
print(f.get("z"))
print(f.get("z", 0))
print("b" in f, "q" in f)
k, i, v = f.keys(), f.items(), f.values()
print(type(k).__name__, type(i).__name__, type(v).__name__)
print(isinstance(k, KeysView), isinstance(i, ItemsView), isinstance(v, ValuesView))
print(list(k), list(i), list(v))
print(len(k), len(i), len(v))
print(f == {"a": 1, "b": 2, "c": 3}, f == {"a": 1}, f == [1], f != {"a": 1, "b": 2, "c": 3})
print(f == Frozen(a=1, b=2, c=3), {"a": 1, "b": 2, "c": 3} == f)
print(f.__reversed__, Frozen.__hash__)
try:
    reversed(f)
except TypeError as e:
    print("TypeError", e)
try:
    hash(f)
except TypeError as e:
    print("TypeError", e)
print(dict(f), sorted(f), len(f))
try:
    f.get()
except TypeError as e:
    print("TypeError", e)
try:
    f.get(1, 2, 3)
except TypeError as e:
    print("TypeError", e)
try:
    f.keys(1)
except TypeError as e:
    print("TypeError", e)


class Missing(Mapping):
    def __getitem__(self, key):
        raise IndexError(key)

    def __iter__(self):
        return iter([])

    def __len__(self):
        return 0


try:
    Missing().get(1)
except IndexError as e:
    print("IndexError", e)
try:
    1 in Missing()
except IndexError as e:
    print("IndexError", e)
print(Mapping.get(f, "b"), Mapping.__contains__(f, "a"))
