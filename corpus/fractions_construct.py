# Fraction construction: every string syntax, ints, floats, Rationals, errors
from fractions import Fraction

strings = ['0', '-0', '+0', '7', '-7', '3/4', '-3/4', '+3/4', '6/8', ' 1/2 ', '\n\t5\r\n',
           '1.5', '-1.5', '.25', '-.25', '2.', '2.e3', '1e3', '1E3', '1e-3', '1e+3', '-1.5e3', ' -1.5e3 ',
           '1_000', '1_000/3_000', '1_0.2_5', '1.5e1_0', '0.000001', '123456789012345678901234567890/3',
           '3.14159265358979323846264338327950288419716939937510', '1e-30', '007', '0/5', '00.00']
for s in strings:
    f = Fraction(s)
    print(repr(s), repr(f), str(f))

bad = ['10/-5', '', ' ', '-', '+', '/', '1/', '/2', '1/2/3', '1 / 2', '1/-2', '1/+2', '1.5/2', '3/4.0', '1e', '1e+',
       'e1', '.', '-.', '.e1', '1..2', '1__2', '_1', '1_', '1._2', '1.2_', '0x10', 'inf', 'nan', 'Infinity',
       '1,5', '1 2', '½', 'abc', '1.2.3', '--1', '+-1', '1e1.5', '1d', '1.d', '1.D']
for s in bad:
    try:
        print(repr(s), Fraction(s))
    except ValueError as e:
        print(repr(s), 'ValueError:', e)

for s in ['1/0', '-5/0', '0/0', '3e2/0']:
    try:
        print(Fraction(s))
    except (ZeroDivisionError, ValueError) as e:
        print(type(e).__name__, e)

for n in range(-12, 13, 5):
    for d in [-9, -4, -1, 1, 3, 6, 10]:
        f = Fraction(n, d)
        print(n, d, f, f.numerator, f.denominator)

for x in [0.0, -0.0, 0.5, 0.1, -2.75, 1e10, 1e-10, 3.141592653589793, 2.0 ** 60, 1.7976931348623157e308, 5e-324]:
    f = Fraction(x)
    print(x, f.numerator, f.denominator, float(f) == x)

print(Fraction(Fraction(3, 4)), Fraction(Fraction(3, 4), Fraction(5, 6)), Fraction(3, Fraction(1, 2)),
      Fraction(Fraction(1, 2), 3), Fraction(True), Fraction(True, 2), Fraction(numerator=5, denominator=15),
      Fraction(denominator=3), Fraction(10**30, 10**28))
print(repr(Fraction(4, 6, _normalize=False)), repr(Fraction(4, -6, _normalize=False)))

for args in [(1.5,), (1, 2.0), ('1', 2), (1, '2'), (None,), ([],), (1j,), (b'1',), (2, None, 3)]:
    try:
        print(Fraction(*args))
    except TypeError as e:
        print(args, 'TypeError:', e)
for v in [float('nan'), float('inf'), float('-inf')]:
    try:
        Fraction(v)
    except (ValueError, OverflowError) as e:
        print(type(e).__name__, e)
for n, d in [(1, 0), (0, 0), (-7, 0), (Fraction(1, 2), 0), (3, Fraction(0)), (10**20, 0)]:
    try:
        Fraction(n, d)
    except ZeroDivisionError as e:
        print('ZeroDivisionError', e)
try:
    Fraction(1, 2, 3, 4)
except TypeError as e:
    print(e)
try:
    Fraction(1, numerator=2)
except TypeError as e:
    print(e)
try:
    Fraction(foo=1)
except TypeError as e:
    print(e)
