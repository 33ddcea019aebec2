# expect: exit=0 stdout="3.0"
# Allowed imports pass the check stage and run.
import math
import itertools
from math import sqrt
print(math.sqrt(9), sqrt(16), list(itertools.islice(itertools.count(), 3)))
