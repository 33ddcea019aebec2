from datetime import datetime, date, timedelta

ENTRIES = """\
alice|2024-04-01|09:00 AM|05:30 PM|30
alice|2024-04-02|08:45 AM|12:15 PM|0
alice|2024-04-03|10:00 PM|06:00 AM|45
bob|2024-04-01|07:00 AM|03:00 PM|60
bob|2024-04-02|12:00 PM|12:00 AM|15
bob|2024-04-06|09:00 AM|01:00 PM|0
carol|2024-04-01|9:00|17:00|30
carol|2024-04-31|09:00 AM|05:00 PM|30
"""

def parse_entry(line):
    who, day, start, end, brk = line.split("|")
    d = datetime.strptime(day, "%Y-%m-%d").date()
    s = datetime.strptime(f"{day} {start}", "%Y-%m-%d %I:%M %p")
    e = datetime.strptime(f"{day} {end}", "%Y-%m-%d %I:%M %p")
    if e <= s:
        e += timedelta(days=1)
    return who, d, s, e, timedelta(minutes=int(brk))

totals = {}
for line in ENTRIES.splitlines():
    try:
        who, d, s, e, brk = parse_entry(line)
    except ValueError as exc:
        print("bad entry", repr(line), "->", type(exc).__name__, exc)
        continue
    worked = e - s - brk
    weekend = d.weekday() >= 5
    night = s.hour >= 20 or e.hour < 6 and e.date() > s.date()
    mult = 1.5 if weekend else (1.25 if night else 1.0)
    print(f"{who:6} {d:%a %m/%d} {s:%H:%M}-{e:%H:%M}{'+1' if e.date() > d else '  '} "
          f"break {brk} worked {worked} x{mult}")
    t = totals.setdefault(who, [timedelta(), 0.0])
    t[0] += worked
    t[1] += worked.total_seconds() / 3600 * mult

for who in sorted(totals):
    worked, paid_hours = totals[who]
    print(f"{who:6} total {worked} ({worked.total_seconds() / 3600:.2f}h) paid-hours {paid_hours:.3f}")

week_start = date(2024, 4, 1)
week = [week_start + timedelta(days=i) for i in range(7)]
print(" | ".join(d.strftime("%a %-d" if False else "%a %d") for d in week))
print("week", week_start.isocalendar()[1], "ends", week[-1], "iso", week[-1].isocalendar())
print(datetime.strptime("12:00 AM", "%I:%M %p").time(), datetime.strptime("12:00 PM", "%I:%M %p").time())
print(datetime.strptime("  7:05 pm", " %I:%M %p"), datetime.strptime("2024 100", "%Y %j").date())
print(datetime.strptime("Monday 1 April 2024", "%A %d %B %Y"), datetime.strptime("w13 1 2024", "w%W %w %Y"))
print(datetime.strptime("2024-04-01T10:00:00+0530", "%Y-%m-%dT%H:%M:%S%z").utcoffset())
print(datetime.strptime("2024-04-01 10:00 Z", "%Y-%m-%d %H:%M %z").tzinfo)
for s, f in [("13:00 PM", "%I:%M %p"), ("2024-04-01", "%Y-%m-%d %H"), ("2024 367", "%Y %j"),
             ("24:00", "%H:%M"), ("1.5", "%S.%f"), ("1.1234567", "%S.%f")]:
    try:
        print(repr(s), datetime.strptime(s, f))
    except ValueError as exc:
        print(repr(s), type(exc).__name__, exc)
