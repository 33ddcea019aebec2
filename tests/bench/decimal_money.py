# decimal: an invoicing workload - parsing, multiplying, quantizing to cents,
# summing, comparing and formatting, plus a few divisions at high precision
from decimal import Decimal, ROUND_HALF_UP, localcontext

# sized for about a second of python3: the whole program, ROUNDS times
ROUNDS = 5
for _round in range(ROUNDS):
    CENT = Decimal('0.01')
    rates = [Decimal('0.0725'), Decimal('0.19'), Decimal('0.055'), Decimal('0.2')]
    total = Decimal(0)
    lines = []
    for i in range(130000):
        price = Decimal('%d.%02d' % (i % 997, i % 100))
        qty = Decimal(i % 17 + 1)
        net = (price * qty).quantize(CENT, rounding=ROUND_HALF_UP)
        tax = (net * rates[i % 4]).quantize(CENT, rounding=ROUND_HALF_UP)
        gross = net + tax
        if gross > Decimal('5000'):
            gross -= gross * Decimal('0.03')
        total += gross
        if i % 2000 == 0:
            lines.append('%s %s' % (gross, format(gross, ',.2f')))
    with localcontext(prec=60):
        share = total / 7
        root = total.sqrt()
    print(total, share, root, len(lines), lines[-1])
