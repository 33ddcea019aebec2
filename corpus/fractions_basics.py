from fractions import Fraction as F
import math
print(F(3, 4), repr(F(3, 4)), F(-6, 4), F(6, -4), F(), F(5), F(F(1, 7), 5), F(F(1,7), F(2,3)))
for s in ['314', '-35/4', '3.1415', '-47e-2', ' -1.5e3 ', '1_000.5', '.5', '3.', '1e5', '+2/3', '0', '1E-3', '\t7/8\n']:
    print(repr(s), repr(F(s)))
for s in ['', '/', '1/', '3/0x', 'abc', '1 /2', '1._5', '1__0', '.', 'e5', '1.5/2', '1.d', '1/0']:
    try:
        print(repr(F(s)))
    except (ValueError, ZeroDivisionError) as e:
        print(type(e).__name__, e)
print(F(1.5), F(0.1), F(-2.25), F(True))
for bad in [float('nan'), float('inf'), None, [1], 1j]:
    try: F(bad)
    except Exception as e: print(type(e).__name__, e)
try: F(1, 0)
except ZeroDivisionError as e: print(e)
try: F(1.5, 2)
except TypeError as e: print(e)
a, b = F(1, 3), F(5, 7)
print(a + b, a - b, a * b, a / b, a // b, a % b, divmod(a, b), a ** 2, a ** -2, (-a) ** -3, a ** F(1, 2), 2 ** a, F(4) ** F(1,2))
print(a + 1, 1 + a, a - 1, 1 - a, a * 2, 2 * a, a / 2, 2 / a, 7 // a, a // 7, 7 % a, divmod(7, a))
print(a + 0.5, 0.5 + a, a * 1j, 1j * a, a == 1/3, a < 0.5, a > float('inf'), a < float('nan'), a == F(2, 6))
print(hash(F(1, 2)) == hash(0.5), hash(F(5)) == hash(5), hash(F(-1)), hash(F(1, 3)), hash(F(2**70, 3)))
print(round(F(5, 2)), round(F(7, 2)), round(F(-5, 2)), round(F(1234, 1000), 2), round(F(1234567, 10), -3))
print(math.floor(F(-7, 2)), math.ceil(F(-7, 2)), math.trunc(F(-7, 2)), int(F(-7, 2)), float(F(1, 3)), complex(F(1, 2)))
print(F('3.141592653589793').limit_denominator(10), F('3.141592653589793').limit_denominator(100), F(4321, 8765).limit_denominator(10000))
print(F(1, 3).as_integer_ratio(), F(3, 9).numerator, F(3, 9).denominator, F(1,3).real, F(1,3).imag, F(1,3).conjugate())
print(bool(F(0)), bool(F(1, 9)), abs(F(-3, 4)), -F(3, 4), +F(3, 4))
print(F.from_float(0.25), F.from_float(3), F.from_decimal(4))
try: F.from_float('x')
except TypeError as e: print(e)
try: F.from_decimal(1.5)
except TypeError as e: print(e)
class G(F):
    pass
g = G(1, 2)
print(repr(g), repr(g + 1), type(g + g).__name__, repr(G('2/4')))
import copy
print(copy.copy(F(1,2)), copy.deepcopy(g), repr(copy.copy(g)))
print(F(1, 2) == 0.5 + 0j, F(1, 2) != 0.5, sorted([F(1, 2), 0.25, 1, F(-1, 3)]))
