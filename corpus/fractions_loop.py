# many generated values: exact arithmetic agrees digit for digit with CPython
import random
from fractions import Fraction as F
import math

rng = random.Random(2024)
vals = []
for _ in range(60):
    n = rng.randint(-10 ** rng.randint(1, 30), 10 ** rng.randint(1, 30))
    d = rng.randint(1, 10 ** rng.randint(1, 25))
    vals.append(F(n, d))
acc = F(0)
for i, a in enumerate(vals):
    b = vals[(i * 7 + 3) % len(vals)]
    acc = acc * F(1, 3) + a * b - a / (b if b else 1)
    print(i, a + b, a - b, a * b, a / b if b else None, a // b if b else None, a % b if b else None)
    print(' ', round(a), round(a, 3), math.floor(a), math.ceil(a), float(a), hash(a), a.limit_denominator(1000))
    print(' ', a ** 3, (a ** -2) if a else None, a < b, a == b, a >= float(b), a + float(b), a * 0.5)
print(acc.numerator % (10 ** 20), acc.denominator % (10 ** 20), len(str(acc)))
# harmonic and Bernoulli-style sums
h = F(0)
for k in range(1, 200):
    h += F(1, k)
print(h.numerator % 10 ** 30, h.denominator % 10 ** 30)
B = [F(1)]
for m in range(1, 30):
    B.append(-sum(math.comb(m + 1, k) * B[k] for k in range(m)) / (m + 1))
print([str(b) for b in B[:16]])
print(B[28])
# continued fraction of a float
x = F(math.pi)
cf = []
for _ in range(20):
    q = math.floor(x)
    cf.append(q)
    x -= q
    if not x:
        break
    x = 1 / x
print(cf)
floats = [rng.uniform(-1e6, 1e6) for _ in range(40)] + [rng.random() * 10 ** rng.randint(-300, 300) for _ in range(40)]
for v in floats:
    f = F(v)
    print(f == v, hash(f) == hash(v), float(f) == v, f.limit_denominator(10 ** 6), round(f, 2), f < v + 1)
big = F(7 ** 1500, 3 ** 1400 + 1)
print(len(str(big)), len(repr(big)), str(big)[-40:], repr(big)[:30])
try:
    str(F(10 ** 4400, 3))
except ValueError as e:
    print(e)
