# expect: exit=0 stdout="3.0"
import math
import collections
from itertools import count
print(math.sqrt(9))
