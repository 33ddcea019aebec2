# MutableMapping's mixins (pop, popitem, clear, update, setdefault) on a
# class defining only the five abstract methods, each call traced
from collections.abc import MutableMapping, Mapping


class Traced(MutableMapping):
    def __init__(self, *args, **kw):
        self._d = {}
        self.update(*args, **kw)

    def __getitem__(self, key):
        print("  get", repr(key))
        return self._d[key]

    def __setitem__(self, key, value):
        print("  set", repr(key), repr(value))
        self._d[key] = value

    def __delitem__(self, key):
        print("  del", repr(key))
        del self._d[key]

    def __iter__(self):
        return iter(list(self._d))

    def __len__(self):
        return len(self._d)

    def __repr__(self):
        return f"Traced({self._d})"


t = Traced({"a": 1}, b=2)
print(t)
print(t.pop("a"), t)
print(t.pop("zz", "dflt"))
try:
    t.pop("zz")
except KeyError as e:
    print("KeyError", e)
print(t.setdefault("c", 3), t.setdefault("c", 4), t.setdefault("n"), t)
print(t.popitem(), t)
t.update([("x", 1), ("y", 2)])
t.update({"z": 3}, w=4)


class KeysOnly:
    def keys(self):
        return ["k1", "k2"]

    def __getitem__(self, k):
        return k.upper()


t.update(KeysOnly())
t.update(Traced(m=9))
print(t)
t.update()
t.update(other=5)
t.update(self=6)
print(t)
t.clear()
print(t, len(t))
try:
    t.popitem()
except KeyError as e:
    print("KeyError", repr(e), e.__suppress_context__)
for bad in ([1, 2], [(1, 2, 3)], 5, ["ab", "c"]):
    try:
        t.update(bad)
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
try:
    t.update({}, {})
except TypeError as e:
    print("TypeError", e)
try:
    t.pop()
except TypeError as e:
    print("TypeError", e)
try:
    t.setdefault()
except TypeError as e:
    print("TypeError", e)
print(sorted(MutableMapping.__abstractmethods__))
print(isinstance(t, Mapping), isinstance(t, dict), issubclass(Traced, MutableMapping))
