# Edge cases: broken user tzinfo classes, class methods on instances, strptime corners.
from datetime import date, datetime, time, timedelta, timezone, tzinfo
class NoOff(tzinfo):
    pass
class BadOff(tzinfo):
    def utcoffset(self, dt):
        return 5
    def tzname(self, dt):
        return 3
class BigOff(tzinfo):
    def utcoffset(self, dt):
        return timedelta(hours=30)
for tz in (NoOff(), BadOff(), BigOff()):
    d = datetime(2024, 1, 1, tzinfo=tz)
    for f in ("utcoffset", "tzname", "isoformat", "dst"):
        try:
            print(f, getattr(d, f)())  # safepy: ignore[SP305]
        except Exception as e:
            print(f, type(e).__name__, e)
d = date(2024, 5, 17)
print(d.fromordinal(5), type(d.today()), d.fromisoformat("2024-01-02"))
print(timezone(timedelta(hours=1), "A") == timezone(timedelta(hours=1), "B"))
try:
    timezone.utc < timezone.utc
except TypeError as e:
    print(e)
try:
    date(2024,1,1) < None
except TypeError as e:
    print(e)
try:
    datetime(2024,1,1) + date(2024,1,1)
except TypeError as e:
    print(e)
x = datetime(2024, 1, 31, 23)
x += timedelta(hours=2)
print(x, type(d.isocalendar()), len(d.isocalendar()), list(d.isocalendar()), d.isocalendar()[-1])
print(datetime.max - datetime.min, date.max - date.min, repr(datetime.max - datetime.min))
print(datetime(2024,1,1).__class__.__name__, date.__name__, timedelta.__module__ if False else "")
print(time(12, 0) == time(12, 0, tzinfo=timezone.utc), time(12, tzinfo=timezone(timedelta(hours=1))) == time(11, tzinfo=timezone.utc))
print(datetime(2024,1,1,tzinfo=timezone.utc).astimezone())
print(datetime(2024,1,1).astimezone())
print(datetime(2024,1,1).astimezone(timezone.utc))
print(date(2024, 1, 1).__format__("%Y"), datetime(2024,1,1,5).time(), datetime(2024,1,1).date() == date(2024,1,1))
print(datetime(2024, 1, 1, 12, 30, 45, 123456).isoformat(timespec="hours"), time(1,2,3,4).isoformat("auto"))
print(timedelta(days=3).days * 24, timedelta(3) > timedelta(2, 86399))
print(datetime.strptime("2024-06-01", "%Y-%m-%d") - datetime.strptime("2024-01-01", "%Y-%m-%d"))
print(datetime.strptime(" 5", "%d"), datetime.strptime("Jan", "%b"), datetime.strptime("JANUARY 2 2024", "%B %d %Y"))
print(datetime.strptime("2024-1-1 1:2:3", "%Y-%m-%d %H:%M:%S"), datetime.strptime("20240101", "%Y%m%d"))
print(datetime.strptime("2/29", "%m/%d") if False else "")
try:
    datetime.strptime("2/29", "%m/%d")
except ValueError as e:
    print(e)
print(datetime.strptime("1999 52 0", "%Y %U %w"), datetime.strptime("2024 0 1", "%Y %W %w"))
print(datetime.strptime("t", "t"), datetime.strptime("%", "%%"))
for f in ("%Y-%m-%d %", "%y%q", "%Ę"):
    try:
        datetime.strptime("2024", f)
    except ValueError as e:
        print(e)
