from collections import deque
def t(name, f):
    try:
        r = f()
        print(name, "->", r)
    except Exception as e:
        print(name, "!!", type(e).__name__, e)

class M:
    def __init__(self, d, act): self.d = d; self.act = act
    def __eq__(self, o):
        self.act(self.d)
        return False
    __hash__ = object.__hash__
    def __repr__(self): return "M"

for opname in ["count", "index", "remove", "contains"]:
    for act in [lambda d: d.clear(), lambda d: d.append(1), lambda d: d.pop(), lambda d: d.rotate(1), lambda d: d.__setitem__(0, 5), lambda d: d.reverse(), lambda d: d.extend(range(100))]:
        d = deque()
        d.extend([M(d, act) for _ in range(3)])
        d.extend([1,2,3])
        if opname == "contains":
            t(opname, lambda: 99 in d)
        else:
            t(opname, lambda: getattr(d, opname)(99))  # safepy: ignore[SP305]
        print(len(d))

# equal match found after mutation in remove
class R:
    def __init__(self, d): self.d = d
    def __eq__(self, o):
        self.d.pop()
        return True
    def __repr__(self): return "R"
d = deque(); d.append(R(d)); d.append(2)
t("remove-true", lambda: d.remove(0)); print(len(d))
d = deque(); d.append(R(d)); d.append(2)
t("index-true", lambda: d.index(0)); print(len(d))
d = deque(); d.append(R(d)); d.append(2)
t("count-true", lambda: d.count(0)); print(len(d))

# comparisons
class C:
    def __init__(self, d, v): self.d = d; self.v = v
    def __eq__(self, o):
        self.d.clear()
        return False
    def __lt__(self, o):
        self.d.clear()
        return True
    __hash__ = object.__hash__
    def __repr__(self): return "C"
OPS = {"eq": lambda a, b: a == b, "ne": lambda a, b: a != b, "lt": lambda a, b: a < b,
       "le": lambda a, b: a <= b, "gt": lambda a, b: a > b, "ge": lambda a, b: a >= b}
for op in OPS:
    a = deque(); a.extend([C(a, i) for i in range(4)])
    b = deque(); b.extend([C(b, i) for i in range(4)])
    t("cmp" + op, lambda: OPS[op](a, b))
d = deque([float('nan')]); print(d == d, d < d, d <= d)
class Ne:
    def __eq__(self, o): return False
    __hash__ = None
n = Ne(); print(deque([n]) == deque([n]))
x = deque([n]); print(x == x, x != x)

# repr
class P:
    def __init__(self, d): self.d = d
    def __repr__(self):
        self.d.clear(); self.d.append(7)
        return "P"
d = deque(); d.extend([P(d), P(d), 3])
t("repr", lambda: repr(d)); print(d)
d = deque(maxlen=3); d.extend([P(d), P(d), 3])
t("repr-maxlen", lambda: repr(d)); print(d)
d = deque(); d.append(d); print(d)

# extend with generator mutating
d = deque([1,2,3])
def g():
    for i in range(5):
        d.clear(); d.appendleft(i)
        yield i
d.extend(g()); print(d)
d = deque([1,2,3]); d.extendleft(g()); print(d)
d = deque([1,2,3], maxlen=2); d.extend(g()); print(d)
d = deque([1,2,3], maxlen=0); d.extend(g()); print(d)
d = deque([1,2,3]); d += g(); print(d)
d = deque([1,2,3]); d.extend(d); print(d)
d = deque([1,2,3]); d.extendleft(d); print(d)
d = deque([1,2,3], maxlen=4); d += d; print(d)

# iteration with mutation
for act in [lambda d: d.append(9), lambda d: d.rotate(), lambda d: d.__setitem__(0, 1), lambda d: d.reverse(), lambda d: d.__delitem__(0), lambda d: d.insert(0, 1), lambda d: d.__iadd__([1]), lambda d: d.__imul__(2), lambda d: d.remove(2), lambda d: d.rotate(0), lambda d: d.rotate(3)]:
    d = deque([1,2,3])
    try:
        for x in d:
            act(d)
        print("iter ok", d)
    except RuntimeError as e:
        print("iter", e, d)
d = deque([1,2,3], maxlen=3)
try:
    for x in d: d.append(0)
except RuntimeError as e: print(e)
# reversed with mutation
d = deque([1,2,3])
try:
    for x in reversed(d): d.append(0) if len(d) < 6 else None
    print("rev ok", d)
except RuntimeError as e: print("rev", e, d)
# rotate big
d = deque(range(10)); d.rotate(10**18); print(d); d.rotate(-3); print(d)
d = deque(range(5), maxlen=5); d.rotate(2); d.append(9); print(d)
# index with start/stop
d = deque(range(10))
print(d.index(5, 2, 8), d.index(5, -8, -2))
t("idx", lambda: d.index(5, 6))
t("idx2", lambda: d.index(5, 8, 2))
# mul of self-containing
d = deque([1]); d.append(d); print(d * 2)
# copy of subclass
class D(deque):
    def __init__(self, *a):
        super().__init__(*a)
d = D([1,2], 5); print(d.copy(), d + d, d * 2)
# sorted deque of mutating lt
class L:
    def __init__(self, d): self.d = d
    def __lt__(self, o): self.d.clear(); return True
d = deque(); d.extend([L(d) for _ in range(5)])
t("sorted", lambda: len(sorted(d)))
t("max", lambda: type(max(d)).__name__)
# reversed() over the live deque
d = deque([1, 2, 3])
r = reversed(d); print(type(r).__name__, list(r))
r = d.__reversed__(); print(next(r)); d.append(5)
try: next(r)
except RuntimeError as e: print(e)
class D(deque):
    def __iter__(self): return iter([9])
print(list(reversed(D([1, 2]))), list(D([1,2]).__reversed__()))
d = deque(range(20), maxlen=5); d.rotate(2); print(list(reversed(d)))
# a subclass's __iter__ is what repr and comparisons walk
class E(deque):
    def __iter__(self): return iter([7, 8])
print(repr(E([1])), E([1, 2]) == deque([7, 8]), E([1, 2]) < deque([7, 9]))
