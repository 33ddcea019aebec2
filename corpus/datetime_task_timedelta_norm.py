from datetime import timedelta

cases = [timedelta(days=1, hours=25, minutes=61, seconds=61, microseconds=1000001),
         timedelta(hours=-1), timedelta(seconds=-0.5), timedelta(microseconds=-1),
         timedelta(weeks=1.5, days=-0.25), timedelta(milliseconds=1.5), timedelta(0),
         timedelta(days=-1, seconds=86399), timedelta(minutes=0.1), timedelta(seconds=1e-7),
         timedelta(microseconds=0.5), timedelta(microseconds=1.5), timedelta(microseconds=2.5)]
for td in cases:
    print(f"{str(td):>28} {repr(td):<60} {td.total_seconds()}")
    print("   parts", td.days, td.seconds, td.microseconds, bool(td), abs(td), -td, +td)

a = timedelta(hours=8, minutes=45)
b = timedelta(minutes=50)
print(a + b, a - b, b - a, a * 3, 3 * a, a * 0.5, a / 4, a / 7, a // 7, a // b, a % b, a / b)
print(divmod(a, b), divmod(-a, b), a * -1.25, round(a / timedelta(hours=1), 3))
print(a > b, a == timedelta(minutes=525), a != b, max(a, b), min(a, b), sorted([a, b, -a]))
print(hash(timedelta(seconds=60)) == hash(timedelta(minutes=1)))
shifts = [timedelta(hours=7, minutes=30), timedelta(hours=9, minutes=15), timedelta(hours=4),
          timedelta(hours=10, minutes=5)]
total = sum(shifts, timedelta())
h, rem = divmod(int(total.total_seconds()), 3600)
m, s = divmod(rem, 60)
print(f"total {total} = {h}h {m:02d}m {s:02d}s; overtime {max(total - timedelta(hours=30), timedelta())}")
print("avg", total / len(shifts))
print(timedelta.max, timedelta.min, timedelta.resolution, repr(timedelta.max))
for op in [lambda: timedelta.max + timedelta(days=1), lambda: timedelta(days=1000000000),
           lambda: timedelta.min - timedelta(microseconds=1), lambda: a / 0, lambda: a // timedelta(0),
           lambda: a + 1, lambda: a * a, lambda: timedelta(hours="1"), lambda: a * float("nan"),
           lambda: a % timedelta(0), lambda: 1 / a]:
    try:
        print(op())
    except Exception as e:
        print(type(e).__name__, e)
