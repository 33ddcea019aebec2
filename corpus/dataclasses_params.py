from dataclasses import dataclass, field, fields

@dataclass(init=False)
class NoInit:
    a: int = 1
    b: int = 2

n = NoInit()
print(n, NoInit.__dataclass_params__, NoInit.__doc__)

@dataclass(init=False)
class OwnInit:
    a: int
    def __init__(self, v):
        self.a = v * 10

print(OwnInit(2))

@dataclass(repr=False)
class NoRepr:
    a: int

print(repr(NoRepr(1)).startswith("<__main__.NoRepr object"))

@dataclass(eq=False)
class NoEq:
    a: int

x = NoEq(1)
print(x == NoEq(1), x == x, NoEq.__dataclass_params__)

@dataclass(unsafe_hash=True, frozen=True, order=True)
class All:
    a: int

print(All.__dataclass_params__)
print(sorted([All(3), All(1)]), All(1) <= All(1))

for kw in ({"init": 0}, {"repr": []}, {"eq": ""}, {"order": 1}):
    @dataclass(**kw)
    class T:
        a: int = 0
    print(T.__dataclass_params__)

try:
    dataclass(bogus=True)
except TypeError as e:
    print("TypeError:", e)

@dataclass(frozen=1)
class Fz:
    a: int = 0
print(Fz.__dataclass_params__.frozen, Fz.__dataclass_params__)

@dataclass
class WithDoc:
    """My doc."""
    a: int
print(WithDoc.__doc__)

@dataclass
class Defaults:
    a: float = 1.5
    b: str = "s"
    c: tuple = (1, "2")
    d: object = None
    e: type = int
    f: list = field(default_factory=list)
print(Defaults.__doc__)
