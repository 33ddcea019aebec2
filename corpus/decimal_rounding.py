# Every rounding mode at several precisions, on many operands: add, mul, div, plus
from decimal import *

MODES = [ROUND_UP, ROUND_DOWN, ROUND_CEILING, ROUND_FLOOR, ROUND_HALF_UP,
         ROUND_HALF_DOWN, ROUND_HALF_EVEN, ROUND_05UP]
VALUES = ['1.5', '2.5', '-2.5', '0.05', '1.0005', '-1.0015', '123456789', '9.9999',
          '-0.000012345', '3.14159265358979', '2.7182818', '-99.95', '1E+5', '0.5', '15', '-25']

for prec in (1, 2, 3, 5, 9):
    for mode in MODES:
        ctx = Context(prec=prec, rounding=mode)
        row = []
        for v in VALUES:
            row.append(str(ctx.plus(Decimal(v))))
        print(prec, mode, ' '.join(row))

for prec in (3, 7, 28):
    for mode in MODES:
        with localcontext() as c:
            c.prec = prec
            c.rounding = mode
            out = []
            for a in (1, 2, 7, -13, 22):
                for b in (3, 7, -9, 11):
                    out.append(str(Decimal(a) / Decimal(b)))
            print(prec, mode, out)
            out = [str(Decimal('1.23456789') * Decimal(k)) for k in (3, -7, 11, 123)]
            out += [str(Decimal('0.1') + Decimal(k) / 1000) for k in (1, 5, 9, -5)]
            print(prec, mode, out)
            print(prec, mode, c.flags[Inexact], c.flags[Rounded])

# quantize with every mode
for mode in MODES:
    out = []
    for v in VALUES:
        out.append(str(Decimal(v).quantize(Decimal('0.01'), rounding=mode)))
        out.append(str(Decimal(v).to_integral_value(rounding=mode)))
    print(mode, out)
