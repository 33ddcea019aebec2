# Lookup errors and comparison errors with CPython's messages
from enum import Enum, IntEnum


class Color(Enum):
    RED = 1
    GREEN = 2


def show(f):
    try:
        r = f()
        print('ok', repr(r))
    except Exception as e:
        print(type(e).__name__, e)


show(lambda: Color(3))
show(lambda: Color('RED'))
show(lambda: Color(None))
show(lambda: Color([1]))
show(lambda: Color['BLUE'])
show(lambda: Color[1])
show(lambda: Color.PURPLE)
show(lambda: Color.RED < Color.GREEN)
show(lambda: Color.RED > 1)
show(lambda: Color.RED + 1)
show(lambda: 3 in Color)
show(lambda: 'RED' in Color)
show(lambda: Color.RED.foo)
show(lambda: Color())
show(lambda: Color(1, 2, 3, 4))


class Other(Enum):
    RED = 1


show(lambda: Other.RED in Color)
show(lambda: Other.RED == Color.RED)


class Num(IntEnum):
    ONE = 1


show(lambda: Num(2))
show(lambda: Num('1'))
show(lambda: Num.ONE < 'a')


class Base(Enum):
    A = 1


def extend():
    class Sub(Base):
        B = 2
    return Sub


show(extend)


def bad_mixin():
    class Bad(Enum, int):
        A = 1
    return Bad


show(bad_mixin)


def reserved():
    class R(Enum):
        _foo_ = 1
    return R


show(reserved)


def mro_name():
    class M(Enum):
        mro = 1
    return M


show(mro_name)
show(lambda: Enum('Ext', 'X', type=int).__members__)
show(lambda: Color('Ext', 'X'))
