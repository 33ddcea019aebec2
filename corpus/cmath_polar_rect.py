# polar and rect round trips, rect's special values, phase of every quadrant
import cmath
import math

for k in range(-12, 13):
    phi = k * math.pi / 6
    for r in [0.0, 1.0, 2.5, 1e-300, 1e300]:
        z = cmath.rect(r, phi)
        print(k, r, repr(z), cmath.polar(z))
vals = [0.0, -0.0, 1.0, -1.0, 2.0, float('inf'), float('-inf'), float('nan'), 1e-310, 1e308]
for r in vals:
    for phi in vals:
        try:
            z = cmath.rect(r, phi)
            print('rect', r, phi, z.real, z.imag)
        except ValueError as e:
            print('rect', r, phi, e)
for x in vals:
    for y in vals:
        z = complex(x, y)
        try:
            print('phase', x, y, cmath.phase(z), cmath.polar(z))
        except (ValueError, OverflowError) as e:
            print('phase', x, y, type(e).__name__, e)
for z in [1 + 1j, -1 + 1j, -1 - 1j, 1 - 1j, -1 + 0j, complex(-1, -0.0), 3 + 4j]:
    r, phi = cmath.polar(z)
    back = cmath.rect(r, phi)
    print(z, r, phi, back, cmath.isclose(back, z), abs(back - z) < 1e-15)
