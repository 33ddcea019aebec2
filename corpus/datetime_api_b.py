# CPython's results and messages for the datetime API, one expression each.
from datetime import date, datetime, time, timedelta, timezone, tzinfo, MINYEAR, MAXYEAR
try:
    r = (date(2024,1,1,x=1))
    print('date(2024,1,1,x=1)', '->', repr(r))
except Exception as e:
    print('date(2024,1,1,x=1)', '!!', type(e).__name__, e)
try:
    r = (date(2024,1,2,3))
    print('date(2024,1,2,3)', '->', repr(r))
except Exception as e:
    print('date(2024,1,2,3)', '!!', type(e).__name__, e)
try:
    r = (date(2024,1,year=1))
    print('date(2024,1,year=1)', '->', repr(r))
except Exception as e:
    print('date(2024,1,year=1)', '!!', type(e).__name__, e)
try:
    r = (datetime(1,2,3,4,5,6,7,None,8))
    print('datetime(1,2,3,4,5,6,7,None,8)', '->', repr(r))
except Exception as e:
    print('datetime(1,2,3,4,5,6,7,None,8)', '!!', type(e).__name__, e)
try:
    r = (datetime(1,2,3,4,5,6,7,None,fold=1,x=2))
    print('datetime(1,2,3,4,5,6,7,None,fold=1,x=2)', '->', repr(r))
except Exception as e:
    print('datetime(1,2,3,4,5,6,7,None,fold=1,x=2)', '!!', type(e).__name__, e)
try:
    r = (datetime(1,2,3,x=2))
    print('datetime(1,2,3,x=2)', '->', repr(r))
except Exception as e:
    print('datetime(1,2,3,x=2)', '!!', type(e).__name__, e)
try:
    r = (datetime(1))
    print('datetime(1)', '->', repr(r))
except Exception as e:
    print('datetime(1)', '!!', type(e).__name__, e)
try:
    r = (time(1,2,3,4,None,0,7))
    print('time(1,2,3,4,None,0,7)', '->', repr(r))
except Exception as e:
    print('time(1,2,3,4,None,0,7)', '!!', type(e).__name__, e)
try:
    r = (time(x=1))
    print('time(x=1)', '->', repr(r))
except Exception as e:
    print('time(x=1)', '!!', type(e).__name__, e)
try:
    r = (timedelta(days=1, days2=3))
    print('timedelta(days=1, days2=3)', '->', repr(r))
except Exception as e:
    print('timedelta(days=1, days2=3)', '!!', type(e).__name__, e)
try:
    r = (timezone())
    print('timezone()', '->', repr(r))
except Exception as e:
    print('timezone()', '!!', type(e).__name__, e)
try:
    r = (timezone(timedelta(0), 'a', 3))
    print("timezone(timedelta(0), 'a', 3)", '->', repr(r))
except Exception as e:
    print("timezone(timedelta(0), 'a', 3)", '!!', type(e).__name__, e)
try:
    r = (timezone(offset=timedelta(hours=1), name='A'))
    print("timezone(offset=timedelta(hours=1), name='A')", '->', repr(r))
except Exception as e:
    print("timezone(offset=timedelta(hours=1), name='A')", '!!', type(e).__name__, e)
try:
    r = (datetime.now(tz=timezone.utc).tzinfo)
    print('datetime.now(tz=timezone.utc).tzinfo', '->', repr(r))
except Exception as e:
    print('datetime.now(tz=timezone.utc).tzinfo', '!!', type(e).__name__, e)
try:
    r = (datetime(2024,1,1).replace(hour=25))
    print('datetime(2024,1,1).replace(hour=25)', '->', repr(r))
except Exception as e:
    print('datetime(2024,1,1).replace(hour=25)', '!!', type(e).__name__, e)
try:
    r = (datetime(2024,1,1).replace(x=1))
    print('datetime(2024,1,1).replace(x=1)', '->', repr(r))
except Exception as e:
    print('datetime(2024,1,1).replace(x=1)', '!!', type(e).__name__, e)
try:
    r = (date(2024,1,1).replace(1,2,3,4))
    print('date(2024,1,1).replace(1,2,3,4)', '->', repr(r))
except Exception as e:
    print('date(2024,1,1).replace(1,2,3,4)', '!!', type(e).__name__, e)
try:
    r = (datetime(2024,1,1).isoformat(timespec='seconds'))
    print("datetime(2024,1,1).isoformat(timespec='seconds')", '->', repr(r))
except Exception as e:
    print("datetime(2024,1,1).isoformat(timespec='seconds')", '!!', type(e).__name__, e)
try:
    r = (datetime(2024,1,1,1,2,3,500).isoformat(' ','minutes'))
    print("datetime(2024,1,1,1,2,3,500).isoformat(' ','minutes')", '->', repr(r))
except Exception as e:
    print("datetime(2024,1,1,1,2,3,500).isoformat(' ','minutes')", '!!', type(e).__name__, e)
try:
    r = (datetime(2024,1,1).strftime('%4Y'))
    print("datetime(2024,1,1).strftime('%4Y')", '->', repr(r))
except Exception as e:
    print("datetime(2024,1,1).strftime('%4Y')", '!!', type(e).__name__, e)
try:
    r = (datetime.strptime('2024-01-05 10:30:00', '%Y-%m-%d %H:%M:%S'))
    print("datetime.strptime('2024-01-05 10:30:00', '%Y-%m-%d %H:%M:%S')", '->', repr(r))
except Exception as e:
    print("datetime.strptime('2024-01-05 10:30:00', '%Y-%m-%d %H:%M:%S')", '!!', type(e).__name__, e)
try:
    r = (datetime.strptime('Jan 5 2024 10:30PM', '%b %d %Y %I:%M%p'))
    print("datetime.strptime('Jan 5 2024 10:30PM', '%b %d %Y %I:%M%p')", '->', repr(r))
except Exception as e:
    print("datetime.strptime('Jan 5 2024 10:30PM', '%b %d %Y %I:%M%p')", '!!', type(e).__name__, e)
try:
    r = (datetime.strptime('2024-01-05T10:30:00+0530', '%Y-%m-%dT%H:%M:%S%z'))
    print("datetime.strptime('2024-01-05T10:30:00+0530', '%Y-%m-%dT%H:%M:%S%z')", '->', repr(r))
except Exception as e:
    print("datetime.strptime('2024-01-05T10:30:00+0530', '%Y-%m-%dT%H:%M:%S%z')", '!!', type(e).__name__, e)
try:
    r = (datetime.strptime('2024-01-05T10:30:00Z', '%Y-%m-%dT%H:%M:%S%z'))
    print("datetime.strptime('2024-01-05T10:30:00Z', '%Y-%m-%dT%H:%M:%S%z')", '->', repr(r))
except Exception as e:
    print("datetime.strptime('2024-01-05T10:30:00Z', '%Y-%m-%dT%H:%M:%S%z')", '!!', type(e).__name__, e)
try:
    r = (datetime.strptime('2024-01-05 UTC', '%Y-%m-%d %Z'))
    print("datetime.strptime('2024-01-05 UTC', '%Y-%m-%d %Z')", '->', repr(r))
except Exception as e:
    print("datetime.strptime('2024-01-05 UTC', '%Y-%m-%d %Z')", '!!', type(e).__name__, e)
try:
    r = (datetime.strptime('2024 10 3', '%Y %W %w'))
    print("datetime.strptime('2024 10 3', '%Y %W %w')", '->', repr(r))
except Exception as e:
    print("datetime.strptime('2024 10 3', '%Y %W %w')", '!!', type(e).__name__, e)
try:
    r = (datetime.strptime('2024 10', '%Y %W'))
    print("datetime.strptime('2024 10', '%Y %W')", '->', repr(r))
except Exception as e:
    print("datetime.strptime('2024 10', '%Y %W')", '!!', type(e).__name__, e)
try:
    r = (datetime.strptime('2024 10 3', '%G %V %u'))
    print("datetime.strptime('2024 10 3', '%G %V %u')", '->', repr(r))
except Exception as e:
    print("datetime.strptime('2024 10 3', '%G %V %u')", '!!', type(e).__name__, e)
try:
    r = (datetime.strptime('2024 10', '%G %V'))
    print("datetime.strptime('2024 10', '%G %V')", '->', repr(r))
except Exception as e:
    print("datetime.strptime('2024 10', '%G %V')", '!!', type(e).__name__, e)
try:
    r = (datetime.strptime('2024 10 3', '%Y %V %u'))
    print("datetime.strptime('2024 10 3', '%Y %V %u')", '->', repr(r))
except Exception as e:
    print("datetime.strptime('2024 10 3', '%Y %V %u')", '!!', type(e).__name__, e)
try:
    r = (datetime.strptime('2024 100', '%Y %j'))
    print("datetime.strptime('2024 100', '%Y %j')", '->', repr(r))
except Exception as e:
    print("datetime.strptime('2024 100', '%Y %j')", '!!', type(e).__name__, e)
try:
    r = (datetime.strptime('12/31/99','%x'))
    print("datetime.strptime('12/31/99','%x')", '->', repr(r))
except Exception as e:
    print("datetime.strptime('12/31/99','%x')", '!!', type(e).__name__, e)
try:
    r = (datetime.strptime('Fri Jan  5 10:30:00 2024','%c'))
    print("datetime.strptime('Fri Jan  5 10:30:00 2024','%c')", '->', repr(r))
except Exception as e:
    print("datetime.strptime('Fri Jan  5 10:30:00 2024','%c')", '!!', type(e).__name__, e)
try:
    r = (datetime.strptime('  2024','%Y'))
    print("datetime.strptime('  2024','%Y')", '->', repr(r))
except Exception as e:
    print("datetime.strptime('  2024','%Y')", '!!', type(e).__name__, e)
try:
    r = (datetime.strptime('2024  01','%Y %m'))
    print("datetime.strptime('2024  01','%Y %m')", '->', repr(r))
except Exception as e:
    print("datetime.strptime('2024  01','%Y %m')", '!!', type(e).__name__, e)
try:
    r = (datetime.strptime('2024-1-5','%Y-%m-%d'))
    print("datetime.strptime('2024-1-5','%Y-%m-%d')", '->', repr(r))
except Exception as e:
    print("datetime.strptime('2024-1-5','%Y-%m-%d')", '!!', type(e).__name__, e)
try:
    r = (date.strptime)
    print('date.strptime', '->', repr(r))
except Exception as e:
    print('date.strptime', '!!', type(e).__name__, e)
try:
    r = (time.strptime)
    print('time.strptime', '->', repr(r))
except Exception as e:
    print('time.strptime', '!!', type(e).__name__, e)
try:
    r = (datetime.strptime('5.123','%S.%f'))
    print("datetime.strptime('5.123','%S.%f')", '->', repr(r))
except Exception as e:
    print("datetime.strptime('5.123','%S.%f')", '!!', type(e).__name__, e)
try:
    r = (datetime.strptime('monday','%A'))
    print("datetime.strptime('monday','%A')", '->', repr(r))
except Exception as e:
    print("datetime.strptime('monday','%A')", '!!', type(e).__name__, e)
try:
    r = (datetime.strptime('2024 13','%Y %m'))
    print("datetime.strptime('2024 13','%Y %m')", '->', repr(r))
except Exception as e:
    print("datetime.strptime('2024 13','%Y %m')", '!!', type(e).__name__, e)
try:
    r = (datetime.fromisoformat('2024-01-05T10:30:00.123+05:30'))
    print("datetime.fromisoformat('2024-01-05T10:30:00.123+05:30')", '->', repr(r))
except Exception as e:
    print("datetime.fromisoformat('2024-01-05T10:30:00.123+05:30')", '!!', type(e).__name__, e)
try:
    r = (datetime.fromisoformat('2024-01-05 10:30'))
    print("datetime.fromisoformat('2024-01-05 10:30')", '->', repr(r))
except Exception as e:
    print("datetime.fromisoformat('2024-01-05 10:30')", '!!', type(e).__name__, e)
try:
    r = (datetime.fromisoformat('20240105T103000Z'))
    print("datetime.fromisoformat('20240105T103000Z')", '->', repr(r))
except Exception as e:
    print("datetime.fromisoformat('20240105T103000Z')", '!!', type(e).__name__, e)
try:
    r = (datetime.fromisoformat('2024-W01-2T10'))
    print("datetime.fromisoformat('2024-W01-2T10')", '->', repr(r))
except Exception as e:
    print("datetime.fromisoformat('2024-W01-2T10')", '!!', type(e).__name__, e)
try:
    r = (datetime.fromisoformat('2024-01-05T10:30:00,5'))
    print("datetime.fromisoformat('2024-01-05T10:30:00,5')", '->', repr(r))
except Exception as e:
    print("datetime.fromisoformat('2024-01-05T10:30:00,5')", '!!', type(e).__name__, e)
try:
    r = (datetime.fromisoformat('2024-01-05T10:30:00.1234567'))
    print("datetime.fromisoformat('2024-01-05T10:30:00.1234567')", '->', repr(r))
except Exception as e:
    print("datetime.fromisoformat('2024-01-05T10:30:00.1234567')", '!!', type(e).__name__, e)
try:
    r = (datetime.fromisoformat('2024-01-05T24:00'))
    print("datetime.fromisoformat('2024-01-05T24:00')", '->', repr(r))
except Exception as e:
    print("datetime.fromisoformat('2024-01-05T24:00')", '!!', type(e).__name__, e)
try:
    r = (time.fromisoformat('10:30:00+01:00'))
    print("time.fromisoformat('10:30:00+01:00')", '->', repr(r))
except Exception as e:
    print("time.fromisoformat('10:30:00+01:00')", '!!', type(e).__name__, e)
try:
    r = (time.fromisoformat('T1030'))
    print("time.fromisoformat('T1030')", '->', repr(r))
except Exception as e:
    print("time.fromisoformat('T1030')", '!!', type(e).__name__, e)
try:
    r = (date.fromisoformat('2024-01-05T10'))
    print("date.fromisoformat('2024-01-05T10')", '->', repr(r))
except Exception as e:
    print("date.fromisoformat('2024-01-05T10')", '!!', type(e).__name__, e)
try:
    r = (datetime.fromisoformat('2024-01-05x10:30'))
    print("datetime.fromisoformat('2024-01-05x10:30')", '->', repr(r))
except Exception as e:
    print("datetime.fromisoformat('2024-01-05x10:30')", '!!', type(e).__name__, e)
try:
    r = (datetime.fromisoformat('2024-01-05T10:30:00-0800'))
    print("datetime.fromisoformat('2024-01-05T10:30:00-0800')", '->', repr(r))
except Exception as e:
    print("datetime.fromisoformat('2024-01-05T10:30:00-0800')", '!!', type(e).__name__, e)
try:
    r = (datetime.fromisoformat('2024-01-05T10:30+01'))
    print("datetime.fromisoformat('2024-01-05T10:30+01')", '->', repr(r))
except Exception as e:
    print("datetime.fromisoformat('2024-01-05T10:30+01')", '!!', type(e).__name__, e)
try:
    r = (datetime.fromisoformat('2024-01-05T10:30:00.123456789+01:00:30.5'))
    print("datetime.fromisoformat('2024-01-05T10:30:00.123456789+01:00:30.5')", '->', repr(r))
except Exception as e:
    print("datetime.fromisoformat('2024-01-05T10:30:00.123456789+01:00:30.5')", '!!', type(e).__name__, e)
try:
    r = (datetime.fromisoformat('2024-01-0510:30'))
    print("datetime.fromisoformat('2024-01-0510:30')", '->', repr(r))
except Exception as e:
    print("datetime.fromisoformat('2024-01-0510:30')", '!!', type(e).__name__, e)
try:
    r = (datetime.fromisoformat('2024-01-05T1:30'))
    print("datetime.fromisoformat('2024-01-05T1:30')", '->', repr(r))
except Exception as e:
    print("datetime.fromisoformat('2024-01-05T1:30')", '!!', type(e).__name__, e)
