# sqrt over many values and precisions (always ROUND_HALF_EVEN), exact and inexact
from decimal import *

vals = ['0', '-0', '1', '2', '3', '4', '0.25', '0.5', '10', '100', '1E+2', '1E+3', '1E-3', '0.0001',
        '12345678901234567890', '0.1', '2.25', '6.25E-10', '1.44E+100', '17', '1E-100', '99', '0.09',
        'Infinity', 'NaN', '0E+5', '0E-5', '1.000000001']
for prec in (1, 2, 3, 5, 9, 16, 28, 35):
    with localcontext(prec=prec, rounding=ROUND_DOWN, traps=[]) as c:
        print(prec, [str(Decimal(v).sqrt()) for v in vals])
        print(prec, c.flags[Inexact], c.flags[Rounded], c.flags[InvalidOperation])
with localcontext(traps=[]) as c:
    print(Decimal(-4).sqrt(), Decimal('-0.0').sqrt(), Decimal('-inf').sqrt(), Decimal('sNaN').sqrt(), c.flags)
    print([str(Decimal(n).sqrt() ** 2) for n in range(1, 20)])
