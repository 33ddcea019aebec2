# Age calculations, birthdays and day counts as a model would write them.
from datetime import date, timedelta

people = [
    ("Alice", date(1990, 2, 28)),
    ("Bob", date(2000, 2, 29)),
    ("Chen", date(1985, 12, 31)),
    ("Dana", date(2010, 6, 15)),
]
reference = date(2024, 3, 1)


def age_on(born, on):
    years = on.year - born.year
    if (on.month, on.day) < (born.month, born.day):
        years -= 1
    return years


def next_birthday(born, after):
    year = after.year
    while True:
        try:
            candidate = born.replace(year=year)
        except ValueError:
            # born on Feb 29: celebrate on Mar 1 in common years
            candidate = date(year, 3, 1)
        if candidate >= after:
            return candidate
        year += 1


for name, born in people:
    age = age_on(born, reference)
    nb = next_birthday(born, reference)
    days = (nb - reference).days
    lived = reference - born
    print(f"{name:5} born {born:%d %b %Y} ({born.strftime('%A')}): age {age}, "
          f"next birthday {nb.isoformat()} in {days} days, lived {lived.days} days")

oldest = min(people, key=lambda p: p[1])
youngest = max(people, key=lambda p: p[1])
print("oldest:", oldest[0], "youngest:", youngest[0])
gap = youngest[1] - oldest[1]
print("gap:", gap, "=", gap.days // 365, "years-ish", repr(gap))
print("in weeks:", gap // timedelta(weeks=1), "remainder", gap % timedelta(weeks=1))

try:
    date(2023, 2, 29)
except ValueError as e:
    print("ValueError:", e)
try:
    people[1][1].replace(year=2023)
except ValueError as e:
    print("ValueError:", e)
print(date(2024, 2, 29) - timedelta(days=365), date(2024, 2, 29) + timedelta(days=366))
print([d.year for _, d in sorted(people, key=lambda p: p[1], reverse=True)])
