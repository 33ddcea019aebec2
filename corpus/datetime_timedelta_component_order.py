# timedelta checks every component's type before a too-big total overflows
import datetime
cases = [
    ((str, 1e300), {}),
    ((1, 1e300), {}),
    ((1e300, str), {}),
    ((), dict(seconds=1e300)),
    ((), dict(days=2**100)),
    ((), dict(days=2**100, hours=str)),
    ((), dict(seconds=1e300, days=float('inf'))),
    ((), dict(seconds=1e300, days=float('nan'))),
    ((), dict(microseconds=1e300, seconds=str)),
    ((), dict(weeks=-1e25, minutes=[1])),
    ((), dict(milliseconds=1.5, days=3)),
]
for args, kw in cases:
    try:
        print(datetime.timedelta(*args, **kw))
    except Exception as e:
        print(type(e).__name__, e)
