from dataclasses import dataclass, field, asdict, astuple

log = []

class Noisy:
    def __init__(self, name):
        self.name = name
    def __eq__(self, other):
        log.append(("eq", self.name))
        C.__eq__ = lambda s, o: "replaced"
        return True
    def __hash__(self):
        log.append(("hash", self.name))
        return 1
    def __repr__(self):
        log.append(("repr", self.name))
        holder.val = "changed"
        return f"Noisy({self.name})"

@dataclass(unsafe_hash=True)
class C:
    val: object
    other: int = 0

holder = C(Noisy("a"))
print(holder == C(Noisy("b")))
print(holder == C(Noisy("b")))
print(repr(holder))
print(holder)
print(hash(C(Noisy("h"))) == hash(C(Noisy("h"))))
print(log)

count = [0]
def factory():
    count[0] += 1
    if count[0] == 2:
        del D.__init__
    return count[0]

@dataclass
class D:
    n: int = field(default_factory=factory)
    m: int = field(default_factory=factory)

print(D())
try:
    print(D())
except TypeError as e:
    print("TypeError:", e)

@dataclass
class E:
    a: int
    def __post_init__(self):
        E.__dataclass_fields__.clear()
        self.b = self.a

e = E(5)
print(e, e.b)

@dataclass
class Grow:
    items: list

class Mutator:
    def __init__(self, target):
        self.target = target
    def __eq__(self, other):
        return True

g = Grow([1, 2, 3])
class Sneaky:
    def __repr__(self):
        g.items.clear()
        return "sneaky"
g.items.append(Sneaky())
print(asdict(g) if False else "skip")
print(g)
print(g)

@dataclass
class Holder:
    data: list

h = Holder([[1, 2], [3]])
d = asdict(h)
d["data"][0].append(99)
print(h, d)

class Evil(list):
    def __iter__(self):
        h2.data = None
        return super().__iter__()

h2 = Holder(Evil([1, 2]))
print(astuple(h2), h2)
