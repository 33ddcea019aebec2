# exp, ln, log10, sqrt at several precisions; power with every kind of exponent; pow with a modulo
from decimal import *
getcontext().traps[InvalidOperation] = False
getcontext().traps[DivisionByZero] = False
getcontext().traps[Overflow] = False
vals = ['0', '1', '2', '-1', '0.5', '10', '100', '1E-10', '123.456', '2.718281828459045', '1E+5', '-0.001', '1E-1000', '0.999999', '1.000001', 'Infinity', '-Infinity', 'NaN', '7E+100', '3']
for prec in (1, 5, 28, 50):
    with localcontext(prec=prec) as c:
        for v in vals:
            d = Decimal(v)
            print(prec, v, d.exp(), d.ln(), d.log10(), d.sqrt())
        print(c.flags)
for prec in (3, 9, 28):
    with localcontext(prec=prec) as c:
        for a in ['2', '0.5', '10', '-2', '1.5', '100', '0', '-0', '1', '7', '1.0000001', 'Infinity']:
            row = []
            for b in ['0.5', '-0.5', '1.5', '2', '-3', '0.1', '10', '1E+3', '-1E+3', '0', 'Infinity', '-Infinity', '100.00', '3.0']:
                try:
                    row.append(str(Decimal(a) ** Decimal(b)))
                except Exception as e:
                    row.append(type(e).__name__)
            print(prec, a, row)
        print(c.flags)
print(pow(Decimal(2), 10, 7), pow(Decimal(3), Decimal(200), 1000), pow(Decimal(-3), 3, 5), pow(Decimal('2.0'), 5, 100), pow(Decimal(10), Decimal('1E+2'), 7))
print(pow(Decimal(2), -1, 5), pow(Decimal('2.5'), 2, 5), pow(Decimal(2), 2, 0), pow(Decimal(0), 0, 5), pow(Decimal(2), 3, Decimal('1E+40')))
print(getcontext().power(2, 10, 1000), getcontext().power(Decimal('1.21'), Decimal('0.5')), 2 ** Decimal('0.5'), Decimal(2) ** Decimal('1E+20'))
print(Decimal('4') ** Decimal('0.5'), Decimal('0.25') ** Decimal('-0.5'), Decimal('8') ** Decimal('1') / 3, Decimal('1E+2') ** Decimal('0.5'), Decimal(16) ** Decimal('0.25'), Decimal(16) ** Decimal('0.75'))
print(Decimal(2).exp(), getcontext().exp(1), getcontext().ln(10), getcontext().log10(Decimal('0.001')))
