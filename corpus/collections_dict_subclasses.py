# Subclasses of defaultdict, Counter and OrderedDict: __missing__ overrides,
# copies and | keep the subclass, Counter arithmetic gives plain Counters,
# fromkeys calls the subclass (its default_factory is None), an LRU cache
# over OrderedDict.
from collections import OrderedDict, Counter, defaultdict
def tryp(label, f):
    try: print(label, f())
    except Exception as e: print(label, type(e).__name__, e)
class DD(defaultdict):
    def __missing__(self, key):
        self[key] = v = len(key)
        return v
d = DD(list); print(d["abc"], d, d.default_factory)
d2 = DD(); print(d2["xy"], d2, repr(DD(int, a=1)))
print(type(d.copy()).__name__, d.copy(), type(d | {"z": 1}).__name__)
class Tree(defaultdict):
    def __init__(self):
        super().__init__(Tree)
t = Tree(); t["a"]["b"]["c"] = 1; print(t, dict(t["a"]))
tryp("tree copy", lambda: t.copy())
class C(Counter):
    def total2(self): return sum(self.values())
c = C("aabbbc")
print(c, c.total2(), c.most_common(1))
for r in (c + C("a"), c - C("a"), c | C("zz"), c & C("a"), +c, -c):
    print(type(r).__name__, r)
print(type(c.copy()).__name__, c.copy())
print(c == Counter("aabbbc"), c["missing"])
class OD(OrderedDict):
    pass
o2 = OD(a=1, b=2); print(o2, type(o2.copy()).__name__, o2.copy())
o2.move_to_end("a"); print(o2, list(reversed(o2)), o2.popitem(last=False))
print(OD(x=1) | {"y": 2}, type(OD(x=1) | {"y": 2}).__name__)
class LRU(OrderedDict):
    def __init__(self, cap):
        super().__init__()
        self.cap = cap
    def __getitem__(self, k):
        v = super().__getitem__(k)
        self.move_to_end(k)
        return v
    def __setitem__(self, k, v):
        if k in self: self.move_to_end(k)
        super().__setitem__(k, v)
        if len(self) > self.cap: self.popitem(last=False)
l = LRU(2); l["a"] = 1; l["b"] = 2; l["a"]; l["c"] = 3; print(l, l.cap)
tryp("od fromkeys", lambda: OD.fromkeys("ab", 0))
tryp("dd fromkeys", lambda: DD.fromkeys("ab"))
tryp("counter fromkeys", lambda: C.fromkeys("ab"))
class CC(Counter):
    def __missing__(self, k): return -1
print(CC()["q"], CC("a")["a"])
class D3(dict):
    def __missing__(self, k): return k * 2
print(D3()["ab"], D3().get("ab"))
print(DD.fromkeys("ab", 1), DD.fromkeys("a").default_factory, OD.fromkeys("xy"))
print(defaultdict.fromkeys("ab"), OrderedDict.fromkeys("ab", 0))
