# Methods, properties, classmethods, staticmethods and nested helpers on enums
from enum import Enum, IntEnum, member, nonmember


class Weekday(Enum):
    MONDAY = 1
    TUESDAY = 2
    SATURDAY = 6
    SUNDAY = 7

    def is_weekend(self):
        return self in (Weekday.SATURDAY, Weekday.SUNDAY)

    @property
    def short(self):
        return self.name[:3].title()

    @classmethod
    def today(cls):
        return cls.TUESDAY

    @staticmethod
    def count():
        return 4

    def __str__(self):
        return 'Day(' + self.name + ')'


print([d.is_weekend() for d in Weekday], Weekday.MONDAY.short, Weekday.today(), Weekday.count())
print(str(Weekday.SUNDAY), repr(Weekday.SUNDAY), f"{Weekday.MONDAY}", format(Weekday.MONDAY, '>12'))


class Custom(Enum):
    A = 1

    def __repr__(self):
        return 'Custom<' + self.name + '>'

    def __format__(self, spec):
        return 'fmt:' + spec


print(repr(Custom.A), str(Custom.A), f"{Custom.A:xyz}", [Custom.A])


class Ops(Enum):
    ADD = member(lambda a, b: a + b)
    MUL = member(lambda a, b: a * b)
    helper = nonmember(10)
    CONST = nonmember([1, 2])

    def __call__(self, *args):
        return self.value(*args)


print(list(Ops.__members__), Ops.ADD(2, 3), Ops.MUL(4, 5), Ops.helper, Ops.CONST)


class Cmp(IntEnum):
    LOW = 1
    HIGH = 2

    def double(self):
        return self * 2


print(Cmp.HIGH.double(), Cmp.LOW.double() == Cmp.HIGH, max(Cmp).name)


class Base(Enum):
    def describe(self):
        return 'I am ' + self.name


class Derived(Base):
    X = 1
    Y = 2


print(Derived.X.describe(), list(Derived), list(Base), isinstance(Derived.X, Base))


class Cached(Enum):
    A = 1
    B = 2

    def __init__(self, value):
        self.seen = value * 100


print(Cached.A.seen, Cached.B.seen)
Cached.A.extra = 'set later'
print(Cached.A.extra, Cached(1).extra)


class Eq(Enum):
    A = 1
    B = 2

    def __eq__(self, other):
        return isinstance(other, int) and self.value == other

    def __hash__(self):
        return hash(self.value)


print(Eq.A == 1, Eq.B == 1, Eq.A == Eq.A, {Eq.A: 'x'}[Eq.A])


class Nested(Enum):
    A = 1

    class Inner:
        pass


print(list(Nested.__members__))
print(Weekday.MONDAY.__class__ is Weekday, issubclass(Cmp, int), issubclass(Cmp, Enum))
