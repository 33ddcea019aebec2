from dataclasses import dataclass, field

def show(cls):
    h = cls.__dict__.get("__hash__", "absent")  # safepy: ignore[SP310]
    print(cls.__name__, "None" if h is None else "absent" if h == "absent" else "set")

@dataclass
class EqOnly:
    a: int
show(EqOnly)
try:
    hash(EqOnly(1))
except TypeError as e:
    print("TypeError:", e)

@dataclass(eq=False)
class NoEq:
    a: int
show(NoEq)
ne = NoEq(1)
print(hash(ne) == hash(ne), NoEq(1) == NoEq(1))

@dataclass(frozen=True)
class Frozen:
    a: int
    b: int = field(default=0, hash=False)
    c: int = field(default=0, compare=False)
show(Frozen)
print(hash(Frozen(1, 2, 3)) == hash((1,)))

@dataclass(unsafe_hash=True)
class Unsafe:
    a: int
    b: list = field(default_factory=list, hash=False)
show(Unsafe)
print(hash(Unsafe(5)) == hash((5,)))

@dataclass(unsafe_hash=True, eq=False)
class UnsafeNoEq:
    a: int
show(UnsafeNoEq)
print(hash(UnsafeNoEq(5)) == hash((5,)))

try:
    @dataclass(unsafe_hash=True)
    class Explicit:
        a: int
        def __hash__(self):
            return 1
except TypeError as e:
    print("TypeError:", e)

@dataclass
class OwnHash:
    a: int
    def __hash__(self):
        return 42
show(OwnHash)
print(hash(OwnHash(1)))

@dataclass(frozen=True)
class FrozenOwn:
    a: int
    def __hash__(self):
        return 7
print(hash(FrozenOwn(1)))

@dataclass
class EqAndHashNone:
    a: int
    __hash__ = None
show(EqAndHashNone)

@dataclass(eq=False)
class UserEq:
    a: int
    def __eq__(self, other):
        return True
show(UserEq)

@dataclass(frozen=True)
class Uses:
    a: int = field(hash=True, compare=False)
    b: int = field(hash=None, compare=True)
    c: int = field(hash=False, compare=True)
print(hash(Uses(1, 2, 3)) == hash((1, 2)))
print({Frozen(1): "x"}[Frozen(1)])
