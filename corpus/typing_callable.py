# Callable[[args], result] and its forms.
from typing import Any, Callable, Dict, List, Optional, get_args, get_origin

print(Callable[[int], str], Callable[[], None], Callable[..., Any], Callable[[int, str], List[int]])
print(Callable[[Callable[[int], int]], Callable[..., int]])
print(get_args(Callable[[int, str], bool]), get_args(Callable[..., int]), get_origin(Callable[[int], str]))
print(Callable[[int], str] == Callable[[int], str], Callable[[int], str] == Callable[[str], str])
print(Optional[Callable[[int], int]])


def apply(f: Callable[[int], int], xs: List[int]) -> List[int]:
    return [f(x) for x in xs]


handlers: Dict[str, Callable[..., Any]] = {"double": lambda x: 2 * x, "neg": lambda x: -x}
print(apply(handlers["double"], [1, 2, 3]), apply(handlers["neg"], [4]))
print(isinstance(apply, Callable), isinstance(3, Callable))
for bad in [lambda: Callable[int], lambda: Callable[int, str, bool], lambda: Callable[[int], (1, 2)]]:
    try:
        print(bad())
    except TypeError as e:
        print("TypeError:", e)
try:
    isinstance(apply, Callable[[int], int])
except TypeError as e:
    print("TypeError:", e)
