# chaos: a chaos game whose maps are cubic B-splines.  A point is thrown
# around: each step picks a spline (seeded), reads the spline at a parameter
# taken from the point, steps sideways along the curve's normal, and the
# result is plotted into a grid; vector objects with operator methods.
import math
import random

STEPS = 130000
SIZE = 128


class Vec:
    __slots__ = ("x", "y")

    def __init__(self, x=0.0, y=0.0):
        self.x = x
        self.y = y

    def __add__(self, o):
        return Vec(self.x + o.x, self.y + o.y)

    def __sub__(self, o):
        return Vec(self.x - o.x, self.y - o.y)

    def __mul__(self, k):
        return Vec(self.x * k, self.y * k)

    def length(self):
        return math.sqrt(self.x * self.x + self.y * self.y)

    def lerp(self, o, t):
        return Vec(self.x + (o.x - self.x) * t, self.y + (o.y - self.y) * t)


class BSpline:
    """A clamped cubic B-spline, evaluated by de Boor's recursion."""

    def __init__(self, points):
        self.points = points
        n = len(points)
        inner = [i / (n - 3) for i in range(1, n - 3)]
        self.knots = [0.0] * 4 + inner + [1.0] * 4

    def span(self, t):
        k = self.knots
        if t >= 1.0:
            return len(self.points) - 1
        i = 3
        while k[i + 1] <= t:
            i += 1
        return i

    def __call__(self, t):
        i = self.span(t)
        k = self.knots
        d = [self.points[j + i - 3] for j in range(4)]
        for r in range(1, 4):
            for j in range(3, r - 1, -1):
                lo, hi = k[j + i - 3], k[j + 1 + i - r]
                a = 0.0 if hi == lo else (t - lo) / (hi - lo)
                d[j] = d[j - 1].lerp(d[j], a)
        return d[3]


def game(seed, steps):
    rng = random.Random(seed)
    splines = [
        BSpline([Vec(1.6, 0.2), Vec(1.4, 0.6), Vec(1.1, 0.9), Vec(0.8, 0.9), Vec(0.5, 0.6), Vec(0.4, 0.2)]),
        BSpline([Vec(0.3, 0.9), Vec(0.4, 1.3), Vec(0.6, 1.6), Vec(0.9, 1.7), Vec(1.2, 1.6)]),
        BSpline([Vec(1.3, 1.4), Vec(1.5, 1.1), Vec(1.8, 1.0), Vec(1.9, 0.5), Vec(1.7, 0.3), Vec(1.5, 0.1)]),
    ]
    lengths = []
    for s in splines:
        pts = [s(i / 20) for i in range(21)]
        lengths.append(sum((b - a).length() for a, b in zip(pts, pts[1:])))
    total = sum(lengths)
    cumulative = []
    acc = 0.0
    for length in lengths:
        acc += length / total
        cumulative.append(acc)
    lo_x = min(p.x for s in splines for p in s.points) - 0.1
    lo_y = min(p.y for s in splines for p in s.points) - 0.1
    hi_x = max(p.x for s in splines for p in s.points) + 0.1
    hi_y = max(p.y for s in splines for p in s.points) + 0.1
    grid = [[0] * SIZE for _ in range(SIZE)]
    p = Vec(1.0, 1.0)
    for _ in range(steps):
        r = rng.random()
        which = 0
        while which < 2 and r > cumulative[which]:
            which += 1
        s = splines[which]
        t = (p.x - lo_x) / (hi_x - lo_x)
        t = min(max(t, 0.0), 1.0)
        base = s(t)
        ahead = s(min(t + 0.01, 1.0))
        tangent = ahead - base
        n = tangent.length()
        if n == 0.0:
            normal = Vec(0.0, 1.0)
        else:
            normal = Vec(-tangent.y / n, tangent.x / n)
        side = ((p.y - lo_y) / (hi_y - lo_y) - 0.5) * 0.2 * lengths[which]
        p = base + normal * side
        p.x = min(max(p.x, lo_x), hi_x)
        p.y = min(max(p.y, lo_y), hi_y)
        gx = int((p.x - lo_x) / (hi_x - lo_x) * (SIZE - 1))
        gy = int((p.y - lo_y) / (hi_y - lo_y) * (SIZE - 1))
        grid[gy][gx] += 1
    lit = sum(1 for row in grid for c in row if c)
    digest = 0
    for y, row in enumerate(grid):
        for x, c in enumerate(row):
            if c:
                digest = (digest * 1000003 + y * SIZE + x) % 2305843009213693951
    return lit, max(max(row) for row in grid), digest


print(game(1234, STEPS))
