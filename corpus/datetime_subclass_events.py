from datetime import date, datetime, time, timedelta, timezone


class Event(datetime):
    """A datetime that carries a label; arithmetic gives a plain Event."""
    def __new__(cls, *args, label="", **kw):
        self = super().__new__(cls, *args, **kw)
        self.label = label
        return self

    def __repr__(self):
        return "Event(%s, %r)" % (self.isoformat(), self.label)

    def weekend(self):
        return self.weekday() >= 5


class BizDay(date):
    def next_business_day(self):
        d = self + timedelta(days=1)
        while d.weekday() >= 5:
            d += timedelta(days=1)
        return d

    def __str__(self):
        return self.strftime("%a %d %b")


class Duration(timedelta):
    def __str__(self):
        h, rem = divmod(int(self.total_seconds()), 3600)
        return "%dh%02dm" % (h, rem // 60)


events = [Event(2024, 3, 8, 17, 30, label="release"), Event(2024, 3, 9, 10, label="retro"),
          Event(2024, 3, 11, 9, tzinfo=timezone.utc, label="standup")]
for e in events:
    later = e + timedelta(hours=2)
    print(repr(e), e.weekend(), type(later).__name__, repr(later.label), later.isoformat())
print(sorted(events[:2], reverse=True))
print(Event.fromisoformat("2024-05-01T08:00").label == "", type(Event.strptime("1/2/24", "%m/%d/%y")).__name__)
print(events[0] < events[1], events[1] - events[0], type(events[1] - events[0]).__name__)
d = BizDay(2024, 3, 8)
for _ in range(4):
    print(d, "->", d.next_business_day(), type(d.next_business_day()).__name__)
    d = d.next_business_day()
print(BizDay.fromordinal(739000), BizDay.fromisocalendar(2024, 10, 5), repr(BizDay(2024, 1, 1).replace(day=2)))
print(BizDay.today() > date(2000, 1, 1), BizDay.min, type(BizDay.max).__name__, BizDay(2024, 2, 29).isocalendar())
work = [Duration(hours=7, minutes=45), Duration(hours=8, minutes=10), Duration(minutes=30)]
total = sum(work, Duration())
print([str(w) for w in work], total, type(total).__name__, repr(work[0]), str(Duration(days=1)))
print(max(work), min(work) * 2, isinstance(total, timedelta), Duration(hours=1) == timedelta(minutes=60))
print({BizDay(2024, 1, 1): 1}.get(date(2024, 1, 1)), hash(Duration(1)) == hash(timedelta(1)))
print(isinstance(events[0], date), issubclass(BizDay, date), type(events[0].date()).__name__, type(events[0].time()).__name__)
print(datetime.combine(BizDay(2024, 1, 1), time(9)), type(Event.combine(date(2024, 1, 1), time(9))).__name__)
try:
    class FixedZone(timezone):
        pass
except TypeError as e:
    print("TypeError:", e)
