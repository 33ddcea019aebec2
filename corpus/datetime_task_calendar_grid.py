from datetime import date, timedelta

def month_grid(year, month, first_weekday=0):
    first = date(year, month, 1)
    nxt = date(year + month // 12, month % 12 + 1, 1)
    ndays = (nxt - first).days
    offset = (first.weekday() - first_weekday) % 7
    cells = [None] * offset + [first + timedelta(days=i) for i in range(ndays)]
    while len(cells) % 7:
        cells.append(None)
    return [cells[i:i + 7] for i in range(0, len(cells), 7)]

def render(year, month, first_weekday=0, marks=()):
    names = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]
    hdr = names[first_weekday:] + names[:first_weekday]
    title = date(year, month, 1).strftime("%B %Y")
    print(title.center(20).rstrip())
    print(" ".join(hdr))
    for week in month_grid(year, month, first_weekday):
        row = []
        for d in week:
            if d is None:
                row.append("  ")
            elif d in marks:
                row.append(f"{d.day:>2}".replace(" ", "*"))
            else:
                row.append(f"{d.day:>2}")
        print(" ".join(row).rstrip())
    print()

render(2024, 2)
render(2023, 10, first_weekday=6, marks={date(2023, 10, 31)})
render(2021, 12, marks={date(2021, 12, 5), date(2021, 12, 25)})
render(1900, 2)
for y in (1900, 2000, 2023, 2024, 2100):
    jan1 = date(y, 1, 1)
    print(y, jan1.strftime("%a"), jan1.isoweekday(), jan1.isocalendar(), date(y, 12, 28).isocalendar().week)
d = date.fromisocalendar(2020, 53, 7)
print(d, d.isocalendar(), tuple(d.isocalendar()))
print(date.fromordinal(1), date.fromordinal(738000), date.min, date.max, date.resolution)
try:
    date.fromisocalendar(2021, 53, 1)
except ValueError as e:
    print(type(e).__name__, e)
