# subclasses of Fraction: construction, repr, operations return Fraction, copy, __new__ overrides
from fractions import Fraction
import copy

class Money(Fraction):
    def __repr__(self):
        return f'Money({str(self)})'
    def cents(self):
        return round(self * 100)

m = Money(5, 4)
print(repr(m), str(m), m.cents(), type(m).__name__, isinstance(m, Fraction))
for r in [m + 1, 1 + m, m * m, m - Money(1, 4), -m, +m, abs(-m), m ** 2, m / 2, m // 1, m % 1]:
    print(repr(r), type(r).__name__)
print(type(divmod(m, 1)[1]).__name__, m == Fraction(5, 4), hash(m) == hash(Fraction(5, 4)))
print(repr(Money('1.25')), repr(Money(2.5)), repr(Money.from_float(0.75)), repr(Money.from_decimal(3)))
c = copy.copy(m)
d = copy.deepcopy(m)
print(repr(c), repr(d), c is m, type(c).__name__)
f = Fraction(1, 3)
print(copy.copy(f) is f, copy.deepcopy(f) is f, copy.deepcopy([f, f])[0] is f)

class Positive(Fraction):
    __slots__ = ('note',)
    def __new__(cls, n=0, d=None):
        self = super().__new__(cls, n, d)
        if self < 0:
            raise ValueError('negative')
        self.note = 'ok'
        return self

p = Positive(3, 6)
print(repr(p), p.note, repr(p + p))
try:
    Positive(-1, 2)
except ValueError as e:
    print(e)

class Tagged(Fraction):
    def __init__(self, *args, **kw):
        self.tag = len(args)
t = Tagged(1, 2)
print(repr(t), t.tag, t.numerator, t.denominator, t.as_integer_ratio())
print(repr(copy.copy(t)), copy.deepcopy(t).tag)
try:
    Fraction.__new__(int, 1)
except TypeError as e:
    print(e)
print(Fraction.__new__(Money, 2, 8), type(Fraction.__new__(Money, 2, 8)).__name__)

class Loud(Fraction):
    def __add__(self, other):
        return 'loud add'
    def __float__(self):
        return 42.0
print(Loud(1, 2) + 1, 1 + Loud(1, 2), Loud(1, 2) * 2.0, float(Loud(1, 2)), Loud(1, 2) - 0.5)
