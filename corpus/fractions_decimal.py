# Decimal is a numbers.Number (registered by the decimal module) and
# fractions.Fraction takes a Decimal exactly, as CPython.
import decimal
import fractions
import numbers

D = decimal.Decimal
F = fractions.Fraction
print(isinstance(D("1.5"), numbers.Number), isinstance(D(1), numbers.Real),
      issubclass(D, numbers.Complex), issubclass(D, numbers.Number))
print(F(D("1.25")), F(D("-0.5")) + 1, F(D("1E+3")), F(D("0.1")))
print(F.from_decimal(D("3.14159")), F.from_decimal(D(7)))
for bad in (D("NaN"), D("Infinity"), D("-Infinity")):
    for make in (F, F.from_decimal):
        try:
            make(bad)
        except (ValueError, OverflowError) as e:
            print(type(e).__name__, e)
print(F(1, 2) == D("0.5"), D("0.5") == F(1, 2), F(1, 3) < D("0.34"), D("0.33") < F(1, 3))
try:
    F(1, 2) + D("0.5")
except TypeError as e:
    print("TypeError:", e)
try:
    F.from_decimal(1.5)
except TypeError as e:
    print("TypeError:", e)


class MyD(D):
    pass


print(isinstance(MyD(2), numbers.Number), F(MyD("2.5")))

# comparisons: the Decimal times the denominator against the numerator
pairs = [(D("0.5"), F(1, 2)), (D("-1.25"), F(-5, 4)), (D("0.333"), F(1, 3)), (D("1E+2"), F(199, 2)),
         (D("Infinity"), F(10 ** 20, 3)), (D("-Infinity"), F(-1, 7)), (D("-0"), F(0))]
for d, f in pairs:
    print(d, f, d < f, d <= f, d == f, d != f, d > f, d >= f, f < d, f == d, f >= d)
print(sorted([F(1, 3), D("0.3"), F(1, 4), D("0.26"), 0.3]))
try:
    D("NaN") < F(1, 2)
except decimal.InvalidOperation as e:
    print("InvalidOperation", e)
print(D("NaN") == F(1, 2), D("NaN") != F(1, 2))
