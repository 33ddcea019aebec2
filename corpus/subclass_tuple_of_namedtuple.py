# collections.namedtuple: fields, defaults, _make/_asdict/_replace/_fields,
# tuple behaviour, and a subclass adding methods and properties.
from collections import namedtuple

Point = namedtuple("Point", ["x", "y"])
p = Point(3, 4)
print(p, p.x, p[1], len(p), p == (3, 4), tuple(p))
x, y = p
print(x + y, p._replace(y=10), p)
print(Point._make([7, 8]), p._asdict(), Point._fields)

Card = namedtuple("Card", "rank suit", defaults=["spades"])
print(Card("A"), Card("K", "hearts"), Card._field_defaults)

class Vec(namedtuple("Vec", "x y")):
    __slots__ = ()
    @property
    def norm2(self):
        return self.x ** 2 + self.y ** 2
    def __add__(self, o):
        return Vec(self.x + o.x, self.y + o.y)
    def __str__(self):
        return f"<{self.x}, {self.y}>"

v = Vec(1, 2) + Vec(3, 4)
print(v, repr(v), v.norm2, isinstance(v, tuple), v._replace(x=0))
print(sorted([Vec(2, 1), Vec(1, 9), Vec(1, 2)]))
try:
    p.x = 5
except AttributeError as e:
    print("AttributeError:", e)
try:
    Point(1)
except TypeError as e:
    print("TypeError:", e)
try:
    Point(1, 2, 3)
except TypeError as e:
    print("TypeError:", e)
