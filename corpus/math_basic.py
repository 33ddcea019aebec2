# math: float functions over ordinary and special values, printed with repr
import math
from math import sqrt, pi


def show(name, f, args):
    # huge ints are not printed (str() of ints is limited to 4300 digits)
    shown = []
    for a in args:
        if isinstance(a, int) and (a > 10**50 or a < -10**50):
            shown.append('<big>')
        else:
            shown.append(a)
    try:
        r = f(*args)
        print(name, shown, r)
    except ValueError as e:
        print(name, shown, 'ValueError', e)
    except OverflowError as e:
        print(name, shown, 'OverflowError', e)
    except ZeroDivisionError as e:
        print(name, shown, 'ZeroDivisionError', e)
    except TypeError as e:
        print(name, shown, 'TypeError', e)


print(math.pi, math.e, math.tau, math.inf, -math.inf, math.nan, pi, sqrt(2))
values = [0.0, -0.0, 0.5, -0.5, 1.0, -1.0, 2, 3, 10, -7, 0.1, 1e-300, 5e-324, 1e300,
          1.7976931348623157e308, math.inf, -math.inf, math.nan, True, 2**60, -2**70]
ones = [
    ('sqrt', math.sqrt), ('exp', math.exp), ('exp2', math.exp2), ('expm1', math.expm1),
    ('log1p', math.log1p), ('fabs', math.fabs), ('sin', math.sin), ('cos', math.cos),
    ('tan', math.tan), ('asin', math.asin), ('acos', math.acos), ('atan', math.atan),
    ('sinh', math.sinh), ('cosh', math.cosh), ('tanh', math.tanh), ('asinh', math.asinh),
    ('acosh', math.acosh), ('atanh', math.atanh), ('erf', math.erf), ('erfc', math.erfc),
    ('gamma', math.gamma), ('lgamma', math.lgamma), ('cbrt', math.cbrt),
    ('degrees', math.degrees), ('radians', math.radians), ('isfinite', math.isfinite),
    ('isinf', math.isinf), ('isnan', math.isnan), ('ulp', math.ulp), ('frexp', math.frexp),
    ('modf', math.modf), ('log', math.log), ('log2', math.log2), ('log10', math.log10),
    ('floor', math.floor), ('ceil', math.ceil), ('trunc', math.trunc),
]
for pair in ones:
    for v in values:
        show(pair[0], pair[1], (v,))

for x in [0.5, 1.5, 2.5, 3.7, 10.2, 30.5, 100.5, 170.5, 171.7, -0.5, -1.5, -2.5, -10.3,
          -100.7, -200.5, -300.25, 1e-25, -1e-25, 140.2, 150.75, 5.52, 6.01]:
    show('gamma', math.gamma, (x,))
    show('lgamma', math.lgamma, (x,))

twos = [('pow', math.pow), ('atan2', math.atan2), ('copysign', math.copysign),
        ('fmod', math.fmod), ('remainder', math.remainder), ('nextafter', math.nextafter),
        ('log', math.log), ('ldexp', math.ldexp), ('hypot', math.hypot)]
pairs = [(2, 10), (2.0, 0.5), (-8, 1 / 3), (0.0, -1), (-0.0, -3), (0.0, 0.0), (10, 400),
         (-2, 1023), (1.0, math.nan), (math.nan, 0), (math.inf, -3), (-math.inf, 3),
         (-math.inf, 2), (0.5, math.inf), (2.0, -math.inf), (-1, math.inf), (7, 3), (-7, 3),
         (7, -3), (5.5, 2), (6.5, 2), (7.5, 2), (1e300, 1e-300), (3, 0), (math.inf, 1),
         (1, math.inf), (10**400, 2), (2, 1.5), (1.5, 2), (-0.0, 0.0), (100, 10)]
for pair in twos:
    for a in pairs:
        show(pair[0], pair[1], a)

show('hypot', math.hypot, ())
show('hypot', math.hypot, (-3,))
show('hypot', math.hypot, (3, 4, 12,))
show('hypot', math.hypot, (1e-320, 2e-320,))
show('hypot', math.hypot, (1e308, 1e308,))
show('hypot', math.hypot, (1.1, 2.2, 3.3, 4.4, 5.5, 6.6, 7.7, 8.8, 9.9, 10.1, 11, 12, 13, 14, 15, 16, 17, 18,))
show('hypot', math.hypot, (math.nan, math.inf,))
show('hypot', math.hypot, (0.1, 0.2,))
show('dist', math.dist, ((1, 2, 3), (4, 6, 8),))
show('dist', math.dist, ([0.1, 0.2], (0.3, 0.4),))
show('dist', math.dist, ((1, 2), (1, 2, 3),))
show('dist', math.dist, ((), (),))
show('ldexp', math.ldexp, (1.0, 10**30,))
show('ldexp', math.ldexp, (1.0, -10**30,))
show('ldexp', math.ldexp, (1.0, -1074,))
show('ldexp', math.ldexp, (1.0, -1075,))
show('ldexp', math.ldexp, (1.0, 1.5,))
show('ldexp', math.ldexp, (3, True,))
show('log', math.log, (8, 2,))
show('log', math.log, (100, 10,))
show('log', math.log, (1, 1,))
show('log', math.log, (10**1000, 10,))
show('log', math.log, (2**10000, 2**100,))
show('log', math.log, (0.5, 0,))
show('log', math.log, (-(10**400),))
show('log2', math.log2, (2**1023 + 1,))
show('log2', math.log2, (2**5000 - 1,))
show('log10', math.log10, (10**999,))
show('log10', math.log10, (10**4000 + 7,))
show('log', math.log, (3**9999,))
show('ulp', math.ulp, (1.7976931348623157e308,))
show('ulp', math.ulp, (5e-324,))
show('ulp', math.ulp, (-2.0,))
