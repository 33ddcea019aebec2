# Counter and OrderedDict subclasses whose hooks change the mapping while
# update(), |=, setdefault and Counter's in-place operators write to it.
from collections import OrderedDict, Counter
class Evil(OrderedDict):
    def __setitem__(self, k, v):
        if len(self) > 3:
            self.clear()
        super().__setitem__(k, v)
        if k == "x":
            self.update(self)
e = Evil()
e.update({i: i for i in range(10)})
print(list(e.items()))
try:
    e.update(e)
except RuntimeError as ex:
    print("RuntimeError", ex)
print(len(e))
class EvilC(Counter):
    def __setitem__(self, k, v):
        super().__setitem__(k, v)
        if len(self) < 50:
            self[str(k) + "!"] = 1
    def get(self, k, d=None):
        self.pop("zz", None)
        return super().get(k, d)
c = EvilC("abc")
print(sorted(c.items())[:5], len(c))
c.update("abc")
c.subtract("ab")
c += Counter("q")
print(len(c))
class Deleter(Counter):
    def __delitem__(self, k):
        super().__delitem__(k)
        self.clear()
d = Deleter(a=-1, b=-2, c=3)
d += Counter()
print(d)
class Reent(OrderedDict):
    def __setitem__(self, k, v):
        super().__setitem__(k, v)
        if isinstance(v, int) and v < 5:
            self[k + "+"] = v + 1
r = Reent(a=0)
r |= {"b": 0}
r.setdefault("c", 0)
print(list(r.items()))

class Cyc(OrderedDict):
    def __setitem__(self, k, v):
        super().__setitem__(k, v)
        self.me = self
for i in range(1000):
    Cyc({1: 2})
print("ok")

# Counter.__delitem__ ignores a missing key, also through super()
c = Counter()
del c["x"]
print(c)
class D(Counter):
    def __delitem__(self, k):
        super().__delitem__(k)
d = D()
del d["y"]
print(d, hasattr(Counter, "__delitem__"))
