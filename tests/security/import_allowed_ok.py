# expect: exit=0 stdout="3.0"
# Allowed imports pass the check stage and run (collections and itertools
# are allowlisted too but not implemented yet: they fail with ImportError).
import math
from math import sqrt
print(math.sqrt(9), sqrt(16))
