# KeysView, ItemsView and ValuesView: made by Mapping's keys/items/values
# or directly on any mapping; reprs, len, membership, iteration, the Set
# operators of the first two (results are sets)
from collections.abc import KeysView, ItemsView, ValuesView, MappingView, Mapping, Set


class Box(Mapping):
    def __init__(self, d):
        self.d = d

    def __getitem__(self, k):
        return self.d[k]

    def __iter__(self):
        return iter(self.d)

    def __len__(self):
        return len(self.d)

    def __repr__(self):
        return f"Box({self.d})"


b = Box({"x": 1, "y": 2, "z": 3})
k, i, v = b.keys(), b.items(), b.values()
print(k, i, v)
print(repr(k), str(i), len(v), bool(KeysView({})))
print("x" in k, "w" in k, ("y", 2) in i, ("y", 3) in i, ("w", 1) in i, 2 in v, 4 in v)
lb = Box({"l": [1]})
print(("l", [1]) in lb.items(), [1] in lb.values(), ("l", [2]) in lb.items())
print(list(k), list(i), list(v), list(reversed(list(k))))
print(k & {"x", "q"}, k | {"q"}, k - {"x"}, k ^ {"x", "q"}, {"x", "w"} - k)
print(type(k & {"x"}).__name__, type(i | set()).__name__, i | {1})
print(i & {("x", 1)}, i - {("x", 1)})
print(k == {"x", "y", "z"}, k < {"x", "y", "z", "w"}, k.isdisjoint(["a"]), i == {("x", 1)})
print(isinstance(k, Set), isinstance(v, Set), isinstance(k, MappingView), isinstance(v, MappingView))
d = {"a": 1, "b": 2}
kv = KeysView(d)
print(kv, ItemsView(d), ValuesView(d), MappingView(d), len(MappingView([1, 2, 3])))
print(list(kv), list(ItemsView(d)), list(ValuesView(d)), "a" in kv, ("b", 2) in ItemsView(d), 2 in ValuesView(d))
d["c"] = 3
print(kv, len(kv))
it = iter(KeysView(d))
print(type(it).__name__, repr(it).split(" at ")[0])
print(repr(iter(ItemsView(d))).split(" at ")[0], repr(iter(ValuesView(d))).split(" at ")[0])
try:
    (1, 2, 3) in ItemsView(d)
except ValueError as e:
    print("ValueError", e)
try:
    5 in ItemsView(d)
except TypeError as e:
    print("TypeError", e)
try:
    KeysView()
except TypeError as e:
    print("TypeError", e)
try:
    MappingView(1, 2)
except TypeError as e:
    print("TypeError", e)
try:
    len(KeysView(5))
except TypeError as e:
    print("TypeError", e)
try:
    list(ValuesView(5))
except TypeError as e:
    print("TypeError", e)
try:
    KeysView(d).x = 1
except AttributeError as e:
    print("AttributeError", e)


class MyKeys(KeysView):
    pass


print(MyKeys(d), MyKeys(d) & {"a"}, KeysView(d)._mapping is d)
print(isinstance({}.keys(), KeysView), isinstance({}.items(), ItemsView), isinstance({}.values(), ValuesView))
print(isinstance({}.keys(), MappingView), issubclass(type({}.values()), Set))
