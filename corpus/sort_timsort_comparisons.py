# list.sort and sorted() ask the same comparisons, in the same order, as
# CPython's timsort: a logging __lt__ sees them, a mixed list fails on the
# same pair, and a failed sort leaves the list as CPython leaves it.
import random

log = []

class K:
    __slots__ = ("v",)
    def __init__(self, v):
        self.v = v
    def __lt__(self, other):
        log.append((self.v, other.v))
        return self.v < other.v
    def __repr__(self):
        return f"K({self.v})"

def trace(values, **kw):
    log.clear()
    out = sorted([K(v) for v in values], **kw)
    h = 0
    for a, b in log:
        h = (h * 1000003 + hash((a, b))) & 0xFFFFFFFFFFFF
    return len(log), h, [k.v for k in out][:8]

rng = random.Random(2024)
cases = {
    "empty": [],
    "one": [5],
    "two": [2, 1],
    "sorted20": list(range(20)),
    "reversed20": list(range(20, 0, -1)),
    "random50": [rng.randrange(100) for _ in range(50)],
    "random300": [rng.randrange(1000) for _ in range(300)],
    "dups200": [rng.randrange(5) for _ in range(200)],
    "runs": list(range(100)) + list(range(50)) + list(range(80, 0, -1)),
    "sawtooth": [i % 37 for i in range(500)],
    "gallop": list(range(0, 2000, 2)) + list(range(1, 200, 2)),
    "organ": list(range(150)) + list(range(150, 0, -1)),
    "big": [rng.random() for _ in range(3000)],
}
for name, vals in cases.items():
    print(name, trace(vals))
    print(name, "rev", trace(vals, reverse=True))

# the stable order of equal keys, forward and reversed
pairs = [(rng.randrange(4), i) for i in range(60)]
print(sorted(pairs, key=lambda p: p[0])[:12])
print(sorted(pairs, key=lambda p: p[0], reverse=True)[:12])

# the key function runs once per item, in order, before any comparison
seen = []
def key(x):
    seen.append(x)
    return -x
print(sorted([3, 1, 2], key=key), seen)

# mixed types fail on the pair CPython compares first
for vals in ([1, "a"], ["a", 1], [3, 1, 2, "x", 0], [(1, "a"), (1, 2)], [1.5, None, 2],
             [[1], [2], [1, "z"]], [1, 2, 3, "b", "a"], list(range(70)) + ["s"]):
    try:
        print(sorted(vals))
    except TypeError as e:
        print("TypeError", e)

# after a failed comparison the list keeps the order the merge reached
class Bomb:
    def __init__(self, v, fuse):
        self.v, self.fuse = v, fuse
    def __lt__(self, other):
        if self.fuse == 0 or other.fuse == 0:
            raise ValueError(f"boom at {self.v} vs {other.v}")
        return self.v < other.v
    def __repr__(self):
        return str(self.v)

for pos in (3, 40, 90, 130):
    items = [Bomb(rng.randrange(1000), 1) for _ in range(150)]
    items[pos].fuse = 0
    try:
        items.sort()
    except ValueError as e:
        print(e, items[:10], items[-5:])
    try:
        items.sort(reverse=True)
    except ValueError as e:
        print("rev", e, items[:10])

# a list modified by the key function during the sort
data = [3, 1, 2]
def bad_key(x):
    data.append(x)
    return x
try:
    data.sort(key=bad_key)
except ValueError as e:
    print("ValueError", e, data)
