# Differences the differential fuzzer found (seed 424242), as regressions:
# a repetition no memory could hold is a catchable MemoryError() (CPython's
# PyErr_NoMemory, before allocating), and "Did you mean" may name a builtin
# safepy refuses, as CPython's suggestion does.
import math
for n in [2 ** 62, 2 ** 61 * 3, hash(0.5)]:
    try:
        x = math.modf(16 * 100) * n
    except MemoryError as e:
        print('MemoryError', repr(e))
    try:
        x = [0] * n * 4
    except MemoryError as e:
        print('MemoryError list', repr(e))
try:
    evl
except NameError as e:
    print(e)


class K1:
    def __init__(self, v=-7):
        self.v = v


w = K1(val)
