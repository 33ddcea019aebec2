# Decimal subclasses, math.floor/ceil/trunc, complex(), sum, sorted, dict keys, copy
import math
from decimal import *


class Money(Decimal):
    def __repr__(self):
        return 'Money(%s)' % super().__str__()

    def cents(self):
        return int(self * 100)

    def double(self):
        return Money(self * 2)


m = Money('12.345')
print(repr(m), str(m), type(m).__name__, isinstance(m, Decimal), m.cents(), repr(m.double()))
print(type(m + 1).__name__, type(-m).__name__, type(m.quantize(Decimal('0.01'))).__name__, m == Decimal('12.345'))
print(repr(Money.from_float(0.25)), type(Money.from_float(0.25)).__name__, hash(m) == hash(Decimal('12.345')))
print(m.__copy__() is m, repr(Money(Decimal('1.5'))), repr(Money((1, (2, 5), -1))))
m.note = 'hello'
print(m.note)


class Weird(Decimal):
    def __init__(self, value='0', context=None):
        self.made = value


w = Weird('3.5')
print(w, w.made, w * 2)
for v in ['1.5', '-1.5', '2', '-0.0001', '1E+30', '-7.999']:
    d = Decimal(v)
    print(v, math.floor(d), math.ceil(d), math.trunc(d), complex(d), round(d), int(d))
for v in ['nan', 'inf', '-inf']:
    for f in [math.floor, math.ceil, complex, math.trunc]:
        try:
            print(v, f(Decimal(v)))
        except (ValueError, OverflowError) as e:
            print(v, type(e).__name__, e)
prices = [Decimal('19.99'), Decimal('5.01'), Decimal('0.10'), Decimal('100'), Decimal('-3.50')]
print(sum(prices), sum(prices, Decimal('0.00')), sorted(prices), max(prices), min(prices))
print({Decimal('1.0'): 'a', Decimal('1.00'): 'b', 1: 'c'}, Decimal(5) in [5, 6], 2.5 in {Decimal('2.5')})


