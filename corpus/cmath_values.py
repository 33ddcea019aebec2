# the complex functions over many generated finite values: CPython's digits exactly
import cmath
import random

rng = random.Random(77)
pts = [complex(rng.uniform(-3, 3), rng.uniform(-3, 3)) for _ in range(60)]
pts += [complex(rng.uniform(-1e5, 1e5), rng.uniform(-1e-5, 1e-5)) for _ in range(20)]
pts += [complex(x, y) for x in (-1.0, -0.5, 0.0, 0.5, 1.0) for y in (-1.0, -0.0, 0.0, 1.0)]
pts += [1 + 1e-17j, 1 - 1e-300j, 0.71 + 0.0j, 1.73j, 1e154 + 1e154j, 4e307 + 4e307j, 710 + 1j, -710 + 1j, 20 + 1e-300j]
names = ['acos', 'acosh', 'asin', 'asinh', 'atan', 'atanh', 'cos', 'cosh', 'exp', 'log', 'log10', 'sin', 'sinh',
         'sqrt', 'tan', 'tanh']
for z in pts:
    row = []
    for n in names:
        try:
            row.append(repr(getattr(cmath, n)(z)))  # safepy: ignore[SP305]
        except (ValueError, OverflowError) as e:
            row.append(type(e).__name__)
    print(repr(z), ' '.join(row))
    print('  ', cmath.phase(z), cmath.polar(z), abs(z))
for x in [0, 1, -1, 2.5, -2.5, 10**20, True]:
    print(x, cmath.sqrt(x), cmath.exp(x), cmath.log(x) if x else 'skip', cmath.acos(x), cmath.atanh(x) if abs(x) != 1 else 'pole')
