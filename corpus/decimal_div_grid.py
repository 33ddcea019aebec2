# division, integer division and remainder over a grid, at precisions 1 to 40
from decimal import *

nums = [Decimal(x) for x in ['1', '2', '3', '7', '10', '22', '100', '355', '1E+5', '0.3', '-8', '123456789',
                             '0.000123', '-17.5', '1E-20', '99999999999999999999']]
for prec in (1, 2, 3, 4, 6, 9, 12, 17, 28, 40):
    with localcontext(prec=prec, traps=[]) as c:
        rows = []
        for a in nums:
            for b in nums[:9]:
                rows.append(str(a / b))
        print(prec, ' '.join(rows))
        rows = []
        for a in nums:
            for b in nums[:9]:
                rows.append('%s,%s' % (a // b, a % b))
        print(prec, ' '.join(rows))
        print(prec, c.flags)
with localcontext(prec=5, traps=[]) as c:
    for a in nums:
        print(a, [str(a.remainder_near(b)) for b in nums[:9]], [str(x) for x in divmod(a, Decimal('0.7'))])
