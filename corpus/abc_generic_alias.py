# collections.abc.X[...] (PEP 585): printable aliases, usable in
# annotations, refused by isinstance/issubclass
from collections.abc import Iterable, Mapping, Sequence, MutableMapping, Callable, Iterator, Set, KeysView, Awaitable
import collections.abc

print(Iterable[int], Mapping[str, int], Sequence[Sequence[float]], MutableMapping[str, list[int]])
print(Iterator[int], Set[str], KeysView[str], Awaitable[None], collections.abc.Container[bytes])
a = Mapping[str, int]
print(a.__origin__, a.__args__, a == Mapping[str, int], a != Mapping[int, int])
for f in (lambda: isinstance({}, Mapping[str, int]), lambda: issubclass(dict, Iterable[int])):
    try:
        f()
    except TypeError as e:
        print("TypeError", e)
try:
    Sized = collections.abc.Sized
    Sized[int]
except TypeError as e:
    print("TypeError", e)


def total(xs: Iterable[int]) -> int:
    return sum(xs)


print(total([1, 2, 3]), total.__annotations__)
print(Callable[..., int] is not None)
