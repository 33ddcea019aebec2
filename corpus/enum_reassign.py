# Members cannot be reassigned or deleted; other class attributes can
from enum import Enum, Flag


class Color(Enum):
    RED = 1
    GREEN = 2
    ALIAS = 1


for name in ('RED', 'ALIAS'):
    try:
        setattr(Color, name, 5)  # safepy: ignore[SP305]
    except AttributeError as e:
        print('AttributeError', e)
try:
    Color.GREEN = 3
except AttributeError as e:
    print('AttributeError', e)
try:
    del Color.RED
except AttributeError as e:
    print('AttributeError', e)
Color.extra = 'fine'
print(Color.extra, Color.RED, list(Color))
del Color.extra
print(hasattr(Color, 'extra'))
try:
    del Color.nothing
except AttributeError as e:
    print('AttributeError', e)
try:
    Color.RED.name = 'BLUE'
except AttributeError as e:
    print('AttributeError', e)
try:
    Color.RED.value = 10
except AttributeError as e:
    print('AttributeError', e)
Color.RED._value_ = 1
print(Color.RED.value)


class Perm(Flag):
    R = 4
    W = 2


try:
    Perm.R = 1
except AttributeError as e:
    print('AttributeError', e)
Perm._numeric_repr_ = hex
print(repr(Perm(6)))
print(Color.__dict__['RED'] is Color.RED)  # safepy: ignore[SP310]
