# comparisons with ints, floats (inf, nan), complex; hash equal to equal ints and floats
from fractions import Fraction as F
import math

vals = [F(0), F(1, 2), F(-1, 2), F(1, 3), F(5), F(10**30, 7), F(-10**30, 7)]
others = [0, 1, -1, 5, 0.5, -0.5, 1 / 3, 5.0, float('inf'), float('-inf'), float('nan'), F(1, 2), F(2, 4), True, False]
for a in vals:
    for b in others:
        print(a, b, a == b, a != b, a < b, a <= b, a > b, a >= b, b == a, b < a, b >= a)
for a in vals:
    print(a == complex(float(a)), a == complex(float(a), 1), a != 1j)
for v in [F(1, 2), F(-1, 2), F(3), F(-3), F(0), F(1, 3), F(2 ** 61 - 1), F(1, 2 ** 61 - 1), F(-1), F(10**40, 3),
          F(7, 2 ** 100), F(2 ** 100, 7)]:
    print(v, hash(v))
for x in [0.5, 0.25, -0.75, 1.5, 1e20, 2.0 ** -30, 123.456]:
    print(x, hash(F(x)) == hash(x), F(x) == x)
for i in [0, 1, -1, 2 ** 64, -(2 ** 70), 2 ** 61 - 1, 2 ** 61]:
    print(i, hash(F(i)) == hash(i))
d = {F(1, 2): 'half', 1: 'one', 0.25: 'quarter'}
print(d[0.5], d[F(1)], d[F(1, 4)], F(2, 4) in d, len({F(1, 2), 0.5, F(2, 4), 1, F(1), 1.0}))
print(sorted([F(1, 3), 0.3, 1, F(-2), -1.5, F(7, 3), 2]), max(F(1, 3), 0.3), min(F(1, 3), 0.34))
ops = [lambda a, b: a < b, lambda a, b: a <= b, lambda a, b: a > b, lambda a, b: a >= b]
for op in ops:
    for other in [1j, 'a', None, [1]]:
        try:
            op(F(1, 2), other)
        except TypeError as e:
            print(e)
        try:
            op(other, F(1, 2))
        except TypeError as e:
            print(e)
print(F(1, 2) == 'a', F(1, 2) != None, F(1, 2) == [1])
print(math.isclose(F(1, 3), 1 / 3), F(1, 3) == F(1, 3) + F(0))
