from dataclasses import dataclass, field, fields

@dataclass(slots=True)
class P:
    x: int
    y: int = 0

p = P(1)
print(p, P.__slots__, hasattr(p, "__dict__"))  # safepy: ignore[SP302]
try:
    p.z = 1
except AttributeError as e:
    print("AttributeError:", e)
p.x = 5
print(p, P.__qualname__, P.__name__)

@dataclass(slots=True, frozen=True)
class F:
    a: int
    b: str = "b"

f = F(1)
print(f, F.__slots__, hash(f) == hash((1, "b")))
try:
    f.a = 2
except AttributeError as e:
    print(type(e).__name__, e)

@dataclass(slots=True)
class D:
    a: int
    b: list = field(default_factory=list)
    c: int = field(default=3, init=False)

d = D(1)
print(d, d.c, D.__slots__)

@dataclass(slots=True)
class Sub(P):
    z: int = 9

print(Sub(1, 2, 3), Sub.__slots__)

try:
    @dataclass(weakref_slot=True)
    class W:
        a: int
except TypeError as e:
    print("TypeError:", e)

@dataclass(slots=True, weakref_slot=True)
class W2:
    a: int

print(W2.__slots__, W2(1))

def outer():
    @dataclass(slots=True)
    class Local:
        v: int
    return Local

L = outer()
print(L(3), L.__qualname__)
