# float and complex subclasses against the protocols: hash/eq, format, errors naming the subclass, __slots__.
import math, statistics
class C(complex):
    def __repr__(self):
        return f"C{complex.__repr__(self)}"
    def norm(self):
        return abs(self)
z = C(3, 4)
print(z, repr(z), z.norm(), z.real, z.imag, z.conjugate(), type(z.conjugate()).__name__)
print(z + 1, type(z + 1).__name__, z * 1j, -z, +z, type(+z).__name__, z == 3+4j, hash(z) == hash(3+4j))
print(complex(z), type(complex(z)).__name__, isinstance(z, complex), C("1+2j"), C(), C(2.5), format(z, ".1f"))
class Vec(complex):
    @property
    def x(self): return self.real
    @property
    def y(self): return self.imag
    def rotate90(self): return Vec(self * 1j)
v = Vec(1, 2)
print(v.x, v.y, v.rotate90(), type(v.rotate90()).__name__, abs(Vec(3, 4)), v.__complex__(), type(v.__complex__()).__name__)
class Temp(float):
    def __init__(self, value, unit="C"):
        self.unit = unit
try:
    Temp(3.0, "F")
except TypeError as e:
    print("TypeError:", e)
class Pct(float):
    def __str__(self):
        return f"{self * 100:.1f}%"
p = Pct(0.125)
print(p, f"{p}", f"{p:.3f}", "{}".format(p), "{!r}".format(p), str(p), [p], round(p, 2), type(round(p, 2)).__name__)
print(isinstance(p, (int, float)), float.__new__(Pct, "2"), type(float.__new__(Pct, "2")).__name__)
print(statistics.mean([float(Pct(0.5)), 0.25]), math.fsum([p, p]), sum([p, p], 0.0), max([p, 0.2]))
try:
    p + "x"
except TypeError as e:
    print(e)
try:
    p < "x"
except TypeError as e:
    print(e)
try:
    "x" + p
except TypeError as e:
    print(e)
class Key(float):
    def __eq__(self, other):
        return abs(float(self) - float(other)) < 0.01
    __hash__ = float.__hash__
d = {Key(1.0): "one"}
print(d[1.0], Key(1.0) == 1.001, Key(1.0) != 1.001, 1.001 == Key(1.0))
class NoHash(float):
    def __eq__(self, other):
        return True
try:
    hash(NoHash(1))
except TypeError as e:
    print(e)
print(math.isnan(Pct(float("nan"))), math.isinf(Pct(float("inf"))), int(Pct(2.9)), math.floor(Pct(-0.5)))
print(divmod(Pct(7.5), 2), Pct(7.5) % 2, 2 ** Pct(0.5), pow(Pct(2.0), 3), Pct(1) / 3)
print(sorted([Pct(0.3), Pct(0.1), 0.2]), Pct(0.5).is_integer(), Pct(2.0).is_integer())
print(Pct.__name__, [k.__name__ for k in type(p).mro()])
print(repr(Pct(-0.0)), Pct(1e300) * 1e10, Pct(3).__hash__() == hash(3))
x = Pct(0.5)
x += 1
print(x, type(x).__name__)
print(float.__str__(p), float.__repr__(p), float.__format__(p, ".2f"), super(Pct, p).__str__())
print(C(1, 2) ** 2, C(1, 0) == 1, 1 + C(0, 1), C(2, 0) / 2)
class Money(float):
    __slots__ = ("currency",)
    def __new__(cls, amount, currency="USD"):
        self = super().__new__(cls, amount)
        self.currency = currency
        return self
    def __repr__(self):
        return f"Money({float(self):.2f}, {self.currency!r})"
m = Money(5, "EUR")
print(m, m.currency, [Money(1), Money(2, "GBP")])
try:
    m.other = 1
except AttributeError as e:
    print(e)
