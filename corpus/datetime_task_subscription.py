from datetime import date, datetime, timedelta, timezone

class Subscription:
    def __init__(self, user, start, months, price):
        self.user, self.start, self.months, self.price = user, start, months, price

    def end(self):
        m = self.start.month - 1 + self.months
        y, m = self.start.year + m // 12, m % 12 + 1
        last = (date(y + m // 12, m % 12 + 1, 1) - timedelta(days=1)).day
        return date(y, m, min(self.start.day, last))

    def prorated_refund(self, cancel_on):
        total = (self.end() - self.start).days
        used = max(0, min((cancel_on - self.start).days, total))
        return round(self.price * (total - used) / total, 2), used, total

    def __repr__(self):
        return f"Subscription({self.user!r}, {self.start!r}, {self.months})"

subs = [Subscription("ann", date(2024, 1, 31), 1, 9.99), Subscription("ben", date(2023, 11, 30), 3, 29.97),
        Subscription("cat", date(2024, 2, 29), 12, 99.0), Subscription("dan", date(2024, 8, 15), 6, 54.0)]
cancel = date(2024, 2, 10)
for s in subs:
    refund, used, total = s.prorated_refund(cancel)
    status = "active" if s.start <= cancel < s.end() else ("future" if cancel < s.start else "expired")
    print(repr(s), "ends", s.end(), status, f"used {used}/{total} refund ${refund:.2f}")

reminders = []
for s in subs:
    for days_before in (7, 1):
        when = datetime.combine(s.end() - timedelta(days=days_before), datetime.min.time())
        when = when.replace(hour=9, tzinfo=timezone(timedelta(hours=-8)))
        reminders.append((when.astimezone(timezone.utc), s.user, days_before))
for when, user, db in sorted(reminders):
    print(f"{when:%Y-%m-%d %H:%M %Z} remind {user} ({db}d before)")

by_month = {}
for s in subs:
    key = s.end().strftime("%Y-%m")
    by_month.setdefault(key, []).append(s.user)
print(sorted(by_month.items()))
print(date(2024, 2, 10).replace(day=1) - timedelta(days=1), date(2024, 3, 1) - date(2024, 2, 1))
print(min(subs, key=lambda s: s.end()).user, max(s.end() for s in subs))
print(date(2024, 2, 29) + timedelta(days=365), date(2024, 2, 29).replace(year=2028))
d = date(2024, 5, 5)
print(d.__str__(), d.__repr__(), d.__format__("%d.%m."), d.__format__(""), str(d) == d.isoformat())
for bad in [lambda: date(2024, 2, 29).replace(year=2025), lambda: subs[0].prorated_refund("2024-01-01"),
            lambda: Subscription("x", date(2024, 1, 1), 0, 1).prorated_refund(cancel),
            lambda: date(2024, 1, 1).replace(month=0), lambda: date(2024, 1, 1) - datetime(2024, 1, 1)]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, e)
