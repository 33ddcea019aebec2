# The special forms: Literal, Final, ClassVar, Annotated, Any, NoReturn, Never, Self, TypeGuard...
import typing
from typing import (Annotated, Any, ClassVar, Final, List, Literal, LiteralString, Never, NoReturn, Optional,
                    Self, TypeAlias, TypeGuard, get_args, get_origin)

for f in [Any, NoReturn, Never, Self, LiteralString, ClassVar, Final, Literal, TypeAlias, TypeGuard, Annotated]:
    print(repr(f), end=" ")
print()
print(Literal["a", "b"], Literal[1, 2, 3], Literal[True, None], Literal["x"], Literal[Literal[1, 2], 3])
print(Literal[1, 1, 2], Literal[1, True], Literal[1] == Literal[1], Literal[1, 2] == Literal[2, 1], Literal[1] == Literal[True])
print(get_args(Literal["r", "w"]), get_origin(Literal[1]), hash(Literal[1, 2]) == hash(Literal[2, 1]))
print(Final[int], ClassVar[List[int]], ClassVar[int] == ClassVar[int], get_origin(Final[int]), get_args(ClassVar[str]))
print(Annotated[int, "positive"], Annotated[List[int], "a", 3], Annotated[Annotated[int, 1], 2])
print(get_args(Annotated[int, "m", 2]), get_origin(Annotated[int, "m"]) is Annotated, Annotated[int, 1] == Annotated[int, 1])
print(TypeGuard[int], Optional[Literal["a"]], List[Literal[1, 2]])
Mode: TypeAlias = Literal["r", "w"]
print(Mode)


def is_str_list(val: List[object]) -> TypeGuard[List[str]]:
    return all(isinstance(x, str) for x in val)


def stop() -> NoReturn:
    raise RuntimeError("stopped")


class Builder:
    def __init__(self) -> None:
        self.parts: List[str] = []

    def add(self, p: str) -> Self:
        self.parts.append(p)
        return self


print(is_str_list(["a"]), is_str_list([1]), Builder().add("a").add("b").parts)
try:
    stop()
except RuntimeError as e:
    print(e)
MAX: Final = 10
print(MAX)
for bad in [lambda: Any(), lambda: Literal(), lambda: ClassVar[int, str], lambda: Final[int, str],
            lambda: isinstance(1, Any), lambda: issubclass(int, Literal), lambda: isinstance(1, Literal[1]),
            lambda: List[ClassVar[int]], lambda: List[Final[int]], lambda: Optional[Final], lambda: Any[int],
            lambda: Annotated[int], lambda: NoReturn[int], lambda: isinstance(1, Final)]:
    try:
        print(bad())
    except TypeError as e:
        print("TypeError:", e)
for base in [Any, Final, ClassVar[int], Literal[1]]:
    try:
        class X(base):
            pass
        print("made", X)
    except TypeError as e:
        print("TypeError:", e)
