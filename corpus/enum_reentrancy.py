# Callbacks that run during enum machinery and change things under it
from enum import Enum, Flag, IntEnum, auto

log = []


class Noisy:
    def __init__(self, v):
        self.v = v

    def __eq__(self, other):
        log.append(('eq', self.v, getattr(other, 'v', other)))
        return isinstance(other, Noisy) and self.v == other.v

    def __hash__(self):
        log.append(('hash', self.v))
        return hash(self.v)

    def __repr__(self):
        return f'Noisy({self.v})'


class N(Enum):
    A = Noisy(1)
    B = Noisy(2)
    C = Noisy(1)


print(list(N), N.C is N.A, N(Noisy(2)))
print(len(log) > 0)


class Rebind(Enum):
    X = 1
    Y = 2

    @classmethod
    def _missing_(cls, value):
        # the class's state changes while the lookup is running
        cls._value2member_map_ = {}
        return cls.X


print(Rebind(7), Rebind(2), Rebind(1))


class Gen(Enum):
    def _generate_next_value_(name, start, count, last_values):
        last_values.append('junk')
        last_values.clear()
        return name * 2
    A = auto()
    B = auto()


print([m.value for m in Gen])


class Init(Enum):
    A = 1
    B = 2

    def __init__(self, value):
        # members read the class while it is being built
        self.seen = len(type(self)._member_names_)


print(Init.A.seen, Init.B.seen)


class Recursive(Enum):
    A = 1

    @classmethod
    def _missing_(cls, value):
        return cls(value + 1) if value < 50 else cls.A


print(Recursive(3))


class Deep(Enum):
    A = 1

    @classmethod
    def _missing_(cls, value):
        return cls(value + 1)


try:
    Deep(5)
except RecursionError as e:
    print('RecursionError', type(e).__name__)


class Loop(Flag):
    A = 1
    B = 2


Loop._iter_member_ = classmethod(lambda cls, value: [cls.B, cls.A])
print(repr(Loop(3)), list(Loop(3)))


class Keyed(IntEnum):
    ONE = 1
    TWO = 2


class BadKey:
    def __hash__(self):
        Keyed._member_map_ = {}
        return 1

    def __eq__(self, other):
        return False


try:
    Keyed[BadKey()]
except KeyError:
    print('KeyError')
print(Keyed(2), 'ONE' in Keyed.__members__, list(Keyed))
