# Every strftime directive in the C locale, on dates, datetimes and times.
from datetime import date, datetime, time, timezone, timedelta

directives = "aAbBcdfHIjmMpSUwWxXyYzZGuV%"
samples = [
    datetime(2024, 1, 1, 0, 0, 0),
    datetime(2023, 12, 31, 23, 59, 59, 999999),
    datetime(2021, 1, 3, 12, 0, 5, 42, tzinfo=timezone.utc),
    datetime(1999, 7, 4, 13, 7, 9, 123456, tzinfo=timezone(timedelta(hours=-4), "EDT")),
    datetime(5, 6, 7, 8, 9, 10),
]
for dt in samples:
    print(repr(dt))
    print("  " + " | ".join(f"%{c}={dt.strftime('%' + c)}" for c in directives))
d = date(2020, 2, 29)
print(" | ".join(f"%{c}={d.strftime('%' + c)}" for c in directives))
t = time(15, 4, 5, 60, tzinfo=timezone(timedelta(minutes=330)))
print(" | ".join(f"%{c}={t.strftime('%' + c)}" for c in directives))
print(d.strftime(""), repr(d.strftime("no directives")), d.strftime("%Y%%%m"), d.strftime("%%Y"))
print(d.strftime("%-d/%-m"), d.strftime("%e"), d.strftime("%D"), d.strftime("%F %T"), d.strftime("%C %g %h"))
print(datetime(2024, 3, 5, 7, 8).strftime("%Y-%m-%dT%H:%M:%S.%f%z"))
print(format(d, "%d.%m.%Y"), f"{t:%H.%M}", "{0:%B}".format(d), format(d), str(t), format(t, ""))
print(datetime(2024, 1, 1, tzinfo=timezone(timedelta(seconds=3661, microseconds=5))).strftime("%z"))
print(datetime(2024, 1, 1, tzinfo=timezone(timedelta(hours=1), "a%b")).strftime("[%Z]"))
try:
    format(timedelta(1), "%H")
except TypeError as e:
    print("TypeError:", e)
try:
    d.strftime(2024)
except TypeError as e:
    print("TypeError:", e)
