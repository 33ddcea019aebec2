# Floats next to powers of ten and halfway cases: repr, str, format specs,
# %-formatting and round() must give CPython's digits exactly (the shortest
# repr, correctly rounded fixed and exponent forms).
import math

values = []
for k in range(-22, 23):
    p = 10.0 ** k
    values += [p, math.nextafter(p, 0), math.nextafter(p, math.inf),
               math.nextafter(math.nextafter(p, 0), 0), p * (1 - 2 ** -50)]
values += [0.1 + 0.2, 0.3 - 0.1, 1 / 3, 2 / 3, 0.125, 0.375, 2.675, 1.005, 1.115, 0.045,
           123456789.125, 9.9995, 9.99949999, 0.0009999999999999998, 99.99999999999999,
           5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, 4.35, 8.875, 1e16 + 2]
for v in values:
    print(repr(v), str(-v), f'{v:.3f}|{v:.1e}|{v:.4g}|{v:.17g}|{v:.0f}|{v:.15e}',
          '%.2f %.16e %.10g' % (v, v, v), round(v, 2), round(v, -1), round(v, 15))
