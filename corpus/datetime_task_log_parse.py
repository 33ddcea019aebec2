from datetime import datetime, timedelta

LOG = """\
2024-03-10 08:15:02,123 INFO  server started
2024-03-10 08:15:07,004 WARN  slow response 1200ms
2024-03-10 08:16:45,900 ERROR db timeout
10/Mar/2024:08:17:00 +0000 GET /index.html 200
2024-03-10T08:18:30 INFO  heartbeat
2024-03-10 25:00:00,000 INFO  bogus hour
Mar 10 08:19:59 host sshd[123]: accepted
garbage line here
2024-03-11 00:00:01,000 INFO  rollover
"""

FORMATS = [("%Y-%m-%d %H:%M:%S,%f", 23), ("%d/%b/%Y:%H:%M:%S %z", 26),
           ("%Y-%m-%dT%H:%M:%S", 19), ("%b %d %H:%M:%S", 15)]

def parse(line):
    errors = []
    for fmt, n in FORMATS:
        try:
            return datetime.strptime(line[:n], fmt), fmt
        except ValueError as e:
            errors.append(str(e))
    raise ValueError("no format matched: " + " | ".join(errors[:2]))

events = []
for line in LOG.splitlines():
    try:
        ts, fmt = parse(line)
    except ValueError as e:
        print("SKIP", repr(line[:20]), "->", e)
        continue
    if ts.year == 1900:
        ts = ts.replace(year=2024)
    if ts.tzinfo is not None:
        print("aware:", ts, ts.tzinfo, ts.utcoffset())
        ts = ts.replace(tzinfo=None)
    events.append(ts)
    print(f"{ts.isoformat(timespec='milliseconds')} via {fmt!r}")

events.sort()
gaps = [b - a for a, b in zip(events, events[1:])]
for g in gaps:
    print("gap", g, g.total_seconds())
print("max gap:", max(gaps), "min gap:", min(gaps))
print("span:", events[-1] - events[0])
print("sum:", sum(gaps, timedelta()))
per_minute = {}
for e in events:
    key = e.replace(second=0, microsecond=0)
    per_minute[key] = per_minute.get(key, 0) + 1
for k in sorted(per_minute):
    print(k.strftime("%H:%M"), "#" * per_minute[k])
for s, f in [("2024-02-30", "%Y-%m-%d"), ("12:61", "%H:%M"), ("2024-01-01 extra", "%Y-%m-%d"),
             ("2024/01/01", "%Y-%m-%d"), ("99", "%y"), ("Tue", "%a")]:
    try:
        print(s, "->", datetime.strptime(s, f))
    except ValueError as e:
        print(s, "->", type(e).__name__, e)
