# CPython writes through a Counter's or an OrderedDict's own class: its
# update(), __init__, copy(), |, |=, setdefault and Counter's arithmetic
# in place call a subclass's __setitem__ (and get, __delitem__), so a
# logging or validating subclass sees every write.  dict and defaultdict
# do not (their C update writes the table).
from collections import OrderedDict, Counter, defaultdict

log = []

class Log:
    def __setitem__(self, k, v):
        log.append(("set", type(self).__name__, k, v))
        super().__setitem__(k, v)

class OD(Log, OrderedDict): pass
class C(Log, Counter): pass
class DD(Log, defaultdict): pass
class D(Log, dict): pass

def show(title):
    print(title, log)
    log.clear()

for cls in (OD, C, DD, D):
    args = (int,) if cls is DD else ()
    x = cls(*args)
    x.update({"a": 1})
    x.update([("b", 2)] if cls is not C else "bb")
    x.update(c=3)
    show(cls.__name__ + " update")
    y = cls(int, {"q": 1}) if cls is DD else cls({"q": 1})
    show(cls.__name__ + " init")
    z = x.copy()
    show(cls.__name__ + " copy " + type(z).__name__ + " " + repr(sorted(z.items())))
    try:
        w = x | {"r": 5}
        show(cls.__name__ + " or " + type(w).__name__)
    except TypeError as e:
        show(cls.__name__ + " or TypeError " + str(e))
    x |= {"s": 6}
    show(cls.__name__ + " ior")
    x.setdefault("t", 7)
    x.setdefault("a", 8)
    show(cls.__name__ + " setdefault")

c = C(a=3, b=1)
log.clear()
c.subtract({"a": 1})
c.subtract("b")
show("C subtract")
c += Counter(a=1)
show("C +=")
c -= Counter(b=5)
show("C -=")
c |= Counter(z=2)
show("C |=")
c &= Counter(z=1, a=9)
show("C &=")
print(sorted(c.items()))

# a validating subclass refuses through every path
class Positive(OrderedDict):
    def __setitem__(self, k, v):
        if v <= 0:
            raise ValueError(f"{k!r} must be positive, not {v!r}")
        super().__setitem__(k, v)

for make in (lambda: Positive(a=1, b=-2), lambda: Positive([("a", 1), ("b", 0)]),
             lambda: Positive(a=1).update(c=-1), lambda: Positive(a=1) | {"x": -5}):
    try:
        print(make())
    except ValueError as e:
        print("ValueError", e)
p = Positive(a=1)
try:
    p |= {"b": 2, "c": -3}
except ValueError as e:
    print("ValueError", e, list(p.items()))

# get and __delitem__ of a Counter subclass
class Audit(Counter):
    def get(self, k, default=None):
        log.append(("get", k))
        return super().get(k, default)
    def __delitem__(self, k):
        log.append(("del", k))
        super().__delitem__(k)

a = Audit("aab")
show("Audit init")
a.update("ab")
show("Audit update")
a -= Counter(b=2)
show("Audit -=")
print(sorted(a.items()))

# __init__ of the subclass calling super().__init__, and an overridden update
class Named(OrderedDict):
    def __init__(self, name, *args, **kw):
        self.name = name
        super().__init__(*args, **kw)
    def __setitem__(self, k, v):
        super().__setitem__(k.upper(), v)

n = Named("n", [("a", 1)], b=2)
print(n.name, list(n.items()))

class Tally(Counter):
    def update(self, *args, **kw):
        log.append(("update", args, sorted(kw.items())))
        super().update(*args, **kw)

t = Tally("xy", z=1)
show("Tally " + repr(sorted(t.items())))

# dict.__init__ called again updates; it does not clear
class Again(dict):
    def again(self, *args, **kw):
        super().__init__(*args, **kw)
g = Again(a=1, b=2)
g.again(b=3, c=4)
g.again([("d", 5)])
print(sorted(g.items()))
class OAgain(OrderedDict):
    def again(self, *args, **kw):
        super().__init__(*args, **kw)
o = OAgain(a=1)
o.again([("b", 2)], a=0)
print(o)

# OrderedDict's own argument and pair errors
for bad in ([1], [(1,)], [(1, 2, 3)], range(3), 5, ["ab"], [[]]):
    for f in (OrderedDict, lambda a: OrderedDict().update(a)):
        try:
            print(f(bad))
        except (TypeError, ValueError) as e:
            print(type(e).__name__, e)
for f in (lambda: OrderedDict({}, {}), lambda: OrderedDict().update({}, {}), lambda: Counter({}, {})):
    try:
        f()
    except TypeError as e:
        print("TypeError", e)

class Keys:
    def keys(self):
        return ["x", "y"]
    def __getitem__(self, k):
        return k * 2
class Items:
    def items(self):
        return [("i", 1), ("j", 2)]
print(OrderedDict(Keys()), OrderedDict(Items(), z=1))
od = OrderedDict(a=1)
od.update([("b", 2)], c=3)
od.update(Keys())
od |= [("p", 0)]
print(od)

# a __setitem__ that changes the source while it is read: a snapshot
src = {"a": 1, "b": 2}
class Grab(OrderedDict):
    def __setitem__(self, k, v):
        src["late_" + k] = v
        super().__setitem__(k, v)
print(Grab(src))
