# round (half to even, ndigits), floor, ceil, trunc, int, float, complex
from fractions import Fraction as F
import math

for n in range(-25, 26, 3):
    for d in [1, 2, 3, 4, 7, 10]:
        f = F(n, d)
        print(f, round(f), math.floor(f), math.ceil(f), math.trunc(f), int(f), float(f), repr(round(f, 1)),
              repr(round(f, 0)), repr(round(f, -1)), type(round(f)).__name__)
for f in [F(5, 2), F(7, 2), F(-5, 2), F(-7, 2), F(1, 2), F(-1, 2), F(25, 100), F(35, 100), F(15, 1000)]:
    print(f, round(f), round(f, 1), round(f, 2), round(f, -1))
print(round(F(123456789, 1000), -2), round(F(123456789, 1000), 5), round(F(1, 3), 20))
big = F(10**40 + 1, 3)
print(round(big), math.floor(big), math.ceil(big), int(-big), float(big), round(big, -35))
print(float(F(1, 3)), float(F(10**400, 10**399)), float(F(1, 10**400)), float(F(-7, 3)), complex(F(3, 4)))
try:
    float(F(10**400))
except OverflowError as e:
    print('OverflowError', e)
try:
    round(F(1, 2), 'x')
except Exception as e:
    print(type(e).__name__)
print(math.fsum([F(1, 3)] * 3), math.isqrt(int(F(17, 2))), F(7, 2).__trunc__(), F(7, 2).__floor__(),
      F(7, 2).__ceil__(), F(-7, 2).__round__(), F(7, 4).__round__(1))
for nd in [2.0, -1.0, True, F(2), None]:
    try:
        print(repr(round(F(12345, 100), nd)))
    except TypeError as e:
        print('TypeError', e)
