# Recurring events, overlapping bookings and free slots in a working day.
from datetime import date, datetime, time, timedelta

bookings = [
    ("standup", "2024-04-08T09:00", "2024-04-08T09:15"),
    ("review", "2024-04-08T10:30", "2024-04-08T12:00"),
    ("lunch", "2024-04-08T12:00", "2024-04-08T13:00"),
    ("1:1", "2024-04-08T11:45", "2024-04-08T12:15"),
    ("deploy", "2024-04-08T16:00", "2024-04-08T17:30"),
]
events = sorted((datetime.fromisoformat(a), datetime.fromisoformat(b), name) for name, a, b in bookings)
for s, e, name in events:
    print(f"{name:8} {s:%H:%M}-{e:%H:%M} ({(e - s) // timedelta(minutes=1)} min)")

for (s1, e1, n1), (s2, e2, n2) in zip(events, events[1:]):
    if s2 < e1:
        print("overlap:", n1, "and", n2, "by", e1 - s2)

day_start = datetime.combine(date(2024, 4, 8), time(9))
day_end = datetime.combine(date(2024, 4, 8), time(18))
cursor = day_start
free = []
for s, e, _ in events:
    if s > cursor:
        free.append((cursor, s))
    cursor = max(cursor, e)
if cursor < day_end:
    free.append((cursor, day_end))
print("free:", [f"{a.time()}-{b.time()}" for a, b in free])
print("longest free:", max(free, key=lambda p: p[1] - p[0])[1] - max(free, key=lambda p: p[1] - p[0])[0])
busy = sum((e - s for s, e, _ in events), timedelta())
print("booked:", busy, "free:", sum((b - a for a, b in free), timedelta()))


def every(start, step, until):
    t = start
    while t <= until:
        yield t
        t += step


first = datetime(2024, 1, 31, 9, 30)
print([d.strftime("%d/%m %a") for d in every(first, timedelta(weeks=1), datetime(2024, 3, 1))])


def add_months(d, n):
    m = d.month - 1 + n
    y = d.year + m // 12
    m = m % 12 + 1
    last = (date(y + m // 12, m % 12 + 1, 1) - timedelta(days=1)).day
    return d.replace(year=y, month=m, day=min(d.day, last))


print([add_months(first, k).date().isoformat() for k in range(0, 14, 3)])
print(add_months(date(2024, 1, 31), 1), add_months(date(2023, 12, 31), -10))
third_fridays = []
for month in range(1, 13):
    d = date(2024, month, 1)
    d += timedelta(days=(4 - d.weekday()) % 7 + 14)
    third_fridays.append(d.day)
print(third_fridays)
print(datetime(2024, 4, 8, 23, 30) + timedelta(minutes=45), time(23, 30).replace(minute=59))
