# from typing import * takes CPython's __all__; no_type_check_decorator.
from typing import *
print(List[int], Optional[str], cast(int, 1), TYPE_CHECKING)
import typing
print(len(typing.__all__))
@typing.no_type_check_decorator
def deco(f):
    return f
@deco
def g(x: "junk(") -> None:
    return 1
print(g(1), typing.get_type_hints(g))
