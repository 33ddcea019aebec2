from __future__ import annotations
import dataclasses
from dataclasses import dataclass, field, fields, InitVar, KW_ONLY

@dataclass
class C:
    a: int
    b: InitVar[int] = 3
    c: list[int] = field(default_factory=list)
    _: KW_ONLY
    d: str = "d"
    def __post_init__(self, b):
        self.total = self.a + b

c = C(1)
print(c, c.total, [(f.name, f.type) for f in fields(C)])
print(C.__dataclass_fields__["b"]._field_type, C.__doc__)
print(C.__annotations__)

@dataclass
class Q:
    x: dataclasses.InitVar[int] = 1
    y: "dataclasses.KW_ONLY" = None
    z: int = 2

print([(f.name, f._field_type) for f in Q.__dataclass_fields__.values()])
print(Q.__doc__)

@dataclass
class R:
    a: ClassVar[int] = 5
    b: int = 1

print([(f.name, f._field_type) for f in R.__dataclass_fields__.values()], R.a)
