# mixed operations with user numeric types: NotImplemented and the reflected methods
from fractions import Fraction as F
import numbers

class MyRational(numbers.Rational):
    def __init__(self, n, d):
        self.n, self.d = n, d
    numerator = property(lambda s: s.n)
    denominator = property(lambda s: s.d)
    def __repr__(self):
        return f'MyRational({self.n}, {self.d})'
    def _nope(self, *a):
        return NotImplemented
    __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = _nope
    __truediv__ = __rtruediv__ = __floordiv__ = __rfloordiv__ = __mod__ = __rmod__ = _nope
    __pow__ = __rpow__ = __lt__ = __le__ = _nope
    def __neg__(s): return MyRational(-s.n, s.d)
    def __pos__(s): return s
    def __abs__(s): return MyRational(abs(s.n), s.d)
    def __eq__(s, o): return NotImplemented
    def __hash__(s): return 0
    def __trunc__(s): return s.n // s.d
    __floor__ = __ceil__ = __trunc__
    def __round__(s, n=None): return s.n // s.d

r = MyRational(1, 3)
def attempt(label, fn):
    try:
        print(label, repr(fn()))
    except (TypeError, ZeroDivisionError) as e:
        print(label, type(e).__name__ + ':', e)

h = F(1, 2)
attempt('F+r', lambda: h + r)
attempt('r+F', lambda: r + h)
attempt('F-r', lambda: h - r)
attempt('r-F', lambda: r - h)
attempt('r*F', lambda: r * h)
attempt('r/F', lambda: r / h)
attempt('F/r', lambda: h / r)
attempt('r//F', lambda: r // h)
attempt('r%F', lambda: r % h)
attempt('divmod(r,F)', lambda: divmod(r, h))
attempt('divmod(F,r)', lambda: divmod(h, r))
attempt('r**F', lambda: r ** F(2))
attempt('r**F(1,2)', lambda: r ** F(1, 2))
attempt('F**r', lambda: h ** r)
attempt('r/F(0)', lambda: r / F(0))
print(F(1, 3) == r, r == F(1, 3), F(1, 2) > r, F(1, 2) <= r, repr(F(r)), F(r, F(2)), F(F(1, 2), r), F(r, r))

class MyReal(numbers.Real):
    def __init__(self, x): self.x = x
    def __float__(self): return float(self.x)
    def __repr__(self): return f'MyReal({self.x})'
    def _nope(self, *a): return NotImplemented
    __add__ = __radd__ = __mul__ = __rmul__ = __truediv__ = __rtruediv__ = _nope
    __floordiv__ = __rfloordiv__ = __mod__ = __rmod__ = __pow__ = __rpow__ = _nope
    __lt__ = __le__ = __eq__ = _nope
    def __neg__(s): return MyReal(-s.x)
    def __pos__(s): return s
    def __abs__(s): return MyReal(abs(s.x))
    def __hash__(s): return 0
    def __trunc__(s): return int(s.x)
    __floor__ = __ceil__ = __trunc__
    def __round__(s, n=None): return round(s.x, n)

x = MyReal(0.25)
attempt('x+F', lambda: x + h)
attempt('F+x', lambda: h + x)
attempt('x-F', lambda: x - h)
attempt('x*F', lambda: x * F(2))
attempt('x/F', lambda: x / h)
attempt('x//F', lambda: x // F(1, 3))
attempt('x%F', lambda: x % F(1, 3))
attempt('divmod', lambda: divmod(x, F(1, 8)))
attempt('x**F', lambda: x ** F(2))
attempt('x**F(1,2)', lambda: x ** F(1, 2))
attempt('F==x', lambda: h == x)

class MyComplex(numbers.Complex):
    def __init__(self, z): self.z = z
    def __complex__(self): return complex(self.z)
    real = property(lambda s: s.z.real)
    imag = property(lambda s: s.z.imag)
    def _nope(self, *a): return NotImplemented
    __add__ = __radd__ = __mul__ = __rmul__ = __truediv__ = __rtruediv__ = __pow__ = __rpow__ = _nope
    def __neg__(s): return MyComplex(-s.z)
    def __pos__(s): return s
    def __abs__(s): return abs(s.z)
    def conjugate(s): return MyComplex(s.z.conjugate())
    def __eq__(s, o): return NotImplemented
    def __hash__(s): return 0
c = MyComplex(1 + 2j)
attempt('c+F', lambda: c + h)
attempt('F+c', lambda: h + c)
attempt('c*F', lambda: c * F(2))
attempt('c**F', lambda: c ** F(2))
attempt('c/F', lambda: c / F(2))
print(F(1) == MyComplex(1 + 0j), F(1) == MyComplex(0.5 + 0j), F(1) == c)

class Plain:
    pass
attempt('F+Plain', lambda: F(1) + Plain())
attempt('Plain*F', lambda: Plain() * F(1))
attempt('F**Plain', lambda: F(1) ** Plain())
attempt('F<Plain', lambda: F(1) < Plain())
attempt('divmod', lambda: divmod(F(1), Plain()))
attempt('F//str', lambda: F(1) // "2")
attempt('list*F', lambda: [1] * F(2))
attempt('F@F', lambda: F(1) @ F(2))
attempt('F<<1', lambda: F(1) << 1)
attempt('~F', lambda: ~F(1))
attempt('F&1', lambda: F(1) & 1)
attempt('F[0]', lambda: F(1)[0])
attempt('len(F)', lambda: len(F(1)))
print(F(1) == Plain(), F(1) != Plain())
