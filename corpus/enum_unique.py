# aliases, @unique and _order_, _ignore_
from enum import Enum, unique, IntEnum


class Shape(Enum):
    SQUARE = 2
    DIAMOND = 1
    CIRCLE = 3
    ALIAS_FOR_SQUARE = 2


print(Shape.ALIAS_FOR_SQUARE, Shape.ALIAS_FOR_SQUARE is Shape.SQUARE, Shape(2).name, list(Shape))
print(list(Shape.__members__), len(Shape), Shape['ALIAS_FOR_SQUARE'])
print([name for name, m in Shape.__members__.items() if m.name != name])

try:
    @unique
    class Mistake(Enum):
        ONE = 1
        TWO = 2
        THREE = 3
        FOUR = 3
        UNO = 1
except ValueError as e:
    print('ValueError', e)


@unique
class Fine(Enum):
    A = 1
    B = 2


print(list(Fine))


class Ordered(Enum):
    _order_ = 'RED GREEN BLUE'
    RED = 1
    GREEN = 2
    BLUE = 3


print(list(Ordered), hasattr(Ordered, '_order_'))

try:
    class Wrong(Enum):
        _order_ = 'RED BLUE GREEN'
        RED = 1
        GREEN = 2
        BLUE = 3
except TypeError as e:
    print('TypeError', e)


class WithAlias(Enum):
    _order_ = 'A, B'
    A = 1
    B = 2
    C = 1


print(list(WithAlias))


class Period(IntEnum):
    _ignore_ = 'i total'
    total = 0
    for i in range(3):
        total += i
    day_0 = 0
    day_1 = total


print(list(Period), hasattr(Period, 'i'), hasattr(Period, '_ignore_'))


class Ign(Enum):
    _ignore_ = ['tmp']
    tmp = 5
    A = tmp


print(list(Ign), 'tmp' in Ign.__dict__)  # safepy: ignore[SP310]


class Dunder(Enum):
    __order__ = 'X Y'
    X = 1
    Y = 2


print(list(Dunder))
