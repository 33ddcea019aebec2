from datetime import date, datetime, time, timedelta, timezone

class Day(date):
    def is_weekend(self):
        return self.weekday() >= 5
    def __repr__(self):
        return "Day(%s)" % self.isoformat()

class Stamp(datetime):
    def label(self):
        return self.strftime("%d %b %H:%M")

class Span(timedelta):
    def hours(self):
        return self.total_seconds() / 3600

d = Day(2024, 3, 9)
print(d, repr(d), d.is_weekend(), type(d).__name__, isinstance(d, date))
for r in [d + timedelta(days=1), d - timedelta(days=1), timedelta(days=2) + d]:
    print(type(r).__name__, r)
print(type(d - date(2024, 1, 1)).__name__, d - date(2024, 1, 1))
print(type(d.replace(day=10)).__name__, d.replace(day=10))
print(type(Day.today()).__name__, type(Day.fromordinal(1)).__name__, Day.fromordinal(738000))
print(type(Day.fromisoformat("2024-02-29")).__name__, Day.fromisoformat("2024-02-29").is_weekend())
print(type(Day.fromisocalendar(2024, 1, 1)).__name__, Day.fromisocalendar(2024, 1, 1))
print(d == date(2024, 3, 9), hash(d) == hash(date(2024, 3, 9)), d < date(2024, 3, 10))
print({d: 1, date(2024, 3, 9): 2})

s = Stamp(2024, 3, 9, 14, 5)
print(s, repr(s), s.label())
for r in [s + timedelta(hours=1), s - timedelta(hours=1), s.replace(minute=0),
          s.astimezone(timezone.utc) if False else s.replace(tzinfo=timezone.utc),
          Stamp.fromisoformat("2024-01-02T03:04"), Stamp.strptime("2024-05-06", "%Y-%m-%d"),
          Stamp.combine(date(2024, 1, 1), time(5)), Stamp.fromtimestamp(0, timezone.utc)]:
    print(type(r).__name__, repr(r))
print(type(s.date()).__name__, type(s.time()).__name__)
print(type(s - datetime(2024, 1, 1)).__name__)

sp = Span(hours=36, minutes=30)
print(sp, repr(sp), sp.hours(), type(sp).__name__)
for r in [sp + timedelta(1), sp * 2, sp / 2, -sp, abs(sp), sp // 2, sp % timedelta(hours=5)]:
    print(type(r).__name__, r)
print(Span(1) == timedelta(1), Span(seconds=5).total_seconds())

class Clock(time):
    def minutes(self):
        return self.hour * 60 + self.minute
t = Clock(9, 45)
print(t, repr(t), t.minutes(), type(t.replace(hour=10)).__name__, type(Clock.fromisoformat("10:30")).__name__)

class Weird(date):
    def __new__(cls, y, m, d, tag="x"):
        self = super().__new__(cls, y, m, d)
        self.tag = tag
        return self
w = Weird(2024, 1, 31, tag="month-end")
print(w, w.tag, repr(w), w.month)
