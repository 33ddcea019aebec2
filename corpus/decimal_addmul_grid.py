# addition, subtraction and multiplication over a grid at several precisions
# and rounding modes, with signed zeros and the flags raised
from decimal import *

MODES = [ROUND_UP, ROUND_DOWN, ROUND_CEILING, ROUND_FLOOR, ROUND_HALF_UP, ROUND_HALF_DOWN, ROUND_HALF_EVEN, ROUND_05UP]
vals = [Decimal(x) for x in ['0', '-0', '0.00', '1', '-1', '0.5', '-0.5', '1.005', '9.995', '123.455',
                             '-99.99', '1E+10', '-1E-10', '3.14159265358979323846', '1.00000000000000000001',
                             '999999999', '0.999999999', '-5E+3']]
for prec in (2, 5, 9):
    for m in MODES:
        with localcontext(prec=prec, rounding=m, traps=[]) as c:
            s = [str(a + b) for a in vals for b in vals[::3]]
            d = [str(a - b) for a in vals for b in vals[::4]]
            p = [str(a * b) for a in vals for b in vals[::3]]
            print(prec, m, ' '.join(s))
            print(prec, m, ' '.join(d))
            print(prec, m, ' '.join(p))
            print(prec, m, c.flags[Inexact], c.flags[Rounded], c.flags[Clamped])
# huge exponent gaps: the smaller operand only decides the rounding
for m in MODES:
    with localcontext(prec=6, rounding=m) as c:
        print(m, Decimal('1E+50') + Decimal('1E-50'), Decimal('1E+50') - Decimal('1E-50'),
              Decimal('-1E+50') + Decimal('1E-50'), Decimal('123456') + Decimal('0.5'), Decimal('123456') - Decimal('0.5'))
