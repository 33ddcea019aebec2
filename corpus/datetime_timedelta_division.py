from datetime import timedelta as td

cases = [td(hours=25, minutes=61, seconds=3661), td(days=-1, seconds=1), td(microseconds=-1),
         td(weeks=2, days=-20, hours=-1), td(milliseconds=1500.5), td(seconds=0.0000015),
         td(seconds=0.0000025), td(days=0.5, hours=0.5, minutes=0.5), td(minutes=-0.0000005)]
for c in cases:
    print(repr(c), "|", str(c), "|", c.days, c.seconds, c.microseconds, "|", c.total_seconds())
a, b = td(hours=7, minutes=30), td(minutes=45)
print(a / b, a // b, a % b, divmod(a, b), -a // b, -a % b, divmod(-a, b))
print(a / 4, a // 4, a / 0.3, a * 0.1, 0.1 * a, a * 3, 3 * a, a * -1, a / -7)
print(td(microseconds=5) / 2, td(microseconds=7) / 2, td(microseconds=-5) / 2, td(microseconds=5) * 0.5)
print(td(microseconds=3) * 0.5, td(microseconds=1) * 2.5, td(seconds=1) / 3, td(seconds=1) // 3, td(seconds=-1) // 3)
print(td(days=1) * 1e-9, td(days=365) / 7, td(days=365) // td(weeks=1), td(days=365) % td(weeks=1))
print(abs(td(days=-3, hours=2)), +td(days=-1), -td(0), td(0) == td(), bool(td(0)), bool(td(microseconds=1)))
print(sorted([td(1), td(-1), td(hours=23), td(seconds=86401), td(0)]))
print(max(td(hours=1), td(minutes=61)), min(td(weeks=1), td(days=6, hours=25)))
print(td(hours=1) in {td(minutes=60): "x"}, hash(td(0)) == hash(td()), td(days=1, seconds=-86400) == td())
total = sum([td(minutes=m) for m in (15, 30, 45, 60, 75)], td())
print(total, total / 5, total.total_seconds() / 3600)
print(td(days=999999999, hours=23, minutes=59, seconds=59, microseconds=999999) == td.max)
print(td(days=10**9 - 1) // td(days=3), td.max // td.resolution, td.max / td.resolution)
print(td(seconds=1) / td(seconds=3), td(seconds=10) % td(seconds=-3), divmod(td(seconds=10), td(seconds=-3)))
for f in (1/3, 2/3, 0.125, 1e-7, 1e6):
    print(f, td(seconds=1) * f, td(days=1) / (1 / f))
print(round(td(hours=1) / td(minutes=7), 4), int(td(hours=1) / td(minutes=7)))
print("{} | {!r} | {:>20} | {:<20}|".format(td(hours=3), td(hours=3), str(td(hours=3)), str(td(days=-2))))
print(f"{td(seconds=90)}", f"{td(seconds=90)!s:*^15}")
