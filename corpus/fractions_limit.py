# limit_denominator over many values, and its errors
from fractions import Fraction as F
import math

pi = F(math.pi)
for m in [1, 2, 3, 5, 7, 10, 57, 100, 113, 1000, 10**6, 10**9]:
    print(m, pi.limit_denominator(m))
for x in [F(1, 3), F(-22, 7), F(10**20 + 7, 10**10 + 3), F(3, 1), F(7, 10**6), F(-1, 999999), F(2, 3)]:
    print(x, [str(x.limit_denominator(m)) for m in (1, 2, 3, 10, 100, 10**4)])
for k in range(1, 30):
    x = F(k * 7919, 104729)
    print(x, x.limit_denominator(k), x.limit_denominator(10 * k))
print(F(0.1).limit_denominator(), F(math.e).limit_denominator(), F(math.sqrt(2)).limit_denominator(1000))
print(repr(F(3, 4).limit_denominator(F(10))), repr(F(1, 3).limit_denominator(F(5, 2))))
for m in [0, -1, F(1, 2), 0.5]:
    try:
        F(1, 3).limit_denominator(m)
    except ValueError as e:
        print('ValueError', e)
try:
    pi.limit_denominator('x')
except TypeError as e:
    print(e)
try:
    pi.limit_denominator(10.0)
except TypeError as e:
    print(e)
print(F(1, 3).limit_denominator(10.0), F(3, 4).limit_denominator(max_denominator=2))
