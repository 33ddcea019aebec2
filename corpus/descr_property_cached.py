# Computed and lazily cached properties, and properties overridden in
# subclasses (including calling the parent's property through super()).
class Rect:
    def __init__(self, w, h):
        self.w, self.h = w, h
        self._area = None
    @property
    def area(self):
        if self._area is None:
            print("  computing area")
            self._area = self.w * self.h
        return self._area
    @property
    def label(self):
        return f"{self.w}x{self.h}"

class Square(Rect):
    def __init__(self, s):
        super().__init__(s, s)
    @property
    def label(self):
        return "square " + super().label

r = Rect(3, 4)
print(r.area, r.area, r.label)
s = Square(5)
print(s.area, s.label)
shapes = [Rect(1, 2), Square(3), Rect(2, 2)]
print(sorted(x.label for x in shapes))
print(max(shapes, key=lambda x: x.area).label)
print(hasattr(r, "area"), getattr(s, "label"))

class Broken:
    @property
    def value(self):
        return self.missing
try:
    Broken().value
except AttributeError as e:
    print("AttributeError:", e)
print(hasattr(Broken(), "value"))
