from collections import OrderedDict, defaultdict
def t(name, f):
    try:
        r = f()
        print(name, "->", r)
    except Exception as e:
        print(name, "!!", type(e).__name__, e)
class OK:
    def __init__(self, od, v, act=None): self.od = od; self.v = v; self.act = act
    def __hash__(self): return hash(self.v)
    def __eq__(self, o):
        a = self.act; self.act = None
        if a: a(self.od)
        return isinstance(o, OK) and o.v == self.v
    def __repr__(self): return "OK%d" % self.v
def mkod(act):
    od = OrderedDict()
    ks = [OK(od, i) for i in range(4)]
    for k in ks: od[k] = k.v
    return od, ks
ACTS = {"clear": lambda od: od.clear(), "add": lambda od: od.__setitem__("new", 1), "move": lambda od: od.move_to_end(next(iter(od))), "pop": lambda od: od.popitem()}
def run(an, op):
    act = ACTS[an]
    od, ks = mkod(act); od2, ks2 = mkod(None); ks[2].act = act; ks[1].act = act
    f = {"mte": lambda: od.move_to_end(OK(None, 1)), "mte0": lambda: od.move_to_end(OK(None, 1), last=False), "eq": lambda: od == od2,
         "eqd": lambda: od == {OK(None, i): i for i in range(4)}, "pop": lambda: od.pop(OK(None, 2)), "get": lambda: od[OK(None, 2)],
         "sd": lambda: od.setdefault(OK(None, 2), 9), "upd": lambda: od.update({OK(None, 2): 7, OK(None, 5): 5}), "del": lambda: od.__delitem__(OK(None, 2)),
         "copy": lambda: list(od.copy().items())}[op]
    t(an + " " + op, f); print(list(od.items()))
# (CPython 3.11 crashes on an OrderedDict cleared by a key's __eq__ during
# move_to_end, ==, pop, del and update: those cases are not here)
for an, op in [('clear', 'eqd'), ('clear', 'get'), ('clear', 'sd'), ('clear', 'copy'), ('add', 'mte'), ('add', 'mte0'), ('add', 'eq'), ('add', 'eqd'), ('add', 'pop'), ('add', 'get'), ('add', 'sd'), ('add', 'upd'), ('add', 'del'), ('add', 'copy'), ('move', 'mte'), ('move', 'mte0'), ('move', 'eq'), ('move', 'eqd'), ('move', 'pop'), ('move', 'get'), ('move', 'sd'), ('move', 'upd'), ('move', 'del'), ('move', 'copy'), ('pop', 'mte'), ('pop', 'mte0'), ('pop', 'eq'), ('pop', 'eqd'), ('pop', 'pop'), ('pop', 'get'), ('pop', 'sd'), ('pop', 'upd'), ('pop', 'del'), ('pop', 'copy')]:
    run(an, op)
class R:
    def __init__(self, od): self.od = od
    def __repr__(self):
        self.od.clear(); self.od["z"] = 1
        return "R"
od = OrderedDict(); od["a"] = R(od); od["b"] = R(od)
t("od repr", lambda: repr(od)); print(od)
od = OrderedDict(a=1); od["self"] = od; print(od)
for meth in ["keys", "values", "items"]:
    for act in [lambda od: od.clear(), lambda od: od.__setitem__("q", 1), lambda od: od.move_to_end("a"), lambda od: od.__setitem__("a", 5), lambda od: od.pop("b"), lambda od: (od.pop("b"), od.__setitem__("b", 3))]:
        od = OrderedDict(a=1, b=2, c=3)
        try:
            for x in getattr(od, meth)(): act(od)  # safepy: ignore[SP305]
            print(meth, "ok", od)
        except RuntimeError as e: print(meth, e, od)
        od = OrderedDict(a=1, b=2, c=3)
        try:
            for x in reversed(getattr(od, meth)()): act(od)  # safepy: ignore[SP305]
            print("rev", meth, "ok", od)
        except RuntimeError as e: print("rev", meth, e, od)
# defaultdict
d = defaultdict(lambda: d.clear() or 5); d["a"] = 1; d["b"] = 2
print(d["c"], dict(d))
n = [0]
def fac():
    n[0] += 1
    if n[0] < 4: d2[n[0]]
    return n[0]
d2 = defaultdict(fac); print(d2["x"], sorted(d2.items(), key=repr))
def deep(): return d3["y"]
d3 = defaultdict(deep)
try: d3["y"]
except RecursionError as e: print("RecursionError")
class DR:
    def __repr__(self): dd.clear(); dd["k"] = 0; return "DR"
dd = defaultdict(int); dd[1] = DR(); dd[2] = DR()
t("dd repr", lambda: repr(dd)); print(dd)
dd = defaultdict(list); dd["me"] = dd; print(dd)
class DDF:
    def __call__(self): return 0
    def __repr__(self): return repr(dd2)
dd2 = defaultdict(DDF()); dd2[1] = 2; print(dd2)
class D(defaultdict):
    def __setitem__(self, k, v):
        print("set", k, v)
        super().__setitem__(k, v)
d = D(int)
print(d["a"], dict(d))
class E(defaultdict):
    def __setitem__(self, k, v):
        print("refuse", k)
d = E(list)
print(d["b"], dict(d))
