# args: --allow-module fractions,numbers --timeout 20
# expect: exit=0 stdout="recursion ok" seconds=30
# Fraction's C methods call back into Python (a subclass's __float__, a
# Rational's numerator, a Complex's imag): a chain that never ends is a
# RecursionError, never a C stack overflow; nothing about the module is
# reachable from its classes.
from fractions import Fraction
import numbers

class Loop(Fraction):
    def __float__(self):
        return float(self + 0.5)

try:
    Loop(1, 2) + 0.25
except RecursionError:
    print("float loop stopped")

class R(numbers.Rational):
    @property
    def numerator(self):
        return Fraction(self) + 1
    denominator = 1
    def __neg__(s): return s
    __pos__ = __abs__ = __neg__
    def _n(s, *a): return NotImplemented
    __add__ = __radd__ = __mul__ = __rmul__ = __truediv__ = __rtruediv__ = __pow__ = __rpow__ = _n
    __floordiv__ = __rfloordiv__ = __mod__ = __rmod__ = __lt__ = __le__ = __eq__ = _n
    __trunc__ = __floor__ = __ceil__ = __round__ = _n
    __hash__ = None

try:
    Fraction(R())
except (RecursionError, NotImplementedError, TypeError) as e:
    print(type(e).__name__)

nested = Fraction(1)
for i in range(20000):
    nested = Fraction(nested, 2) if i % 1000 else Fraction(nested)
print(nested.denominator.bit_length())
for name in ("__globals__", "__builtins__", "__module__"):
    try:
        v = getattr(Fraction.__add__, name)
        print(name, type(v).__name__)
    except AttributeError:
        print(name, "refused")
print("recursion ok")
