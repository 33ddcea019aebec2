# Properties whose setters assign other properties (a chain of derived
# values), a deleter resetting to defaults, and a read-only computed view.
class Rectangle:
    def __init__(self, w, h):
        self.width = w
        self.height = h

    @property
    def width(self):
        return self._w
    @width.setter
    def width(self, v):
        if v < 0:
            raise ValueError("width must be >= 0")
        self._w = v

    @property
    def height(self):
        return self._h
    @height.setter
    def height(self, v):
        if v < 0:
            raise ValueError("height must be >= 0")
        self._h = v

    @property
    def size(self):
        return (self.width, self.height)
    @size.setter
    def size(self, wh):
        self.width, self.height = wh
    @size.deleter
    def size(self):
        self.width = self.height = 0

    @property
    def area(self):
        return self.width * self.height

r = Rectangle(2, 3)
print(r.size, r.area)
r.size = (4, 5)
print(r.width, r.height, r.area)
try:
    r.size = (1, -1)
except ValueError as e:
    print("ValueError:", e, r.size)
del r.size
print(r.size, r.area)
try:
    r.area = 10
except AttributeError as e:
    print("AttributeError:", e)
