# Subclasses of builtins extend operators through super() and the type's
# slot wrappers; the builtin part answers, never the override again.
class Path(str):
    def __add__(self, other):
        return Path(super().__add__("/" + other))
    def __truediv__(self, other):
        return self + other
    def __eq__(self, other):
        return super().__eq__(other.lower() if isinstance(other, str) else other)
    __hash__ = str.__hash__

p = Path("usr") / "lib" / "python"
print(repr(p), type(p).__name__, p == "USR/LIB/PYTHON", p == 3, hash(p) == hash("usr/lib/python"))

class Vec(tuple):
    def __add__(self, other):
        return Vec(a + b for a, b in zip(self, other))
    def __mul__(self, k):
        return Vec(x * k for x in self)
    __rmul__ = __mul__
    def __lt__(self, other):
        return super().__lt__(other)
    def concat(self, other):
        return tuple.__add__(self, other)

v = Vec((1, 2)) + Vec((3, 4))
print(v, 2 * v, v * 3, v < Vec((5, 0)), v.concat((9,)), type(v.concat((9,))).__name__)

class Bag(list):
    def __iadd__(self, other):
        print("iadd", other)
        return super().__add__(list(other))
    def __contains__(self, x):
        return super().__contains__(x) or super().__contains__(str(x))

b = Bag([1, "2"])
print(2 in b, 3 in b, b.__len__(), list.__len__(b))
b += (5,)
print(b, type(b).__name__)

class Money(dict):
    def __or__(self, other):
        return Money(super().__or__(other))

m = Money(a=1) | {"b": 2}
print(m, type(m).__name__)

class Celsius:
    def __init__(self, deg):
        self.deg = deg
    def __eq__(self, other):
        if isinstance(other, Celsius):
            return self.deg.__eq__(other.deg)
        return NotImplemented
    def __lt__(self, other):
        return self.deg.__lt__(other.deg)
    def __add__(self, other):
        r = self.deg.__add__(other)
        if r is NotImplemented:
            return NotImplemented
        return Celsius(r)
    def __repr__(self):
        return f"Celsius({self.deg.__repr__()})"

print(Celsius(20) == Celsius(20), Celsius(20) == 20, Celsius(1) < Celsius(2), Celsius(20) + 5)
try:
    Celsius(20) + "x"
except TypeError as e:
    print("TypeError:", e)
print(sorted([Celsius(3), Celsius(1), Celsius(2)]))
print((3).__add__(Celsius(1)))
