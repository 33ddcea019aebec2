# args: --allow-module decimal --timeout 3
# expect: exit=3 stderr="limit" seconds=15
# A precision of 10**8 digits: the division's working numbers are refused
# or stopped by the time limit, never a hang or a crash.
from decimal import *
getcontext().prec = 10**8
print(len(str(Decimal(1) / 7)))
