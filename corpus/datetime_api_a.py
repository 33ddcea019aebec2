# CPython's results and messages for the datetime API, one expression each.
from datetime import date, datetime, time, timedelta, timezone, tzinfo, MINYEAR, MAXYEAR
try:
    r = (date(2024,13,1))
    print('date(2024,13,1)', '->', repr(r))
except Exception as e:
    print('date(2024,13,1)', '!!', type(e).__name__, e)
try:
    r = (date(2024,2,30))
    print('date(2024,2,30)', '->', repr(r))
except Exception as e:
    print('date(2024,2,30)', '!!', type(e).__name__, e)
try:
    r = (date(0,1,1))
    print('date(0,1,1)', '->', repr(r))
except Exception as e:
    print('date(0,1,1)', '!!', type(e).__name__, e)
try:
    r = (date(10000,1,1))
    print('date(10000,1,1)', '->', repr(r))
except Exception as e:
    print('date(10000,1,1)', '!!', type(e).__name__, e)
try:
    r = (date(2024,1))
    print('date(2024,1)', '->', repr(r))
except Exception as e:
    print('date(2024,1)', '!!', type(e).__name__, e)
try:
    r = (date('a',1,1))
    print("date('a',1,1)", '->', repr(r))
except Exception as e:
    print("date('a',1,1)", '!!', type(e).__name__, e)
try:
    r = (date(2024.0,1,1))
    print('date(2024.0,1,1)', '->', repr(r))
except Exception as e:
    print('date(2024.0,1,1)', '!!', type(e).__name__, e)
try:
    r = (datetime(2024,1,1,24))
    print('datetime(2024,1,1,24)', '->', repr(r))
except Exception as e:
    print('datetime(2024,1,1,24)', '!!', type(e).__name__, e)
try:
    r = (datetime(2024,1,1,1,60))
    print('datetime(2024,1,1,1,60)', '->', repr(r))
except Exception as e:
    print('datetime(2024,1,1,1,60)', '!!', type(e).__name__, e)
try:
    r = (datetime(2024,1,1,1,1,60))
    print('datetime(2024,1,1,1,1,60)', '->', repr(r))
except Exception as e:
    print('datetime(2024,1,1,1,1,60)', '!!', type(e).__name__, e)
try:
    r = (datetime(2024,1,1,1,1,1,1000000))
    print('datetime(2024,1,1,1,1,1,1000000)', '->', repr(r))
except Exception as e:
    print('datetime(2024,1,1,1,1,1,1000000)', '!!', type(e).__name__, e)
try:
    r = (datetime(2024,1,1,fold=2))
    print('datetime(2024,1,1,fold=2)', '->', repr(r))
except Exception as e:
    print('datetime(2024,1,1,fold=2)', '!!', type(e).__name__, e)
try:
    r = (datetime(2024,1,1,tzinfo=1))
    print('datetime(2024,1,1,tzinfo=1)', '->', repr(r))
except Exception as e:
    print('datetime(2024,1,1,tzinfo=1)', '!!', type(e).__name__, e)
try:
    r = (time(25))
    print('time(25)', '->', repr(r))
except Exception as e:
    print('time(25)', '!!', type(e).__name__, e)
try:
    r = (timedelta(days=1e10))
    print('timedelta(days=1e10)', '->', repr(r))
except Exception as e:
    print('timedelta(days=1e10)', '!!', type(e).__name__, e)
try:
    r = (timedelta(days=1000000000))
    print('timedelta(days=1000000000)', '->', repr(r))
except Exception as e:
    print('timedelta(days=1000000000)', '!!', type(e).__name__, e)
try:
    r = (date(2024,1,1) < datetime(2024,1,1))
    print('date(2024,1,1) < datetime(2024,1,1)', '->', repr(r))
except Exception as e:
    print('date(2024,1,1) < datetime(2024,1,1)', '!!', type(e).__name__, e)
try:
    r = (date(2024,1,1) == datetime(2024,1,1))
    print('date(2024,1,1) == datetime(2024,1,1)', '->', repr(r))
except Exception as e:
    print('date(2024,1,1) == datetime(2024,1,1)', '!!', type(e).__name__, e)
try:
    r = (datetime(2024,1,1) < date(2024,1,1))
    print('datetime(2024,1,1) < date(2024,1,1)', '->', repr(r))
except Exception as e:
    print('datetime(2024,1,1) < date(2024,1,1)', '!!', type(e).__name__, e)
try:
    r = (datetime(2024,1,1) < datetime(2024,1,1,tzinfo=timezone.utc))
    print('datetime(2024,1,1) < datetime(2024,1,1,tzinfo=timezone.utc)', '->', repr(r))
except Exception as e:
    print('datetime(2024,1,1) < datetime(2024,1,1,tzinfo=timezone.utc)', '!!', type(e).__name__, e)
try:
    r = (datetime(2024,1,1) == datetime(2024,1,1,tzinfo=timezone.utc))
    print('datetime(2024,1,1) == datetime(2024,1,1,tzinfo=timezone.utc)', '->', repr(r))
except Exception as e:
    print('datetime(2024,1,1) == datetime(2024,1,1,tzinfo=timezone.utc)', '!!', type(e).__name__, e)
try:
    r = (datetime(2024,1,1) - datetime(2024,1,1,tzinfo=timezone.utc))
    print('datetime(2024,1,1) - datetime(2024,1,1,tzinfo=timezone.utc)', '->', repr(r))
except Exception as e:
    print('datetime(2024,1,1) - datetime(2024,1,1,tzinfo=timezone.utc)', '!!', type(e).__name__, e)
try:
    r = (date(2024,1,1)+1)
    print('date(2024,1,1)+1', '->', repr(r))
except Exception as e:
    print('date(2024,1,1)+1', '!!', type(e).__name__, e)
try:
    r = (1+date(2024,1,1))
    print('1+date(2024,1,1)', '->', repr(r))
except Exception as e:
    print('1+date(2024,1,1)', '!!', type(e).__name__, e)
try:
    r = (date(2024,1,1)-1)
    print('date(2024,1,1)-1', '->', repr(r))
except Exception as e:
    print('date(2024,1,1)-1', '!!', type(e).__name__, e)
try:
    r = (timedelta(1) < 1)
    print('timedelta(1) < 1', '->', repr(r))
except Exception as e:
    print('timedelta(1) < 1', '!!', type(e).__name__, e)
try:
    r = (timedelta(1) == 1)
    print('timedelta(1) == 1', '->', repr(r))
except Exception as e:
    print('timedelta(1) == 1', '!!', type(e).__name__, e)
try:
    r = (timedelta(1)*1.5)
    print('timedelta(1)*1.5', '->', repr(r))
except Exception as e:
    print('timedelta(1)*1.5', '!!', type(e).__name__, e)
try:
    r = (timedelta(1)/0)
    print('timedelta(1)/0', '->', repr(r))
except Exception as e:
    print('timedelta(1)/0', '!!', type(e).__name__, e)
try:
    r = (timedelta(1)//0)
    print('timedelta(1)//0', '->', repr(r))
except Exception as e:
    print('timedelta(1)//0', '!!', type(e).__name__, e)
try:
    r = (timedelta(1)%timedelta(0))
    print('timedelta(1)%timedelta(0)', '->', repr(r))
except Exception as e:
    print('timedelta(1)%timedelta(0)', '!!', type(e).__name__, e)
try:
    r = (timedelta(1)/timedelta(0))
    print('timedelta(1)/timedelta(0)', '->', repr(r))
except Exception as e:
    print('timedelta(1)/timedelta(0)', '!!', type(e).__name__, e)
try:
    r = (time(1) < time(1,tzinfo=timezone.utc))
    print('time(1) < time(1,tzinfo=timezone.utc)', '->', repr(r))
except Exception as e:
    print('time(1) < time(1,tzinfo=timezone.utc)', '!!', type(e).__name__, e)
try:
    r = (time(1)+timedelta(1))
    print('time(1)+timedelta(1)', '->', repr(r))
except Exception as e:
    print('time(1)+timedelta(1)', '!!', type(e).__name__, e)
try:
    r = (date.max+timedelta(1))
    print('date.max+timedelta(1)', '->', repr(r))
except Exception as e:
    print('date.max+timedelta(1)', '!!', type(e).__name__, e)
try:
    r = (datetime.max+timedelta(1))
    print('datetime.max+timedelta(1)', '->', repr(r))
except Exception as e:
    print('datetime.max+timedelta(1)', '!!', type(e).__name__, e)
try:
    r = (date.min-timedelta(1))
    print('date.min-timedelta(1)', '->', repr(r))
except Exception as e:
    print('date.min-timedelta(1)', '!!', type(e).__name__, e)
try:
    r = (timedelta.max+timedelta(1))
    print('timedelta.max+timedelta(1)', '->', repr(r))
except Exception as e:
    print('timedelta.max+timedelta(1)', '!!', type(e).__name__, e)
try:
    r = (timezone(timedelta(hours=24)))
    print('timezone(timedelta(hours=24))', '->', repr(r))
except Exception as e:
    print('timezone(timedelta(hours=24))', '!!', type(e).__name__, e)
try:
    r = (timezone(1))
    print('timezone(1)', '->', repr(r))
except Exception as e:
    print('timezone(1)', '!!', type(e).__name__, e)
try:
    r = (timezone(timedelta(hours=5),3))
    print('timezone(timedelta(hours=5),3)', '->', repr(r))
except Exception as e:
    print('timezone(timedelta(hours=5),3)', '!!', type(e).__name__, e)
try:
    r = (timezone(timedelta(hours=5, microseconds=1)))
    print('timezone(timedelta(hours=5, microseconds=1))', '->', repr(r))
except Exception as e:
    print('timezone(timedelta(hours=5, microseconds=1))', '!!', type(e).__name__, e)
try:
    r = (timedelta(seconds=1.5, microseconds=0.5))
    print('timedelta(seconds=1.5, microseconds=0.5)', '->', repr(r))
except Exception as e:
    print('timedelta(seconds=1.5, microseconds=0.5)', '!!', type(e).__name__, e)
try:
    r = (timedelta(0.1))
    print('timedelta(0.1)', '->', repr(r))
except Exception as e:
    print('timedelta(0.1)', '!!', type(e).__name__, e)
try:
    r = (timedelta(hours=-1))
    print('timedelta(hours=-1)', '->', repr(r))
except Exception as e:
    print('timedelta(hours=-1)', '!!', type(e).__name__, e)
try:
    r = (-timedelta(hours=1))
    print('-timedelta(hours=1)', '->', repr(r))
except Exception as e:
    print('-timedelta(hours=1)', '!!', type(e).__name__, e)
try:
    r = (str(-timedelta(hours=1)))
    print('str(-timedelta(hours=1))', '->', repr(r))
except Exception as e:
    print('str(-timedelta(hours=1))', '!!', type(e).__name__, e)
try:
    r = (str(timedelta(days=2, microseconds=5)))
    print('str(timedelta(days=2, microseconds=5))', '->', repr(r))
except Exception as e:
    print('str(timedelta(days=2, microseconds=5))', '!!', type(e).__name__, e)
try:
    r = (repr(timezone(timedelta(hours=-5),'EST')))
    print("repr(timezone(timedelta(hours=-5),'EST'))", '->', repr(r))
except Exception as e:
    print("repr(timezone(timedelta(hours=-5),'EST'))", '!!', type(e).__name__, e)
try:
    r = (repr(timezone(timedelta(hours=5,minutes=30))))
    print('repr(timezone(timedelta(hours=5,minutes=30)))', '->', repr(r))
except Exception as e:
    print('repr(timezone(timedelta(hours=5,minutes=30)))', '!!', type(e).__name__, e)
try:
    r = (str(timezone(timedelta(hours=5,minutes=30))))
    print('str(timezone(timedelta(hours=5,minutes=30)))', '->', repr(r))
except Exception as e:
    print('str(timezone(timedelta(hours=5,minutes=30)))', '!!', type(e).__name__, e)
try:
    r = (str(timezone.utc))
    print('str(timezone.utc)', '->', repr(r))
except Exception as e:
    print('str(timezone.utc)', '!!', type(e).__name__, e)
try:
    r = (timezone(timedelta(0)))
    print('timezone(timedelta(0))', '->', repr(r))
except Exception as e:
    print('timezone(timedelta(0))', '!!', type(e).__name__, e)
try:
    r = (timezone(timedelta(0)) is timezone.utc)
    print('timezone(timedelta(0)) is timezone.utc', '->', repr(r))
except Exception as e:
    print('timezone(timedelta(0)) is timezone.utc', '!!', type(e).__name__, e)
try:
    r = (timezone(timedelta(seconds=5)).tzname(None))
    print('timezone(timedelta(seconds=5)).tzname(None)', '->', repr(r))
except Exception as e:
    print('timezone(timedelta(seconds=5)).tzname(None)', '!!', type(e).__name__, e)
try:
    r = (date.fromisoformat('2024-1-01'))
    print("date.fromisoformat('2024-1-01')", '->', repr(r))
except Exception as e:
    print("date.fromisoformat('2024-1-01')", '!!', type(e).__name__, e)
try:
    r = (datetime.fromisoformat('2024-01-01T'))
    print("datetime.fromisoformat('2024-01-01T')", '->', repr(r))
except Exception as e:
    print("datetime.fromisoformat('2024-01-01T')", '!!', type(e).__name__, e)
try:
    r = (date.fromisoformat(5))
    print('date.fromisoformat(5)', '->', repr(r))
except Exception as e:
    print('date.fromisoformat(5)', '!!', type(e).__name__, e)
try:
    r = (datetime.strptime('2024','%Y %m'))
    print("datetime.strptime('2024','%Y %m')", '->', repr(r))
except Exception as e:
    print("datetime.strptime('2024','%Y %m')", '!!', type(e).__name__, e)
try:
    r = (datetime.strptime('2024 1 1x','%Y %m %d'))
    print("datetime.strptime('2024 1 1x','%Y %m %d')", '->', repr(r))
except Exception as e:
    print("datetime.strptime('2024 1 1x','%Y %m %d')", '!!', type(e).__name__, e)
try:
    r = (datetime.strptime('2024','%Q'))
    print("datetime.strptime('2024','%Q')", '->', repr(r))
except Exception as e:
    print("datetime.strptime('2024','%Q')", '!!', type(e).__name__, e)
try:
    r = (datetime.strptime('2024','%'))
    print("datetime.strptime('2024','%')", '->', repr(r))
except Exception as e:
    print("datetime.strptime('2024','%')", '!!', type(e).__name__, e)
try:
    r = (datetime.strptime('2023-02-29','%Y-%m-%d'))
    print("datetime.strptime('2023-02-29','%Y-%m-%d')", '->', repr(r))
except Exception as e:
    print("datetime.strptime('2023-02-29','%Y-%m-%d')", '!!', type(e).__name__, e)
try:
    r = (datetime.strptime(5,'%Y'))
    print("datetime.strptime(5,'%Y')", '->', repr(r))
except Exception as e:
    print("datetime.strptime(5,'%Y')", '!!', type(e).__name__, e)
try:
    r = (date(2024,1,1).replace(month=13))
    print('date(2024,1,1).replace(month=13)', '->', repr(r))
except Exception as e:
    print('date(2024,1,1).replace(month=13)', '!!', type(e).__name__, e)
try:
    r = (date(2024,1,1).replace(2025, day=5))
    print('date(2024,1,1).replace(2025, day=5)', '->', repr(r))
except Exception as e:
    print('date(2024,1,1).replace(2025, day=5)', '!!', type(e).__name__, e)
try:
    r = (datetime.fromordinal(0))
    print('datetime.fromordinal(0)', '->', repr(r))
except Exception as e:
    print('datetime.fromordinal(0)', '!!', type(e).__name__, e)
try:
    r = (date.fromordinal(3652060))
    print('date.fromordinal(3652060)', '->', repr(r))
except Exception as e:
    print('date.fromordinal(3652060)', '!!', type(e).__name__, e)
try:
    r = (datetime.fromtimestamp(1e20))
    print('datetime.fromtimestamp(1e20)', '->', repr(r))
except Exception as e:
    print('datetime.fromtimestamp(1e20)', '!!', type(e).__name__, e)
try:
    r = (date(2024,1,1).isocalendar())
    print('date(2024,1,1).isocalendar()', '->', repr(r))
except Exception as e:
    print('date(2024,1,1).isocalendar()', '!!', type(e).__name__, e)
try:
    r = (date(2024,1,1).isocalendar()[0])
    print('date(2024,1,1).isocalendar()[0]', '->', repr(r))
except Exception as e:
    print('date(2024,1,1).isocalendar()[0]', '!!', type(e).__name__, e)
try:
    r = (date(2024,1,1).isocalendar().week)
    print('date(2024,1,1).isocalendar().week', '->', repr(r))
except Exception as e:
    print('date(2024,1,1).isocalendar().week', '!!', type(e).__name__, e)
try:
    r = (time(1,2,3,4).isoformat('milliseconds'))
    print("time(1,2,3,4).isoformat('milliseconds')", '->', repr(r))
except Exception as e:
    print("time(1,2,3,4).isoformat('milliseconds')", '!!', type(e).__name__, e)
try:
    r = (time(1).isoformat(timespec='x'))
    print("time(1).isoformat(timespec='x')", '->', repr(r))
except Exception as e:
    print("time(1).isoformat(timespec='x')", '!!', type(e).__name__, e)
try:
    r = (datetime(2024,1,1).isoformat(sep='xx'))
    print("datetime(2024,1,1).isoformat(sep='xx')", '->', repr(r))
except Exception as e:
    print("datetime(2024,1,1).isoformat(sep='xx')", '!!', type(e).__name__, e)
try:
    r = (timedelta(1)*timedelta(1))
    print('timedelta(1)*timedelta(1)', '->', repr(r))
except Exception as e:
    print('timedelta(1)*timedelta(1)', '!!', type(e).__name__, e)
try:
    r = (timedelta(1)+1)
    print('timedelta(1)+1', '->', repr(r))
except Exception as e:
    print('timedelta(1)+1', '!!', type(e).__name__, e)
try:
    r = (hash(timedelta(0))==hash(0))
    print('hash(timedelta(0))==hash(0)', '->', repr(r))
except Exception as e:
    print('hash(timedelta(0))==hash(0)', '!!', type(e).__name__, e)
try:
    r = (divmod(timedelta(days=3,hours=5), timedelta(days=1)))
    print('divmod(timedelta(days=3,hours=5), timedelta(days=1))', '->', repr(r))
except Exception as e:
    print('divmod(timedelta(days=3,hours=5), timedelta(days=1))', '!!', type(e).__name__, e)
try:
    r = (timedelta(7)/3)
    print('timedelta(7)/3', '->', repr(r))
except Exception as e:
    print('timedelta(7)/3', '!!', type(e).__name__, e)
try:
    r = (timedelta(7)//3)
    print('timedelta(7)//3', '->', repr(r))
except Exception as e:
    print('timedelta(7)//3', '!!', type(e).__name__, e)
try:
    r = (timedelta(7)//1.5)
    print('timedelta(7)//1.5', '->', repr(r))
except Exception as e:
    print('timedelta(7)//1.5', '!!', type(e).__name__, e)
try:
    r = (timedelta(7)%3)
    print('timedelta(7)%3', '->', repr(r))
except Exception as e:
    print('timedelta(7)%3', '!!', type(e).__name__, e)
try:
    r = (abs(timedelta(-1)))
    print('abs(timedelta(-1))', '->', repr(r))
except Exception as e:
    print('abs(timedelta(-1))', '!!', type(e).__name__, e)
try:
    r = (bool(timedelta(0)))
    print('bool(timedelta(0))', '->', repr(r))
except Exception as e:
    print('bool(timedelta(0))', '!!', type(e).__name__, e)
try:
    r = (bool(time(0)))
    print('bool(time(0))', '->', repr(r))
except Exception as e:
    print('bool(time(0))', '!!', type(e).__name__, e)
try:
    r = (datetime(2024,1,1).tzname())
    print('datetime(2024,1,1).tzname()', '->', repr(r))
except Exception as e:
    print('datetime(2024,1,1).tzname()', '!!', type(e).__name__, e)
try:
    r = (datetime(2024,1,1,tzinfo=timezone.utc).tzname())
    print('datetime(2024,1,1,tzinfo=timezone.utc).tzname()', '->', repr(r))
except Exception as e:
    print('datetime(2024,1,1,tzinfo=timezone.utc).tzname()', '!!', type(e).__name__, e)
try:
    r = (datetime(2024,1,1,tzinfo=timezone.utc).utcoffset())
    print('datetime(2024,1,1,tzinfo=timezone.utc).utcoffset()', '->', repr(r))
except Exception as e:
    print('datetime(2024,1,1,tzinfo=timezone.utc).utcoffset()', '!!', type(e).__name__, e)
try:
    r = (datetime(2024,1,1)+timedelta(microseconds=0.5))
    print('datetime(2024,1,1)+timedelta(microseconds=0.5)', '->', repr(r))
except Exception as e:
    print('datetime(2024,1,1)+timedelta(microseconds=0.5)', '!!', type(e).__name__, e)
try:
    r = (timedelta(microseconds=1.5))
    print('timedelta(microseconds=1.5)', '->', repr(r))
except Exception as e:
    print('timedelta(microseconds=1.5)', '!!', type(e).__name__, e)
try:
    r = (timedelta(microseconds=2.5))
    print('timedelta(microseconds=2.5)', '->', repr(r))
except Exception as e:
    print('timedelta(microseconds=2.5)', '!!', type(e).__name__, e)
try:
    r = (timedelta(microseconds=-0.5))
    print('timedelta(microseconds=-0.5)', '->', repr(r))
except Exception as e:
    print('timedelta(microseconds=-0.5)', '!!', type(e).__name__, e)
try:
    r = (timedelta(1)*0.1)
    print('timedelta(1)*0.1', '->', repr(r))
except Exception as e:
    print('timedelta(1)*0.1', '!!', type(e).__name__, e)
try:
    r = (timedelta(microseconds=1)/3)
    print('timedelta(microseconds=1)/3', '->', repr(r))
except Exception as e:
    print('timedelta(microseconds=1)/3', '!!', type(e).__name__, e)
try:
    r = (timedelta(microseconds=2)/4)
    print('timedelta(microseconds=2)/4', '->', repr(r))
except Exception as e:
    print('timedelta(microseconds=2)/4', '!!', type(e).__name__, e)
try:
    r = (timedelta(days=-1,seconds=1).total_seconds())
    print('timedelta(days=-1,seconds=1).total_seconds()', '->', repr(r))
except Exception as e:
    print('timedelta(days=-1,seconds=1).total_seconds()', '!!', type(e).__name__, e)
try:
    r = (datetime(2024,1,1,12).timestamp())
    print('datetime(2024,1,1,12).timestamp()', '->', repr(r))
except Exception as e:
    print('datetime(2024,1,1,12).timestamp()', '!!', type(e).__name__, e)
try:
    r = (datetime.utcfromtimestamp(1.5))
    print('datetime.utcfromtimestamp(1.5)', '->', repr(r))
except Exception as e:
    print('datetime.utcfromtimestamp(1.5)', '!!', type(e).__name__, e)
try:
    r = (datetime.fromtimestamp(-1.5))
    print('datetime.fromtimestamp(-1.5)', '->', repr(r))
except Exception as e:
    print('datetime.fromtimestamp(-1.5)', '!!', type(e).__name__, e)
try:
    r = (datetime.fromtimestamp(1700000000.123456789))
    print('datetime.fromtimestamp(1700000000.123456789)', '->', repr(r))
except Exception as e:
    print('datetime.fromtimestamp(1700000000.123456789)', '!!', type(e).__name__, e)
try:
    r = (date.today().__class__)
    print('date.today().__class__', '->', repr(r))
except Exception as e:
    print('date.today().__class__', '!!', type(e).__name__, e)
try:
    r = (datetime(2024,1,5,10,30).ctime())
    print('datetime(2024,1,5,10,30).ctime()', '->', repr(r))
except Exception as e:
    print('datetime(2024,1,5,10,30).ctime()', '!!', type(e).__name__, e)
try:
    r = (date(2024,1,5).ctime())
    print('date(2024,1,5).ctime()', '->', repr(r))
except Exception as e:
    print('date(2024,1,5).ctime()', '!!', type(e).__name__, e)
try:
    r = (datetime(2024,1,5).date())
    print('datetime(2024,1,5).date()', '->', repr(r))
except Exception as e:
    print('datetime(2024,1,5).date()', '!!', type(e).__name__, e)
try:
    r = (datetime(2024,1,5,3,tzinfo=timezone.utc).timetz())
    print('datetime(2024,1,5,3,tzinfo=timezone.utc).timetz()', '->', repr(r))
except Exception as e:
    print('datetime(2024,1,5,3,tzinfo=timezone.utc).timetz()', '!!', type(e).__name__, e)
try:
    r = (datetime.combine(date(2024,1,1), time(5, tzinfo=timezone.utc)))
    print('datetime.combine(date(2024,1,1), time(5, tzinfo=timezone.utc))', '->', repr(r))
except Exception as e:
    print('datetime.combine(date(2024,1,1), time(5, tzinfo=timezone.utc))', '!!', type(e).__name__, e)
try:
    r = (datetime.combine(date(2024,1,1), 5))
    print('datetime.combine(date(2024,1,1), 5)', '->', repr(r))
except Exception as e:
    print('datetime.combine(date(2024,1,1), 5)', '!!', type(e).__name__, e)
try:
    r = (datetime.combine(date(2024,1,1), time(5), tzinfo=timezone.utc))
    print('datetime.combine(date(2024,1,1), time(5), tzinfo=timezone.utc)', '->', repr(r))
except Exception as e:
    print('datetime.combine(date(2024,1,1), time(5), tzinfo=timezone.utc)', '!!', type(e).__name__, e)
try:
    r = (date(2024,1,1) - datetime(2024,1,1))
    print('date(2024,1,1) - datetime(2024,1,1)', '->', repr(r))
except Exception as e:
    print('date(2024,1,1) - datetime(2024,1,1)', '!!', type(e).__name__, e)
try:
    r = (datetime(2024,1,1) - date(2024,1,1))
    print('datetime(2024,1,1) - date(2024,1,1)', '->', repr(r))
except Exception as e:
    print('datetime(2024,1,1) - date(2024,1,1)', '!!', type(e).__name__, e)
try:
    r = (datetime(2024,1,1).astimezone(timezone(timedelta(hours=2))))
    print('datetime(2024,1,1).astimezone(timezone(timedelta(hours=2)))', '->', repr(r))
except Exception as e:
    print('datetime(2024,1,1).astimezone(timezone(timedelta(hours=2)))', '!!', type(e).__name__, e)
try:
    r = (datetime(2024,1,1,tzinfo=timezone.utc).astimezone(timezone(timedelta(hours=2))))
    print('datetime(2024,1,1,tzinfo=timezone.utc).astimezone(timezone(timedelta(hours=2)))', '->', repr(r))
except Exception as e:
    print('datetime(2024,1,1,tzinfo=timezone.utc).astimezone(timezone(timedelta(hours=2)))', '!!', type(e).__name__, e)
try:
    r = (datetime.now(5))
    print('datetime.now(5)', '->', repr(r))
except Exception as e:
    print('datetime.now(5)', '!!', type(e).__name__, e)
try:
    r = (date.today(1))
    print('date.today(1)', '->', repr(r))
except Exception as e:
    print('date.today(1)', '!!', type(e).__name__, e)
try:
    r = (datetime.min)
    print('datetime.min', '->', repr(r))
except Exception as e:
    print('datetime.min', '!!', type(e).__name__, e)
try:
    r = (datetime.max)
    print('datetime.max', '->', repr(r))
except Exception as e:
    print('datetime.max', '!!', type(e).__name__, e)
try:
    r = (date.resolution)
    print('date.resolution', '->', repr(r))
except Exception as e:
    print('date.resolution', '!!', type(e).__name__, e)
try:
    r = (time.max)
    print('time.max', '->', repr(r))
except Exception as e:
    print('time.max', '!!', type(e).__name__, e)
try:
    r = (timedelta.min)
    print('timedelta.min', '->', repr(r))
except Exception as e:
    print('timedelta.min', '!!', type(e).__name__, e)
try:
    r = (timedelta.resolution)
    print('timedelta.resolution', '->', repr(r))
except Exception as e:
    print('timedelta.resolution', '!!', type(e).__name__, e)
try:
    r = (datetime(2024,1,1).resolution)
    print('datetime(2024,1,1).resolution', '->', repr(r))
except Exception as e:
    print('datetime(2024,1,1).resolution', '!!', type(e).__name__, e)
try:
    r = (timezone.min)
    print('timezone.min', '->', repr(r))
except Exception as e:
    print('timezone.min', '!!', type(e).__name__, e)
try:
    r = (timezone.max)
    print('timezone.max', '->', repr(r))
except Exception as e:
    print('timezone.max', '!!', type(e).__name__, e)
try:
    r = (MINYEAR)
    print('MINYEAR', '->', repr(r))
except Exception as e:
    print('MINYEAR', '!!', type(e).__name__, e)
try:
    r = (MAXYEAR)
    print('MAXYEAR', '->', repr(r))
except Exception as e:
    print('MAXYEAR', '!!', type(e).__name__, e)
try:
    r = (format(date(2024,1,5),'%d/%m'))
    print("format(date(2024,1,5),'%d/%m')", '->', repr(r))
except Exception as e:
    print("format(date(2024,1,5),'%d/%m')", '!!', type(e).__name__, e)
try:
    r = (format(date(2024,1,5),''))
    print("format(date(2024,1,5),'')", '->', repr(r))
except Exception as e:
    print("format(date(2024,1,5),'')", '!!', type(e).__name__, e)
try:
    r = (f'{timedelta(1)}')
    print("f'{timedelta(1)}'", '->', repr(r))
except Exception as e:
    print("f'{timedelta(1)}'", '!!', type(e).__name__, e)
try:
    r = (format(timedelta(1), 'x'))
    print("format(timedelta(1), 'x')", '->', repr(r))
except Exception as e:
    print("format(timedelta(1), 'x')", '!!', type(e).__name__, e)
try:
    r = (date(2024,1,5).strftime('%Y %j %U %W %G %V %u %a %A %b %B %c %x %X %p %y %% %Z %z %f'))
    print("date(2024,1,5).strftime('%Y %j %U %W %G %V %u %a %A %b %B %c %x %X %p %y %% %Z %z %f')", '->', repr(r))
except Exception as e:
    print("date(2024,1,5).strftime('%Y %j %U %W %G %V %u %a %A %b %B %c %x %X %p %y %% %Z %z %f')", '!!', type(e).__name__, e)
try:
    r = (datetime(2024,1,5,13,4,5,123,tzinfo=timezone(timedelta(hours=-3,minutes=-30),'X')).strftime('%z %Z %f %I %p'))
    print("datetime(2024,1,5,13,4,5,123,tzinfo=timezone(timedelta(hours=-3,minutes=-30),'X')).strftime('%z %Z %f %I %p')", '->', repr(r))
except Exception as e:
    print("datetime(2024,1,5,13,4,5,123,tzinfo=timezone(timedelta(hours=-3,minutes=-30),'X')).strftime('%z %Z %f %I %p')", '!!', type(e).__name__, e)
try:
    r = (time(1,2).strftime('%Y-%m-%d %H'))
    print("time(1,2).strftime('%Y-%m-%d %H')", '->', repr(r))
except Exception as e:
    print("time(1,2).strftime('%Y-%m-%d %H')", '!!', type(e).__name__, e)
try:
    r = (datetime(2,3,4).strftime('%Y %G %c'))
    print("datetime(2,3,4).strftime('%Y %G %c')", '->', repr(r))
except Exception as e:
    print("datetime(2,3,4).strftime('%Y %G %c')", '!!', type(e).__name__, e)
try:
    r = (date(2024,1,1).strftime(5))
    print('date(2024,1,1).strftime(5)', '->', repr(r))
except Exception as e:
    print('date(2024,1,1).strftime(5)', '!!', type(e).__name__, e)
try:
    r = (timedelta(weeks=1,days=1,hours=1,minutes=1,seconds=1,milliseconds=1,microseconds=1))
    print('timedelta(weeks=1,days=1,hours=1,minutes=1,seconds=1,milliseconds=1,microseconds=1)', '->', repr(r))
except Exception as e:
    print('timedelta(weeks=1,days=1,hours=1,minutes=1,seconds=1,milliseconds=1,microseconds=1)', '!!', type(e).__name__, e)
try:
    r = (timedelta(1,2,3,4,5,6,7))
    print('timedelta(1,2,3,4,5,6,7)', '->', repr(r))
except Exception as e:
    print('timedelta(1,2,3,4,5,6,7)', '!!', type(e).__name__, e)
try:
    r = (timedelta(1,2,3,4,5,6,7,8))
    print('timedelta(1,2,3,4,5,6,7,8)', '->', repr(r))
except Exception as e:
    print('timedelta(1,2,3,4,5,6,7,8)', '!!', type(e).__name__, e)
try:
    r = (timedelta(foo=1))
    print('timedelta(foo=1)', '->', repr(r))
except Exception as e:
    print('timedelta(foo=1)', '!!', type(e).__name__, e)
try:
    r = (date(year=2024,month=1,day=2))
    print('date(year=2024,month=1,day=2)', '->', repr(r))
except Exception as e:
    print('date(year=2024,month=1,day=2)', '!!', type(e).__name__, e)
try:
    r = (date(2024,1,day=2,x=1))
    print('date(2024,1,day=2,x=1)', '->', repr(r))
except Exception as e:
    print('date(2024,1,day=2,x=1)', '!!', type(e).__name__, e)
try:
    r = (datetime(2024))
    print('datetime(2024)', '->', repr(r))
except Exception as e:
    print('datetime(2024)', '!!', type(e).__name__, e)
try:
    r = (time(hour=1.0))
    print('time(hour=1.0)', '->', repr(r))
except Exception as e:
    print('time(hour=1.0)', '!!', type(e).__name__, e)
try:
    r = (timedelta('1'))
    print("timedelta('1')", '->', repr(r))
except Exception as e:
    print("timedelta('1')", '!!', type(e).__name__, e)
try:
    r = (timedelta(1)//timedelta(hours=5))
    print('timedelta(1)//timedelta(hours=5)', '->', repr(r))
except Exception as e:
    print('timedelta(1)//timedelta(hours=5)', '!!', type(e).__name__, e)
try:
    r = (timedelta(1)/timedelta(hours=5))
    print('timedelta(1)/timedelta(hours=5)', '->', repr(r))
except Exception as e:
    print('timedelta(1)/timedelta(hours=5)', '!!', type(e).__name__, e)
try:
    r = (timedelta(1).days)
    print('timedelta(1).days', '->', repr(r))
except Exception as e:
    print('timedelta(1).days', '!!', type(e).__name__, e)
try:
    r = (timedelta(hours=25).seconds)
    print('timedelta(hours=25).seconds', '->', repr(r))
except Exception as e:
    print('timedelta(hours=25).seconds', '!!', type(e).__name__, e)
try:
    r = (date(2024,1,1).weekday())
    print('date(2024,1,1).weekday()', '->', repr(r))
except Exception as e:
    print('date(2024,1,1).weekday()', '!!', type(e).__name__, e)
try:
    r = (date(2024,1,1).toordinal())
    print('date(2024,1,1).toordinal()', '->', repr(r))
except Exception as e:
    print('date(2024,1,1).toordinal()', '!!', type(e).__name__, e)
try:
    r = (timedelta(1) * 2**70)
    print('timedelta(1) * 2**70', '->', repr(r))
except Exception as e:
    print('timedelta(1) * 2**70', '!!', type(e).__name__, e)
try:
    r = (timedelta(0) * 2**70)
    print('timedelta(0) * 2**70', '->', repr(r))
except Exception as e:
    print('timedelta(0) * 2**70', '!!', type(e).__name__, e)
try:
    r = (2*timedelta(1))
    print('2*timedelta(1)', '->', repr(r))
except Exception as e:
    print('2*timedelta(1)', '!!', type(e).__name__, e)
try:
    r = (timedelta(1)/2**70)
    print('timedelta(1)/2**70', '->', repr(r))
except Exception as e:
    print('timedelta(1)/2**70', '!!', type(e).__name__, e)
