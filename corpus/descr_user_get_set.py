# A user data descriptor with __get__/__set__/__delete__ storing values per
# instance, and its behaviour when accessed on the class.
class Logged:
    def __init__(self, name):
        self.name = name
        self.store = "_" + name
    def __get__(self, obj, objtype=None):
        if obj is None:
            print(f"  class access on {objtype.__name__}")
            return self
        value = getattr(obj, self.store)  # safepy: ignore[SP305]
        print(f"  get {self.name} -> {value}")
        return value
    def __set__(self, obj, value):
        print(f"  set {self.name} = {value}")
        setattr(obj, self.store, value)  # safepy: ignore[SP305]
    def __delete__(self, obj):
        print(f"  delete {self.name}")
        delattr(obj, self.store)  # safepy: ignore[SP305]

class Point:
    x = Logged("x")
    y = Logged("y")
    def __init__(self, x, y):
        self.x = x
        self.y = y

p = Point(1, 2)
print(p.x + p.y)
p.x = 10
print(p.x)
d = Point.x
print(type(d).__name__, d.name)
del p.y
print(hasattr(p, "_y"))
q = Point(5, 6)
print(p.x, q.x)
