from datetime import datetime, date, time, timedelta, timezone

moments = [datetime(2024, 1, 1, 0, 0, 0), datetime(2023, 12, 31, 23, 59, 59, 999999),
           datetime(2024, 7, 4, 13, 5, 9, 120), datetime(1999, 2, 28, 6, 30),
           datetime(2024, 2, 29, 12, 0, tzinfo=timezone(timedelta(hours=5, minutes=30))),
           datetime(2020, 11, 1, 1, 2, 3, tzinfo=timezone.utc)]
directives = ["%a", "%A", "%w", "%d", "%b", "%B", "%m", "%y", "%Y", "%H", "%I", "%p", "%M",
              "%S", "%f", "%z", "%Z", "%j", "%U", "%W", "%c", "%x", "%X", "%%", "%G", "%V", "%u", "%e",
              "%D", "%T", "%R", "%F", "%C", "%h", "%n|", "%t|"]
for m in moments:
    print("==", repr(m))
    row = [f"{d}={m.strftime(d)!r}" for d in directives]
    for i in range(0, len(row), 6):
        print("  " + "  ".join(row[i:i + 6]))

print(f"{datetime(2024, 3, 5, 9, 7):%Y/%m/%d %I:%M %p}")
print("{:%A, %B %d, %Y}".format(date(2024, 3, 5)))
print(format(time(14, 3, 2, 5000), "%H.%M.%S.%f"), format(time(14, 3), ""), str(time(14, 3)))
print(date(2024, 3, 5).strftime("%H:%M:%S"), time(7, 8, 9).strftime("%Y-%m-%d %H"))
print(repr(datetime(2024, 1, 1).strftime("")), datetime(2024, 1, 1).strftime("plain text"))
print(datetime(2024, 1, 1).ctime(), date(2024, 1, 9).ctime())
print(datetime(5, 6, 7).strftime("%Y|%y|%C"), date(999, 1, 1).isoformat())

report = [("North", date(2024, 1, 15), 1234.5), ("South", date(2024, 2, 3), 99.0),
          ("East", date(2024, 2, 29), 10500.25), ("West", date(2024, 3, 31), 0.5)]
print(f"{'Region':<8}|{'Date':^18}|{'Quarter':^7}|{'Amount':>12}")
print("-" * 48)
for region, d, amt in report:
    q = (d.month - 1) // 3 + 1
    print(f"{region:<8}|{d:%a %d %b %Y}|{'Q' + str(q):^7}|{amt:>12,.2f}")
print(d.timetuple())
print(datetime(2024, 3, 31, 5, 6, 7).timetuple()[:6], d.timetuple().tm_yday)
