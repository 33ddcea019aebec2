# every function of cmath on every kind of real and imaginary part (C99 Annex G special values, subnormals, near-overflow)
import cmath, math
specials = [0.0, -0.0, 1.0, -1.0, 0.5, -2.5, 1e-310, -1e-310, 1e300, -1e300, 1.7e308, -1.7e308, float('inf'), float('-inf'), float('nan'), 2.0, 1e-20]
names = ['acos', 'acosh', 'asin', 'asinh', 'atan', 'atanh', 'cos', 'cosh', 'exp', 'log', 'log10', 'sin', 'sinh', 'sqrt', 'tan', 'tanh']
for n in names:
    f = getattr(cmath, n)  # safepy: ignore[SP305]
    for a in specials:
        for b in specials:
            z = complex(a, b)
            try:
                r = f(z)
                print(n, a, b, r.real, r.imag)
            except (ValueError, OverflowError) as e:
                print(n, a, b, type(e).__name__, e)
for a in specials:
    for b in specials:
        z = complex(a, b)
        try:
            print('polar', a, b, cmath.polar(z), cmath.phase(z), cmath.isfinite(z), cmath.isinf(z), cmath.isnan(z))
        except OverflowError as e:
            print('polar', a, b, e)
        try:
            r = cmath.rect(a, b)
            print('rect', a, b, r.real, r.imag)
        except ValueError as e:
            print('rect', a, b, e)
