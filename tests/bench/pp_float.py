# float: many small objects holding three floats, built from sin/cos,
# normalized in place, then folded by a component-wise maximum.
from math import sin, cos, sqrt

POINTS = 200000


class Vec3:
    __slots__ = ("x", "y", "z")

    def __init__(self, t):
        self.x = sin(t)
        self.y = cos(t) * 3.0
        self.z = self.x * self.x / 2.0

    def normalize(self):
        n = sqrt(self.x * self.x + self.y * self.y + self.z * self.z)
        self.x /= n
        self.y /= n
        self.z /= n

    def widen(self, other):
        if other.x > self.x:
            self.x = other.x
        if other.y > self.y:
            self.y = other.y
        if other.z > self.z:
            self.z = other.z
        return self


def run(n):
    pts = [Vec3(i * 0.37) for i in range(n)]
    for p in pts:
        p.normalize()
    top = pts[0]
    for p in pts[1:]:
        top = top.widen(p)
    return top


for _ in range(8):
    m = run(POINTS)
print("%.12f %.12f %.12f" % (m.x, m.y, m.z))
