# deepcopy: copy.deepcopy of a nested structure of dicts, lists, tuples,
# sets, strings and numbers, of instances (with and without __deepcopy__),
# and of a structure that shares and cycles references (the memo keeps the
# sharing); the copies are checked and summarised.
import copy

ROUNDS = 15000


class Plain:
    def __init__(self, n):
        self.n = n
        self.items = list(range(n))
        self.meta = {"name": "p%d" % n, "pair": (n, n + 1)}


class Custom:
    def __init__(self, label):
        self.label = label
        self.cache = {"big": list(range(50))}

    def __deepcopy__(self, memo):
        c = Custom.__new__(Custom)
        c.label = self.label
        c.cache = {}
        return c


DATA = {
    "list": [1, 2.5, "three", (4, 5), [6, [7, [8]]], {"nine": 9}],
    "tuple": tuple(range(20)),
    "set": frozenset({"a", "b", "c"}),
    "text": "x" * 100,
    "nested": {"a": {"b": {"c": {"d": [None, True, False]}}}},
    "objs": [Plain(i) for i in range(6)],
    "custom": Custom("c"),
}
shared = [1, 2, 3]
CYCLIC = {"a": shared, "b": shared, "self": None}
CYCLIC["self"] = CYCLIC

total = 0
for _ in range(ROUNDS):
    d = copy.deepcopy(DATA)
    total += len(d["objs"][3].items) + len(d["custom"].cache) + (d["list"][4] is not DATA["list"][4])
    c = copy.deepcopy(CYCLIC)
    total += (c["a"] is c["b"]) + (c["self"] is c) + (c["a"] is not shared)
print(total, d["objs"][5].meta, d["nested"] == DATA["nested"], sorted(d["set"]))
