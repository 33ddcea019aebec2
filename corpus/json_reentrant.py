import json
# default= mutating the list being encoded: items appended are encoded too
# (with an indent: json.encoder's list iterator; the C encoder keeps a stale
# items pointer in CPython, so only the pure-Python path is compared)
data = [1, object(), 2]
def grow(o):
    if len(data) < 6:
        data.append(object())
    return "obj"
print(json.dumps(data, default=grow, indent=1))
print(list(json.JSONEncoder(default=grow).iterencode(data)))
# a dict whose contents change during encoding (c encoder takes a snapshot of the items)
d = {"a": object(), "b": 2}
def mutate(o):
    d["c"] = 3
    d.pop("b", None)
    return "x"
print(json.dumps(d, default=mutate), sorted(d))
d = {"a": object(), "b": 2}
try:
    print(json.dumps(d, default=mutate, indent=1))
except RuntimeError as e:
    print("RuntimeError:", e)
class Shifty(dict):
    n = 0
    def items(self):
        Shifty.n += 1
        return [("call", Shifty.n)] + list(super().items())
s = Shifty(k=1)
print(json.dumps([s, s]), json.dumps(s, indent=1))
# default clearing the outer list
outer = [object(), [1, 2], object()]
def clear(o):
    outer.clear()
    return "gone"
print(json.dumps(outer, default=clear))
# object_hook that mutates the result it was given and shared state
acc = []
def hook(d):
    d["seen"] = len(acc)
    acc.append(d)
    return d
print(json.loads('[{"a": 1}, {"b": {"c": 2}}]', object_hook=hook), len(acc))
def pairs(p):
    p.append(("extra", True))
    return dict(p)
print(json.loads('{"x": {"y": 1}}', object_pairs_hook=pairs))
# encoder whose default encodes recursively
def rec(o):
    return json.loads(json.dumps({"inner": [1, 2]}))
print(json.dumps([object(), object()], default=rec, sort_keys=True))
