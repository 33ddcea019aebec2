from collections import namedtuple
Point = namedtuple("Point", "x y")
p = Point(1, 2)
print(p, p.x, p.y, p[0], len(p), p == (1, 2), isinstance(p, tuple), type(p).__name__)
x, y = p
print(x, y, p._asdict(), p._replace(x=10), Point._make([5, 6]), Point._fields)
Emp = namedtuple("Emp", ["name", "age", "dept"], defaults=["eng"])
e = Emp("ann", 30)
print(e, Emp._field_defaults, e._replace(dept="ops"), sorted([Emp("b", 2), Emp("a", 9)]))
print(Emp(name="z", age=1, dept="x"), hash(e) == hash(("ann", 30, "eng")))
try:
    Point(1)
except TypeError as err:
    print(err)
try:
    Point(1, 2, 3)
except TypeError as err:
    print(err)
try:
    Point(1, 2, z=3)
except TypeError as err:
    print(err)
try:
    p.x = 5
except AttributeError as err:
    print(err)
try:
    p._replace(q=1)
except ValueError as err:
    print(err)
try:
    namedtuple("Bad", "x class")
except ValueError as err:
    print(err)
try:
    namedtuple("Bad", "x x")
except ValueError as err:
    print(err)
print(namedtuple("R", "a b a", rename=True)._fields)
class Vec(namedtuple("Vec", "x y")):
    __slots__ = ()
    def __add__(self, o):
        return Vec(self.x + o.x, self.y + o.y)
    @property
    def norm(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5
v = Vec(3, 4) + Vec(0, 0)
print(v, v.norm, {v: "a"}[(3, 4)])
counts = {}
for pt in [Point(1, 2), Point(1, 2), Point(0, 0)]:
    counts[pt] = counts.get(pt, 0) + 1
print(counts)
class S:
    __slots__ = ("a",)
s = S()
s.a = 1
try:
    s.b = 2
except AttributeError as err:
    print(err)
print(s.a, Point.__doc__)
