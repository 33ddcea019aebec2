from datetime import date, datetime, timedelta

def age_on(born, on):
    years = on.year - born.year
    if (on.month, on.day) < (born.month, born.day):
        years -= 1
    return years

def next_birthday(born, on):
    year = on.year
    while True:
        try:
            b = born.replace(year=year)
        except ValueError as e:
            print("  replace failed:", type(e).__name__, e)
            b = date(year, 3, 1)
        if b >= on:
            return b
        year += 1

people = [("Ada", date(1815, 12, 10)), ("Leap", date(2000, 2, 29)), ("Newyear", date(1990, 1, 1)),
          ("Eve", date(1985, 12, 31))]
ref = date(2023, 6, 15)
for name, born in people:
    a = age_on(born, ref)
    nb = next_birthday(born, ref)
    days_alive = (ref - born).days
    print(f"{name:8} born {born:%d/%m/%Y} age {a:3d} next {nb} in {(nb - ref).days} days, alive {days_alive:,} days")

print(age_on(date(2000, 2, 29), date(2024, 2, 28)), age_on(date(2000, 2, 29), date(2024, 2, 29)))
td = date(2024, 3, 1) - date(2000, 2, 29)
print(td, td.days, repr(td), td.total_seconds())
weeks, days = divmod(td.days, 7)
print(f"{weeks} weeks and {days} days")
dt1 = datetime(1969, 7, 20, 20, 17, 40)
dt2 = datetime(2023, 6, 15, 12, 0)
delta = dt2 - dt1
print(delta, repr(delta))
print(delta // timedelta(days=365), delta % timedelta(days=365))
print(divmod(delta, timedelta(weeks=1)))
print(delta / timedelta(hours=1))
for bad in [(2023, 2, 29), (2023, 13, 1), (2023, 4, 31), (0, 1, 1), (10000, 1, 1)]:
    try:
        date(*bad)
    except ValueError as e:
        print(bad, type(e).__name__, e)
try:
    date(2023, 1, "5")
except TypeError as e:
    print(type(e).__name__, e)
