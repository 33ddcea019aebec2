# A Fraction class: normalisation with gcd in __init__, arithmetic with ints
# and fractions (reflected too), comparisons, hashing equal to int's for
# whole numbers, and a ZeroDivisionError.
import math

class Frac:
    def __init__(self, num, den=1):
        if den == 0:
            raise ZeroDivisionError(f"Frac({num}, 0)")
        if den < 0:
            num, den = -num, -den
        g = math.gcd(num, den)
        self.num, self.den = num // g, den // g

    @staticmethod
    def _lift(x):
        if isinstance(x, Frac):
            return x
        if isinstance(x, int):
            return Frac(x)
        return None

    def __add__(self, o):
        o = self._lift(o)
        if o is None:
            return NotImplemented
        return Frac(self.num * o.den + o.num * self.den, self.den * o.den)
    __radd__ = __add__

    def __sub__(self, o):
        o = self._lift(o)
        return NotImplemented if o is None else self + Frac(-o.num, o.den)
    def __rsub__(self, o):
        return Frac(-self.num, self.den) + o
    def __mul__(self, o):
        o = self._lift(o)
        return NotImplemented if o is None else Frac(self.num * o.num, self.den * o.den)
    __rmul__ = __mul__
    def __truediv__(self, o):
        o = self._lift(o)
        return NotImplemented if o is None else Frac(self.num * o.den, self.den * o.num)
    def __rtruediv__(self, o):
        return Frac(o) / self

    def __eq__(self, o):
        o = self._lift(o)
        return o is not None and (self.num, self.den) == (o.num, o.den)
    def __lt__(self, o):
        o = self._lift(o)
        return self.num * o.den < o.num * self.den
    def __le__(self, o):
        return self == o or self < o
    def __hash__(self):
        return hash(self.num) if self.den == 1 else hash((self.num, self.den))
    def __repr__(self):
        return f"{self.num}/{self.den}" if self.den != 1 else str(self.num)

h, t = Frac(1, 2), Frac(1, 3)
print(h + t, h - t, h * t, h / t, 1 - h, 2 / t, h + 1, 3 * t)
print(Frac(6, -8), Frac(4, 2), Frac(4, 2) == 2, {Frac(4, 2): "two"}[2])
print(sorted([Frac(3, 4), Frac(1, 8), Frac(2, 3), Frac(1, 2)]), h <= t, t < h)
print(sum([Frac(1, n) for n in range(1, 7)]), sum([Frac(1, 2)] * 4))
for bad in (lambda: Frac(1, 0), lambda: h / Frac(0)):
    try:
        bad()
    except ZeroDivisionError as e:
        print("ZeroDivisionError:", e)
try:
    h + 0.5
except TypeError as e:
    print("TypeError:", e)
