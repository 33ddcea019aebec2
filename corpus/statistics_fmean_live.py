# statistics.fmean asks len(data) first and sums the data as it iterates
# (math.fsum over the live list), as CPython's
import math
import statistics


class K:
    def __init__(s, v): s.v = v
    def __float__(s):
        L.reverse(); return float(s.v)
L = [K(5), K(3), K(0), K(5)]
print(math.fsum(L))
L = [K(5), K(3), K(0), K(5)]
print(statistics.fmean(L))
L = [K(5), K(3), K(0), K(5)]
print(sum(map(float, L)))
import statistics


print(statistics.fmean([1, 2, 3.5]), statistics.fmean(iter([1, 2])), statistics.fmean(x for x in range(5)))
print(statistics.fmean((1, 2), weights=[1, 3]))
for bad in ([], iter([]), ()):
    try: statistics.fmean(bad)
    except statistics.StatisticsError as e: print(e)
class L:
    def __len__(self): raise ValueError("no len")
    def __iter__(self): return iter([1])
try: statistics.fmean(L())
except ValueError as e: print("ValueError", e)
class L2:
    def __len__(self): return 4
    def __iter__(self): return iter([1, 2])
print(statistics.fmean(L2()))
try: statistics.fmean(["a"])
except TypeError as e: print(e)
