# math: exact integer functions, fsum, prod, isclose, floor/ceil/trunc
import math
from math import factorial, comb, perm


def show(name, f, args):
    try:
        r = f(*args)
        if isinstance(r, int) and (r > 10**60 or r < -10**60):
            print(name, args, 'big', r % 10**40, len(str(r % 10**4000)))
        else:
            print(name, args, r)
    except ValueError as e:
        print(name, args, 'ValueError', e)
    except OverflowError as e:
        print(name, args, 'OverflowError', e)
    except TypeError as e:
        print(name, args, 'TypeError', e)


for n in [0, 1, 2, 5, 12, 20, 21, 25, 50, 100, 170, 171, 1000, 3000, True, False, -1, 2.0, 5.5,
          '3', 10**20, -10**20]:
    show('factorial', factorial, (n,))
print(factorial(1000) % 10**50, factorial(2000) // factorial(1998))
for a in [(5, 2), (10, 0), (10, 10), (10, 11), (52, 5), (100, 50), (1000, 3), (10**30, 2),
          (10**20, 5), (-1, 2), (5, -1), (-1, -1), (5.0, 2), (5, 2.0), (True, True),
          (10**30, 10**25), (300, 150), (10**30, 10**30 - 2)]:
    show('comb', comb, a)
    show('perm', perm, a)
show('perm', perm, (5,))
show('perm', perm, (5, None))
show('perm', perm, (-3,))
show('comb', comb, (5,))
show('perm', perm, ())
for n in [0, 1, 2, 3, 4, 15, 16, 17, 24, 25, 10**10, 2**64 - 1, 2**64, 2**64 + 1, 10**50,
          10**100 - 1, -1, 1.0, True]:
    show('isqrt', math.isqrt, (n,))
print(math.isqrt(10**1000) == 10**500, math.isqrt(10**1000 - 1) == 10**500 - 1)
for a in [(), (0,), (-12,), (12, 18), (12, -18), (0, 0), (0, 5), (2**100, 2**80 * 3),
          (12, 18, 27), (6, 10, 15), (1, 10**40), (3.0, 6), (True, 4), (10**30, 10**20, 10**25)]:
    show('gcd', math.gcd, a)
    show('lcm', math.lcm, a)
for xs in [[], [0.1] * 10, [1e100, 1.0, -1e100, 1e-100, 1e50, -1.0, -1e50],
           [1, 2, 3], [1e308, 1e308, -1e308], [math.inf, 1.0], [math.inf, -math.inf],
           [math.nan, 1.0], [1e-16, 1, 1e16], [0.3, 0.3, 0.3, -0.9], [2**53, 1, 1],
           [-0.0], [-0.0, -0.0], [1.5, '2'], [10**400], [1e16, 1.0, 1e-16],
           [1.0 / 3] * 33]:
    show('fsum', math.fsum, (xs,))
show('fsum', math.fsum, (5,))
show('fsum', math.fsum, (range(100000),))
big = []
for i in range(200):
    big.append(10.0 ** (i % 40 - 20) * (-1) ** i)
print(math.fsum(big), sum(big))
for xs in [[], [1, 2, 3, 4], [1.5, 2, 4], [2**40, 2**40, 2**40], [True, 2], range(1, 25)]:
    show('prod', math.prod, (xs,))
print(math.prod([2, 3], start=10), math.prod([], start=7.5), math.prod([1.5], start=2))
print(math.prod(['a', 3], start=1), math.prod([[1], 2]))
for a in [(1.0, 1.0), (1.0, 1.0000000001), (1.0, 1.0001), (0.0, 1e-10), (math.inf, math.inf),
          (math.inf, -math.inf), (math.nan, math.nan), (1, 1), (10**20, 10**20 + 1)]:
    show('isclose', math.isclose, a)
print(math.isclose(1.0, 1.1, rel_tol=0.2), math.isclose(0.0, 1e-10, abs_tol=1e-9))
print(math.isclose(a=1, b=1.0), math.isclose(1.0, b=2.0, abs_tol=1.0))
try:
    math.isclose(1.0, 2.0, rel_tol=-1)
except ValueError as e:
    print('ValueError', e)
try:
    math.isclose(1.0)
except TypeError as e:
    print('TypeError', e)
try:
    math.isclose(1.0, 2.0, 3.0)
except TypeError as e:
    print('TypeError', e)
try:
    math.isclose(1.0, 2.0, tol=3.0)
except TypeError as e:
    print('TypeError', e)
for x in [0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, 1e20, -1e20, 1e300, -1.7976931348623157e308,
          5e-324, -5e-324, 2**53 + 0.0, 4503599627370497.5, 7, -7, True, 10**30, math.inf,
          -math.inf, math.nan, 'x', [1]]:
    show('floor', math.floor, (x,))
    show('ceil', math.ceil, (x,))
    show('trunc', math.trunc, (x,))
print(type(math.floor(2.5)), type(math.ceil(True)), type(math.trunc(1e300)))
print(math.hypot(*range(40)), math.dist(range(20), range(1, 21)), math.fsum([1e-300] * 100))
print(math.fsum(range(1, 40)), math.dist([1e-320] * 3, [0.0] * 3), math.perm(2**62, 3) % 1000)
