# isinstance/issubclass with typing objects: what works and CPython's refusals.
import typing
from typing import Any, Callable, Dict, Generic, Iterable, List, Literal, Mapping, Optional, Sequence, Tuple, TypeVar, Union

T = TypeVar("T")


class Box(Generic[T]):
    pass


checks = [
    lambda: isinstance([1], List), lambda: isinstance((1,), Tuple), lambda: isinstance({}, Mapping),
    lambda: isinstance("s", Sequence), lambda: isinstance(iter([]), Iterable), lambda: issubclass(dict, Dict),
    lambda: isinstance(print, Callable), lambda: isinstance(1, Union[int, str]), lambda: isinstance(None, Optional[str]),
    lambda: isinstance(Box(), Box), lambda: issubclass(Box, Generic), lambda: isinstance(3, (int, List)),
    lambda: isinstance([1], List[int]), lambda: isinstance({}, Dict[str, int]), lambda: issubclass(list, List[int]),
    lambda: isinstance(Box(), Box[int]), lambda: isinstance(1, Literal[1]), lambda: isinstance(1, Any),
    lambda: issubclass(int, Any), lambda: isinstance(1, T), lambda: isinstance(1, Callable[[int], int]),
    lambda: isinstance(1, typing.ClassVar), lambda: isinstance(1, Union), lambda: isinstance(1, Optional),
    lambda: isinstance([], (int, List[int])), lambda: isinstance(1, Tuple[int, ...]),
]
for i, chk in enumerate(checks):
    try:
        print(i, chk())
    except TypeError as e:
        print(i, "TypeError:", e)
print(isinstance(List[int], type), isinstance(List, type), type(List[int]).__name__, type(Optional[int]).__name__)
print(type(List).__name__, type(Callable).__name__, type(Tuple).__name__, type(T).__name__)
