from collections import Counter, OrderedDict, defaultdict
def t(name, f):
    try:
        r = f()
        print(name, "->", r)
    except Exception as e:
        print(name, "!!", type(e).__name__, e)

class V:
    """a count whose arithmetic/comparison mutates the counter"""
    def __init__(self, c, n, act): self.c = c; self.n = n; self.act = act
    def _hit(self):
        a = self.act; self.act = None
        if a: a(self.c)
    def __add__(self, o): self._hit(); return self.n + (o.n if isinstance(o, V) else o)
    __radd__ = __add__
    def __sub__(self, o): self._hit(); return self.n - (o.n if isinstance(o, V) else o)
    def __rsub__(self, o): self._hit(); return (o.n if isinstance(o, V) else o) - self.n
    def __lt__(self, o): self._hit(); return self.n < (o.n if isinstance(o, V) else o)
    def __gt__(self, o): self._hit(); return self.n > (o.n if isinstance(o, V) else o)
    def __le__(self, o): self._hit(); return self.n <= (o.n if isinstance(o, V) else o)
    def __ge__(self, o): self._hit(); return self.n >= (o.n if isinstance(o, V) else o)
    def __eq__(self, o): self._hit(); return self.n == (o.n if isinstance(o, V) else o)
    def __hash__(self): return hash(self.n)
    def __repr__(self): return "V%d" % self.n
    def __index__(self): self._hit(); return self.n

acts = {"clear": lambda c: c.clear(), "add": lambda c: c.update(["zz"] * 3), "pop": lambda c: c.pop("a", None)}
# (pop with &= also re-adds the key: CPython's "dictionary keys changed" is the dict iterator's own business)
for an, act in acts.items():
    def mk():
        c = Counter()
        c["a"] = V(c, 3, act); c["b"] = 2; c["c"] = V(c, 1, None)
        return c
    c = mk(); t(an + " most_common", lambda: c.most_common()); print(sorted(c))
    c = mk(); t(an + " most_common1", lambda: c.most_common(1)); print(sorted(c))
    c = mk(); t(an + " total", lambda: c.total()); print(sorted(c))
    c = mk(); t(an + " repr", lambda: repr(c)); print(sorted(c))
    c = mk(); t(an + " +", lambda: sorted((c + Counter(a=1, b=1)).items())); print(sorted(c))
    c = mk(); t(an + " -", lambda: sorted((c - Counter(a=1, b=1)).items())); print(sorted(c))
    c = mk(); t(an + " |", lambda: sorted((c | Counter(a=1, b=1)).items())); print(sorted(c))
    c = mk(); t(an + " &", lambda: sorted((c & Counter(a=1, b=1)).items())); print(sorted(c))
    c = mk(); t(an + " unary+", lambda: sorted((+c).items())); print(sorted(c))
    c = mk(); t(an + " unary-", lambda: sorted((-c).items())); print(sorted(c))
    c = mk(); t(an + " ==", lambda: c == Counter(a=3, b=2, c=1)); print(sorted(c))
    c = mk(); t(an + " <=", lambda: c <= Counter(a=3, b=2, c=1)); print(sorted(c))
    c = mk(); t(an + " update", lambda: c.update(Counter(a=1, b=1, c=5))); print(sorted(c))
    c = mk(); t(an + " subtract", lambda: c.subtract(Counter(a=1, b=1, c=5))); print(sorted(c))
    c = mk()
    def inc():
        d = c; d += Counter(a=1, b=1)
        return sorted(d)
    t(an + " +=", inc); print(sorted(c))
    c = mk()
    def dec():
        d = c; d -= Counter(a=1, b=1)
        return sorted(d)
    t(an + " -=", dec); print(sorted(c))
    c = mk()
    def ior():
        d = c; d |= Counter(a=1, b=9)
        return sorted(d)
    t(an + " |=", ior); print(sorted(c))
    c = mk()
    def iand():
        d = c; d &= Counter(a=1, b=9)
        return sorted(d)
    if an != "pop":
        t(an + " &=", iand); print(sorted(c))
    c = mk(); t(an + " elements", lambda: list(c.elements())); print(sorted(c))

# keys whose __eq__/__hash__ mutate the counter during update
class K:
    def __init__(self, c, v): self.c = c; self.v = v
    def __hash__(self):
        if self.c is not None:
            c = self.c; self.c = None; c.clear()
        return hash(self.v)
    def __eq__(self, o): return isinstance(o, K) and o.v == self.v
    def __repr__(self): return "K%d" % self.v
c = Counter({"x": 1})
t("update-iter", lambda: c.update([K(c, 1), K(None, 2), K(None, 1)])); print(sorted(map(repr, c)))
c = Counter({"x": 1})
t("subtract-iter", lambda: c.subtract([K(c, 1), K(None, 2), K(None, 1)])); print(sorted(map(repr, c)))
c = Counter({"x": 1})
src = {K(None, 1): 1, K(None, 2): 2}
for k in src: k.c = c
t("update-map", lambda: c.update(src)); print(sorted(map(repr, c)))
# iterate counter while mutating
c = Counter("abcabc")
try:
    for k in c: c[k + k] = 1
except RuntimeError as e: print(e)
# most_common with mutating sort by total size
c = Counter()
for i in range(20): c[i] = V(c, i % 5, None)
list(c.values())[7].act = lambda c: c.clear()
t("mc-sort", lambda: [x[0] for x in c.most_common()]); print(len(c))

from collections import UserDict, ChainMap
print(Counter(UserDict(a="x")), Counter(ChainMap({"b": [1]})))
c = Counter(x=1); c.update(UserDict(a=3)); print(c)
c = Counter(a=5); c.subtract(UserDict(a=3, b=1)); print(c)
