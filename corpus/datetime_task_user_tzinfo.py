from datetime import datetime, timedelta, tzinfo, timezone

ZERO = timedelta(0)
HOUR = timedelta(hours=1)

class SimpleUSEastern(tzinfo):
    """DST from 2nd Sunday of March 2:00 to 1st Sunday of Nov 2:00."""
    def _dst_bounds(self, year):
        start = datetime(year, 3, 8, 2)
        start += timedelta(days=(6 - start.weekday()) % 7)
        end = datetime(year, 11, 1, 2)
        end += timedelta(days=(6 - end.weekday()) % 7)
        return start, end
    def utcoffset(self, dt):
        return timedelta(hours=-5) + self.dst(dt)
    def dst(self, dt):
        if dt is None:
            return ZERO
        start, end = self._dst_bounds(dt.year)
        return HOUR if start <= dt.replace(tzinfo=None) < end else ZERO
    def tzname(self, dt):
        return "EDT" if self.dst(dt) else "EST"
    def __repr__(self):
        return "SimpleUSEastern()"

class Fixed(tzinfo):
    def __init__(self, minutes, name):
        self._off = timedelta(minutes=minutes)
        self._name = name
    def utcoffset(self, dt):
        return self._off
    def tzname(self, dt):
        return self._name
    def dst(self, dt):
        return ZERO

class Broken(tzinfo):
    def utcoffset(self, dt):
        return 5

ET = SimpleUSEastern()
print(ET._dst_bounds(2024))
for m, d, h in [(1, 15, 12), (3, 10, 1), (3, 10, 3), (7, 4, 12), (11, 3, 0), (11, 3, 3)]:
    dt = datetime(2024, m, d, h, tzinfo=ET)
    print(dt, dt.tzname(), dt.utcoffset(), dt.dst(), dt.astimezone(timezone.utc).strftime("%H:%M %Z"))
summer = datetime(2024, 7, 4, 12, tzinfo=ET)
winter = datetime(2024, 1, 15, 12, tzinfo=ET)
print(summer - winter, summer.timetuple().tm_isdst, winter.timetuple().tm_isdst)
print(summer.isoformat(), repr(summer))
k = Fixed(330, "Kolkata")
print(summer.astimezone(k), summer.astimezone(k).tzname(), f"{summer.astimezone(k):%z %Z}")
print(datetime(2024, 1, 1, tzinfo=k) == datetime(2023, 12, 31, 18, 30, tzinfo=timezone.utc))
print(isinstance(k, tzinfo), isinstance(timezone.utc, tzinfo), tzinfo().tzname.__name__)
for label, fn in [("broken offset", lambda: datetime(2024, 1, 1, tzinfo=Broken()).utcoffset()),
                  ("base tzinfo", lambda: datetime(2024, 1, 1, tzinfo=tzinfo()).utcoffset()),
                  ("base astimezone", lambda: datetime(2024, 1, 1, tzinfo=timezone.utc).astimezone(tzinfo())),
                  ("too big", lambda: datetime(2024, 1, 1, tzinfo=Fixed(1440, "x")).utcoffset()),
                  ("not tzinfo", lambda: datetime(2024, 1, 1, tzinfo=5)),
                  ("fromutc", lambda: k.fromutc(datetime(2024, 1, 1, tzinfo=k))),
                  ("fromutc naive", lambda: k.fromutc(datetime(2024, 1, 1)))]:
    try:
        print(label, fn())
    except Exception as e:
        print(label, type(e).__name__, e)


class Logged(Fixed):
    def fromutc(self, dt):
        print("fromutc via", type(self).__name__)
        return super().fromutc(dt)


lg = Logged(-300, "EST-ish")
print(datetime(2024, 5, 1, 12, tzinfo=timezone.utc).astimezone(lg))
base = tzinfo()
for name in ("tzname", "utcoffset", "dst"):
    try:
        getattr(base, name)(None)  # safepy: ignore[SP305]
    except NotImplementedError as e:
        print(name, e)
try:
    base.fromutc(5)
except TypeError as e:
    print("fromutc", e)
