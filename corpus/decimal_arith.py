# + - * / // % divmod ** with ints and Decimals, signs, zeros, specials
from decimal import *

vals = [Decimal(x) for x in ['0', '-0', '1', '-1', '2.5', '-7.25', '0.001', '1E+3', '123.456',
                             '-0.5', '1E-5', '99999999999999999999999999999', 'Infinity', '-Infinity']]
ops = [('+', lambda a, b: a + b), ('-', lambda a, b: a - b), ('*', lambda a, b: a * b),
       ('/', lambda a, b: a / b), ('//', lambda a, b: a // b), ('%', lambda a, b: a % b),
       ('divmod', divmod)]
getcontext().traps[InvalidOperation] = False
getcontext().traps[DivisionByZero] = False
for name, f in ops:
    for a in vals:
        row = []
        for b in vals:
            try:
                row.append(str(f(a, b)))
            except Exception as e:
                row.append(type(e).__name__)
        print(name, a, row)
print(getcontext().flags)
getcontext().clear_flags()
getcontext().traps[InvalidOperation] = True
getcontext().traps[DivisionByZero] = True

# mixing with int
print(Decimal('1.5') + 2, 2 + Decimal('1.5'), 3 - Decimal('0.1'), Decimal(7) * -3, 1 / Decimal(8))
print(10 // Decimal(3), 10 % Decimal(-3), divmod(-10, Decimal(3)), Decimal(-10) // 3, Decimal(-10) % 3)
print(-Decimal('0'), +Decimal('-0'), abs(Decimal('-3.50')), -Decimal('1.10'), +Decimal('1.234567890123456789012345678901'))
print(Decimal('1.1') ** 2, Decimal(2) ** 10, Decimal('0.5') ** -3, Decimal(-2) ** 3, Decimal(-2) ** 4)
print(Decimal(3) ** -1, Decimal('1.000') ** 5, Decimal(0) ** 3, Decimal('-0') ** 3, Decimal(5) ** 0)
print(Decimal('Infinity') ** 2, Decimal('Infinity') ** -1, Decimal(0) ** -2 if False else '', 2 ** Decimal(3))
print(Decimal(7) ** Decimal('2'), Decimal('1.5') ** Decimal('2.0'), Decimal(10) ** 30, Decimal(10) ** -30)
print(Decimal('123.456').sqrt(), Decimal(16).sqrt(), Decimal('0.0001').sqrt(), Decimal(0).sqrt(), Decimal('-0').sqrt())
print(Decimal('1E-7').sqrt(), Decimal('2E+11').sqrt(), Decimal('Infinity').sqrt(), Decimal(100).sqrt())

# the unsupported operand types
for a, b in [(Decimal(1), 1.5), (1.5, Decimal(1)), (Decimal(1), '1'), (Decimal(1), None), ([], Decimal(2))]:
    for name, f in ops + [('**', lambda x, y: x ** y)]:
        try:
            f(a, b)
        except TypeError as e:
            print(e)

# errors that trap
cases = [
    ('1/0', lambda: Decimal(1) / 0), ('0/0', lambda: Decimal(0) / 0), ('1//0', lambda: Decimal(1) // 0),
    ('1%0', lambda: Decimal(1) % 0), ('0%0', lambda: Decimal(0) % 0),
    ('inf-inf', lambda: Decimal('inf') - Decimal('inf')), ('inf*0', lambda: Decimal('inf') * 0),
    ('inf%1', lambda: Decimal('inf') % 1), ('inf//inf', lambda: Decimal('inf') // Decimal('inf')),
    ('0**0', lambda: Decimal(0) ** 0), ('sqrt(-1)', lambda: Decimal(-1).sqrt()),
    ('snan+1', lambda: Decimal('sNaN') + 1), ('10**999999999', lambda: Decimal(10) ** 999999999),
    ('1e999999*10', lambda: Decimal('1e999999') * 10),
    ('tiny/big', lambda: Decimal('1e-999999') / 1000000000000000000000000000000000000),
    ('divmod(1,0)', lambda: divmod(Decimal(1), 0)),
    ('-8**0.5', lambda: Decimal(-8) ** Decimal('0.5')),
    ('1E+30//0.001', lambda: Decimal('1E+30') // Decimal('0.001')),
]
for name, f in cases:
    try:
        print(name, '->', f())
    except ArithmeticError as e:
        print(name, '->', type(e).__name__, e)
print(getcontext())
