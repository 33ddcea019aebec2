from datetime import datetime, timedelta, timezone

LOG = """\
2024-03-10T08:59:58+01:00 alice login
2024-03-10T09:05:12+01:00 bob login
2024-03-10T08:10:00Z alice click
2024-03-10T09:40:30+01:00 bob click
2024-03-10T10:02:00+01:00 alice logout
2024-03-10 12:00:00-05:00 carol login
2024-03-10T17:30:00.250+00:00 carol click
2024-03-10T18:15:00+00:00 carol logout
2024-03-10T11:00:00+01:00 bob logout
2024-03-11T00:30:00+05:30 dave login
2024-03-10T20:00:00Z dave logout
bad line here
2024-03-10T25:00:00Z eve login
"""
events = []
errors = []
for n, line in enumerate(LOG.splitlines(), 1):
    parts = line.rsplit(" ", 2)
    try:
        when = datetime.fromisoformat(parts[0])
    except ValueError as e:
        errors.append((n, str(e)))
        continue
    events.append((when.astimezone(timezone.utc), parts[1], parts[2]))
events.sort()
for when, who, what in events:
    print(when.isoformat(timespec="seconds"), who.ljust(6), what)
print("errors:", errors)

open_at = {}
sessions = []
for when, who, what in events:
    if what == "login":
        open_at[who] = when
    elif what == "logout" and who in open_at:
        sessions.append((who, open_at.pop(who), when))
for who, a, b in sessions:
    print("%-6s %s -> %s  %s (%.1f min)" % (who, a.strftime("%H:%M:%S"), b.strftime("%H:%M:%S"), b - a, (b - a) / timedelta(minutes=1)))
longest = max(sessions, key=lambda s: s[2] - s[1])
print("longest:", longest[0], longest[2] - longest[1])
first, last = events[0][0], events[-1][0]
print("window:", first, "to", last, "=", last - first)
buckets = {}
for when, who, what in events:
    hour = when.replace(minute=0, second=0, microsecond=0)
    buckets[hour] = buckets.get(hour, 0) + 1
for hour in sorted(buckets):
    print(hour.strftime("%d %H:00Z"), "#" * buckets[hour])
ist = timezone(timedelta(hours=5, minutes=30))
print([e[0].astimezone(ist).strftime("%H:%M%z") for e in events[:3]])
