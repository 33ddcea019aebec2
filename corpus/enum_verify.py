# verify() with UNIQUE, CONTINUOUS and NAMED_FLAGS
from enum import Enum, Flag, IntFlag, IntEnum, verify, EnumCheck, UNIQUE, CONTINUOUS, NAMED_FLAGS

print(list(EnumCheck), repr(UNIQUE), str(CONTINUOUS), NAMED_FLAGS.value)


def attempt(make):
    try:
        cls = make()
        print('ok', cls, list(cls))
    except ValueError as e:
        print('ValueError', e)
    except TypeError as e:
        print('TypeError', e)


def uniq_bad():
    @verify(UNIQUE)
    class Color(Enum):
        RED = 1
        GREEN = 2
        BLUE = 3
        CRIMSON = 1
        SCARLET = 1
    return Color


def uniq_ok():
    @verify(UNIQUE)
    class Fine(Enum):
        A = 1
        B = 2
    return Fine


def cont_bad():
    @verify(CONTINUOUS)
    class Gaps(IntEnum):
        ONE = 1
        TWO = 2
        FIVE = 5
        NINE = 9
    return Gaps


def cont_ok():
    @verify(CONTINUOUS)
    class Run(Enum):
        A = 3
        B = 4
        C = 5
    return Run


def cont_flag():
    @verify(CONTINUOUS)
    class Bits(Flag):
        A = 1
        C = 4
        E = 16
    return Bits


def cont_str():
    @verify(CONTINUOUS)
    class Words(Enum):
        A = 'a'
        B = 'b'
    return Words


def named_bad():
    @verify(NAMED_FLAGS)
    class Color(Flag):
        RED = 1
        GREEN = 2
        BLUE = 4
        WHITE = 15
        NEON = 31
    return Color


def named_one():
    @verify(NAMED_FLAGS)
    class Color(IntFlag):
        RED = 1
        GREEN = 2
        ALL = 7
    return Color


def named_ok():
    @verify(NAMED_FLAGS, UNIQUE)
    class Color(Flag):
        RED = 1
        GREEN = 2
        BOTH = 3
    return Color


def not_enum():
    @verify(UNIQUE)
    class Plain:
        pass
    return Plain


def single():
    @verify(CONTINUOUS)
    class One(Enum):
        A = 1
    return One


for f in (uniq_bad, uniq_ok, cont_bad, cont_ok, cont_flag, cont_str, named_bad, named_one, named_ok, not_enum, single):
    attempt(f)
print(verify(UNIQUE).checks, verify().checks)
