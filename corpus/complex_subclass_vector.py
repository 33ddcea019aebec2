# 2-D vectors as a complex subclass: properties, rotation, repr and plain-complex results.
import math


class Vec(complex):
    @property
    def x(self):
        return self.real

    @property
    def y(self):
        return self.imag

    def length(self):
        return abs(self)

    def rotated(self, degrees):
        turn = complex(math.cos(math.radians(degrees)), math.sin(math.radians(degrees)))
        r = self * turn
        return Vec(round(r.real, 9), round(r.imag, 9))

    def __repr__(self):
        return f"Vec({self.x:g}, {self.y:g})"


v = Vec(3, 4)
print(v, v.x, v.y, v.length(), isinstance(v, complex), type(v).__name__)
print(v.rotated(90), v.rotated(180), v.rotated(45).length())
w = v + Vec(1, 1)
print(w, type(w).__name__, Vec(w))
print(v * 2, v - 1j, -v, +v, type(+v).__name__, v.conjugate(), type(v.conjugate()).__name__)
print(v == 3 + 4j, v == Vec(3, 4), hash(v) == hash(3 + 4j), {v: "a"}[3 + 4j])
print(complex(v), type(complex(v)).__name__, complex.__repr__(v), format(v, ".2f"))
print(Vec("1+2j"), Vec(), Vec(2.5), Vec(1, Vec(0, 1)))
path = [Vec(0, 0), Vec(3, 0), Vec(3, 4), Vec(0, 0)]
print(sum(abs(b - a) for a, b in zip(path, path[1:])))


class Phasor(complex):
    def __new__(cls, magnitude, angle):
        return super().__new__(cls, magnitude * math.cos(angle), magnitude * math.sin(angle))

    def __str__(self):
        return f"{abs(self):.3f}∠{math.degrees(math.atan2(self.imag, self.real)):.1f}°"


p = Phasor(2, math.pi / 3)
print(p, str(p * 1), repr(Phasor(1, 0)), p.__complex__(), type(p.__complex__()).__name__)
try:
    Vec(1, 2) < Vec(2, 3)
except TypeError as e:
    print("TypeError:", e)
