# The one-trick ponies: structural isinstance for user classes with and
# without the methods (None disables one), the abstract methods' bodies
# reached through super(), Iterator.__iter__, Generator's __next__ and
# close built on send and throw
from collections.abc import (Hashable, Sized, Container, Callable, Iterable, Iterator, Reversible, Generator,
                             Collection, Awaitable, AsyncIterable, AsyncIterator, Coroutine, AsyncGenerator)


class Nothing:
    pass


class Everything:
    def __hash__(self): return 1
    def __len__(self): return 0
    def __contains__(self, x): return False
    def __call__(self): return 0
    def __iter__(self): return iter(())
    def __next__(self): raise StopIteration
    def __reversed__(self): return iter(())
    def send(self, v): pass
    def throw(self, *a): pass
    def close(self): pass
    def __await__(self): return iter(())
    def __aiter__(self): return self
    def __anext__(self): pass
    def asend(self, v): pass
    def athrow(self, *a): pass
    def aclose(self): pass


abcs = [Hashable, Sized, Container, Callable, Iterable, Iterator, Reversible, Generator, Collection, Awaitable,
        AsyncIterable, AsyncIterator, Coroutine, AsyncGenerator]
for cls in (Nothing, Everything):
    print(cls.__name__, [a.__name__ for a in abcs if isinstance(cls(), a)])


class Unhashable:
    __hash__ = None


class EqOnly:
    def __eq__(self, o): return True


class IterNone(Everything):
    __iter__ = None


class SubOfNone(IterNone):
    pass


class Restored(IterNone):
    def __iter__(self): return iter(())


for cls in (Unhashable, EqOnly, IterNone, SubOfNone, Restored):
    print(cls.__name__, [a.__name__ for a in abcs if issubclass(cls, a)])


class Meta(type):
    def __len__(cls): return 0


class WithMeta(metaclass=Meta):
    pass


print(isinstance(WithMeta, Sized), issubclass(WithMeta, Sized), len(WithMeta))
# instance attributes do not count
e = Nothing()
e.__len__ = lambda: 0
print(isinstance(e, Sized))


class Counter(Iterator):
    def __init__(self, n):
        self.i, self.n = 0, n

    def __next__(self):
        if self.i >= self.n:
            return super().__next__()
        self.i += 1
        return self.i


c = Counter(3)
print(iter(c) is c, list(c), list(c))


class Bag(Sized, Container, Iterable, Hashable, Callable):
    def __len__(self): return super().__len__()
    def __contains__(self, x): return super().__contains__(x)
    def __iter__(self): return super().__iter__()
    def __hash__(self): return super().__hash__()
    def __call__(self, *a, **k): return super().__call__(*a, **k)


b = Bag()
print(len(b), 1 in b, list(b), hash(b), b(1, x=2), type(iter(b)).__name__)
print(repr(iter(b)).split(" at ")[0])


class Rev(Reversible):
    def __iter__(self): return iter([1, 2])
    def __reversed__(self): return super().__reversed__()


print(list(reversed(Rev())), list(Rev()))


class Echo(Generator):
    def __init__(self):
        self.log = []

    def send(self, v):
        self.log.append(v)
        if len(self.log) > 3:
            raise StopIteration
        return len(self.log)

    def throw(self, typ, val=None, tb=None):
        self.log.append(typ if isinstance(typ, BaseException) else typ.__name__)
        return super().throw(typ, val, tb)


g = Echo()
print(next(g), g.send("x"), list(g), g.log)
g.close()
print(g.log)
try:
    g.throw(ValueError)
except ValueError as e:
    print("ValueError", repr(e))
try:
    g.throw(ValueError, ValueError("v"))
except ValueError as e:
    print("ValueError", repr(e))
try:
    g.throw(KeyError("k"))
except KeyError as e:
    print("KeyError", repr(e))


class Stubborn(Generator):
    def send(self, v): return 1
    def throw(self, *a): return 2


try:
    Stubborn().close()
except RuntimeError as e:
    print("RuntimeError", e)


class StopsOnThrow(Generator):
    def send(self, v): return 1
    def throw(self, *a): raise StopIteration


print(StopsOnThrow().close(), iter(Stubborn()).__class__.__name__)
try:
    Generator.send(g, 1)
except StopIteration as e:
    print("StopIteration", repr(e))
try:
    Iterator.__next__(c)
except StopIteration as e:
    print("StopIteration", repr(e))
print(Hashable.__hash__(1), Sized.__len__([1]), Container.__contains__([], 1), Callable.__call__(1, 2, k=3))


def gen():
    yield 1


print(isinstance(gen(), Generator), isinstance(gen(), Iterator), isinstance(gen, Callable), isinstance(gen(), Callable))
print(isinstance(iter([]), Generator), isinstance(len, Callable), isinstance(Bag, Callable), isinstance(print, Hashable))
