from typing import Protocol, runtime_checkable, NamedTuple, TypedDict, List, Optional, ClassVar, get_type_hints, Dict, Any
from dataclasses import dataclass, field, InitVar, fields


@runtime_checkable
class Closer(Protocol):
    def close(self) -> None: ...


class Shape(Protocol):
    def area(self) -> float: ...


class F:
    def close(self):
        pass


print(isinstance(F(), Closer), isinstance(3, Closer), issubclass(F, Closer))
try:
    isinstance(F(), Shape)
except TypeError as e:
    print(e)
try:
    Shape()
except TypeError as e:
    print(e)


class Point(NamedTuple):
    x: int
    y: int = 0
    label: str = "p"

    def norm(self):
        return abs(self.x) + abs(self.y)


p = Point(3, -4)
print(p, p.norm(), p._fields, Point._field_defaults, Point.__annotations__)
print(p._replace(x=1), p._asdict(), isinstance(p, tuple))
Emp = NamedTuple("Emp", [("name", str), ("id", int)])
print(Emp("a", 1), Emp.__annotations__)
try:
    class Bad(NamedTuple):
        a: int = 1
        b: str
except TypeError as e:
    print(e)


class Movie(TypedDict, total=False):
    title: str
    year: int


class Movie2(TypedDict):
    title: str
    year: int


m = Movie(title="x")
print(m, type(m), Movie.__total__, sorted(Movie.__optional_keys__), sorted(Movie2.__required_keys__))
M3 = TypedDict("M3", {"a": int, "b": List[int]})
print(M3(a=1, b=[2]), M3.__annotations__)
try:
    isinstance({}, Movie)
except TypeError as e:
    print(e)


@dataclass
class C:
    x: int
    y: ClassVar[int] = 5
    z: InitVar[int] = 0
    w: List[int] = field(default_factory=list)

    def __post_init__(self, z):
        self.x += z


c = C(1, 2)
print(c, [f.name for f in fields(C)], C.y)


class Node:
    val: int
    next: Optional["Node"]
    children: "List[Node]"


print(get_type_hints(Node))


def g(a: "int", b: Optional[Dict[str, Any]] = None) -> "List[int]":
    return []


print(get_type_hints(g))
