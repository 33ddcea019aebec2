# Decimal.__format__: the mini-language (fill, align, sign, z, 0, width, grouping, precision, types)
from decimal import *
vals = [Decimal('1234567.891'), Decimal('-0.0001'), Decimal('nan'), Decimal('-inf'), Decimal('0E+5'), Decimal('-0.004'), Decimal('2.5'), Decimal('1E+20'), Decimal('-sNaN12'), Decimal('0.000001234'), Decimal('-1234.5'), Decimal('9.9999'), Decimal('0')]
for spec in ['', 'f', '.2f', ',.2f', '_.3f', '>15.2f', '<15', '^15.1e', '=+15,.1f', '015.2f', 'e', '.3e', 'E', 'g', '.3g', 'G', '%', '.1%', '#.0f', 'z.1f', ' .2f', '*^20,.2f', '10', '.0f', '.0e', '.0g', 'x', '5x', '020,.2f', '.50f', ',g', 'n', ',n','_g', '_', '08', '+', '.1', '.2', 'F', ',', '012,', 'é<12', '€^11.3', '-', ' ', '=10', '0=10', 'x<', '<', '.', '.f', '10.3G', ',.0%', '+z.0f']:
    out = []
    for v in vals:
        try:
            out.append(format(v, spec))
        except ValueError as e:
            out.append('ValueError:' + str(e))
    print(repr(spec), out)
getcontext().rounding = ROUND_DOWN
print(f'{Decimal("2.999"):.2f}', f'{Decimal(1)/7:.10}', '{:>12,.3f}|{:<8}|'.format(Decimal('1234.5678'), Decimal('0.1')))
getcontext().capitals = 0
print(format(Decimal('1E+20'), ''), format(Decimal('1E+20'), 'G'), str(Decimal('1E+20')))
