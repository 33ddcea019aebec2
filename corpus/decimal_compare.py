# comparisons with int, float, Decimal; NaN rules; FloatOperation; hash equality
from decimal import *

vals = [Decimal(x) for x in ['0', '-0', '1', '1.0', '1.00', '-1', '0.5', '2.5', '1E+2', '100', 'Infinity', '-Infinity']]
for a in vals:
    print(a, [a < b for b in vals], [a == b for b in vals], [a >= b for b in vals])
for a in vals:
    print(a, a == 1, a < 2, 1 > a, a == 0.5, a != 100, max(a, Decimal(0)), min(a, Decimal(0)))
print(sorted([Decimal('2.5'), Decimal(1), Decimal('-3'), Decimal('0.001'), Decimal('1.0')]))
print(Decimal('1.5') == 1.5, Decimal('0.1') == 0.1, Decimal(0.1) == 0.1, Decimal(2) < 2.5, 2.5 > Decimal(2))
print(getcontext().flags[FloatOperation])
getcontext().traps[FloatOperation] = True
print(Decimal('1.5') == 1.5)
try:
    Decimal(1) < 1.5
except FloatOperation as e:
    print('FloatOperation', e, isinstance(e, TypeError))
try:
    Decimal(0.5)
except FloatOperation as e:
    print('FloatOperation', e)
print(Decimal.from_float(0.5))
getcontext().traps[FloatOperation] = False
nan = Decimal('NaN')
print(nan == nan, nan != nan, nan == 1, nan != 1)
for f in [lambda: nan < 1, lambda: nan >= nan, lambda: Decimal('sNaN') == 1, lambda: 1 < Decimal('sNaN')]:
    try:
        print(f())
    except InvalidOperation as e:
        print('InvalidOperation', e)
with localcontext() as c:
    c.traps[InvalidOperation] = False
    print(nan < 1, Decimal('sNaN') == 1, c.flags[InvalidOperation])
print(Decimal(1) == 'a', Decimal(1) != None, Decimal(3) == 3.0)
try:
    Decimal(1) < 'a'
except TypeError as e:
    print(e)
for x in ['1.5', '0', '-0', '100', '1E+2', '1.000', '123.456', '-2.25', '1E-20', 'Infinity', '-Infinity', '3E+300']:
    d = Decimal(x)
    print(x, hash(d) == hash(float(d)), hash(d))
print(hash(Decimal(10**40)) == hash(10**40), hash(Decimal(-7)) == hash(-7), hash(Decimal(-1)))
try:
    hash(Decimal('sNaN'))
except TypeError as e:
    print(e)
print(len({Decimal('1.0'), Decimal(1), 1, 1.0, Decimal('1.00')}))
print(Decimal('2.50').compare(Decimal('2.5')), Decimal(1).compare(2), Decimal(3).compare(Decimal('nan')))
print(Decimal('2.50').compare_total(Decimal('2.5')), Decimal('-1').compare_total(Decimal('nan')),
      Decimal('sNaN').compare_total(Decimal('NaN')), Decimal('-0').compare_total(Decimal('0')))
print(Decimal('-3').compare_total_mag(Decimal('2')), Decimal(1).max(Decimal('1.0')), Decimal(1).min(Decimal('1.0')))
print(Decimal('-3').max_mag(Decimal('2')), Decimal('-3').min_mag(Decimal('2')), Decimal('nan').max(5), Decimal(5).min(Decimal('nan')))
print(Decimal('1.23').same_quantum(Decimal('4.56')), Decimal('1.2').same_quantum(Decimal('1.23')),
      Decimal('nan').same_quantum(Decimal('nan')), Decimal('inf').same_quantum(Decimal('-inf')))
