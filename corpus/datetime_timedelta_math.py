# timedelta normalisation, arithmetic with ints and floats, rounding.
from datetime import timedelta

cases = [
    timedelta(days=1, hours=25, minutes=61, seconds=3661, milliseconds=1001, microseconds=1001),
    timedelta(hours=-1),
    timedelta(days=-1, seconds=-1),
    timedelta(seconds=0.5, microseconds=0.5),
    timedelta(days=0.1, hours=0.1, minutes=0.1),
    timedelta(microseconds=1.5), timedelta(microseconds=2.5), timedelta(microseconds=-1.5),
    timedelta(weeks=1.5),
    timedelta(0),
]
for td in cases:
    print(repr(td), "|", td, "|", td.days, td.seconds, td.microseconds, td.total_seconds(), bool(td))

a, b = timedelta(hours=7, minutes=30), timedelta(minutes=45)
print(a + b, a - b, b - a, -a, +a, abs(b - a))
print(a * 3, 3 * a, a * 2.5, 0.1 * a, a * -1, a / 7, a / 0.25, a // 7, a // b, a % b, a / b)
print(divmod(a, b), divmod(-a, b), divmod(a, -b))
print(timedelta(microseconds=7) / 2, timedelta(microseconds=5) / 2, timedelta(microseconds=-5) / 2)
print(timedelta(seconds=1) * (1 / 3), timedelta(days=1) / 3, timedelta(days=1) // 3)
print(timedelta(seconds=10) * 1e-7, timedelta(seconds=10) * 0.15, timedelta(seconds=1) / 1e6)
print(sorted([timedelta(minutes=5), timedelta(seconds=-10), timedelta(hours=1), timedelta()]))
print(max(a, b), min(a, b), a > b, a == timedelta(seconds=27000), a != b, a >= a)
print(timedelta.max, timedelta.min, timedelta.resolution)
print(repr(timedelta.max), timedelta.max.total_seconds())
print(timedelta(days=999999999) - timedelta(days=999999999, microseconds=1))
total = timedelta()
for minutes in [15, 30, 45, 50]:
    total += timedelta(minutes=minutes)
print(total, total.total_seconds() / 3600, f"{total}")
for expr in ["timedelta.max + timedelta(microseconds=1)", "a / 0", "a // timedelta(0)",
             "a % timedelta(0)", "a * 'x'", "a + 1", "a < 5", "timedelta(days=1e9)",
             "timedelta(hours='2')", "a / timedelta(0)"]:
    try:
        if expr.startswith("timedelta.max"):
            r = timedelta.max + timedelta(microseconds=1)
        elif expr == "a / 0":
            r = a / 0
        elif expr == "a // timedelta(0)":
            r = a // timedelta(0)
        elif expr == "a % timedelta(0)":
            r = a % timedelta(0)
        elif expr == "a * 'x'":
            r = a * 'x'
        elif expr == "a + 1":
            r = a + 1
        elif expr == "a < 5":
            r = a < 5
        elif expr == "timedelta(days=1e9)":
            r = timedelta(days=1e9)
        elif expr == "timedelta(hours='2')":
            r = timedelta(hours='2')
        else:
            r = a / timedelta(0)
        print(expr, "=", r)
    except (OverflowError, ZeroDivisionError, TypeError) as e:
        print(expr, "->", type(e).__name__, e)
print(a == 27000, a != "7:30:00", hash(a) == hash(timedelta(seconds=27000)))
