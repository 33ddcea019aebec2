# Sorting keys of one plain kind (ints, floats, strs, tuples led by ints or strs) and mixed ones: same order as CPython, stable, reverse.
import random
random.seed(11)
out = []
for trial in range(300):
    n = random.randint(0, 60)
    kind = trial % 6
    if kind == 0:
        xs = [random.randint(-50, 50) for _ in range(n)]
    elif kind == 1:
        xs = [random.choice([0.5, -1.25, 3.0, 2.0, -0.0, 0.0, 1e300]) for _ in range(n)]
    elif kind == 2:
        xs = [random.choice(['b', 'a', 'ab', '', 'é', 'B', 'ba']) for _ in range(n)]
    elif kind == 3:
        xs = [(random.randint(0, 5), random.choice('xyz'), i) for i in range(n)]
    elif kind == 4:
        xs = [(random.choice(['k', 'j', 'kk']), random.random()) for _ in range(n)]
    else:
        xs = [random.choice([1, 2.5, True, 0, -3]) for _ in range(n)]
    out.append(sorted(xs))
    out.append(sorted(xs, reverse=True))
    out.append(sorted(range(n), key=lambda i: xs[i]))
    out.append(sorted(range(n), key=lambda i: xs[i], reverse=True))
    ys = list(xs); ys.sort(); out.append(ys == sorted(xs))
print(len(out))
for o in out:
    print(o)
print(sorted([(1, 'b'), (1, 'a'), (0, 'z')]), sorted(['b', 'A', 'a'], key=str.lower), max([3, 1, 2]), min(['b', 'a']))
try:
    sorted([(1, 2), (1, 'a')])
except TypeError as e:
    print(e)
try:
    sorted(['a', 1])
except TypeError as e:
    print(e)
