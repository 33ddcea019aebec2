# telco: the "telco" decimal arithmetic workload (after Mike Cowlishaw's
# benchmark): call records (durations in seconds, local or long distance)
# from a seeded linear congruential generator, each priced with exact
# decimals, rounded half-even to cents, taxed, and the totals printed.
from decimal import Decimal, ROUND_HALF_EVEN, ROUND_DOWN, getcontext

CALLS = 700000

getcontext().prec = 28
LOCAL_RATE = Decimal("0.0013")
DISTANCE_RATE = Decimal("0.00894")
BASIC_TAX = Decimal("0.0675")
DISTANCE_TAX = Decimal("0.0341")
CENT = Decimal("0.01")


def records(n):
    seed = 20240607
    for _ in range(n):
        seed = (seed * 1103515245 + 12345) % 2147483648
        yield seed % 3600 + 1, (seed >> 16) % 5 == 0


total_price = Decimal(0)
total_basic = Decimal(0)
total_distance = Decimal(0)
lines = []
for i, (seconds, distance) in enumerate(records(CALLS)):
    rate = DISTANCE_RATE if distance else LOCAL_RATE
    price = (rate * Decimal(seconds)).quantize(CENT, rounding=ROUND_HALF_EVEN)
    basic = (price * BASIC_TAX).quantize(CENT, rounding=ROUND_DOWN)
    total_basic += basic
    cost = price + basic
    if distance:
        dist = (price * DISTANCE_TAX).quantize(CENT, rounding=ROUND_DOWN)
        total_distance += dist
        cost += dist
    total_price += cost
    if i % 5000 == 0:
        lines.append("%d %s %s" % (seconds, price, cost))
print("\n".join(lines))
print(total_price, total_basic, total_distance)
