import dataclasses
from dataclasses import dataclass, field, fields, is_dataclass

for bad in (1, "x", None, int, [1]):
    try:
        fields(bad)
    except TypeError as e:
        print("TypeError:", e)

@dataclass
class C:
    a: int

print(is_dataclass(C), is_dataclass(C(1)), is_dataclass(int), is_dataclass(dataclass), is_dataclass(None))
print(len(fields(C)), fields(C(1))[0].name)

try:
    @dataclass
    class NoAnn:
        a = field(default=1)
except TypeError as e:
    print("TypeError:", e)

try:
    @dataclass
    class Mut:
        a: dict = {}
except ValueError as e:
    print("ValueError:", e)
try:
    @dataclass
    class Mut2:
        a: set = set()
except ValueError as e:
    print("ValueError:", e)

class Unhashable:
    __hash__ = None

try:
    @dataclass
    class Mut3:
        a: object = Unhashable()
except ValueError as e:
    print("ValueError:", e)

@dataclass
class OkTuple:
    a: tuple = (1, [])
print(OkTuple())

try:
    dataclass(5)
except Exception as e:
    print(type(e).__name__)

try:
    @dataclass
    class Dup:
        a: int
        a: str = "x"
    print(Dup(), fields(Dup)[0].type)
except TypeError as e:
    print("TypeError:", e)

deco = dataclass(eq=False)
@deco
class Decorated:
    v: int = 0
print(Decorated(), Decorated() == Decorated())
try:
    dataclass(C, 1)
except TypeError as e:
    print("TypeError:", e)
try:
    field(1)
except TypeError as e:
    print("TypeError:", e)
print(dataclasses.MISSING is dataclasses.MISSING, type(dataclasses.MISSING).__name__)
print(sorted(dataclasses.__all__))
