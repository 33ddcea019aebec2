# A month calendar grid, week numbers and ordinals, computed by hand.
from datetime import date, timedelta

MINYEAR_CHECK = date.min.year


def month_grid(year, month):
    first = date(year, month, 1)
    nxt = date(year + (month == 12), month % 12 + 1, 1)
    ndays = (nxt - first).days
    lines = [f"{first:%B %Y}".center(27), "Wk Mo Tu We Th Fr Sa Su"]
    start = first - timedelta(days=first.weekday())
    day = start
    while day < nxt:
        week = [day + timedelta(i) for i in range(7)]
        cells = [f"{d.day:2d}" if d.month == month else "  " for d in week]
        lines.append(f"{week[0].isocalendar()[1]:2d} " + " ".join(cells))
        day += timedelta(weeks=1)
    return lines, ndays


for y, m in [(2024, 2), (2023, 1), (2026, 12)]:
    lines, n = month_grid(y, m)
    print("\n".join(lines))
    print(f"({n} days)")

for d in [date(1, 1, 1), date(1970, 1, 1), date(2000, 2, 29), date(9999, 12, 31)]:
    o = d.toordinal()
    print(d, o, date.fromordinal(o) == d, d.weekday(), d.isoweekday(), d.strftime("%j %U %W %a"))
print(date.fromordinal(738886), date.fromordinal(1), MINYEAR_CHECK)
print([date(2024, 1, 1) + timedelta(days=k * 100) for k in range(4)])
print(date(2024, 1, 31).replace(month=2, day=29), date.today() > date(2020, 1, 1))
for bad in [(2024, 0, 1), (2024, 4, 31), (0, 1, 1), (10000, 1, 1)]:
    try:
        date(*bad)
    except ValueError as e:
        print("ValueError:", e)
try:
    date.fromordinal(0)
except ValueError as e:
    print("ValueError:", e)
try:
    date.max + timedelta(days=1)
except OverflowError as e:
    print("OverflowError:", e)
