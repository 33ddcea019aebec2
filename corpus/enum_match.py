# The match statement on enum members
from enum import Enum, IntEnum, Flag, StrEnum, auto


class Color(Enum):
    RED = auto()
    GREEN = auto()
    BLUE = auto()


def name_of(c):
    match c:
        case Color.RED:
            return 'red!'
        case Color.GREEN | Color.BLUE:
            return 'cool'
        case _:
            return 'other'


print([name_of(c) for c in Color], name_of(1))


class Status(IntEnum):
    OK = 200
    NOT_FOUND = 404


def handle(code):
    match code:
        case Status.OK:
            return 'ok'
        case Status.NOT_FOUND:
            return 'missing'
        case int(n) if n >= 500:
            return 'server'
    return 'unknown'


print(handle(200), handle(Status.NOT_FOUND), handle(503), handle(302))


class Mode(StrEnum):
    READ = auto()
    WRITE = auto()


def mode(m):
    match m:
        case Mode.READ:
            return 'r'
        case 'write':
            return 'w'
        case Mode():
            return 'mode?'
        case str():
            return 'string'


print(mode('read'), mode(Mode.WRITE), mode('other'))


class Perm(Flag):
    R = 4
    W = 2


def perm(p):
    match p:
        case Perm.R:
            return 'R only'
        case Perm():
            return 'some perm ' + str(p)


print(perm(Perm.R), perm(Perm.R | Perm.W), perm(Perm(0)))


def structural(obj):
    match obj:
        case {'color': Color.RED as c}:
            return f'dict with {c.name}'
        case [Color() as first, *rest]:
            return f'list starting {first.name} then {len(rest)}'
        case Color(value=2):
            return 'green by value'
    return 'nothing'


print(structural({'color': Color.RED}), structural([Color.BLUE, 1, 2]), structural(Color.GREEN),
      structural(Color.BLUE))
