from dataclasses import dataclass, field, FrozenInstanceError

@dataclass(frozen=True)
class P:
    x: int
    y: int = 2

p = P(1)
print(p, hash(p) == hash((1, 2)), p == P(1, 2))
for stmt in ("p.x = 5", "p.z = 5", "del p.x", "del p.q"):
    try:
        exec_ = None
        if stmt == "p.x = 5":
            p.x = 5
        elif stmt == "p.z = 5":
            p.z = 5
        elif stmt == "del p.x":
            del p.x
        else:
            del p.q
    except FrozenInstanceError as e:
        print(type(e).__name__, e, isinstance(e, AttributeError))
try:
    setattr(p, "y", 3)
except AttributeError as e:
    print(type(e).__name__, e)
print(issubclass(FrozenInstanceError, AttributeError), FrozenInstanceError.__module__, FrozenInstanceError.__name__)
s = {P(1), P(1), P(2)}
print(len(s))

@dataclass(frozen=True)
class Q(P):
    z: int = 0

q = Q(1, 2, 3)
print(q)
try:
    q.z = 1
except FrozenInstanceError as e:
    print(e)

try:
    @dataclass
    class Bad(P):
        w: int = 0
except TypeError as e:
    print("TypeError:", e)

@dataclass
class NF:
    a: int = 0

try:
    @dataclass(frozen=True)
    class Bad2(NF):
        b: int = 0
except TypeError as e:
    print("TypeError:", e)

try:
    @dataclass(frozen=True)
    class Bad3:
        a: int
        def __setattr__(self, k, v):
            pass
except TypeError as e:
    print("TypeError:", e)

class Plain(P):
    pass

pl = Plain(4)
pl.extra = 1
print(pl, pl.extra)
try:
    pl.x = 9
except FrozenInstanceError as e:
    print(e)

@dataclass(frozen=True)
class WithPost:
    a: int
    b: int = field(init=False)
    def __post_init__(self):
        object.__setattr__(self, "b", self.a * 2)

print(WithPost(4))
