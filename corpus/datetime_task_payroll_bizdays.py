from datetime import date, timedelta

HOLIDAYS = {date(2024, 1, 1), date(2024, 5, 27), date(2024, 7, 4), date(2024, 9, 2),
            date(2024, 11, 28), date(2024, 12, 25)}

def is_business_day(d):
    return d.weekday() < 5 and d not in HOLIDAYS

def business_days_between(start, end):
    count = 0
    d = start
    while d < end:
        if is_business_day(d):
            count += 1
        d += timedelta(days=1)
    return count

def add_business_days(start, n):
    d = start
    step = 1 if n >= 0 else -1
    remaining = abs(n)
    while remaining:
        d += timedelta(days=step)
        if is_business_day(d):
            remaining -= 1
    return d

def paydays(year):
    # semi-monthly: 15th and last day, moved back to previous business day
    out = []
    for m in range(1, 13):
        nxt = date(year + (m == 12), m % 12 + 1, 1)
        for d in (date(year, m, 15), nxt - timedelta(days=1)):
            while not is_business_day(d):
                d -= timedelta(days=1)
            out.append(d)
    return out

for start, end in [(date(2024, 1, 1), date(2024, 2, 1)), (date(2024, 6, 28), date(2024, 7, 8)),
                   (date(2024, 12, 20), date(2025, 1, 3))]:
    print(start, "->", end, business_days_between(start, end), "business days")

for n in (1, 5, 10, -3, -10, 0):
    d = add_business_days(date(2024, 7, 3), n)
    print(f"{n:+3d} bdays from 2024-07-03: {d} ({d:%A})")

rate = 42.5
total = 0.0
for i, p in enumerate(paydays(2024)):
    hours = 80 + (i % 3) * 2.5
    gross = round(hours * rate, 2)
    total += gross
    print(f"{p.isoformat()} {p.strftime('%a %d %b')} hours={hours:6.1f} gross={gross:>10,.2f}")
print(f"total: {total:,.2f}")
print("week numbers:", [p.isocalendar()[1] for p in paydays(2024)[:6]])
print("ordinal span:", date(2024, 12, 31).toordinal() - date(2024, 1, 1).toordinal())
