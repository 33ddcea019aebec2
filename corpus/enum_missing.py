# _missing_: fallbacks, wrong returns, exceptions raised inside it
from enum import Enum, IntEnum


class Color(Enum):
    RED = 1
    GREEN = 2

    @classmethod
    def _missing_(cls, value):
        if isinstance(value, str):
            for m in cls:
                if m.name.lower() == value.lower():
                    return m
        return None


print(Color('red'), Color('GREEN'), Color(1))
try:
    Color('blue')
except ValueError as e:
    print('ValueError', e)


class Bad(Enum):
    A = 1

    @classmethod
    def _missing_(cls, value):
        return 42


try:
    Bad(5)
except TypeError as e:
    print('TypeError', e, repr(e.__context__))


class Raises(Enum):
    A = 1

    @classmethod
    def _missing_(cls, value):
        raise KeyError('nope')


try:
    Raises(5)
except KeyError as e:
    print('KeyError', e, type(e.__context__).__name__, e.__context__)


class RaisesValue(Enum):
    A = 1

    @classmethod
    def _missing_(cls, value):
        raise ValueError('custom message')


try:
    RaisesValue(5)
except ValueError as e:
    print('ValueError', e, e.__context__)


class Default(IntEnum):
    UNKNOWN = 0
    ONE = 1

    @classmethod
    def _missing_(cls, value):
        return cls.UNKNOWN


print(Default(7), repr(Default(99)), Default('x'))


calls = []


class Counting(Enum):
    A = 1

    @classmethod
    def _missing_(cls, value):
        calls.append(value)
        return None


for v in (2, 3):
    try:
        Counting(v)
    except ValueError as e:
        print(e)
print(calls)


class Unhash(Enum):
    L = [1, 2]
    D = {'a': 1}


print(Unhash([1, 2]), Unhash({'a': 1}), Unhash._unhashable_values_)
try:
    Unhash([3])
except ValueError as e:
    print('ValueError', e)
