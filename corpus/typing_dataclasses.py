# dataclasses and typing: ClassVar in every spelling is not a field; InitVar is init-only.
import typing
import dataclasses
from dataclasses import InitVar, dataclass, field, fields
from typing import ClassVar, Dict, List, Optional


@dataclass
class A:
    x: int
    registry: ClassVar[Dict[str, int]] = {}
    count: typing.ClassVar[int] = 0
    plain: ClassVar = "p"
    s1: "ClassVar[int]" = 1
    s2: "typing.ClassVar[int]" = 2
    s3: " ClassVar" = 3
    seed: InitVar[int] = 0
    s4: "InitVar[int]" = 0
    s5: "dataclasses.InitVar[str]" = ""
    tags: List[str] = field(default_factory=list)
    parent: Optional["A"] = None

    def __post_init__(self, seed: int, s4: int, s5: str) -> None:
        self.x += seed + s4 + len(s5)


a = A(1, 10, 2, "abc")
print(a)
print([f.name for f in fields(A)])
print(A.registry, A.count, A.plain, A.s1, A.s2, A.s3)
print(sorted(A.__dataclass_fields__), dataclasses.is_dataclass(a))
try:
    @dataclass
    class B:
        x: ClassVar[int] = field(default_factory=int)
except TypeError as e:
    print("TypeError:", e)
try:
    @dataclass
    class C:
        x: ClassVar[int] = field(default=1, kw_only=True)
except TypeError as e:
    print("TypeError:", e)


@dataclass(frozen=True, order=True)
class P:
    x: int
    y: int = 0
    origin: ClassVar["P"]


P.origin = P(0, 0)
print(sorted([P(2, 1), P(1, 5), P(1, 2)]), P.origin, [f.name for f in fields(P)])
