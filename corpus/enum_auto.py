# auto() and _generate_next_value_
from enum import Enum, IntEnum, StrEnum, Flag, auto


class A(Enum):
    X = auto()
    Y = auto()
    Z = 10
    W = auto()


print(list(A), [m.value for m in A])


class Lower(Enum):
    def _generate_next_value_(name, start, count, last_values):
        return name.lower() + str(count) + repr(last_values)
    NORTH = auto()
    SOUTH = auto()
    EAST = 'e'
    WEST = auto()


print([(m.name, m.value) for m in Lower])


class S(StrEnum):
    ALPHA = auto()
    BetaTwo = auto()
    GAMMA = 'g'


print([m.value for m in S], S.ALPHA == 'alpha', str(S.BetaTwo), repr(S.GAMMA))


class F(Flag):
    A = auto()
    B = auto()
    C = auto()
    D = 32
    E = auto()


print([(m.name, m.value) for m in F])


class I(IntEnum):
    ONE = auto()
    TWO = auto()


print(I.ONE + I.TWO, I.TWO * 3, [int(m) for m in I])


class Tup(Enum):
    A = auto(), 'a'
    B = auto(), 'b'


print([m.value for m in Tup])


class Str(Enum):
    A = 'x'
    B = auto()


try:
    print(list(Str))
except TypeError as e:
    print('TypeError', e)


class Start(Enum):
    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        return (count + 1) * 100
    P = auto()
    Q = auto()


print([m.value for m in Start])
a = auto()
print(repr(a))
print(repr(auto(5)))


def late():
    class L(Enum):
        A = auto()
        def _generate_next_value_(name, start, count, last_values):
            return 5
    return L


try:
    late()
except TypeError as e:
    print('TypeError', e)
