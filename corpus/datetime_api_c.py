# Mixed datetime features: user tzinfo, hashing, sorting, parsing, formatting.
from datetime import date, datetime, time, timedelta, timezone, tzinfo
import datetime as dtmod

class EST(tzinfo):
    def utcoffset(self, dt):
        return timedelta(hours=-5)
    def dst(self, dt):
        return timedelta(0)
    def tzname(self, dt):
        return "EST"
    def __repr__(self):
        return "EST()"

est = EST()
d = datetime(2024, 3, 10, 12, 0, tzinfo=est)
print(d, repr(d))
print(d.utcoffset(), d.tzname(), d.dst())
print(d.astimezone(timezone.utc))
print(datetime(2024, 3, 10, 17, tzinfo=timezone.utc).astimezone(est))
print(d == datetime(2024, 3, 10, 17, tzinfo=timezone.utc))
print(hash(d) == hash(datetime(2024, 3, 10, 17, tzinfo=timezone.utc)))
print(d.isoformat(), d.strftime("%Y-%m-%d %H:%M %Z %z"))
print(isinstance(est, tzinfo), isinstance(timezone.utc, tzinfo), isinstance(d, date))
print(type(d).__name__, type(d), dtmod.date, dtmod.MAXYEAR)
t = time(9, 30, tzinfo=est)
print(t, t.utcoffset(), t.isoformat())
ds = [date(2024, 5, 1), date(2023, 1, 1), date(2024, 1, 15)]
print(sorted(ds))
print(min(ds), max(ds))
print({date(2024,1,1): 'a', date(2024,1,1): 'b'})
print(len({datetime(2024,1,1), datetime(2024,1,1,0,0)}))
y, w, wd = date(2024, 12, 30).isocalendar()
print(y, w, wd, date(2024,12,30).isocalendar() == (2025, 1, 1), tuple(date(2021,1,3).isocalendar()))
print(sum([timedelta(hours=1), timedelta(minutes=30)], timedelta()))
print(str(timedelta(seconds=-1)), timedelta(days=-2, seconds=5) < timedelta(0))
print(f"{datetime(2024,1,5,9,5):%A %d %B %Y, %I:%M %p}")
print("{:%Y/%m/%d}".format(date(2024,2,29)))
print(date(2024,2,29) + timedelta(days=365), date(2024,3,31) - date(2024,1,1))
print((datetime(2024,1,1,12) - datetime(2023,12,31,8,30)).total_seconds())
print(timedelta(hours=36) // timedelta(days=1), timedelta(hours=36) % timedelta(days=1))
print(divmod(timedelta(hours=-5), timedelta(hours=2)))
print(timedelta(minutes=90) / 4, timedelta(minutes=90) * 0.3333, -timedelta(minutes=1) * 1.5)
print(timedelta(days=1, seconds=3600), repr(timedelta(microseconds=-1)))
print(datetime.strptime("03/15/2024 14:05:09.250", "%m/%d/%Y %H:%M:%S.%f"))
print(datetime.strptime("15-Mar-2024", "%d-%b-%Y").date())
print(datetime.strptime("2024-03-15T14:05:09+01:00", "%Y-%m-%dT%H:%M:%S%z"))
print(datetime.strptime("Friday, March 15, 2024", "%A, %B %d, %Y"))
print(datetime.strptime("9:05 am", "%I:%M %p").time())
print(datetime.strptime("2024 075", "%Y %j"), datetime.strptime("24", "%y"), datetime.strptime("70", "%y"))
print(datetime.strptime("12 AM", "%I %p"), datetime.strptime("12 PM", "%I %p"))
print(datetime.strptime("2024-01-01 UTC+0000", "%Y-%m-%d %Z%z"))
for bad in [("2024-13-01", "%Y-%m-%d"), ("abc", "%Y"), ("2024-01-01", "%Y-%m-%d %H"), ("10:61", "%H:%M"), ("2024-02-30", "%Y-%m-%d"), ("1", "%Y%")]:
    try:
        datetime.strptime(*bad)
    except ValueError as e:
        print("ValueError:", e)
print(date.fromisoformat("2024-03-15"), date.fromisoformat("20240315"), date.fromisoformat("2024-W11-5"))
print(datetime.fromisoformat("2024-03-15T10:20:30.5+00:00"))
for bad in ["2024-02-30", "2024-03-15 25:00", "", "2024-03-15T10:20:30+2", "x"*10]:
    try:
        print(datetime.fromisoformat(bad))
    except ValueError as e:
        print("ValueError:", e)
print(date(2024,1,1).replace(day=31).isoweekday(), datetime(2024,1,1,5).replace(tzinfo=timezone.utc))
print(datetime.fromtimestamp(0, timezone.utc), datetime.fromtimestamp(86400.5, tz=timezone(timedelta(hours=1))))
print(datetime(1970,1,2,tzinfo=timezone(timedelta(hours=1))).timestamp(), date.fromtimestamp(86399))
print(date(2024,1,1).timetuple()[6:], datetime(2024,7,4).timetuple()[7])
print(bool(date(2024,1,1)), timedelta(0) == timedelta(), timedelta(1) != timedelta(days=1))
print(date.min, date.max, time.min, repr(timedelta.max), datetime.resolution)
print(time(12, 30) < time(13), time(23,59,59,999999).isoformat(), str(time(0,0,0,5)))
print(datetime(2024,1,1) in [datetime(2024,1,1)], date(2024,1,1) in {date(2024,1,1)})
print(date.fromisocalendar(2024, 1, 1), datetime.fromisocalendar(2020, 53, 7))
print(repr(date(2024,1,5).isocalendar()), date(2024,1,5).isocalendar()[1:])
print(date(2024,1,5).ctime(), datetime(2024,12,25,18,30,15).ctime())
print(datetime.combine(date(2024,1,1), time(8)) + timedelta(hours=20))
print(timezone(timedelta(hours=-3)), timezone(timedelta(hours=5, minutes=45), "NPT"), timezone.utc.utcoffset(None))
print(datetime(2024,6,1,tzinfo=timezone(timedelta(hours=2))) - datetime(2024,6,1,tzinfo=timezone.utc))
print(time(1,2,3).replace(hour=5), time(5).strftime("%H:%M:%S %p"))
print(dtmod.datetime(2000,1,1).weekday(), dtmod.timedelta(weeks=2).days)
