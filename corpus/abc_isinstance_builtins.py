# isinstance / issubclass of every collections.abc class against builtin
# types, safepy's own types (collections, dict views, iterators) and
# functions, as CPython's structural checks and registrations answer them
import collections.abc as cabc
from collections import deque, OrderedDict, Counter, defaultdict, ChainMap, namedtuple, UserDict, UserList, UserString

P = namedtuple("P", "x y")


def gen():
    yield 1


class Plain:
    pass


objs = [1, 1.5, True, None, "s", b"b", bytearray(b"x"), [], (), {}, set(), frozenset(), range(3), deque(),
        OrderedDict(), Counter(), defaultdict(int), ChainMap(), P(1, 2), gen(), iter([]), iter(()), iter(""),
        iter({}), iter({}.values()), iter({}.items()), reversed([]), iter(range(2)), iter(set()), zip(),
        map(str, []), filter(None, []), enumerate([]), {}.keys(), {}.values(), {}.items(),
        OrderedDict().keys(), OrderedDict().values(), OrderedDict().items(), len, print, gen, lambda: 0, Plain,
        Plain(), object(), type, UserDict(), UserList(), UserString("x"), slice(1), NotImplemented, Ellipsis, 3j,
        iter(b""), iter(bytearray()), iter(range(1 << 70)), reversed(range(3)), [].append, str.upper]
ABCS = [cabc.Awaitable, cabc.Coroutine, cabc.AsyncIterable, cabc.AsyncIterator, cabc.AsyncGenerator, cabc.Hashable,
        cabc.Iterable, cabc.Iterator, cabc.Generator, cabc.Reversible, cabc.Sized, cabc.Container, cabc.Callable,
        cabc.Collection, cabc.Set, cabc.MutableSet, cabc.Mapping, cabc.MutableMapping, cabc.MappingView,
        cabc.KeysView, cabc.ItemsView, cabc.ValuesView, cabc.Sequence, cabc.MutableSequence, cabc.ByteString]
print([a.__name__ for a in ABCS] == cabc.__all__)
for o in objs:
    print(f"{type(o).__name__:22}", [a.__name__ for a in ABCS if isinstance(o, a)])
print()
types = [int, bool, float, complex, str, list, dict, tuple, set, frozenset, bytes, bytearray, range, deque,
         OrderedDict, Counter, defaultdict, ChainMap, P, type, object, UserDict, UserList, UserString, Plain,
         type(None), slice, type(gen()), type({}.keys()), type(iter([]))]
for t in types:
    print(f"{t.__name__:22}", [a.__name__ for a in ABCS if issubclass(t, a)])
print()
# the ABCs among themselves
for A in ABCS:
    print(f"{A.__name__:16}", [a.__name__ for a in ABCS if a is not A and issubclass(A, a)])
# a tuple of ABCs, a union
print(isinstance([], (cabc.Mapping, cabc.Sequence)), isinstance({}, cabc.Set | cabc.Mapping))
print(issubclass(list, (int, cabc.Hashable)), issubclass(tuple, (int, cabc.Hashable)))
