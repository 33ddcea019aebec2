# Parse timestamps out of log lines, compute durations and rates.
from datetime import datetime, timedelta

log = """\
2024-03-15 08:00:01,123 INFO  service started
2024-03-15 08:00:05,900 DEBUG loading config
2024-03-15 08:02:44,017 WARN  slow response 2.5s
2024-03-15 08:15:00,000 ERROR connection lost
2024-03-15 08:15:30,500 INFO  reconnected
2024-03-15 09:59:59,999 INFO  heartbeat
2024-03-16 00:00:00,001 INFO  rotated"""

entries = []
for line in log.splitlines():
    stamp, level, msg = line[:23], line[24:29].strip(), line[30:]
    when = datetime.strptime(stamp, "%Y-%m-%d %H:%M:%S,%f")
    entries.append((when, level, msg))

first, last = entries[0][0], entries[-1][0]
span = last - first
print("first:", first, "| last:", last)
print("span:", span, "| seconds:", span.total_seconds(), "| repr:", repr(span))
for (a, _, m1), (b, _, m2) in zip(entries, entries[1:]):
    gap = b - a
    flag = " <-- long gap" if gap > timedelta(minutes=10) else ""
    print(f"{a:%H:%M:%S.%f} -> {b.time()} : {str(gap):>16}{flag}")

by_hour = {}
for when, level, _ in entries:
    key = when.replace(minute=0, second=0, microsecond=0)
    by_hour[key] = by_hour.get(key, 0) + 1
for hour, n in sorted(by_hour.items()):
    print(hour.isoformat(timespec="minutes"), n)

errors = [w for w, lvl, _ in entries if lvl == "ERROR"]
down = entries[4][0] - errors[0]
print("downtime:", down, down.seconds, down.microseconds, down / timedelta(seconds=1))
print("events per minute:", round(len(entries) / (span / timedelta(minutes=1)), 6))
iso = [w.isoformat(sep=" ", timespec="milliseconds") for w, _, _ in entries[:3]]
print(iso)
print([datetime.fromisoformat(s) for s in iso][-1])
for bad in ["2024-03-15 08:00:01", "2024-03-15 24:00:01,000", "15/03/2024 08:00:01,5"]:
    try:
        datetime.strptime(bad, "%Y-%m-%d %H:%M:%S,%f")
    except ValueError as e:
        print("ValueError:", e)
