# The functional API: Enum('Name', names, ...)
from enum import Enum, IntEnum, Flag, StrEnum, IntFlag

Color = Enum('Color', 'RED GREEN BLUE')
print(Color, list(Color), Color.__module__, Color.__qualname__)
Animal = Enum('Animal', 'ant, bee,cat   dog')
print([(a.name, a.value) for a in Animal])
Shape = Enum('Shape', ['CIRCLE', 'SQUARE'], start=10)
print(list(Shape))
Pairs = Enum('Pairs', [('A', 'a'), ('B', 'b')])
print(list(Pairs), Pairs('b'))
Mapped = Enum('Mapped', {'X': 100, 'Y': 200})
print(list(Mapped), Mapped(200))
Tup = Enum('Tup', (('ONE', 1), ('TWO', 2)))
print(list(Tup))
Num = IntEnum('Num', 'ONE TWO THREE')
print(list(Num), Num.TWO + 1, Num.THREE > Num.ONE)
Bits = Flag('Bits', 'A B C D')
print(list(Bits), repr(Bits.A | Bits.D))
IBits = IntFlag('IBits', 'R W X')
print(list(IBits), repr(IBits.R | IBits.X))
Words = StrEnum('Words', 'HELLO WORLD')
print(list(Words), Words.HELLO == 'hello')
Mod = Enum('Mod', 'A B', module='mymod', qualname='Outer.Mod')
print(Mod.__module__, Mod.__qualname__, repr(Mod.A), Mod)
Typed = Enum('Typed', 'X Y', type=int)
print(list(Typed), Typed.X + 5, isinstance(Typed.Y, int))
Boundary = Flag('Boundary', 'A B', boundary='keep')
try:
    print(repr(Boundary(7)))
except ValueError as e:
    print('ValueError', e)
Gen = Enum('Gen', iter([('P', 1), ('Q', 2)]))
print(list(Gen))
Empty = Enum('Empty', [])
print(list(Empty), Empty)
Kw = Enum(value='Kw', names='K1 K2')
print(list(Kw))
Start0 = Enum('Start0', 'A B', start=0)
print(list(Start0), bool(Start0.A))


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)


show(lambda: Color('Sub', 'X Y'))
show(lambda: Enum('Bad', [('A', 1, 2)]))
show(lambda: Enum('Bad', [('A',)]))
show(lambda: Enum('Bad', 'mro'))
show(lambda: Enum('Bad', '_x_'))
show(lambda: Enum('Bad', 'A', foo=1))
show(lambda: Enum('Bad', 'A', 'B', 'C'))
show(lambda: Enum())
show(lambda: Enum('NoMembers', None))
