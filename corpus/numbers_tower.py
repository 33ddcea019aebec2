import numbers
from numbers import Number, Complex, Real, Rational, Integral
for v in [1, True, 1.5, 2j, "x", None]:
    print(repr(v), [isinstance(v, c) for c in (Number, Complex, Real, Rational, Integral)])
for t in (int, bool, float, complex, str):
    print(t.__name__, [issubclass(t, c) for c in (Number, Complex, Real, Rational, Integral)])
print(sorted(Complex.__abstractmethods__))
print(sorted(Real.__abstractmethods__))
print(sorted(Rational.__abstractmethods__))
print(sorted(Integral.__abstractmethods__))
print(Number.__abstractmethods__, Number.__hash__, 0)
print(type(Number), Integral.__name__)
class R(Real):
    pass
try:
    R()
except TypeError as e: print(e)
class MyInt(Integral):
    def __init__(self, v): self.v = v
    def __int__(self): return self.v
    def __add__(s, o): return MyInt(s.v + int(o))
    __radd__ = __add__
    def __neg__(s): return MyInt(-s.v)
    def __pos__(s): return MyInt(s.v)
    def __mul__(s, o): return MyInt(s.v * int(o))
    __rmul__ = __mul__
    def __truediv__(s, o): return s.v / o
    def __rtruediv__(s, o): return o / s.v
    def __pow__(s, o, m=None): return MyInt(pow(s.v, o, m))
    def __rpow__(s, o): return o ** s.v
    def __abs__(s): return MyInt(abs(s.v))
    def conjugate(s): return s
    def __eq__(s, o): return s.v == int(o)
    def __hash__(s): return hash(s.v)
    def __trunc__(s): return s.v
    def __floor__(s): return s.v
    def __ceil__(s): return s.v
    def __round__(s, n=None): return s.v
    def __floordiv__(s, o): return MyInt(s.v // int(o))
    def __rfloordiv__(s, o): return MyInt(int(o) // s.v)
    def __mod__(s, o): return MyInt(s.v % int(o))
    def __rmod__(s, o): return MyInt(int(o) % s.v)
    def __lt__(s, o): return s.v < int(o)
    def __le__(s, o): return s.v <= int(o)
    def __lshift__(s, o): return MyInt(s.v << o)
    def __rlshift__(s, o): return o << s.v
    def __rshift__(s, o): return MyInt(s.v >> o)
    def __rrshift__(s, o): return o >> s.v
    def __and__(s, o): return MyInt(s.v & o)
    __rand__ = __and__
    def __xor__(s, o): return MyInt(s.v ^ o)
    __rxor__ = __xor__
    def __or__(s, o): return MyInt(s.v | o)
    __ror__ = __or__
    def __invert__(s): return MyInt(~s.v)
    def __repr__(s): return f"MyInt({s.v})"
m = MyInt(7)
print(m - 2, 10 - m, divmod(m, 2), divmod(20, m), bool(m), bool(MyInt(0)))
print(float(m), complex(m), m.real, m.imag, m.conjugate(), m.numerator, m.denominator, [0,1,2,3,4,5,6,7,8][m])
print(isinstance(m, Rational), Integral.__float__(m), Rational.__float__(m))
try: Complex.__add__(1, 2)
except NotImplementedError as e: print("NIE", repr(e))
class F: pass
Real.register(F)
print(isinstance(F(), Complex), issubclass(F, Integral))
print(numbers.__all__)
