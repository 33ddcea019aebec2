# typing.reveal_type (to sys.stderr, captured with redirect_stderr), the
# overload registry (overload, get_overloads, clear_overloads) for
# functions, methods, classmethods and staticmethods, and the dummy's error.
import contextlib
import io
import typing
from typing import overload

buf = io.StringIO()
with contextlib.redirect_stderr(buf):
    x = typing.reveal_type(42)
    y = typing.reveal_type([1, 'a'])
    typing.reveal_type(None)
    typing.reveal_type(int)
    typing.reveal_type(typing.List[int])


    class Mine:
        pass


    z = typing.reveal_type(Mine())
print(repr(buf.getvalue()))
print(x, y, type(z).__name__)


class Writer:
    def __init__(self):
        self.parts = []

    def write(self, s):
        self.parts.append(s)
        return len(s)


w = Writer()
with contextlib.redirect_stderr(w):
    typing.reveal_type(1.5)
print(w.parts)
for bad in (lambda: typing.reveal_type(), lambda: typing.reveal_type(1, 2), lambda: typing.reveal_type(obj=1)):
    try:
        bad()
    except TypeError as e:
        print('TypeError', e)


@overload
def area(x: int) -> int: ...


@overload
def area(x: str) -> str: ...


def area(x):
    return x * 2


print(area(3), area('ab'))
ovs = typing.get_overloads(area)
print(len(ovs), [o.__annotations__ for o in ovs])
print([o.__name__ for o in ovs], ovs[0] is not ovs[1])


class Shape:
    @overload
    def scale(self, k: int) -> int: ...

    @overload
    def scale(self, k: float) -> float: ...

    def scale(self, k):
        return k

    @overload
    @classmethod
    def make(cls, a: int) -> 'Shape': ...

    @overload
    @classmethod
    def make(cls, a: str) -> 'Shape': ...

    @classmethod
    def make(cls, a):
        return cls()

    @overload
    @staticmethod
    def util(a: int) -> int: ...

    @staticmethod
    def util(a):
        return a


print(len(typing.get_overloads(Shape.scale)), len(typing.get_overloads(Shape.make)),
      len(typing.get_overloads(Shape.util)))
print([type(o).__name__ for o in typing.get_overloads(Shape.make)])
print(Shape.make(1).__class__.__name__, Shape.util(5))


def plain():
    pass


print(typing.get_overloads(plain), typing.get_overloads(len))


@overload
def only(x: int) -> int: ...


try:
    only(1)
except NotImplementedError as e:
    print('NotImplementedError', e)
print(only.__name__, typing.get_overloads(only))
overload(len)
print(typing.get_overloads(len))
typing.clear_overloads()
print(typing.get_overloads(area), typing.get_overloads(Shape.scale), typing.get_overloads(only))


@overload
def again(x: int) -> int: ...


def again(x):
    return x


print(len(typing.get_overloads(again)))
for bad in (lambda: typing.get_overloads(), lambda: typing.clear_overloads(1), lambda: overload(),
            lambda: typing.get_overloads(42)):
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, e)
