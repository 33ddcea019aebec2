# OrderedDict iterators and views: their types, reprs, and what happens
# when the dict changes while it is being iterated.
from collections import OrderedDict


def show(label, obj):
    print(label, type(obj).__name__, obj if not hasattr(obj, "__next__") else list(obj))


inventory = OrderedDict([("apples", 3), ("pears", 5), ("plums", 2)])
show("keys", inventory.keys())
show("values", inventory.values())
show("items", inventory.items())
show("iter", iter(inventory))
show("iter keys", iter(inventory.keys()))
show("iter values", iter(inventory.values()))
show("iter items", iter(inventory.items()))
show("reversed", reversed(inventory))
show("reversed keys", reversed(inventory.keys()))
show("reversed values", reversed(inventory.values()))
show("reversed items", reversed(inventory.items()))
print(repr(inventory.keys()), str(inventory.values()))
print(isinstance(inventory.keys(), type({}.keys())), isinstance(inventory.items(), type({}.items())))
print(isinstance(inventory.values(), type({}.values())), type(iter(inventory)) is type(reversed(inventory)))
print(type(iter({})).__name__, type({}.keys()).__name__)
print(inventory.keys() & {"pears", "kiwis"}, sorted(inventory.items() - {("plums", 2)}))
print(len(inventory.values()), "pears" in inventory.keys(), ("pears", 5) in inventory.items())


class Ledger(OrderedDict):
    pass


ledger = Ledger(b=2, a=1)
print(ledger.keys(), type(iter(ledger)).__name__, list(reversed(ledger.items())))

# changing values is fine; adding, removing or moving keys is not
for name in inventory:
    inventory[name] *= 10
print(inventory)

for label, action in [
    ("add", lambda d: d.__setitem__("figs", 1)),
    ("delete", lambda d: d.pop("pears")),
    ("move", lambda d: d.move_to_end("x")),
    ("clear", lambda d: d.clear()),
]:
    d = OrderedDict(x=1, y=2, z=3)
    seen = []
    try:
        for key in d:
            seen.append(key)
            if key == "x":
                action(d) if label != "delete" else d.pop("y")
    except RuntimeError as e:
        print(label, seen, "RuntimeError:", e)
    else:
        print(label, seen, "no error")

# a key added while the last one is handed out ends the loop quietly
d = OrderedDict(x=1, y=2)
for key in d:
    if key == "y":
        d["w"] = 0
print(list(d))

# moving a key that is already at that end changes nothing
d = OrderedDict(x=1, y=2, z=3)
it = iter(d.items())
print(next(it))
d.move_to_end("z")
d.move_to_end("x", last=False)
print(next(it), list(it))
d.move_to_end("x")
print(list(d))

# the error is reported once; the iterator is then exhausted
d = OrderedDict(p=1, q=2)
it = iter(d.values())
next(it)
del d["q"]
try:
    next(it)
except RuntimeError as e:
    print("RuntimeError:", e)
print(list(it), next(it, "done"))

# a reversed walk that deletes as it goes
d = OrderedDict.fromkeys("abc", 0)
it = reversed(d)
print(next(it))
d["c"] = 9
print(next(it), d)

# clear() is reported as a change of size, every time next() is tried
d = OrderedDict(a=1, b=2)
it = iter(d)
print(next(it))
d.clear()
for attempt in range(2):
    try:
        next(it)
    except RuntimeError as e:
        print(attempt, "RuntimeError:", e)
d.update(a=1, b=2)
try:
    next(it)
except RuntimeError as e:
    print("after refill RuntimeError:", e)

# the other dict subclasses keep the plain dict types
from collections import Counter, defaultdict
print(type(Counter("aab").keys()).__name__, type(iter(defaultdict(int, x=1))).__name__)
