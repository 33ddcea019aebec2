# Programs a model writes that meet complex numbers: quadratic roots with a
# negative discriminant, a discrete Fourier transform, Mandelstam-free
# Mandelbrot membership, and 2-D rotations as complex multiplication.
import math


def solve_quadratic(a, b, c):
    disc = b * b - 4 * a * c
    root = disc ** 0.5          # complex when disc < 0
    return (-b + root) / (2 * a), (-b - root) / (2 * a)


for coeffs in [(1, -3, 2), (1, 2, 5), (2, 0, 8), (1, 1, 1)]:
    r1, r2 = solve_quadratic(*coeffs)
    print(coeffs, '->', r1, r2, type(r1).__name__)
    if isinstance(r1, complex):
        print('   check:', abs(coeffs[0] * r1 ** 2 + coeffs[1] * r1 + coeffs[2]) < 1e-9)


def dft(xs):
    n = len(xs)
    out = []
    for k in range(n):
        s = 0j
        for t, x in enumerate(xs):
            angle = -2 * math.pi * k * t / n
            s += x * complex(math.cos(angle), math.sin(angle))
        out.append(s)
    return out


signal = [1, 0, -1, 0, 1, 0, -1, 0]
spectrum = dft(signal)
for k, v in enumerate(spectrum):
    print(k, f'{v.real:8.3f} {v.imag:+8.3f}j', f'|X|={abs(v):.3f}')


def in_mandelbrot(c, limit=50):
    z = 0j
    for i in range(limit):
        z = z * z + c
        if abs(z) > 2:
            return i
    return limit


rows = []
for y in range(5, -6, -1):
    row = ''
    for x in range(-20, 6):
        c = complex(x / 10, y / 5)
        row += '#' if in_mandelbrot(c) == 50 else '.'
    rows.append(row)
print('\n'.join(rows))

# rotate a square by 90 degrees, then scale by 2
square = [0, 1, 1 + 1j, 1j]
turned = [p * 1j * 2 for p in square]
print(turned)
print([(p.real, p.imag) for p in turned])
print({p: abs(p) for p in turned})
print(sum(square) / len(square), max(square, key=abs), sorted(square, key=lambda p: (p.real, p.imag)))
print(f'{1 + 2j!r:>12}|{3 - 4j:^14.2f}|{-0.5j}|{complex(1, -0.0)}')
