# Decimal from int, str (every syntax), float, tuple, Decimal; repr/str/eng
from decimal import *

for s in ['0', '-0', '+1', '1.', '.5', '00012.3400', '1e3', '1E-3', '1e+03', '-1.5e-10',
          '123456789012345678901234567890', '1_000_000', '  42  ', '\t7\n', '1__0',
          'NaN', 'nan', '-NaN', 'NaN123', 'sNaN', '-sNaN45', 'NaN0', 'NaN00120',
          'Inf', '-inf', 'Infinity', '-INFINITY', '+infinity',
          '0e10', '0E-10', '0.000', '-0.0e5', '1e-7', '1e-6', '123e-9', '0.0000001',
          '1.23E+30', '4.56e-30', '100', '1e2', '12345e-2']:
    d = Decimal(s)
    print(repr(s), repr(d), str(d), d.to_eng_string())

for bad in ['', ' ', 'abc', '1e', 'e5', '1.2.3', '--1', '1 2', 'Infinit', 'nan1a', 'sNaN-1',
            '.', '+', '1e+', '0x10', '1,5']:
    try:
        print(repr(Decimal(bad)))
    except InvalidOperation as e:
        print(repr(bad), type(e).__name__, e)

for i in [0, 1, -1, 10**30, -(2**100), True, False, 123456789]:
    print(repr(Decimal(i)))

for f in [0.1, -0.0, 0.0, 1.5, 1e300, 5e-324, float('inf'), float('-inf'), 2.0**70, 1/3]:
    print(repr(Decimal(f)), repr(Decimal.from_float(f)))
print(repr(Decimal(float('nan'))), repr(Decimal.from_float(5)))

for t in [(0, (1, 2, 3), -2), (1, (0,), 0), (0, (), 5), (1, [4, 5], 3), [0, (1,), 'F'],
          (1, (), 'n'), (0, (1, 2), 'N'), (0, (0, 0, 7), -1)]:
    print(repr(Decimal(t)))

for bad in [(2, (1,), 0), (0, (1,), 'x'), (0, (1,), 1.5), (0, (10,), 0), (0, '12', 0),
            (0, (1,)), (0, (1,), 2, 3), (-1, (1,), 0), ('0', (1,), 0)]:
    try:
        print(repr(Decimal(bad)))
    except Exception as e:
        print(type(e).__name__, e)

for bad in [1j, None, b'1', [1, 2], object]:
    try:
        print(repr(Decimal(bad)))
    except Exception as e:
        print(type(e).__name__, e)

print(repr(Decimal(Decimal('1.50'))), repr(Decimal()), repr(Decimal(value='3')))
print(Decimal('1e-7').to_eng_string(), Decimal('12345e3').to_eng_string(), Decimal('0e5').to_eng_string())
print(Decimal('0E-7').to_eng_string(), Decimal('1.5E+10').to_eng_string(), Decimal('-1E-10').to_eng_string())
try:
    Decimal.from_float('1.5')
except TypeError as e:
    print(e)
getcontext().traps[InvalidOperation] = False
for s in ['１２', '\u0661\u0662.\u0663', '\u00a012\u2003', '1\u00a02', '١e٣', 'NaN١', '\x1c5\x1f', 'ⅷ', '１_０', '٫5']:
    print(repr(s), repr(Decimal(s)))
