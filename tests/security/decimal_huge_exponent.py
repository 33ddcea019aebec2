# args: --allow-module decimal --timeout 3
# expect: exit=3 stderr="limit" seconds=15
# int() of a Decimal with a 10**8 exponent builds a 10**8-digit int: the
# time or memory limit stops it.
from decimal import *
x = Decimal('1e100000000')
print(x, x.adjusted(), x.as_tuple().exponent)
print(int(x) % 7)
