# A shape hierarchy: an abstract-style base raising NotImplementedError,
# properties, class-level counters, sorting by area, and __eq__/__lt__.
import math

class Shape:
    count = 0
    def __init__(self, name):
        self.name = name
        Shape.count += 1
        type(self).made = getattr(type(self), "made", 0) + 1
    def area(self):
        raise NotImplementedError(f"{type(self).__name__} must define area()")
    def perimeter(self):
        raise NotImplementedError
    def __lt__(self, other):
        return self.area() < other.area()
    def __eq__(self, other):
        return isinstance(other, Shape) and math.isclose(self.area(), other.area())
    __hash__ = None
    def __str__(self):
        return f"{self.name}: area={self.area():.2f} perimeter={self.perimeter():.2f}"

class Circle(Shape):
    def __init__(self, r):
        super().__init__("circle")
        self.r = r
    def area(self):
        return math.pi * self.r ** 2
    def perimeter(self):
        return 2 * math.pi * self.r

class Rect(Shape):
    def __init__(self, w, h):
        super().__init__("rect")
        self.w, self.h = w, h
    def area(self):
        return self.w * self.h
    def perimeter(self):
        return 2 * (self.w + self.h)

class Square(Rect):
    def __init__(self, s):
        super().__init__(s, s)
        self.name = "square"

class Blob(Shape):
    pass

shapes = [Circle(1), Rect(2, 3), Square(2), Circle(0.5), Rect(1, 4)]
for s in sorted(shapes):
    print(s)
print(Square(2) == Rect(1, 4), Circle(1) == Square(1), Square(3) > Rect(2, 4))
print(Shape.count, Circle.made, Rect.made, Square.made)
print(max(shapes, key=lambda s: s.perimeter()).name)
try:
    Blob("blob").area()
except NotImplementedError as e:
    print("NotImplementedError:", e)
try:
    print(Blob("b"))
except NotImplementedError as e:
    print("NotImplementedError:", repr(e))
