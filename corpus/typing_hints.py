# get_type_hints: classes (inherited), functions, strings resolved in the module, include_extras.
from typing import Annotated, ClassVar, Dict, List, Optional, Union, get_type_hints


class Base:
    x: int
    y: "str"
    tags: ClassVar[List[str]] = []


class Child(Base):
    z: Optional["Child"]
    w: "Dict[str, List[Child]]"
    a: Annotated[int, "meta"]
    n: None


print(get_type_hints(Base))
print(get_type_hints(Child))
print(get_type_hints(Child, include_extras=True)["a"])


def f(a: int, b: "Optional[str]" = None, *args: "int", c: "List[Base]", **kw: float) -> "Union[int, str]":
    return a


print(get_type_hints(f))
print(get_type_hints(lambda x: x), get_type_hints(len))


def g(x: "Base | None", y: "int | str", z: "list[Child]", t: "tuple[int, ...]", l: "Literal['a']") -> None:
    pass


from typing import Literal

print(get_type_hints(g))
print(get_type_hints(f, globalns={"int": str, "Optional": Optional, "List": List, "Base": int, "Union": Union}))
for bad in ["Missing", "Optional[Nope]"]:
    def h(a: bad):
        pass
    try:
        get_type_hints(h)
    except Exception as e:
        print(type(e).__name__)
try:
    get_type_hints(3)
except TypeError as e:
    print("TypeError:", e)
