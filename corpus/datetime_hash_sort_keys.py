from datetime import date, datetime, time, timedelta, timezone

east = timezone(timedelta(hours=3))
a = datetime(2024, 6, 1, 12, tzinfo=timezone.utc)
b = datetime(2024, 6, 1, 15, tzinfo=east)
print(a == b, hash(a) == hash(b), a.utcoffset(), b.utcoffset(), len({a, b}))
by_day = {}
for n in [5, 1, 31, 15, 1, 5, 28]:
    d = date(2024, 1, n)
    by_day[d] = by_day.get(d, 0) + 1
print(sorted(by_day.items()))
print(min(by_day), max(by_day), sorted(by_day, reverse=True)[:3])
times = [time(23, 59), time(0, 0, 1), time(12), time(12, 0, 0, 1), time()]
print(sorted(times), max(times), time(12) in set(times))
print(bool(time(0)), bool(date(1, 1, 1)), bool(timedelta()), time(1) == time(1, tzinfo=None))
t1 = time(12, tzinfo=timezone.utc)
t2 = time(14, tzinfo=timezone(timedelta(hours=2)))
print(t1 == t2, hash(t1) == hash(t2), t1 < time(12, 1, tzinfo=timezone.utc))
stamps = [datetime(2024, 3, 1, 12, 0, tzinfo=timezone(timedelta(hours=h))) for h in (-5, 0, 5, 9)]
for s in sorted(stamps):
    print(s.isoformat(), s.astimezone(timezone.utc).strftime("%H:%M"))
print(sorted(stamps) == sorted(stamps, key=lambda s: s.timestamp()))
print(date(2024, 1, 1) == datetime(2024, 1, 1), date(2024, 1, 1) != datetime(2024, 1, 1))
print({date(2024, 1, 1): "d"}.get(datetime(2024, 1, 1)), {datetime(2024, 1, 1): 1}.get(datetime(2024, 1, 1, 0, 0, 0, 0)))
keys = {timedelta(hours=1): "h", timedelta(minutes=60): "m", timedelta(seconds=3600): "s"}
print(keys, len(keys))
grid = {(d.isocalendar().week, d.weekday()): d.day for d in (date(2024, 2, 1) + timedelta(n) for n in range(29))}
for w in sorted({k[0] for k in grid}):
    print("W%02d" % w, " ".join("%2s" % grid.get((w, wd), "") for wd in range(7)))
print(datetime(2024, 1, 1).timestamp() == datetime(2024, 1, 1, tzinfo=timezone.utc).timestamp())
print(datetime.fromtimestamp(1700000000, timezone.utc), datetime.utcfromtimestamp(1700000000.5))
print(datetime(2038, 1, 19, 3, 14, 8, tzinfo=timezone.utc).timestamp(), datetime(1969, 12, 31, tzinfo=timezone.utc).timestamp())
print(datetime.fromtimestamp(-86400.25, timezone.utc), date.fromtimestamp(86400 * 365))
