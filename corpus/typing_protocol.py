# Protocol and runtime_checkable: structural checks and refusals.
from typing import Iterable, List, Protocol, SupportsAbs, SupportsFloat, SupportsIndex, SupportsInt, TypeVar, runtime_checkable


@runtime_checkable
class Drawable(Protocol):
    def draw(self) -> str: ...


@runtime_checkable
class Named(Protocol):
    name: str


class Sized2(Protocol):
    def size(self) -> int: ...


class Circle:
    def draw(self) -> str:
        return "()"


class Square:
    name = "square"

    def draw(self) -> str:
        return "[]"


class Blank:
    draw = None


def render(items: Iterable[Drawable]) -> List[str]:
    return [i.draw() for i in items]


print(render([Circle(), Square()]))
print(isinstance(Circle(), Drawable), isinstance(Square(), Drawable), isinstance(3, Drawable), isinstance(Blank(), Drawable))
print(issubclass(Circle, Drawable), issubclass(int, Drawable))
print(isinstance(Square(), Named), isinstance(Circle(), Named))
try:
    issubclass(Square, Named)
except TypeError as e:
    print("TypeError:", e)
try:
    isinstance(Circle(), Sized2)
except TypeError as e:
    print("TypeError:", e)
try:
    Drawable()
except TypeError as e:
    print("TypeError:", e)
try:
    runtime_checkable(Circle)
except TypeError as e:
    print("TypeError:", e)


class Impl(Drawable):
    def draw(self) -> str:
        return "impl"


print(Impl().draw(), isinstance(Impl(), Drawable), Impl._is_protocol, Drawable._is_protocol)
print(isinstance(3, SupportsInt), isinstance("x", SupportsInt), isinstance(2.5, SupportsFloat))
print(isinstance(3, SupportsIndex), isinstance(3.0, SupportsIndex), isinstance(-2, SupportsAbs))
T = TypeVar("T")


class Box(Protocol[T]):
    def get(self) -> T: ...


print(Box.__parameters__, Box[int])
try:
    class Mixed(Protocol, Circle):
        pass
except TypeError as e:
    print("TypeError:", e)
