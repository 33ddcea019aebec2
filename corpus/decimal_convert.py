# int, float, round, as_tuple, as_integer_ratio, predicates, number_class, adjusted
from decimal import *

vals = ['0', '-0', '1.5', '2.5', '-2.5', '3.4999', '-7.9', '123456789.987654321', '1E+5', '1.2E-5',
        '12345678901234567890.5', '-0.0001', '0.5', '-0.5', '1.000']
for s in vals:
    d = Decimal(s)
    print(s, int(d), float(d), round(d), round(d, 2), round(d, -1), round(d, 0), d.as_tuple(),
          d.as_integer_ratio(), d.adjusted(), d.number_class(), bool(d))
for s in ['NaN', '-NaN12', 'sNaN3', 'Infinity', '-Infinity']:
    d = Decimal(s)
    print(s, d.as_tuple(), d.is_nan(), d.is_qnan(), d.is_snan(), d.is_infinite(), d.is_finite(), d.number_class(), bool(d))
    for f in [int, float, round, lambda x: round(x, 2), lambda x: x.as_integer_ratio()]:
        try:
            print(' ', f(d))
        except Exception as e:
            print(' ', type(e).__name__, e)
for s in ['1E-999999', '1E-1000000', '0', '-1.5', '1E+999999']:
    d = Decimal(s)
    print(s, d.is_normal(), d.is_subnormal(), d.is_zero(), d.is_signed(), d.is_canonical(), d.number_class(),
          d.copy_abs(), d.copy_negate(), d.copy_sign(Decimal(-1)), d.canonical(), d.radix())
t = Decimal('-1.25').as_tuple()
print(t, t.sign, t.digits, t.exponent, type(t).__name__, t == (1, (1, 2, 5), -2))
print(Decimal(t), Decimal(DecimalTuple(0, (4, 2), 1)))
print(float(Decimal('0.1')), float(Decimal('1e400')), float(Decimal('-1e-400')), float(Decimal('-nan')))
print(int(Decimal('1e30')), int(Decimal('-1e-30')), Decimal(7).real, Decimal(7).imag, Decimal('2.5').conjugate())
try:
    round(Decimal('1.5'), 1.5)
except TypeError as e:
    print(e)
print(Decimal('1.2345').to_integral_exact(), Decimal('-1.5').to_integral(), Decimal('2.5').to_integral_value(ROUND_HALF_UP))
print(Decimal('123.456').normalize(), Decimal('100').normalize(), Decimal('0.000').normalize(), Decimal('-1.20E+3').normalize())
print(Decimal('1.23456').quantize(Decimal('1.00')), Decimal('-1.5').quantize(Decimal(1), rounding=ROUND_DOWN),
      Decimal(123).quantize(Decimal('1E+1')), Decimal('0').quantize(Decimal('0.0001')))
for args in [(Decimal('1e30'), Decimal('0.01')), (Decimal('inf'), Decimal(1)), (Decimal(1), Decimal('1e-9999999'))]:
    try:
        print(args[0].quantize(args[1]))
    except InvalidOperation as e:
        print('InvalidOperation', e)
try:
    Decimal(1).quantize(Decimal(1), rounding='up')
except TypeError as e:
    print(e)
print(Decimal(1).quantize(Decimal('1.0'), ROUND_UP), getcontext().flags[Inexact])
