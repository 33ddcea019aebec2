# args: --allow-module decimal --max-memory 128M
# expect: exit=3 stderr="limit" seconds=20
# MAX_PREC and MAX_EMAX: a square root, an addition across a huge exponent
# gap, exp and a format with a huge precision each end at the memory or
# time limit.
from decimal import *
c = getcontext()
c.prec = MAX_PREC
c.Emax = MAX_EMAX
c.Emin = MIN_EMIN
for f in [lambda: Decimal(2).sqrt(), lambda: Decimal('1e999999999999999') + 1, lambda: Decimal(3).exp(),
          lambda: format(Decimal(1), '.999999999f'), lambda: Decimal(7).ln()]:
    try:
        print(len(str(f())))
    except MemoryError:
        print('MemoryError')
