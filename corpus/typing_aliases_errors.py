import typing as t
from typing import List, Dict, Optional, Union, Any, Callable, Tuple, TypeVar, Generic
for f in [lambda: t.Optional[1,2], lambda: t.Union[()], lambda: t.List[int,str], lambda: t.Dict[int], lambda: t.List(), lambda: isinstance([], t.List[int]), lambda: t.Union[1], lambda: t.ClassVar[int,str], lambda: t.Callable[int], lambda: t.List[t.Generic], lambda: t.List[t.Optional], lambda: t.TypeVar('T', int), lambda: t.TypeVar('T', int, str, bound=int),lambda: t.TypeVar('T', covariant=True, contravariant=True), lambda: isinstance(1, t.Any), lambda: t.Any(), lambda: t.Optional(), lambda: t.Literal[()], lambda: t.Annotated[int], lambda: t.Tuple[int, ...][int], lambda: t.List[int][int]]:
  try: print(repr(f()))
  except Exception as e: print(type(e).__name__, e)
T=t.TypeVar('T')
print(t.Dict[str, T][int], t.Tuple[int, ...], t.Tuple[()], t.Callable[..., int], t.Callable[[], int], t.Callable[[int, str], t.List[int]], t.Union[int, None], t.Optional[t.Union[int, str]], t.Literal['a', 1, None], t.Annotated[int, 'x'], t.List[None], t.List['Node'], t.Type[int], t.Iterable[int], t.DefaultDict[str, int], t.Callable)
print(t.Union[int, str] == t.Union[str, int], hash(t.List[int]) == hash(t.List[int]), t.List[int] == list[int], t.get_args(t.Callable[[int], str]), t.get_origin(t.List[int]), t.get_origin(t.Union[int, str]), t.get_args(t.Dict))
print(isinstance([], t.List), isinstance(3, t.Optional[int]), isinstance("x", t.Union[int, float]), T, t.List[T])
class Stack(Generic[T]):
    def __init__(self) -> None:
        self.items: List[T] = []
    def push(self, x: T) -> None:
        self.items.append(x)
s = Stack[int]()
s.push(3)
print(s.items, Stack[int], Stack.__parameters__, Stack.__orig_bases__)
def f(x: Optional[List[int]] = None) -> Dict[str, Any]:
    return {"x": x}
print(f([1]), f.__annotations__)
