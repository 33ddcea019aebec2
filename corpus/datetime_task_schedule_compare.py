from datetime import datetime, date, time, timedelta, timezone

def recurring(start, every, until):
    cur = start
    while cur <= until:
        yield cur
        cur += every

def add_months(d, n):
    m = d.month - 1 + n
    y = d.year + m // 12
    m = m % 12 + 1
    for day in range(d.day, 27, -1):
        try:
            return d.replace(year=y, month=m, day=day)
        except ValueError:
            continue
    return d.replace(year=y, month=m, day=min(d.day, 28))

start = datetime(2024, 1, 31, 9, 30)
print([add_months(start, i).strftime("%b %d") for i in range(13)])
print([add_months(date(2023, 8, 31), -i).isoformat() for i in range(7)])
for occ in recurring(datetime(2024, 2, 26, 23, 0), timedelta(hours=20), datetime(2024, 3, 2)):
    print("standup", occ, occ.strftime("%a"))

slots = [(time(9, 0), time(10, 30)), (time(10, 15), time(11, 0)), (time(13, 0), time(14, 0)),
         (time(13, 59, 59), time(15, 0))]
day = date(2024, 4, 2)
for (s1, e1), (s2, e2) in zip(slots, slots[1:]):
    a = datetime.combine(day, e1)
    b = datetime.combine(day, s2)
    print(s1, "-", e1, "vs", s2, "-", e2, "overlap" if b < a else "free", abs(b - a))
t = time(23, 59, 59, 999999)
print(repr(t), t.hour, t.replace(hour=0), time(), time.min, time.max, bool(time(0)))
print(time(12, tzinfo=timezone.utc) < time(13, tzinfo=timezone.utc), time(1) < time(2))
print(datetime.combine(day, time(8, tzinfo=timezone(timedelta(hours=3)))).isoformat())
dl = datetime(2024, 4, 30, 17)
for dt in [datetime(2024, 4, 30, 16, 59), datetime(2024, 4, 30, 17), datetime(2024, 5, 1)]:
    print(dt, "on time" if dt <= dl else f"late by {dt - dl}")
print(date(2024, 1, 1) < date(2024, 1, 2), date(2024, 1, 1) == datetime(2024, 1, 1))
print(datetime(2024, 1, 1) == date(2024, 1, 1), date(2024, 1, 1) != datetime(2024, 1, 1))
aware = datetime(2024, 1, 1, tzinfo=timezone.utc)
for label, fn in [("date<datetime", lambda: date(2024, 1, 1) < datetime(2024, 1, 2)),
                  ("naive<aware", lambda: datetime(2024, 1, 1) < aware),
                  ("time cmp", lambda: time(1) < time(2, tzinfo=timezone.utc)),
                  ("date+int", lambda: date(2024, 1, 1) + 1),
                  ("dt-date", lambda: datetime(2024, 1, 1) - date(2024, 1, 1)),
                  ("time+td", lambda: time(1) + timedelta(hours=1)),
                  ("overflow", lambda: date.max + timedelta(days=1)),
                  ("underflow", lambda: datetime.min - timedelta(seconds=1)),
                  ("replace", lambda: aware.replace(month=2, day=30)),
                  ("combine", lambda: datetime.combine("2024-01-01", time(1))),
                  ("cmp str", lambda: date(2024, 1, 1) < "2024-01-02")]:
    try:
        print(label, fn())
    except Exception as e:
        print(label, type(e).__name__, e)
