# numbers: subclassing the ABCs, abstract-method errors, registration, the mixins
import numbers
from numbers import Number, Complex, Real, Rational, Integral

class Partial(Rational):
    def __float__(self): return 1.0
try:
    Partial()
except TypeError as e:
    print(e)

class OnlyNumber(Number):
    pass
o = OnlyNumber()
print(isinstance(o, Number), isinstance(o, Complex))
try:
    hash(o)
except TypeError as e:
    print(e)

class Q(Rational):
    """a tiny rational: numerator/denominator given"""
    def __init__(self, n, d): self.n, self.d = n, d
    numerator = property(lambda s: s.n)
    denominator = property(lambda s: s.d)
    def __add__(s, o): return NotImplemented
    __radd__ = __mul__ = __rmul__ = __truediv__ = __rtruediv__ = __add__
    __pow__ = __rpow__ = __floordiv__ = __rfloordiv__ = __mod__ = __rmod__ = __add__
    def __neg__(s): return Q(-s.n, s.d)
    def __pos__(s): return Q(s.n, s.d)
    def __abs__(s): return Q(abs(s.n), s.d)
    def __eq__(s, o): return isinstance(o, Q) and s.n * o.d == o.n * s.d
    def __hash__(s): return 0
    def __lt__(s, o): return float(s) < float(o)
    def __le__(s, o): return float(s) <= float(o)
    def __trunc__(s): return int(float(s))
    __floor__ = __ceil__ = __trunc__
    def __round__(s, n=None): return round(float(s), n)
    def __repr__(s): return f"Q({s.n}, {s.d})"

q = Q(3, 4)
for v in [float(q), complex(q), q.real, q.imag, q.conjugate(), -q, abs(Q(-1, 2)), round(q, 1), q == Q(6, 8)]:
    print(repr(v))
print(bool(Q(0, 1)) if False else "skip")
for c in (Number, Complex, Real, Rational, Integral):
    print(c.__name__, isinstance(q, c), issubclass(Q, c), c.__module__, type(c).__name__)

# register makes a virtual subclass, not inherited methods
class V:
    pass
print(Integral.register(V) is V)
print(isinstance(V(), Number), issubclass(V, Rational), hasattr(V, "__index__"))
try:
    Integral.register(3)
except TypeError as e:
    print(e)

# the abstract bodies raise NotImplementedError through super()
class Sub(Integral):
    def __int__(self):
        return super().__int__()
for name in ["__int__"]:
    try:
        Integral.__int__(5)
    except NotImplementedError as e:
        print("NotImplementedError", e.args)
for meth in [Complex.__neg__, Complex.__abs__, Real.__float__, Real.__lt__]:
    try:
        meth(1) if meth in (Complex.__neg__, Complex.__abs__, Real.__float__) else meth(1, 2)
    except NotImplementedError as e:
        print(meth.__name__, "NotImplementedError", e.args)
# mixins on builtin values through the unbound methods
print(Complex.__sub__(5, 2), Complex.__rsub__(5, 2), Real.__divmod__(7, 2), Real.__rdivmod__(7, 2))
print(Real.__complex__(2.5), Real.conjugate(3), Rational.__float__(7), Integral.__index__(True), Integral.__float__(9))
print(Complex.__bool__(0), Complex.__bool__(0.5))
print(Number.__hash__, Complex.__hash__, Real.__hash__)
print(sorted(n for n in dir(numbers) if not n.startswith("_")))  # safepy: ignore[SP306]
print(Integral.__doc__.splitlines()[0], Rational.__doc__)
# numbers' own import ABCMeta makes new ABCs
class Shape(metaclass=numbers.ABCMeta):
    def area(self): return 0
Shape.register(int)
print(isinstance(3, Shape), isinstance(3.0, Shape), Shape.__abstractmethods__, numbers.ABCMeta.__name__)
