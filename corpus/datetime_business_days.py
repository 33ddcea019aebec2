# Business days between dates, skipping weekends and holidays.
from datetime import date, timedelta

holidays = {date(2024, 1, 1), date(2024, 1, 15), date(2024, 2, 19), date(2024, 5, 27),
            date(2024, 7, 4), date(2024, 12, 25)}


def is_business_day(d):
    return d.weekday() < 5 and d not in holidays


def business_days_between(start, end):
    count = 0
    day = start
    while day < end:
        if is_business_day(day):
            count += 1
        day += timedelta(days=1)
    return count


def add_business_days(start, n):
    day = start
    while n > 0:
        day += timedelta(days=1)
        if is_business_day(day):
            n -= 1
    return day


print(business_days_between(date(2024, 1, 1), date(2024, 2, 1)))
print(business_days_between(date(2024, 7, 1), date(2024, 7, 8)))
for start, n in [(date(2024, 12, 20), 5), (date(2024, 2, 16), 1), (date(2024, 1, 12), 10)]:
    due = add_business_days(start, n)
    print(f"{start} + {n} business days = {due} ({due:%a})")

# Monthly summary of working days in the first half of 2024
for month in range(1, 7):
    first = date(2024, month, 1)
    nxt = date(2024, month + 1, 1)
    days = (nxt - first).days
    work = business_days_between(first, nxt)
    weekends = sum(1 for i in range(days) if (first + timedelta(i)).isoweekday() in (6, 7))
    print(f"{first:%B}: {days} days, {work} working, {weekends} weekend days")

# ISO weeks of the holidays
for h in sorted(holidays):
    y, w, d = h.isocalendar()
    print(h, "week", w, "day", d, h.isocalendar())
weeks = {}
for h in holidays:
    weeks.setdefault(h.isocalendar().week, []).append(h)
print(sorted(weeks))
print(date(2024, 12, 30).isocalendar(), date(2021, 1, 3).isocalendar(), date(2026, 12, 31).isocalendar())
