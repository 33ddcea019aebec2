# StrEnum in depth: auto names, str methods, formatting, comparisons, errors
from enum import StrEnum, auto, Enum


class Color(StrEnum):
    RED = auto()
    DarkGreen = auto()
    BLUE = 'blue'
    NAVY = 'blue'


print(list(Color), Color.NAVY is Color.BLUE, Color('red'), Color['DarkGreen'])
print(str(Color.RED), repr(Color.RED), format(Color.RED, '^9'), f'<{Color.BLUE}>', '%s|%r' % (Color.RED, Color.RED))
print(Color.RED.upper(), Color.RED.capitalize(), Color.RED + '!', Color.RED * 2, Color.RED[1:], Color.RED.split('e'))
print(Color.RED == 'red', Color.RED < Color.BLUE, sorted(Color), 'ed' in Color.RED, len(Color.DarkGreen))
print(', '.join(Color), dict.fromkeys(Color, 0))
print(Color.RED.name, Color.RED.value, type(Color.RED.value).__name__, isinstance(Color.RED, str))
print(hash(Color.RED) == hash('red'), {'red': 1}[Color.RED], Color.RED.encode())
print(Color('blue'), Color.BLUE.startswith('bl'), Color.RED.replace('r', 'R'), Color.RED.center(7, '*'))


class Mixed(str, Enum):
    A = 'a'
    B = 'b'


print(str(Mixed.A), repr(Mixed.A), format(Mixed.A), f'{Mixed.B}', Mixed.A == 'a')
try:
    Color('purple')
except ValueError as e:
    print('ValueError', e)
try:
    Color(1)
except ValueError as e:
    print('ValueError', e)


class Http(StrEnum):
    GET = 'GET'
    POST = 'POST'

    @property
    def is_safe(self):
        return self is Http.GET


print([(m, m.is_safe) for m in Http])
Words = StrEnum('Words', [('HI', 'hello'), ('BYE', 'goodbye')])
print(list(Words), Words.HI.title())
