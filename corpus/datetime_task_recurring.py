from datetime import date, datetime, time, timedelta

def add_months(d, n):
    m = d.month - 1 + n
    y = d.year + m // 12
    m = m % 12 + 1
    last = (date(y + (m == 12), m % 12 + 1, 1) - timedelta(days=1)).day
    return d.replace(year=y, month=m, day=min(d.day, last))

def nth_weekday(year, month, weekday, n):
    """n-th (1-based; -1 = last) given weekday of a month."""
    if n > 0:
        first = date(year, month, 1)
        d = first + timedelta(days=(weekday - first.weekday()) % 7)
        d += timedelta(weeks=n - 1)
        if d.month != month:
            raise ValueError("no %d. weekday %d in %d-%02d" % (n, weekday, year, month))
        return d
    nxt = date(year + (month == 12), month % 12 + 1, 1)
    last = nxt - timedelta(days=1)
    return last - timedelta(days=(last.weekday() - weekday) % 7)

start = date(2024, 1, 31)
print("monthly from", start, [str(add_months(start, i)) for i in range(7)])
print("yearly leap", [str(add_months(date(2024, 2, 29), 12 * i)) for i in range(5)])
print("backwards", [str(add_months(date(2024, 3, 31), -i)) for i in range(4)])

# US-style holidays of 2024 and 2025
for year in (2024, 2025):
    hol = {
        "MLK day": nth_weekday(year, 1, 0, 3),
        "Memorial day": nth_weekday(year, 5, 0, -1),
        "Labor day": nth_weekday(year, 9, 0, 1),
        "Thanksgiving": nth_weekday(year, 11, 3, 4),
        "Christmas": date(year, 12, 25),
    }
    for name, d in sorted(hol.items(), key=lambda kv: kv[1]):
        print(year, "%-13s %s %s (day %s, week %s)" % (name, d, d.strftime("%a"), d.strftime("%j"), d.isocalendar().week))
try:
    nth_weekday(2024, 2, 3, 5)
except ValueError as e:
    print("error:", e)

# a meeting every other Tuesday at 15:30, skipping holidays, until the end of Q1
skip = {date(2024, 2, 13)}
meet = datetime.combine(nth_weekday(2024, 1, 1, 1), time(15, 30))
n = 0
while meet.date() < date(2024, 4, 1):
    mark = " (skipped)" if meet.date() in skip else ""
    print("meeting", meet.strftime("%Y-%m-%d %H:%M %A") + mark)
    n += 0 if mark else 1
    meet += timedelta(weeks=2)
print("held:", n)

# last business day of each month
for m in range(1, 13):
    d = nth_weekday(2024, m, 4, -1)
    last = add_months(date(2024, m, 1), 1) - timedelta(days=1)
    while last.weekday() > 4:
        last -= timedelta(days=1)
    print(date(2024, m, 1).strftime("%b"), "last Friday", d.day, "last business day", last.day, last.strftime("%a"))
