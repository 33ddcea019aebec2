# fractions: Fraction arithmetic, comparisons, limit_denominator and a harmonic sum (exact big rationals)
from fractions import Fraction as F

# sized for about a second of python3: the whole program, ROUNDS times
ROUNDS = 10
for _round in range(ROUNDS):
    acc = F(0)
    x = F(1, 3)
    for k in range(1, 6001):
        y = F(k, k + 7)
        acc = acc + y * x - y / F(k + 1, 3)
        if acc > 1000:
            acc = acc - 1000
        x = (x + y).limit_denominator(1000)
    s = F(0)
    for k in range(1, 400):
        s += F(1, k)
    print(acc.denominator % 1000, s.numerator % 1000, hash(acc), str(x)[:20])
