from datetime import datetime, timedelta, tzinfo, timezone

ZERO = timedelta(0)
HOUR = timedelta(hours=1)

def first_sunday_on_or_after(dt):
    days_to_go = 6 - dt.weekday()
    if days_to_go:
        dt += timedelta(days_to_go)
    return dt

class EUZone(tzinfo):
    """Central European time: DST from the last Sunday of March 01:00 UTC
    to the last Sunday of October 01:00 UTC, with fold for the repeated hour."""
    def __init__(self, std_hours, name, dst_name):
        self.stdoffset = timedelta(hours=std_hours)
        self.stdname = name
        self.dstname = dst_name
    def __repr__(self):
        return self.stdname
    def _bounds_utc(self, year):
        start = first_sunday_on_or_after(datetime(year, 3, 25, 1))
        end = first_sunday_on_or_after(datetime(year, 10, 25, 1))
        return start, end
    def tzname(self, dt):
        return self.dstname if self.dst(dt) else self.stdname
    def utcoffset(self, dt):
        return self.stdoffset + self.dst(dt)
    def dst(self, dt):
        if dt is None or dt.tzinfo is None:
            return ZERO
        start, end = self._bounds_utc(dt.year)
        # local wall times of the switches
        start_local = start + self.stdoffset
        end_local = end + self.stdoffset
        if start_local + HOUR <= dt.replace(tzinfo=None) < end_local:
            return HOUR
        if end_local <= dt.replace(tzinfo=None) < end_local + HOUR:
            return ZERO if dt.fold else HOUR
        return ZERO
    def fromutc(self, dt):
        assert dt.tzinfo is self
        start, end = self._bounds_utc(dt.year)
        naive = dt.replace(tzinfo=None)
        std_time = naive + self.stdoffset
        if start <= naive < end:
            return (std_time + HOUR).replace(tzinfo=self)
        if end <= naive < end + HOUR:
            return std_time.replace(tzinfo=self, fold=1)
        return std_time.replace(tzinfo=self)

CET = EUZone(1, "CET", "CEST")
print(CET._bounds_utc(2024))
u = datetime(2024, 10, 26, 23, 0, tzinfo=timezone.utc)
for i in range(5):
    t = u + timedelta(minutes=30 * i)
    loc = t.astimezone(CET)
    print(t.strftime("%H:%M %Z"), "->", loc.strftime("%Y-%m-%d %H:%M %Z"), "fold", loc.fold, loc.utcoffset(), loc.dst())
u = datetime(2024, 3, 31, 0, 30, tzinfo=timezone.utc)
for i in range(4):
    t = u + timedelta(minutes=30 * i)
    loc = t.astimezone(CET)
    print(t.strftime("%H:%M %Z"), "->", loc.isoformat(), loc.tzname())
a = datetime(2024, 10, 27, 2, 30, tzinfo=CET)
b = a.replace(fold=1)
print(a, a.utcoffset(), a.tzname(), "|", b, b.utcoffset(), b.tzname())
print(a == b, a.astimezone(timezone.utc), b.astimezone(timezone.utc))
print(b - a, b.astimezone(timezone.utc) - a.astimezone(timezone.utc))
print(a.timetuple().tm_isdst, b.timetuple().tm_isdst, a.utctimetuple()[:6])
summer = datetime(2024, 7, 1, 12, tzinfo=CET)
print(summer.astimezone(timezone(timedelta(hours=-4), "EDT")), summer.astimezone(timezone.utc).time())
print(repr(summer), str(summer.timetz()), summer.timetz().utcoffset(), summer.timetz().tzname())
print(sorted([summer, a, b, datetime(2024, 1, 1, tzinfo=CET)]))
print(CET.utcoffset(None), CET.dst(None), CET.tzname(None))
