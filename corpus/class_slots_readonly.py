# __slots__: only the listed names may be set; class attributes stay
# read-only through instances; slots are inherited.
class Point:
    __slots__ = ("x", "y")
    dims = 2
    def __init__(self, x, y):
        self.x = x
        self.y = y
    def __repr__(self):
        return f"Point({self.x}, {self.y})"

p = Point(1, 2)
p.x = 10
print(p, p.dims)
try:
    p.z = 3
except AttributeError as e:
    print("AttributeError:", e)
try:
    p.dims = 3
except AttributeError as e:
    print("AttributeError:", e)
del p.y
try:
    print(p.y)
except AttributeError as e:
    print("AttributeError:", e)
p.y = 5
print(p)
print(hasattr(p, "x"), hasattr(p, "z"))

class Point3(Point):
    __slots__ = ("z",)
    def __init__(self, x, y, z):
        super().__init__(x, y)
        self.z = z
    def __repr__(self):
        return f"Point3({self.x}, {self.y}, {self.z})"

q = Point3(1, 2, 3)
print(q)
try:
    q.w = 0
except AttributeError as e:
    print("AttributeError:", e)
print(Point.__slots__, Point3.__slots__)
