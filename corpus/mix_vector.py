# A 2D/3D Vector class: arithmetic with scalars and vectors, reflected
# multiplication, abs, bool, equality and hashing, iteration/unpacking,
# indexing and a formatted __format__.
import math

class Vector:
    def __init__(self, *components):
        self.c = tuple(components)
    def __len__(self):
        return len(self.c)
    def __iter__(self):
        return iter(self.c)
    def __getitem__(self, i):
        return self.c[i]
    def _zip(self, other):
        if len(self) != len(other):
            raise ValueError(f"dimension mismatch: {len(self)} vs {len(other)}")
        return zip(self.c, other.c)
    def __add__(self, other):
        return Vector(*(a + b for a, b in self._zip(other)))
    def __sub__(self, other):
        return Vector(*(a - b for a, b in self._zip(other)))
    def __mul__(self, k):
        if isinstance(k, Vector):
            return sum(a * b for a, b in self._zip(k))
        return Vector(*(a * k for a in self.c))
    def __rmul__(self, k):
        return self * k
    def __truediv__(self, k):
        return Vector(*(a / k for a in self.c))
    def __neg__(self):
        return self * -1
    def __abs__(self):
        return math.sqrt(sum(a * a for a in self.c))
    def __bool__(self):
        return any(self.c)
    def __eq__(self, other):
        return isinstance(other, Vector) and self.c == other.c
    def __hash__(self):
        return hash(self.c)
    def __repr__(self):
        return f"Vector{self.c}"
    def __format__(self, spec):
        return "(" + ", ".join(format(a, spec) for a in self.c) + ")"

v, w = Vector(3, 4), Vector(1, -2)
print(v + w, v - w, v * 2, 3 * w, v * w, -v, abs(v), v / 2)
print(bool(Vector(0, 0)), bool(w), v == Vector(3, 4), len({v, Vector(3, 4), w}))
x, y = v
print(x, y, v[0], v[-1], list(v), f"{v / 3:.3f}", f"{w:+d}")
unit = v / abs(v)
print(f"{unit:.2f}", round(abs(unit), 10))
try:
    v + Vector(1, 2, 3)
except ValueError as e:
    print("ValueError:", e)
print(sum([Vector(1, 1), Vector(2, 2)], Vector(0, 0)), sorted([Vector(2, 1), Vector(1, 5)], key=abs))
