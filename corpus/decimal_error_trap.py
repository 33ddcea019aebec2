# An uncaught trapped signal: the traceback names decimal.DivisionByZero
from decimal import Decimal

totals = [Decimal('10.00'), Decimal('0')]
for t in totals:
    print(Decimal('100') / t)
