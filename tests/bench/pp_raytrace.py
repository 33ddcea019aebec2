# raytrace: a small recursive ray tracer.  Spheres and a checkered floor,
# two point lights, Lambert and Phong shading, mirror reflections to a
# fixed depth; the picture is summed into a checksum.
import math

WIDTH = HEIGHT = 290
DEPTH = 3


class V:
    __slots__ = ("x", "y", "z")

    def __init__(self, x, y, z):
        self.x = x
        self.y = y
        self.z = z

    def __add__(self, o):
        return V(self.x + o.x, self.y + o.y, self.z + o.z)

    def __sub__(self, o):
        return V(self.x - o.x, self.y - o.y, self.z - o.z)

    def scale(self, k):
        return V(self.x * k, self.y * k, self.z * k)

    def dot(self, o):
        return self.x * o.x + self.y * o.y + self.z * o.z

    def length(self):
        return math.sqrt(self.dot(self))

    def unit(self):
        return self.scale(1.0 / self.length())

    def reflect(self, n):
        return self - n.scale(2.0 * self.dot(n))


class Sphere:
    def __init__(self, centre, radius, colour, mirror):
        self.centre = centre
        self.r2 = radius * radius
        self.colour = colour
        self.mirror = mirror

    def hit(self, origin, d):
        oc = origin - self.centre
        b = oc.dot(d)
        disc = b * b - oc.dot(oc) + self.r2
        if disc < 0.0:
            return None
        s = math.sqrt(disc)
        t = -b - s
        if t > 1e-6:
            return t
        t = -b + s
        return t if t > 1e-6 else None

    def normal(self, p):
        return (p - self.centre).unit()

    def colour_at(self, p):
        return self.colour


class Floor:
    mirror = 0.25

    def hit(self, origin, d):
        if abs(d.y) < 1e-9:
            return None
        t = -(origin.y + 1.0) / d.y
        return t if t > 1e-6 else None

    def normal(self, p):
        return V(0.0, 1.0, 0.0)

    def colour_at(self, p):
        if (math.floor(p.x) + math.floor(p.z)) % 2 == 0:
            return V(0.9, 0.9, 0.9)
        return V(0.1, 0.1, 0.1)


SCENE = [Sphere(V(0.0, 0.0, 5.0), 1.0, V(0.8, 0.2, 0.2), 0.3),
         Sphere(V(-2.0, 0.2, 6.5), 1.2, V(0.2, 0.8, 0.2), 0.5),
         Sphere(V(2.2, -0.3, 4.5), 0.7, V(0.2, 0.3, 0.9), 0.1),
         Floor()]
LIGHTS = [(V(-5.0, 6.0, 0.0), 0.7), (V(6.0, 4.0, 2.0), 0.5)]


def nearest(origin, d):
    best, what = None, None
    for obj in SCENE:
        t = obj.hit(origin, d)
        if t is not None and (best is None or t < best):
            best, what = t, obj
    return best, what


def trace(origin, d, depth):
    t, obj = nearest(origin, d)
    if obj is None:
        return V(0.05, 0.05, 0.15)
    p = origin + d.scale(t)
    n = obj.normal(p)
    base = obj.colour_at(p)
    light = 0.1
    spec = 0.0
    for pos, power in LIGHTS:
        to_l = pos - p
        dist = to_l.length()
        to_l = to_l.scale(1.0 / dist)
        lt, _ = nearest(p, to_l)
        if lt is not None and lt < dist:
            continue
        lam = n.dot(to_l)
        if lam > 0.0:
            light += lam * power
            r = to_l.reflect(n)
            s = r.dot(d)
            if s > 0.0:
                spec += power * s ** 20
    c = base.scale(light) + V(spec, spec, spec)
    if depth > 0 and obj.mirror > 0.0:
        c = c.scale(1.0 - obj.mirror) + trace(p, d.reflect(n), depth - 1).scale(obj.mirror)
    return c


def render():
    eye = V(0.0, 0.5, -1.0)
    total = 0
    rows = []
    for j in range(HEIGHT):
        row = 0
        for i in range(WIDTH):
            d = V((i - WIDTH / 2) / WIDTH, (HEIGHT / 2 - j) / HEIGHT, 1.0).unit()
            c = trace(eye, d, DEPTH)
            px = (min(255, int(c.x * 255)), min(255, int(c.y * 255)), min(255, int(c.z * 255)))
            row = (row * 31 + px[0] * 65536 + px[1] * 256 + px[2]) % 1000000007
            total += px[0] + px[1] + px[2]
        rows.append(row)
    return total, sum(rows) % 1000000007


print(render())
