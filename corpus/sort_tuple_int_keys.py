# Tuple keys whose first items are ints (or strs) and tie: the later items
# decide, ints compared directly, anything else the general way; stable.
import random

rng = random.Random(2024)
for trial in range(300):
    n = rng.randint(0, 60)
    rows = []
    for i in range(n):
        width = rng.randint(1, 4)
        first = rng.randint(0, 3) if trial % 2 else rng.choice(["a", "b", "c"])
        rest = [rng.choice([rng.randint(-3, 3), rng.randint(-3, 3), True, 2.5, -0.0, 10**20])
                for _ in range(width - 1)]
        rows.append((tuple([first] + rest), i))
    if trial % 3 == 0:
        # same shape: all ints after the first
        rows = [((r[0][0],) + tuple(x if isinstance(x, int) and not isinstance(x, bool) else 1
                                     for x in r[0][1:]), r[1]) for r in rows]
    try:
        out = sorted(rows, key=lambda r: r[0])
    except TypeError as e:
        print(trial, "TypeError", e)
        continue
    print(trial, [r[1] for r in out])
    out.sort(key=lambda r: r[0], reverse=True)
    print(trial, [r[1] for r in out][:10])
print(sorted([(1, 2), (1,), (1, 2, 0), (0, 9), (1, 1 << 70), (1, -1 << 70)]))
