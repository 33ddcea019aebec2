# fma, next_*, logb, scaleb, remainder_near, logical ops, rotate, shift
from decimal import *

c = getcontext()
c.traps[InvalidOperation] = False
c.traps[DivisionByZero] = False
vals = [Decimal(x) for x in ['0', '-0', '1', '-1', '7', '-7.5', '0.001', '123456', '1E+10', '9.999',
                             'Infinity', '-Infinity', 'NaN', '1E-999999', '-1E+999999']]
for v in vals:
    print(v, v.next_plus(), v.next_minus(), v.next_toward(0), v.next_toward(Decimal('inf')), v.logb(),
          v.scaleb(3), v.scaleb(-2), v.fma(2, 1), v.fma(Decimal('-0.5'), Decimal('1E-30')))
for a in vals[:10]:
    print(a, [str(a.remainder_near(b)) for b in vals[:12]])
print(c.flags)
c.clear_flags()
for a, b in [('1100', '1010'), ('0', '0'), ('1', '111'), ('101', '2'), ('-1', '1'), ('1.0', '1'), ('1' * 30, '1')]:
    a, b = Decimal(a), Decimal(b)
    print(a.logical_and(b), a.logical_or(b), a.logical_xor(b), a.logical_invert())
for v in ['123456789', '1', '0', '-1234', '1' * 30, 'Infinity', 'NaN']:
    d = Decimal(v)
    print(v, [str(d.rotate(n)) for n in (-29, -28, -3, 0, 2, 28, 29)], [str(d.shift(n)) for n in (-30, -28, -2, 0, 3, 28)])
print(Decimal(123).rotate(Decimal('2.0')), Decimal(5).scaleb(Decimal('2.0')), Decimal(1).scaleb(10**20))
with localcontext(prec=5, Emin=-10, Emax=10) as lc:
    for v in ['1', '9.9999E+10', '-9.9999E+10', '1E-14', '-1E-14', '0', '0.00001']:
        d = Decimal(v)
        print(v, d.next_plus(), d.next_minus(), d.next_toward(Decimal(1)), d.next_toward(Decimal(-1)))
    print(lc.flags)
    print(lc.logical_invert(Decimal(101)), lc.rotate(Decimal(12345), 2), lc.shift(12345, -2), lc.logb(Decimal('250')))
    print(lc.next_toward(Decimal(1), 2), lc.scaleb(Decimal('1.5'), 3), lc.remainder_near(10, 6), lc.fma(2, 3, 4))
    print(lc.is_finite(5), lc.is_nan(Decimal('nan')), lc.number_class(Decimal('1E-12')), lc.copy_negate(3),
          lc.copy_abs(Decimal(-2)), lc.same_quantum(Decimal('1.0'), Decimal('2.0')), lc.is_subnormal(Decimal('1E-12')),
          lc.compare_total_mag(-3, 2), lc.copy_decimal(7), lc.canonical(Decimal(3)), lc.is_zero(0), lc.is_signed(-1))
for f in [lambda: Decimal(1).fma('x', 1), lambda: Decimal(1).logical_and(1.5), lambda: c.rotate('1', 2)]:
    try:
        f()
    except TypeError as e:
        print(e)
