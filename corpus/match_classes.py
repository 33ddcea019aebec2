# Class patterns: __match_args__, keywords, namedtuples, builtin types, subclasses.
from collections import namedtuple


class Point:
    __match_args__ = ("x", "y")

    def __init__(self, x, y):
        self.x = x
        self.y = y


class Point3(Point):
    __match_args__ = ("x", "y", "z")

    def __init__(self, x, y, z):
        super().__init__(x, y)
        self.z = z


class Circle:
    __match_args__ = ("center", "radius")

    def __init__(self, center, radius):
        self.center = center
        self.radius = radius


class Rect:
    def __init__(self, corner, w, h):
        self.corner, self.w, self.h = corner, w, h

    @property
    def area(self):
        return self.w * self.h


Pair = namedtuple("Pair", ["left", "right"])


def shape_info(s):
    match s:
        case Point3(x, y, z=0):
            return f"flat 3d point {x},{y}"
        case Point3(_, _, z):
            return f"3d point at height {z}"
        case Point(0, 0):
            return "origin"
        case Point(x, y) if x == y:
            return f"diagonal point {x}"
        case Point(x=px):
            return f"point with x={px}"
        case Circle(Point(0, 0), r):
            return f"circle at origin, r={r}"
        case Circle(center=Point(x, y), radius=r) if r > 10:
            return f"big circle at {x},{y}"
        case Circle(c, r):
            return f"circle r={r} centered {shape_info(c)}"
        case Rect(w=w, h=h) if w == h:
            return f"square of side {w}"
        case Rect(area=a):
            return f"rect of area {a}"
        case Pair(Point() as p, right):
            return f"pair starting with {shape_info(p)} then {right!r}"
        case Pair(l, r):
            return f"pair {l}/{r}"
        case _:
            return "unknown"


for s in [Point(0, 0), Point(2, 2), Point(1, 5), Point3(1, 2, 0), Point3(1, 2, 3),
          Circle(Point(0, 0), 3), Circle(Point(1, 1), 30), Circle(Point(4, 4), 1),
          Rect(Point(0, 0), 2, 2), Rect(Point(0, 0), 2, 5), Pair(Point(0, 0), "x"), Pair(1, 2), 42]:
    print(shape_info(s))


def kind(v):
    match v:
        case bool(b):
            return f"bool {b}"
        case int(i) if i < 0:
            return f"negative int {i}"
        case int(i):
            return f"int {i}"
        case float(f):
            return f"float {f}"
        case str(s):
            return f"str {s!r}"
        case list([x, *_]):
            return f"list starting {x}"
        case tuple(t):
            return f"tuple of {len(t)}"
        case dict(d):
            return f"dict with {sorted(d)}"
        case set() | frozenset():
            return f"a set of {len(v)}"
        case _:
            return type(v).__name__


class Stack(list):
    pass


for v in [True, -3, 7, Stack([9, 8]), 1.5, "s", [4, 5], [], (1, 2), {"b": 1, "a": 2}, {1}, frozenset(), None]:
    print(kind(v))
