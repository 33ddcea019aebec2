# Fraction arithmetic over many values: exact with ints and Fractions, float and complex otherwise
from fractions import Fraction as F

vals = [F(0), F(1), F(-1), F(1, 2), F(-2, 3), F(7, 5), F(22, 7), F(-355, 113), F(10**20, 3), F(1, 10**15)]
ints = [0, 1, -3, 7, 10**18, -(10**25)]
for a in vals:
    for b in vals:
        row = [a + b, a - b, a * b]
        if b:
            row += [a / b, a // b, a % b, divmod(a, b)]
        print(a, b, *row)
for a in vals:
    for i in ints:
        row = [a + i, i + a, a - i, i - a, a * i, i * a]
        if i:
            row += [a / i, a // i, a % i, divmod(a, i)]
        if a:
            row += [i / a, i // a, i % a, divmod(i, a)]
        print(a, i, *row)
floats = [0.5, -1.25, 3.0, 1e-300, 1e300]
for a in vals[:7]:
    for x in floats:
        row = [a + x, x + a, a - x, x - a, a * x, x * a, a / x, x / a if a else None]
        row += [a // x, a % x, divmod(a, x)]
        print(a, x, *row)
for a in vals[:6]:
    for z in [1j, 2 - 3j, 0.5 + 0j]:
        row = [a + z, z + a, a - z, z - a, a * z, z * a, a / z]
        if a:
            row.append(z / a)
        print(a, z, *row)
# results are always plain Fraction, reduced, with a positive denominator
r = F(3, 4) + F(1, 4)
print(repr(r), type(r).__name__, repr(F(1, 6) - F(1, 6)), repr(F(-1, 2) * F(-2, 3)), repr(F(1, -3) / F(-2)))
# bool operands are ints
print(F(1, 2) + True, True + F(1, 2), F(1, 2) * False, F(3, 2) // True)
s = F(0)
for k in range(1, 60):
    s += F(1, k * (k + 1))
print(s, 1 - s)
h = sum(F(1, k) for k in range(1, 40))
print(h, float(h))
