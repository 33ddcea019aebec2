# every way to reach collections.abc
import collections.abc
print(collections.abc.Mapping, collections.abc.MutableSet)
print(sorted(collections.abc.__all__))
import collections.abc as c
print(c is collections.abc, c.Iterable)
from collections.abc import Iterable, Iterator as It, Sequence
print(Iterable, It, Sequence, It is c.Iterator)
import collections
print(collections.abc is c, collections.abc.Sized)
from collections import abc
print(abc is c, abc.Container)


def f():
    import collections.abc
    from collections.abc import Hashable
    return collections.abc.Callable, Hashable


print(f())
from collections.abc import *
print(Awaitable, Coroutine, AsyncIterable, AsyncIterator, AsyncGenerator, Hashable, Iterable, Iterator, Generator,
      Reversible, Sized, Container, Callable, Collection, Set, MutableSet, Mapping, MutableMapping, MappingView,
      KeysView, ItemsView, ValuesView, Sequence, MutableSequence, ByteString, sep="\n")
print(type(Mapping), type(type(Mapping)), Mapping.__module__, Mapping.__name__, Mapping.__qualname__)
print(repr(type(Mapping)), type(Mapping).__name__, type(Mapping).__module__)
try:
    from collections.abc import Nope
except ImportError as e:
    print("ImportError", type(e).__name__)
try:
    collections.abc.Nope
except AttributeError as e:
    print("AttributeError", e)
