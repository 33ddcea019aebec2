# Subclassing tuple: __new__ taking named arguments, properties over the
# items, immutability, and hashing inherited.
class Point(tuple):
    def __new__(cls, x, y):
        return super().__new__(cls, (x, y))
    @property
    def x(self):
        return self[0]
    @property
    def y(self):
        return self[1]
    def __add__(self, other):
        return Point(self.x + other[0], self.y + other[1])
    def __repr__(self):
        return f"Point(x={self.x}, y={self.y})"

p = Point(1, 2)
q = p + Point(10, 20)
print(p, q, p.x, q.y, len(p), list(q))
a, b = q
print(a, b, p == (1, 2), hash(p) == hash((1, 2)), {p: "here"}[(1, 2)])
try:
    p[0] = 5
except TypeError as e:
    print("TypeError:", e)
try:
    p.x = 5
except AttributeError as e:
    print("AttributeError:", e)
print(sorted([Point(2, 1), Point(1, 5), Point(1, 2)]))
print(type(p[:1]).__name__, isinstance(p, tuple), p.count(1), p.index(2))
