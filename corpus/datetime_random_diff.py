# 3,000 seeded random cases: timedelta construction and rounding, division, fromtimestamp, calendar fields, offsets, isoformat
import random
from datetime import date, datetime, timedelta, timezone, time
rng = random.Random(7)
out = []
for i in range(3000):
    k = rng.randrange(8)
    try:
        if k == 0:
            args = {n: rng.choice([rng.uniform(-1e6, 1e6), rng.randint(-10**6, 10**6), rng.uniform(-1, 1) * 10 ** rng.randint(-8, 4)])
                    for n in rng.sample(["days", "seconds", "microseconds", "milliseconds", "minutes", "hours", "weeks"], rng.randint(1, 4))}
            r = timedelta(**args)
        elif k == 1:
            td = timedelta(microseconds=rng.randint(-10**12, 10**12))
            f = rng.choice([rng.uniform(-100, 100), rng.randint(-50, 50), 0.5, 1.5, -2.5, 1e-6, 3.3333])
            r = (td * f, td / f if f else None, td // int(f) if int(f) else None)
        elif k == 2:
            a = timedelta(microseconds=rng.randint(-10**13, 10**13)); b = timedelta(microseconds=rng.randint(-10**9, 10**9) or 1)
            r = (a / b, a // b, a % b, divmod(a, b), round(a / b, 3))
        elif k == 3:
            ts = rng.uniform(-2e9, 4e9) if rng.random() < 0.7 else rng.randint(-2 * 10**9, 4 * 10**9) + rng.choice([0.5, 0.0000005, 0.9999995, 0.1234565])
            r = (datetime.fromtimestamp(ts, timezone.utc), datetime.utcfromtimestamp(ts), date.fromtimestamp(ts))
        elif k == 4:
            d = date.fromordinal(rng.randint(1, 3652059))
            r = (d, d.isocalendar(), d.strftime("%a %b %j %U %W %G-%V-%u %y %C"), d.toordinal(), d.weekday())
        elif k == 5:
            dt = datetime(rng.randint(1, 9999), rng.randint(1, 12), rng.randint(1, 28), rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59), rng.randint(0, 999999))
            tz = timezone(timedelta(minutes=rng.randint(-1439, 1439)))
            a = dt.replace(tzinfo=tz)
            r = (a.isoformat(), str(a), a.timestamp() if 1 < dt.year < 9999 else None, a.astimezone(timezone.utc) if 1 < dt.year < 9999 else None, a.strftime("%z %Z %f %I%p"))
        elif k == 6:
            s = datetime(rng.randint(1900, 2100), rng.randint(1, 12), rng.randint(1, 28), rng.randint(0, 23), rng.randint(0, 59)).strftime(rng.choice(["%Y-%m-%d %H:%M", "%d/%m/%y %I:%M %p", "%j %Y %H", "%b %d %Y %H:%M:%S"]))
            r = s
        else:
            t = time(rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59), rng.randint(0, 999999))
            r = (t.isoformat(timespec=rng.choice(["auto", "hours", "minutes", "seconds", "milliseconds", "microseconds"])), hash(t) == hash(time.fromisoformat(t.isoformat())))
    except (OverflowError, ValueError) as e:
        r = (type(e).__name__, str(e))
    out.append("%d %d %r" % (i, k, r))
print("\n".join(out))
