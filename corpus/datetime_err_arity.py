from datetime import date, time, datetime, timedelta, timezone, tzinfo
d = date(2024,1,1); dt = datetime(2024,1,1); t = time(1); td = timedelta(1); tz = timezone.utc
calls = [lambda: datetime.strptime('a'), lambda: datetime.strptime('a', 'b', 'c'), lambda: datetime.strptime(a='a', b='b'),
 lambda: date.fromordinal(), lambda: date.fromordinal(1, 2), lambda: date.fromordinal(n=1),
 lambda: date.fromtimestamp(), lambda: date.fromtimestamp(1, 2), lambda: datetime.fromtimestamp(), lambda: datetime.utcfromtimestamp(),
 lambda: date.fromisoformat(), lambda: datetime.fromisoformat('a', 'b'), lambda: date.fromisocalendar(2024, 1),
 lambda: d.weekday(1), lambda: d.isoweekday(1), lambda: d.toordinal(1), lambda: d.timetuple(1), lambda: d.ctime(1), lambda: d.isocalendar(1),
 lambda: d.strftime(), lambda: d.strftime('a', 'b'), lambda: d.__format__(), lambda: dt.timestamp(1), lambda: dt.date(1), lambda: dt.time(1), lambda: dt.timetz(1),
 lambda: dt.utcoffset(1), lambda: dt.dst(1), lambda: dt.tzname(1), lambda: dt.utctimetuple(1), lambda: t.utcoffset(1), lambda: t.isoformat(1, 2),
 lambda: td.total_seconds(1), lambda: tz.utcoffset(), lambda: tz.utcoffset(1, 2), lambda: tz.tzname(), lambda: tz.dst(), lambda: tz.fromutc(),
 lambda: tz.fromutc(1), lambda: tz.utcoffset(1), lambda: tz.tzname(1), lambda: timezone(), lambda: timezone(offset=1),
 lambda: date.today(1), lambda: datetime.utcnow(1), lambda: datetime.now(1), lambda: datetime.now(tz=1), lambda: dt.astimezone(1), lambda: time(1).replace(25),
 lambda: 0, lambda: timedelta(x=1), lambda: date(), lambda: time('1'), lambda: datetime.combine(d), lambda: datetime.combine(1, t),
 lambda: datetime.combine(d, t, 5), lambda: dt.replace(tzinfo=5), lambda: dt.ctime(1), lambda: dt.isoformat(timespec='x'), lambda: t.isoformat(timespec='days'),
 lambda: dt.isoformat(sep='ab'), lambda: dt.isoformat(sep=1), lambda: d.replace(yr=1), lambda: d.isoformat(1), lambda: 0,
 lambda: dt.strftime(), lambda: t.strftime(), lambda: format(d, 1), lambda: td * d, lambda: d - td * 1.5, lambda: td // 1.5, lambda: td % 2, lambda: divmod(td, 2),
 lambda: -d, lambda: abs(d), lambda: d.year + d, lambda: dt.fromtimestamp(1e20), lambda: dt.fromtimestamp(float('nan')),
 lambda: tz.utcoffset(dt.replace(tzinfo=timezone(timedelta(hours=1)))), lambda: timezone.utc.fromutc(dt), lambda: timezone(td, None), lambda: timezone(td, ''),
]
for i, f in enumerate(calls):
    try: print(i, repr(f()))
    except Exception as e: print(i, type(e).__name__, e)
