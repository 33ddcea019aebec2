# dir() of enum classes and members, and the names an AttributeError suggests
from enum import Enum, IntEnum, Flag


class Color(Enum):
    RED = 1
    GREEN = 2
    ALIAS = 1

    def shade(self):
        return 'dark ' + self.name

    @property
    def lower(self):
        return self.name.lower()


print(dir(Color))  # safepy: ignore[SP306]
print(dir(Color.RED))  # safepy: ignore[SP306]
Color.RED.note = 'x'
Color.RED._hidden = 'y'
print(dir(Color.RED))  # safepy: ignore[SP306]


class Perm(Flag):
    R = 4
    W = 2


print(dir(Perm), dir(Perm.R | Perm.W))  # safepy: ignore[SP306]


class Num(IntEnum):
    ONE = 1


d = dir(Num)  # safepy: ignore[SP306]
print('ONE' in d, '__new__' in d, 'bit_length' in d, '__members__' in d, d == sorted(d))
m = dir(Num.ONE)  # safepy: ignore[SP306]
print('bit_length' in m, 'name' in m, 'value' in m, m == sorted(m))
Color.REDD
