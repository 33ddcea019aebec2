# abc and collections.abc share one ABCMeta.
import abc
import collections.abc as cabc
from abc import ABC, abstractmethod


print(type(cabc.Mapping) is abc.ABCMeta, issubclass(cabc.Sequence, object))


class Stack(cabc.Sequence):
    def __init__(self, *items):
        self._items = list(items)

    def __getitem__(self, i):
        return self._items[i]

    def __len__(self):
        return len(self._items)


s = Stack(1, 2, 3)
print(list(reversed(s)), s.index(2), 3 in s, s.count(1))


class Named(ABC):
    @abstractmethod
    def name(self):
        ...


class Both(Named, cabc.Sized):
    def name(self):
        return "both"

    def __len__(self):
        return 7


b = Both()
print(b.name(), len(b), isinstance(b, cabc.Sized), isinstance(b, Named))
print(type(Both) is abc.ABCMeta)


class Partial(Named, cabc.Iterable):
    pass


try:
    Partial()
except TypeError as e:
    print(e)


class Meta(abc.ABCMeta):
    def __call__(cls, *a):
        print("making", cls.__name__)
        return super().__call__(*a)


class Thing(metaclass=Meta):
    @abstractmethod
    def f(self):
        pass


class Real(Thing):
    def f(self):
        return 1


print(Real().f())
try:
    Thing()
except TypeError as e:
    print(e)
print(issubclass(list, cabc.MutableSequence), Named.register(list) is list, issubclass(list, Named))
