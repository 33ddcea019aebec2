# Emin, Emax, clamp, subnormals, overflow results per rounding mode, Etiny and Etop
from decimal import *

MODES = [ROUND_UP, ROUND_DOWN, ROUND_CEILING, ROUND_FLOOR, ROUND_HALF_UP, ROUND_HALF_DOWN, ROUND_HALF_EVEN, ROUND_05UP]
for clamp in (0, 1):
    for m in MODES:
        c = Context(prec=4, Emin=-9, Emax=9, clamp=clamp, rounding=m, traps=[])
        out = []
        for v in ['1E+9', '9.999E+9', '12345E+6', '-12345E+6', '1E+10', '1E-9', '1E-10', '1.5E-12', '1.234E-11',
                  '5E-13', '4E-13', '6E-13', '-5E-13', '0E-20', '0E+20', '123', '1.00000', '9.9995E+9', '1E+6']:
            c.clear_flags()
            r = c.plus(Decimal(v))
            fl = ''.join(s.__name__[:2] for s in [Overflow, Underflow, Subnormal, Inexact, Rounded, Clamped] if c.flags[s])
            out.append('%s[%s]' % (r, fl))
        print(clamp, m, ' '.join(out))
        print(c.Etiny(), c.Etop(), c.multiply(Decimal('1E+5'), Decimal('1E+5')), c.divide(1, Decimal('1E+9')),
              c.add(Decimal('9.999E+9'), Decimal('0.001E+9')), c.power(10, 9), c.power(10, -12), c.sqrt(Decimal('1E-15')))
c = Context(prec=3, Emin=-2, Emax=2, traps=[Overflow, Underflow])
for f in [lambda: c.multiply(100, 10), lambda: c.divide(1, 100000), lambda: c.create_decimal('1E+5'),
          lambda: c.create_decimal('1E-7')]:
    try:
        print(f())
    except (Overflow, Underflow) as e:
        print(type(e).__name__, e)
print(c.flags)
