# Enums deriving from member-less enums, __init_subclass__, mixins with methods
from enum import Enum, IntEnum, Flag, EnumType, EnumMeta


class Ordered(Enum):
    def __lt__(self, other):
        if self.__class__ is other.__class__:
            return self.value < other.value
        return NotImplemented

    def __ge__(self, other):
        if self.__class__ is other.__class__:
            return self.value >= other.value
        return NotImplemented


class Grade(Ordered):
    C = 1
    B = 2
    A = 3


print(Grade.A >= Grade.B, Grade.C < Grade.A, sorted([Grade.A, Grade.C, Grade.B]), max(Grade))


class Tracked(Enum):
    seen = []

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        Tracked.seen.append(cls.__name__)


print(type(Tracked.seen))


class Labelled(IntEnum):
    def label(self):
        return f'{self.name.lower()}={int(self)}'


class Size(Labelled):
    S = 1
    M = 2


print([s.label() for s in Size], isinstance(Size.S, Labelled), issubclass(Size, IntEnum))
print(type(Size) is EnumType, EnumMeta is EnumType, isinstance(Size, EnumMeta))


class Meta(EnumType):
    def describe(cls):
        return f'{cls.__name__} has {len(cls)} members'


class Custom(Enum, metaclass=Meta):
    X = 1
    Y = 2


print(Custom.describe(), list(Custom), Custom(2), type(Custom).__name__)


class MetaCall(EnumType):
    def __call__(cls, value, *args, **kw):
        if isinstance(value, str) and not args and not kw:
            return cls[value.upper()]
        return super().__call__(value, *args, **kw)


class Loose(Enum, metaclass=MetaCall):
    ONE = 1
    TWO = 2


print(Loose('one'), Loose(2), Loose.__members__)


class BaseFlag(Flag):
    def names(self):
        return [m.name for m in self]


class Perm(BaseFlag):
    R = 4
    W = 2
    X = 1


print((Perm.R | Perm.X).names(), Perm(7).names())
try:
    class More(Grade):
        D = 0
except TypeError as e:
    print('TypeError', e)
