# powers: integer exponents exact, rational and float exponents as floats, reflected powers
from fractions import Fraction as F

bases = [F(0), F(1), F(-1), F(2, 3), F(-3, 2), F(7), F(1, 10)]
for b in bases:
    for e in [0, 1, 2, 3, -1, -2, -3, 10]:
        try:
            print(b, e, repr(b ** e))
        except ZeroDivisionError as ex:
            print(b, e, 'ZeroDivisionError', ex)
for b in [F(4), F(9, 4), F(2), F(1, 8), F(27, 8)]:
    for e in [F(1, 2), F(-1, 2), F(1, 3), F(3, 2), 0.5, -0.5, 2.0, F(4, 2)]:
        print(b, e, b ** e)
for e in [F(1, 2), F(-1, 2), F(3, 1), F(-2, 1), F(0)]:
    for b in [2, 4, -8, 0.25, 9.0, F(4, 9), 1j, 2 + 0j]:
        try:
            print(b, e, repr(b ** e))
        except ZeroDivisionError as ex:
            print(b, e, 'ZeroDivisionError', ex)
print((-F(8)) ** F(1, 3))
print(F(-8) ** 0.5)
print(repr(F(2, 3) ** F(2)), repr(2 ** F(-2)), repr(F(1, 2) ** True), repr(pow(F(3, 5), 4)))
print(F(10) ** 50, F(1, 3) ** 40, F(-2, 3) ** -41)
for args in [(F(2), 3, 5), (F(2), F(1, 2), 3)]:
    try:
        pow(*args)
    except TypeError as e:
        print('TypeError', e)
try:
    F(0) ** -1
except ZeroDivisionError as e:
    print(e)
try:
    F(0) ** F(-1, 2)
except ZeroDivisionError as e:
    print(e)
try:
    0 ** F(-1)
except ZeroDivisionError as e:
    print(e)
try:
    F(2) ** 'x'
except TypeError as e:
    print(e)
try:
    'x' ** F(2)
except TypeError as e:
    print(e)
try:
    F(10) ** 100000.0
except OverflowError as e:
    print('OverflowError', e)
