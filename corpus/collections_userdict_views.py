# KeysView, ItemsView, ValuesView of a UserDict: live, set-like, through the mapping's methods
from collections import UserDict

inv = UserDict(apple=3, pear=0, fig=7)
keys, items, values = inv.keys(), inv.items(), inv.values()
print(keys, items, values, sep="\n")
print(len(keys), len(items), len(values), bool(keys), bool(UserDict().keys()))
inv["kiwi"] = 1
del inv["pear"]
print(list(keys), list(items), list(values))
print([k for k in keys], dict(items), sum(values), sorted(values), max(keys))

# set operations give sets, in CPython's insertion order
other = {"fig": 1, "plum": 2}
print(keys & other.keys(), keys & ["fig", "x"], sorted(keys | other.keys()), sorted(keys - {"fig"}))
print(sorted(keys ^ other.keys()), sorted(other.keys() ^ keys), other.keys() - keys, ["fig"] & keys if False else None)
print(sorted(items & {("fig", 7), ("kiwi", 2)}), sorted(items - {("fig", 7)}), sorted(items | {("x", 0)}))
print(keys == {"apple", "fig", "kiwi"}, keys == ["apple", "fig", "kiwi"], keys != set(), keys <= {"apple", "fig", "kiwi", "z"})
print(keys < {"apple", "fig", "kiwi"}, keys > {"fig"}, keys >= keys, items == inv.data.items(), keys == inv.data.keys())
print(keys.isdisjoint({"x"}), items.isdisjoint([("fig", 7)]), type(keys & {"fig"}).__name__, type(keys | []).__name__)
print("fig" in keys, "pear" in keys, ("fig", 7) in items, ("fig", 8) in items, 7 in values, 0 in values)
for bad in (lambda: keys & 5, lambda: keys | None, lambda: keys - 3, lambda: keys ^ 1.5, lambda: keys < 3,
            lambda: 4 in items, lambda: (1, 2, 3) in items, lambda: hash(keys), lambda: hash(items)):
    try:
        print(bad())
    except TypeError as e:
        print("TypeError:", e)
    except ValueError as e:
        print("ValueError:", e)
print(hash(values) == hash(values), values == values, values == inv.values())


class Shadow(UserDict):
    """Reads through __getitem__ and iteration through __iter__, so the views see the overrides."""

    def __getitem__(self, key):
        return super().__getitem__(key) * 10

    def __iter__(self):
        return iter(sorted(self.data, reverse=True))


sh = Shadow(a=1, b=2, c=3)
print(list(sh.keys()), list(sh.items()), list(sh.values()), ("a", 10) in sh.items(), 30 in sh.values())
print(sh.keys(), dict(sh.items()), sh == {"a": 10, "b": 20, "c": 30}, sh == {"a": 1, "b": 2, "c": 3})

# mutating the underlying dict while iterating a view is caught by the dict
d = UserDict(x=1, y=2)
try:
    for k in d.keys():
        d["z" + k] = 0
except RuntimeError as e:
    print("RuntimeError:", e)
it = iter(d.items())
print(next(it), next(it), list(it))
print(list(reversed(list(d.values()))), UserDict().keys(), UserDict(n=UserDict(m=1)).items())
nums = UserDict({1: 2, 3: 4, (5, 6): 7})
print(nums.keys()._hash() == hash(frozenset(nums.keys())), nums.keys()._hash(), type(nums.keys())._from_iterable("aab") == {"a", "b"})
