# Instantiating a class with abstract methods left: CPython 3.11's
# TypeError (sorted names, "method" for one), __abstractmethods__ as each
# class statement computes it, and writes to it
from collections.abc import (Mapping, MutableMapping, Sequence, MutableSequence, Set, MutableSet, Iterator,
                             Hashable, Sized, Container, Callable, Iterable, Collection, Generator, Reversible,
                             Awaitable, Coroutine, AsyncIterable, AsyncIterator, AsyncGenerator, ByteString,
                             MappingView, KeysView)
import collections.abc as cabc

ABCS = [cabc.Awaitable, cabc.Coroutine, cabc.AsyncIterable, cabc.AsyncIterator, cabc.AsyncGenerator, cabc.Hashable,
        cabc.Iterable, cabc.Iterator, cabc.Generator, cabc.Reversible, cabc.Sized, cabc.Container, cabc.Callable,
        cabc.Collection, cabc.Set, cabc.MutableSet, cabc.Mapping, cabc.MutableMapping, cabc.MappingView,
        cabc.KeysView, cabc.ItemsView, cabc.ValuesView, cabc.Sequence, cabc.MutableSequence, cabc.ByteString]
for cls in ABCS:
    name = cls.__name__
    try:
        cls()
        print(name, "made")
    except TypeError as e:
        print(name, e)
    print("   ", sorted(cls.__abstractmethods__))


class OneLeft(Mapping):
    def __getitem__(self, k):
        return k

    def __iter__(self):
        return iter(())


try:
    OneLeft()
except TypeError as e:
    print(e)


class WithInit(Sized):
    def __init__(self, x):
        print("init", x)


try:
    WithInit(1)
except TypeError as e:
    print(e)


class NoInit(Sized):
    pass


for args in ((), (1,)):
    try:
        NoInit(*args)
    except TypeError as e:
        print(e)


class Done(Sized):
    def __len__(self):
        return 7


print(len(Done()), Done.__abstractmethods__, type(Done.__abstractmethods__).__name__)


class Again(Done):
    __len__ = Sized.__len__


try:
    Again()
except TypeError as e:
    print(e)


class NoneOut(Iterator):
    __next__ = None


print(sorted(NoneOut.__abstractmethods__))
NoneOut()
print("made NoneOut")
NoInit.__abstractmethods__ = frozenset()
print(type(NoInit()).__name__)
NoInit.__abstractmethods__ = ("x", "a")
try:
    NoInit()
except TypeError as e:
    print(e)
NoInit.__abstractmethods__ = []
print(type(NoInit()).__name__)
del NoInit.__abstractmethods__
print(type(NoInit()).__name__)
try:
    del NoInit.__abstractmethods__
except AttributeError as e:
    print("AttributeError", e)
try:
    Done.__abstractmethods__ = 5
    Done()
except TypeError as e:
    print("TypeError", e)


class Later:
    pass


Later.__abstractmethods__ = {"b", "a"}
try:
    Later()
except TypeError as e:
    print(e)


class NewStyle(Sized):
    def __new__(cls):
        return object.__new__(cls)


try:
    NewStyle()
except TypeError as e:
    print(e)


class ListBased(list, Sequence):
    pass


print(ListBased([1, 2]), sorted(ListBased.__abstractmethods__))
