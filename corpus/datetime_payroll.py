# Payroll: shifts from clock-in/out strings, overtime, night hours, pay periods.
from datetime import datetime, date, time, timedelta

shifts = [
    ("ann", "2024-03-04 08:58", "2024-03-04 17:31"),
    ("ann", "2024-03-05 09:02", "2024-03-05 19:45"),
    ("bo", "2024-03-05 22:00", "2024-03-06 06:30"),
    ("bo", "2024-03-07 21:15", "2024-03-08 07:00"),
    ("ann", "2024-03-09 10:00", "2024-03-09 14:00"),
]
RATE = {"ann": 21.5, "bo": 19.0}
NIGHT_START, NIGHT_END = time(22), time(6)


def night_hours(start, end):
    total = timedelta()
    t = start
    step = timedelta(minutes=15)
    while t < end:
        nxt = min(t + step, end)
        if t.time() >= NIGHT_START or t.time() < NIGHT_END:
            total += nxt - t
        t = nxt
    return total


summary = {}
for who, a, b in shifts:
    start = datetime.strptime(a, "%Y-%m-%d %H:%M")
    end = datetime.strptime(b, "%Y-%m-%d %H:%M")
    worked = end - start
    regular = min(worked, timedelta(hours=8))
    overtime = worked - regular
    night = night_hours(start, end)
    pay = RATE[who] * (regular / timedelta(hours=1)) + 1.5 * RATE[who] * (overtime / timedelta(hours=1))
    pay += 0.25 * RATE[who] * night.total_seconds() / 3600
    weekend = start.weekday() >= 5
    print(f"{who:3} {start:%a %d %b %H:%M} -> {end:%H:%M} worked {worked} "
          f"(ot {overtime}, night {night}){' weekend' if weekend else ''} pay {pay:.2f}")
    s = summary.setdefault(who, [timedelta(), 0.0])
    s[0] += worked
    s[1] += pay

for who, (worked, pay) in sorted(summary.items()):
    print(who, worked, round(worked.total_seconds() / 3600, 2), f"{pay:.2f}")

period_start = date(2024, 3, 4)
for k in range(3):
    ps = period_start + timedelta(weeks=2 * k)
    pe = ps + timedelta(days=13)
    payday = pe + timedelta(days=(4 - pe.weekday()) % 7)
    print(f"period {k + 1}: {ps} .. {pe}, paid {payday:%A %Y-%m-%d}")
print(datetime.combine(period_start, time(9)) + timedelta(hours=8, minutes=30))
print(time(9, 30) < time(17), time(17).hour - time(9, 30).hour, time(9, 30).isoformat("minutes"))
