# cast, overload, final, no_type_check, assert_never, assert_type, NewType, dataclass_transform.
from typing import (Any, Dict, List, NewType, Optional, Union, assert_never, assert_type, cast, dataclass_transform,
                    final, get_type_hints, no_type_check, overload)

x = cast(int, "not an int")
print(x, cast("List[int]", [1]), cast(Optional[str], None), assert_type(5, int))


@overload
def parse(v: int) -> int: ...


@overload
def parse(v: str) -> str: ...


def parse(v: Union[int, str]) -> Union[int, str]:
    return v * 2


print(parse(2), parse("ab"))


@overload
def only(v: int) -> int: ...


try:
    only(1)
except NotImplementedError as e:
    print("NotImplementedError:", e)


@final
class Leaf:
    pass


class Base:
    @final
    def done(self) -> int:
        return 1


print(Leaf.__final__, Base().done(), Base.done.__final__)


@no_type_check
def loose(a: "Nonsense[", b: int) -> "???":
    return a


print(loose(1, 2), get_type_hints(loose))
UserId = NewType("UserId", int)
Email = NewType("Email", str)
print(UserId(5), UserId, UserId.__supertype__, UserId.__name__, Email("a@b"), type(UserId(3)))
print(Optional[UserId], List[UserId], UserId | None)


def lookup(uid: UserId) -> Dict[str, Any]:
    return {"id": uid}


print(lookup(UserId(7)), get_type_hints(lookup))


def describe(v: Union[int, str]) -> str:
    if isinstance(v, int):
        return "int"
    elif isinstance(v, str):
        return "str"
    else:
        assert_never(v)


print(describe(1), describe("s"))
for arg in [3.5, "x" * 150, [1, 2]]:
    try:
        assert_never(arg)
    except AssertionError as e:
        print("AssertionError:", e)


@dataclass_transform(kw_only_default=True)
def model(cls):
    return cls


@model
class M:
    a: int


print(M.__name__)
try:
    class Sub(UserId):
        pass
except Exception as e:
    print(type(e).__name__, e)
print(NewType("X", (1, 2)).__supertype__)
