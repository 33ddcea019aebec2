# heapq's core functions: the heap after each step, ties, tuples, max helpers
import heapq
from heapq import heappush, heappop, heapify, heapreplace, heappushpop

h = []
for x in [5, 3, 8, 1, 9, 2, 7, 3, 3, 0]:
    heappush(h, x)
    print(h)
out = []
while h:
    out.append(heappop(h))
    print(out[-1], h)

data = [9, 4, 7, 1, -2, 6, 5, 5, 0, 12, 3]
heapify(data)
print("heapify", data)
print("replace", heapreplace(data, 10), data)
print("pushpop small", heappushpop(data, -5), data)
print("pushpop big", heappushpop(data, 11), data)
print("pushpop empty", heappushpop([], 4))

# tuples with ties: the second item decides
tasks = []
for prio, name in [(2, "write"), (1, "read"), (2, "alpha"), (1, "zed"), (3, "x"), (1, "read")]:
    heappush(tasks, (prio, name))
print(tasks)
print([heappop(tasks) for _ in range(len(tasks))])

# floats, strings, mixed int/float
fs = [3.5, 1.25, -0.5, 2.0, 1e9, float("inf"), -float("inf")]
heapify(fs)
print(fs, [heappop(fs) for _ in range(3)])
ws = "the quick brown fox jumps over the lazy dog".split()
heapify(ws)
print(ws, heappop(ws), heappop(ws))
mix = [3, 1.5, 2, 0.25, True, False]
heapify(mix)
print(mix)

# the private max-heap helpers
m = [1, 9, 3, 7, 5, 8, 2]
heapq._heapify_max(m)  # safepy: ignore[SP303]
print("max", m)
print(heapq._heappop_max(m), m)  # safepy: ignore[SP303]
print(heapq._heapreplace_max(m, 4), m)  # safepy: ignore[SP303]
print(heapq._heappop_max([42]))  # safepy: ignore[SP303]

# a list subclass is a list
class L(list):
    pass
sub = L([4, 2, 6, 1])
heapify(sub)
heappush(sub, 0)
print(type(sub).__name__, sub, heappop(sub))

# heap sort
import random
rng = random.Random(7)
xs = [rng.randrange(100) for _ in range(50)]
hs = []
for x in xs:
    heappush(hs, x)
print([heappop(hs) for _ in range(len(hs))] == sorted(xs))

print(heapq.__all__)
print(hasattr(heapq, "_heapify_max"), hasattr(heapq, "_heappop_max"), hasattr(heapq, "_heapreplace_max"))  # safepy: ignore[SP302]
print(heappush, heapq.heappop, heapq.heapify)
print(heapq.merge.__name__, heapq.nlargest.__name__)
