from dataclasses import dataclass, field

@dataclass
class P:
    x: int
    y: int = 0

p = P(1, 2)
P.__init__(p, 7, 8)
print(p)
p.__init__(3)
print(p)
print(p.__repr__(), P.__repr__(p), p.__eq__(P(3, 0)), p.__eq__(1) is NotImplemented)
print(p.__eq__(P(3)), P.__eq__(p, p))
try:
    P.__init__(p, 1, 2, 3)
except TypeError as e:
    print("TypeError:", e)
try:
    p.__repr__(1)
except TypeError as e:
    print("TypeError:", e)
try:
    p.__eq__()
except TypeError as e:
    print("TypeError:", e)

@dataclass
class Q(P):
    z: int = 0
    def __repr__(self):
        return "Q<" + super().__repr__() + ">"
    def __eq__(self, other):
        return super().__eq__(other)

print(Q(1, 2, 3), Q(1) == Q(1), Q(1) == P(1))

@dataclass(order=True, frozen=True)
class O:
    a: int

o = O(1)
print(o.__lt__(O(2)), o.__ge__(O(2)), o.__lt__(5) is NotImplemented, hash(o) == o.__hash__())
try:
    o.__setattr__("a", 1)
except AttributeError as e:
    print(type(e).__name__, e)
try:
    object.__setattr__(o, "a", 5)
    print(o)
except AttributeError as e:
    print(e)

class Meta(type):
    pass

@dataclass
class WithMeta(metaclass=Meta):
    a: int = 1

print(WithMeta(), type(WithMeta).__name__)

@dataclass
class Prop:
    _v: int = 0
    @property
    def v(self):
        return self._v * 2

print(Prop(4).v, Prop(4))

@dataclass
class Cls:
    n: int = 0
    @classmethod
    def make(cls, s):
        return cls(int(s))
    @staticmethod
    def helper():
        return "h"

print(Cls.make("5"), Cls.helper())
