# from m import * for the allowed modules: __all__ where CPython's module has
# one (random.TWOPI stays out), else every public name
from math import *
print(sqrt(16), pi, floor(2.5), factorial(5), isclose(0.1 + 0.2, 0.3))
from collections import *
print(Counter('abracadabra').most_common(2), deque([1, 2], maxlen=2), namedtuple('P', 'x y')(1, 2))
from random import *
seed(3)
print(randint(1, 100), random(), choice('abc'), randbytes(4))
from itertools import *
print(list(islice(count(10, 5), 3)), list(chain('ab', 'cd')))
from datetime import *
print(date(2024, 1, 1), UTC, MAXYEAR, datetime(2024, 5, 1, 12, tzinfo=UTC).isoformat())
from re import *
print(findall(r'\d+', 'a12b345'), sub(r'\s+', ' ', 'a   b'), IGNORECASE == I)
from statistics import *
print(mean([1, 2, 3, 4]), median([3, 1, 2]), stdev([2, 4, 4, 4, 5, 5, 7, 9]))
from queue import *
q = PriorityQueue()
for item in [3, 1, 2]:
    q.put(item)
print([q.get() for _ in range(3)])
from stat import *
print(S_ISDIR(0o40755), filemode(0o100644))
from unicodedata import *
print(name('é'), category('A'))
import random
print(len(random.__all__), random.__all__[:4], 'SG_MAGICCONST' in random.__all__)
try:
    TWOPI
except NameError as e:
    print(e)
# randbytes follows the seed, like getrandbits
seed(42)
a = randbytes(10)
seed(42)
print(a == randbytes(10), len(randbytes(0)), Random(7).randbytes(5))
