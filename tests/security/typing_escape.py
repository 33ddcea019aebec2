# args: --allow-module typing,abc --timeout 60
# expect: exit=0 stdout="no escape"
# The typing and abc objects (forms, aliases, TypeVar, generic and protocol
# classes, NamedTuple and TypedDict classes, NewType, ForwardRef, the
# functions): no attribute chain from them (computed names, so the lint does
# not stop it first) reaches a module object, a frame, a function's globals
# or the builtins.  CPython's typing reads sys._getframe for __module__;
# safepy's never touches a frame.
import abc
import typing
from typing import (Any, Callable, ClassVar, Dict, ForwardRef, Generic, List, Literal, NamedTuple, NewType,
                    Optional, Protocol, TypedDict, TypeVar, Union, runtime_checkable)

T = TypeVar("T")


class Box(Generic[T]):
    pass


@runtime_checkable
class P(Protocol):
    def m(self) -> int: ...


class NT(NamedTuple):
    a: int = 1


class TD(TypedDict):
    a: int


class A(abc.ABC):
    @abc.abstractmethod
    def f(self):
        pass


U = NewType("U", int)
names = ["__glo" + "bals__", "__builti" + "ns__", "__clo" + "sure__", "__co" + "de__", "__self__", "__func__",
         "__objclass__", "__dict__", "__wrapped__", "__class__", "__base" + "s__", "__mr" + "o__",
         "__subcl" + "asses__", "__module__", "__origin__", "__args__", "__parameters__", "__orig_bases__",
         "__orig_class__", "__forward_arg__", "__supertype__", "__metadata__", "__bound__", "__constraints__",
         "_name", "_abc_impl", "__abstractmethods__", "__annotations__", "__call__", "__getitem__",
         "__mro_entries__", "__init_subclass__", "__class_getitem__", "__instancecheck__", "f_back", "f_globals",
         "tb_frame", "gi_frame", "sys", "_getframe", "modules"]
roots = [Any, Callable, ClassVar, Dict, List[int], Optional[int], Union[int, str], Literal[1], T, Box, Box[int],
         Box[int](), P, NT, NT(), TD, A, U, ForwardRef("x"), Callable[[int], str], typing.get_type_hints,
         typing.cast, typing.overload, typing.NamedTuple, typing.TypedDict, typing.Protocol, typing.Generic,
         abc.ABCMeta, abc.ABC, abc.abstractmethod, abc.get_cache_token, typing.Annotated[int, 1]]
found = []
seen = set()


def walk(o, depth, path):
    kind = type(o).__name__
    if kind in ("module", "frame", "traceback", "code"):
        found.append(path)
    if kind in ("dict", "mappingproxy") and ("__import__" in o or "open" in o or "_getframe" in o):
        found.append(path)
    if depth == 0 or id(o) in seen:
        return
    seen.add(id(o))
    for n in names:
        try:
            v = getattr(o, n)
        except Exception:
            continue
        walk(v, depth - 1, path + "." + n)
    if isinstance(o, (tuple, list)):
        for i, v in enumerate(o[:20]):
            walk(v, depth - 1, path + "[%d]" % i)


for i, r in enumerate(roots):
    walk(r, 3, "root%d" % i)
print(found)
if not found:
    print("no escape")
