# Enums with a data type mixed in, and tuple values unpacked into __init__
from enum import Enum


class Planet(Enum):
    MERCURY = (3.303e+23, 2.4397e6)
    VENUS = (4.869e+24, 6.0518e6)
    EARTH = (5.976e+24, 6.37814e6)

    def __init__(self, mass, radius):
        self.mass = mass
        self.radius = radius

    @property
    def surface_gravity(self):
        G = 6.67300E-11
        return G * self.mass / (self.radius * self.radius)


print(Planet.EARTH.value, Planet.EARTH.mass, Planet.EARTH.radius)
print(round(Planet.EARTH.surface_gravity, 3), repr(Planet.VENUS))
print(Planet((3.303e+23, 2.4397e6)))


class F(float, Enum):
    HALF = 0.5
    QUARTER = 0.25


print(F.HALF, repr(F.HALF), str(F.QUARTER), format(F.HALF), F.HALF + 1, F.HALF * 2, F.HALF < F.QUARTER)
print(isinstance(F.HALF, float), F(0.25), F.HALF == 0.5, hash(F.HALF) == hash(0.5))


class Tup(tuple, Enum):
    A = (1, 2)
    B = (3, 4)


print(Tup.A, repr(Tup.B), Tup.A[0], len(Tup.B), Tup.A + (9,), Tup((3, 4)))


class Coord(Enum):
    def __new__(cls, value, label):
        obj = object.__new__(cls)
        obj._value_ = value
        obj.label = label
        return obj

    X = (1, 'ex')
    Y = (2, 'why')


print(Coord.X, Coord.X.value, Coord.X.label, Coord(2), Coord(2).label)


class IntCoded(int, Enum):
    def __new__(cls, value, doc):
        obj = int.__new__(cls, value)
        obj._value_ = value
        obj.doc = doc
        return obj

    ONE = 1, 'the first'
    TWO = 2, 'the second'


print(IntCoded.ONE, repr(IntCoded.TWO), IntCoded.TWO.doc, IntCoded(1) is IntCoded.ONE, IntCoded.ONE + 10)


class StrMix(str, Enum):
    A = 'alpha'
    B = 'beta'


print(StrMix.A, repr(StrMix.B), StrMix.A.upper(), StrMix.A == 'alpha', f"{StrMix.B}", StrMix('beta'))


class Describe:
    def describe(self):
        return f'{self.name} is {self.value}'


class Mixed(Describe, Enum):
    P = 1
    Q = 2


print(Mixed.P.describe(), repr(Mixed.Q), [m.describe() for m in Mixed])


class Auto(Enum):
    def __init__(self, *args):
        self.args = args
    A = 1, 2, 3
    B = 'x'


print(Auto.A.args, Auto.B.args, Auto.A.value)
