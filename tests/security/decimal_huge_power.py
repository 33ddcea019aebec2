# args: --allow-module decimal --timeout 5
# expect: exit=1 stderr="decimal.Overflow" seconds=10
# Decimal(10) ** 10**18 is decided from the exponents (an Overflow, as
# CPython), never computed; then a power whose exact value is huge but
# inside the exponent range is bounded by the time limit.
from decimal import *
with localcontext(traps=[]) as c:
    print(Decimal(10) ** 10**18, Decimal('1.0000001') ** 10**12)
print(Decimal(10) ** 10**18)
