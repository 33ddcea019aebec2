# A realistic money program: an invoice with line items, discounts, taxes,
# banker's vs commercial rounding, splitting a bill into shares that add up
from decimal import Decimal, ROUND_HALF_UP, ROUND_HALF_EVEN, ROUND_DOWN, localcontext, getcontext

CENT = Decimal('0.01')


def money(x, rounding=ROUND_HALF_UP):
    return Decimal(x).quantize(CENT, rounding=rounding)


items = [
    ('Widget', '19.99', 3), ('Gadget', '4.555', 7), ('Gizmo', '0.125', 40),
    ('Service hour', '85.00', Decimal('2.5')), ('Shipping', '12.3449', 1),
]
subtotal = Decimal('0')
print('%-14s %8s %6s %10s' % ('item', 'price', 'qty', 'amount'))
for name, price, qty in items:
    amount = money(Decimal(price) * qty)
    subtotal += amount
    print('%-14s %8s %6s %10s' % (name, price, qty, amount))
discount = money(subtotal * Decimal('0.075'))
taxable = subtotal - discount
tax = money(taxable * Decimal('0.0825'))
total = taxable + tax
for label, v in [('subtotal', subtotal), ('discount', -discount), ('tax', tax), ('total', total)]:
    print(f'{label:>10}: {v:>12,.2f}')

# three ways of rounding the same amounts
for x in ['2.675', '2.665', '-2.675', '0.005', '1.115', '1.125']:
    d = Decimal(x)
    print(x, money(d), money(d, ROUND_HALF_EVEN), money(d, ROUND_DOWN), round(d, 2), f'{d:.2f}')

# split a bill into n shares whose sum is the total exactly
def split(total, n):
    base = (total / n).quantize(CENT, rounding=ROUND_DOWN)
    shares = [base] * n
    rest = total - base * n
    i = 0
    while rest > 0:
        shares[i] += CENT
        rest -= CENT
        i += 1
    return shares

for n in (3, 7, 11):
    s = split(total, n)
    print(n, s[:3], sum(s) == total, sum(s))

# compound interest, monthly, over 30 years at high precision
with localcontext() as ctx:
    ctx.prec = 40
    balance = Decimal('10000')
    rate = Decimal('0.045') / 12
    for month in range(360):
        balance += (balance * rate).quantize(Decimal('0.0001'))
    print('balance', balance, money(balance))
    payment = Decimal('250000') * rate / (1 - (1 + rate) ** -360)
    print('mortgage payment', money(payment), payment.quantize(Decimal('1E-10')))
print(getcontext().prec)

# currency conversion table
rates = {'EUR': Decimal('0.9234'), 'JPY': Decimal('149.87'), 'GBP': Decimal('0.7912')}
for amount in ['1', '99.99', '1234567.891']:
    row = [f'{code} {money(Decimal(amount) * r):,}' for code, r in sorted(rates.items())]
    print(amount, ' | '.join(row))
