# Wrong types and arguments: CPython's messages
from decimal import *

cases = [
    lambda: Decimal(1) + 1.5, lambda: Decimal(1) < 'x', lambda: Decimal(1).quantize('0.1'),
    lambda: Decimal([1, 2]), lambda: Decimal((1, 2)), lambda: Decimal(1, 2), lambda: Decimal(None),
    lambda: Decimal(1).quantize(Decimal(1), 'ROUND_SIDEWAYS'), lambda: Decimal(1).to_integral_value('x'),
    lambda: Decimal(1).compare(1.0), lambda: getcontext().add(1, 2.5), lambda: getcontext().plus('1'),
    lambda: Decimal(1).sqrt(5), lambda: Decimal(1).exp(context=3), lambda: Decimal.from_float('x'),
    lambda: round(Decimal(1), 'x'), lambda: hash(Decimal('sNaN')), lambda: Decimal(1).__format__(3),
    lambda: format(Decimal(1), '#x'), lambda: Context(prec=1.5), lambda: localcontext(3),
    lambda: setcontext(None), lambda: Decimal('1') + None, lambda: divmod(Decimal(1), 'a'),
    lambda: pow(Decimal(2), 3, 1.5), lambda: Decimal(1).fma(2), lambda: Decimal(1).max(),
]
for f in cases:
    try:
        print(f())
    except (TypeError, ValueError, InvalidOperation) as e:
        print(type(e).__name__, e)
from decimal import *
c=getcontext()
for f in [lambda: c.add(1), lambda: c.add(1,2,3), lambda: c.plus(), lambda: c.power(1), lambda: c.fma(1,2), lambda: Decimal(1).max(1,2,3), lambda: Decimal(1).quantize(), lambda: Decimal(1).sqrt(1,2), lambda: Decimal(1).exp(1,2), lambda: c.create_decimal(1,2), lambda: Decimal(1).to_integral(1,2,3), lambda: Decimal(1,2,3), lambda: Decimal(1).as_tuple(1), lambda: c.copy(1), lambda: Decimal(1).__round__(1,2), lambda: Decimal.from_float(), lambda: localcontext(1,2), lambda: getcontext(1), lambda: Decimal(1).is_nan(1), lambda: Decimal(1).fma(1,2,3,4)]:
  try: f()
  except TypeError as e: print(e)
