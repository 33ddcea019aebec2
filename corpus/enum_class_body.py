# What an enum class body turns into members and what it keeps as attributes
from enum import Enum, IntEnum, auto


class Body(Enum):
    A = 1
    B = 'two'
    C = (3, 'three')
    D = [4]
    E = None
    _private_ish = 5
    __dunder__ = 6
    __Body_mangled = 7

    def method(self):
        return 'm'

    @property
    def prop(self):
        return 'p'

    @classmethod
    def cm(cls):
        return cls.__name__

    @staticmethod
    def sm():
        return 's'

    lam = lambda self: 'lam'


print(list(Body.__members__))
print(Body.E, repr(Body.E), Body(None), Body([4]), Body.C.value)
print(Body.A.method(), Body.A.prop, Body.cm(), Body.sm(), Body.A.lam())
print(Body.__dunder__, Body._Body__Body_mangled)
try:
    class Sunder(Enum):
        _bad_ = 1
except ValueError as e:
    print('ValueError', e)
try:
    class Invalid(Enum):
        mro = 1
        A = 2
except ValueError as e:
    print('ValueError', e)


class Doc(Enum):
    """Documented enum."""
    A = 1


print(Doc.__doc__, Body.__doc__, Doc.A.__doc__)


class Nums(IntEnum):
    ZERO = 0
    NEG = -1
    BIG = 10 ** 20


print(list(Nums), Nums(10 ** 20), bool(Nums.ZERO), bool(Nums.NEG), Nums.BIG // 10 ** 19)


class Floats(Enum):
    NAN_LIKE = 0.5
    ONE = 1.0
    INT_ONE = 1


print(list(Floats), Floats(1) is Floats.ONE, Floats.INT_ONE)


class Bools(Enum):
    T = True
    F = False
    ONE = 1


print(list(Bools), Bools(1), Bools.ONE is Bools.T)


class Objs(Enum):
    FS = frozenset({1})
    TUP = ()
    BYTES = b'x'


print(list(Objs), Objs(()), Objs(frozenset([1])))


class WithMember(Enum):
    value_ = 1
    name_ = 2


print(WithMember.value_.value, WithMember.name_.name)
print(Body.A.__class__.__name__, Body.__class__.__name__, Body.A.__objclass__ is Body)
print(Body.A._sort_order_, Body.C._sort_order_, Body._member_type_, Nums._member_type_)
