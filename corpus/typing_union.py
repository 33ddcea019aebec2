# Union and Optional: flattening, deduplication, reprs, equality.
from typing import Any, Dict, List, Optional, Union, get_args, get_origin

print(Union[int, str], Union[int], Union[int, int], Union[int, str, int])
print(Union[Union[int, str], float], Union[int, Union[str, Union[bytes, None]]])
print(Optional[int], Optional[Optional[int]], Optional[Union[int, str]], Union[None, int])
print(Union[int, None, str], Union[int, Any])
print(Union[int, str] == Union[str, int], Union[int, str] == Union[int, str, int])
print(Union[int, str] == Union[int, float], Optional[int] == Union[int, None])
print(hash(Union[int, str]) == hash(Union[str, int]))
print(get_origin(Optional[int]), get_args(Optional[int]), get_args(Union[int, str, float]))
print(isinstance(3, Union[int, str]), isinstance(3.0, Union[int, str]), isinstance(None, Optional[int]))
print(issubclass(bool, Union[int, str]), issubclass(bytes, Union[int, str]))
print(Union[int, "Node"], Optional["Node"])
print(Union[List[int], Dict[str, int]], Optional[List[Optional[int]]])
print(int | None, List[int] | None, None | List[int], Optional[int] | str)
for bad in [lambda: Union[()], lambda: Optional[int, str], lambda: Optional[()], lambda: Union[int, (1, 2)]]:
    try:
        print(bad())
    except TypeError as e:
        print("TypeError:", e)
try:
    isinstance([], Union[int, List[int]])
except TypeError as e:
    print("TypeError:", e)
try:
    Union[int, str]()
except TypeError as e:
    print("TypeError:", e)
try:
    class X(Union[int, str]):
        pass
except TypeError as e:
    print("TypeError:", e)
try:
    Union()
except TypeError as e:
    print("TypeError:", e)
