from collections import OrderedDict

od = OrderedDict()
od["b"] = 2
od["a"] = 1
od["c"] = 3
print(od, list(od), len(od))
od.move_to_end("b")
print(od)
od.move_to_end("c", last=False)
print(od)
od.move_to_end("a", False)
print(od)
print(od.popitem(), od)
print(od.popitem(last=False), od)
print(OrderedDict(), repr(OrderedDict()))
o1 = OrderedDict([("x", 1), ("y", 2)])
o2 = OrderedDict([("y", 2), ("x", 1)])
print(o1 == o2, o1 == dict(o2), dict(o1) == o2, o1 == OrderedDict(x=1, y=2))
print(isinstance(o1, dict), isinstance(o1, OrderedDict), type(o1).__name__, type(o1))
c = o1.copy()
c["z"] = 3
print(c, o1, type(c).__name__)
print(OrderedDict.fromkeys("abc", 0), OrderedDict.fromkeys([1, 2]))


def lru(capacity, ops):
    cache = OrderedDict()
    out = []
    for op, key, *val in ops:
        if op == "get":
            if key in cache:
                cache.move_to_end(key)
                out.append(cache[key])
            else:
                out.append(-1)
        else:
            cache[key] = val[0]
            cache.move_to_end(key)
            if len(cache) > capacity:
                cache.popitem(last=False)
    return out, cache


print(lru(2, [("put", 1, 1), ("put", 2, 2), ("get", 1), ("put", 3, 3), ("get", 2), ("put", 4, 4),
              ("get", 1), ("get", 3), ("get", 4)]))
try:
    od.move_to_end("nope")
except KeyError as ex:
    print("KeyError", ex)
try:
    OrderedDict().popitem()
except KeyError as ex:
    print("KeyError", ex)
od2 = OrderedDict(a=1)
od2.update({"b": 2}, c=3)
print(od2, list(od2.items()), list(od2.keys()), od2.get("b"))
del od2["a"]
print(od2, od2.pop("b"), od2)
big = OrderedDict((i, i * i) for i in range(10))
for i in range(5):
    big.popitem(last=False)
big.move_to_end(5, last=False)
print(big)
