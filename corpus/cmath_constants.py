# constants, the predicates and isclose
import cmath
import math

print(cmath.pi, cmath.e, cmath.tau, cmath.inf, cmath.infj, cmath.nan, cmath.nanj)
print(cmath.pi == math.pi, cmath.e == math.e, cmath.tau == 2 * math.pi, type(cmath.infj).__name__, type(cmath.inf).__name__)
print(repr(cmath.infj), repr(cmath.nanj), cmath.nanj.real, math.isnan(cmath.nanj.imag), -cmath.infj)
print(sorted(n for n in dir(cmath) if not n.startswith('_')))  # safepy: ignore[SP306]
inf, nan = float('inf'), float('nan')
for z in [0, 1.5, 1j, complex(inf, 0), complex(0, -inf), complex(nan, 0), complex(0, nan), complex(inf, nan), 10 ** 300]:
    print(repr(z), cmath.isfinite(z), cmath.isinf(z), cmath.isnan(z))
pairs = [(1, 1), (1, 1 + 1e-10), (1, 1 + 1e-8), (1j, 1j + 1e-10j), (0, 1e-10), (inf, inf), (complex(inf, 1), complex(inf, 1)),
         (inf, -inf), (nan, nan), (complex(nan, 1), complex(nan, 1)), (1e308j, 1e308j * (1 + 1e-12)), (1 + 1j, 1.0000000001 + 1j)]
for a, b in pairs:
    print(a, b, cmath.isclose(a, b), cmath.isclose(a, b, rel_tol=1e-12), cmath.isclose(a, b, abs_tol=1e-9),
          cmath.isclose(a, b, rel_tol=0.0, abs_tol=0.0), cmath.isclose(b=b, a=a))
print(cmath.isclose(1e-300, 0, abs_tol=1e-299), cmath.isclose(0, 1e-300), cmath.isclose(HasNoFloat := 2, 2.0))
