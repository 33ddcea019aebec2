# a Fraction with a zero denominator ends the program with CPython's ZeroDivisionError
from fractions import Fraction

total = Fraction(0)
for d in [4, 2, 1, 0]:
    total += Fraction(1, 2) / Fraction(d)
    print(total)
