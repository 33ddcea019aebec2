# Reflected operators: tried after the left operand returns NotImplemented,
# and first when the right operand is a subclass that overrides them.
class Num:
    def __init__(self, v):
        self.v = v
    def __repr__(self):
        return f"{type(self).__name__}({self.v})"
    def __add__(self, other):
        print("  Num.__add__")
        if isinstance(other, Num):
            return Num(self.v + other.v)
        return NotImplemented
    def __radd__(self, other):
        print("  Num.__radd__")
        return Num(other + self.v)
    def __sub__(self, other):
        return NotImplemented
    def __rsub__(self, other):
        print("  Num.__rsub__")
        return Num(other - self.v)
    def __rpow__(self, other):
        return Num(other ** self.v)
    def __rlshift__(self, other):
        return Num(other << self.v)

class Sub(Num):
    def __radd__(self, other):
        print("  Sub.__radd__")
        return Sub(other.v * 100 + self.v)

print(Num(1) + Num(2))
print(10 + Num(2))
print(10 - Num(3))
print(2 ** Num(5), 1 << Num(4))
print(Num(1) + Sub(2))

class Other:
    pass
try:
    Num(1) - Num(2)
except TypeError as e:
    print("TypeError:", e)
try:
    Other() + Num(1)
except TypeError as e:
    print("TypeError:", e)
