# identities checked the way programs use cmath: roots of polynomials, Euler, rotations
import cmath
import math

def quadratic(a, b, c):
    d = cmath.sqrt(b * b - 4 * a * c)
    return (-b + d) / (2 * a), (-b - d) / (2 * a)

for a, b, c in [(1, 0, 1), (1, 2, 5), (2, -3, 7), (1, -2, 1), (1, 0, -4), (3, 1, 1), (1, 1e8, 1)]:
    print(a, b, c, quadratic(a, b, c))
print(cmath.exp(1j * cmath.pi), cmath.exp(1j * cmath.pi) + 1, abs(cmath.exp(1j * cmath.pi) + 1) < 1e-15)
roots = [cmath.rect(1, 2 * math.pi * k / 7) for k in range(7)]
print([f'{z.real:.12f}{z.imag:+.12f}j' for z in roots])
print(sum(roots), abs(sum(roots)) < 1e-14)
for z in [0.3 + 0.4j, -2 + 0.5j, 5j, -0.25 - 3j]:
    print(z, cmath.sin(z) ** 2 + cmath.cos(z) ** 2, cmath.exp(cmath.log(z)), cmath.sqrt(z) ** 2,
          cmath.tan(cmath.atan(z)), cmath.sinh(cmath.asinh(z)), cmath.cosh(cmath.acosh(z)), cmath.tanh(cmath.atanh(z)))
fft_in = [1, 2, 3, 4, 0, 0, 0, 0]
n = len(fft_in)
out = [sum(fft_in[k] * cmath.exp(-2j * cmath.pi * k * m / n) for k in range(n)) for m in range(n)]
print([complex(round(z.real, 10), round(z.imag, 10)) for z in out])
print(cmath.log(-1), cmath.log10(-100), cmath.sqrt(-1), cmath.acos(2), cmath.asin(2), cmath.acosh(0.5), cmath.atanh(2))
