# classmethod factories and registries keyed by class; cls inside a classmethod
# called through an instance of a subclass.
class Shape:
    kinds = {}
    sides = 0
    @classmethod
    def register(cls, sub):
        cls.kinds[sub.__name__.lower()] = sub
        return sub
    @classmethod
    def create(cls, kind, *args):
        return cls.kinds[kind](*args)
    @classmethod
    def describe(cls):
        return f"{cls.__name__} has {cls.sides} sides"

@Shape.register
class Triangle(Shape):
    sides = 3
    def __init__(self, base, h):
        self.area = base * h / 2

@Shape.register
class Square(Shape):
    sides = 4
    def __init__(self, s):
        self.area = s * s

print(sorted(Shape.kinds))
t = Shape.create("triangle", 4, 5)
s = Shape.create("square", 3)
print(type(t).__name__, t.area, type(s).__name__, s.area)
print(Shape.describe(), Triangle.describe(), s.describe())
try:
    Shape.create("circle", 1)
except KeyError as e:
    print("KeyError:", e)
