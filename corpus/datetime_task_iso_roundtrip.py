from datetime import datetime, date, time, timedelta, timezone

samples = [
    datetime(2024, 5, 17, 13, 45, 30),
    datetime(2024, 5, 17, 13, 45, 30, 123456),
    datetime(2024, 5, 17, 13, 45, 30, 500, tzinfo=timezone.utc),
    datetime(2024, 5, 17, 0, 0, tzinfo=timezone(timedelta(hours=-7))),
    datetime(2024, 5, 17, 0, 0, tzinfo=timezone(timedelta(hours=5, minutes=45, seconds=30))),
    datetime(1, 1, 1),
    datetime(9999, 12, 31, 23, 59, 59, 999999),
]
for dt in samples:
    s = dt.isoformat()
    back = datetime.fromisoformat(s)
    print(s, back == dt, repr(back))
    print("  sep:", dt.isoformat(sep=" "), dt.isoformat("T", "minutes"))
    for ts in ("auto", "hours", "seconds", "milliseconds", "microseconds"):
        print("   ", ts, dt.isoformat(timespec=ts))
    print("  str:", str(dt), "date:", dt.date().isoformat(), "time:", dt.timetz().isoformat())

for s in ["2024-05-17", "2024-05-17T08", "2024-05-17T08:30", "2024-05-17 08:30:15.5",
          "2024-05-17T08:30:15.123+02:00", "2024-05-17T08:30:15Z", "20240517", "2024-W20-5",
          "2024-05-17T08:30:15.1234567", "2024-13-01", "17/05/2024", "", "2024-05-17T24:00"]:
    try:
        r = datetime.fromisoformat(s)
        print(repr(s), "->", repr(r), r.isoformat())
    except ValueError as e:
        print(repr(s), "->", type(e).__name__, e)
for s in ["2024-05-17", "20240517", "2024-02-30", "2024-5-7"]:
    try:
        print(repr(s), "date ->", date.fromisoformat(s))
    except ValueError as e:
        print(repr(s), "date ->", type(e).__name__, e)
for s in ["08:30", "08:30:15.250", "08:30:15+05:30", "0830", "25:00", "08"]:
    try:
        t = time.fromisoformat(s)
        print(repr(s), "time ->", repr(t), t.isoformat())
    except ValueError as e:
        print(repr(s), "time ->", type(e).__name__, e)
try:
    datetime.fromisoformat(20240517)
except TypeError as e:
    print(type(e).__name__, e)
try:
    datetime(2024, 1, 1).isoformat(timespec="nanos")
except ValueError as e:
    print(type(e).__name__, e)
