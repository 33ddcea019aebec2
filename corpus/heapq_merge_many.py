# heapq.merge over 3,000 inputs: the heapify order past 2,500 entries, seen by __lt__/__eq__
import heapq

log = []
class K:
    __slots__ = ("v",)
    def __init__(self, v):
        self.v = v
    def __lt__(self, other):
        log.append(self.v * 7 + other.v)
        return self.v < other.v
    def __eq__(self, other):
        return self.v == other.v
    __hash__ = None

inputs = [[K((i * 37) % 101), K((i * 37) % 101 + 200)] for i in range(3000)]
out = [k.v for k in heapq.merge(*inputs)]
print(len(out), out[:10], out[-5:], len(log), sum(i * v for i, v in enumerate(log)) % 1000000007)
log.clear()
out = [k.v for k in heapq.merge(*[x[::-1] for x in inputs], reverse=True)]
print(len(out), out[:10], out[-5:], len(log), sum(i * v for i, v in enumerate(log)) % 1000000007)
