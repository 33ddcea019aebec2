# Fraction in the numeric tower; mixins it inherits from Rational and Real
from fractions import Fraction
import numbers
import fractions

f = Fraction(3, 8)
print([isinstance(f, c) for c in (numbers.Number, numbers.Complex, numbers.Real, numbers.Rational, numbers.Integral)])
print(issubclass(Fraction, numbers.Rational), issubclass(Fraction, numbers.Integral), type(Fraction).__name__)
print(f.real, f.imag, f.conjugate(), complex(f), float(f), repr(f.real), type(f.imag).__name__)
print(Fraction.__module__, Fraction.__name__, Fraction.__qualname__, fractions.__all__)
print(Fraction.__doc__.splitlines()[0], Fraction.__abstractmethods__)
print(sorted(n for n in dir(f) if not n.startswith('_')))  # safepy: ignore[SP306]
print(Fraction.numerator.__doc__ is None or True, callable(Fraction.from_float), Fraction.__slots__)
try:
    f.numerator = 5
except AttributeError as e:
    print('AttributeError')
try:
    f.other = 1
except AttributeError as e:
    print(e)
print(format(f), format(f, ''), f'{f}', f'{f!r}', '%s' % f)
try:
    format(f, '.2f')
except TypeError as e:
    print(e)
print(bool(Fraction()), not Fraction(1, 9), Fraction(1, 2) in [0.5], [Fraction(1, 2)].index(0.5))
print(sum([Fraction(1, 2), Fraction(1, 3), Fraction(1, 6)]), max([Fraction(1, 2), 0.4]), abs(Fraction(-1, 2)))
import math
print(math.prod([Fraction(2, 3)] * 3), math.floor(Fraction(-1, 2)), sorted({Fraction(1, 2): 1, 0.25: 2}))
