# quantize over a grid of values, exponents and every rounding mode, with the flags each raises
from decimal import *

MODES = [ROUND_UP, ROUND_DOWN, ROUND_CEILING, ROUND_FLOOR, ROUND_HALF_UP, ROUND_HALF_DOWN, ROUND_HALF_EVEN, ROUND_05UP]
values = []
for k in range(-30, 31, 7):
    for digits in ['1', '15', '25', '35', '149', '150', '151', '9999', '10050', '123456789']:
        values.append(Decimal(digits).scaleb(k // 3 - 4))
        values.append(-Decimal(digits).scaleb(k // 2 - 3))
exps = [Decimal(e) for e in ['1', '0.1', '0.01', '1E+1', '1E+2', '0.00001']]
with localcontext(prec=9, traps=[]) as c:
    for v in values:
        out = []
        for q in exps:
            for m in MODES:
                c.clear_flags()
                r = v.quantize(q, rounding=m)
                f = ''.join(s.__name__[0] for s in [Inexact, Rounded, InvalidOperation, Subnormal] if c.flags[s])
                out.append('%s%s' % (r, f and '/' + f))
        print(v, ' '.join(out))
    for v in values[:20]:
        print(v, [str(v.to_integral_exact(rounding=m)) for m in MODES], v.to_integral_value(), v.normalize())
