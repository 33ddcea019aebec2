# Enum basics: members, name/value, lookups, iteration, len, reprs
from enum import Enum


class Color(Enum):
    RED = 1
    GREEN = 2
    BLUE = 3


print(Color.RED)
print(repr(Color.GREEN))
print(str(Color.BLUE), format(Color.BLUE), f"{Color.BLUE:>12}|", f"{Color.RED!r}")
print(Color.RED.name, Color.RED.value, Color.RED._name_, Color.RED._value_)
print(Color(1), Color(3) is Color.BLUE, Color['GREEN'])
print(list(Color))
print([m.name for m in reversed(Color)])
print(len(Color), bool(Color))
print(Color)
print(type(Color.RED), type(Color), isinstance(Color.RED, Color))
print(Color.RED is Color.RED, Color.RED == Color.RED, Color.RED != Color.GREEN)
print(Color.RED == 1, Color.RED in Color)
print(Color.__members__)
print(list(Color.__members__.items()))
print(Color.__name__, Color.__qualname__, Color.__module__)
print(getattr(Color, 'RED'), Color.RED.__class__.__name__)
print(sorted(Color, key=lambda c: -c.value))
print({Color.RED: 'r', Color.GREEN: 'g'}[Color.GREEN])
print(hash(Color.RED) == hash('RED'))
print(Color(Color.RED))
print(Color._member_names_)
print(Color._value2member_map_)
d = {c: c.value * 10 for c in Color}
print(d)
print(max(Color, key=lambda c: c.value))
print([c for c in Color if c.value % 2])


class Empty(Enum):
    pass


print(list(Empty), len(Empty), Empty)
