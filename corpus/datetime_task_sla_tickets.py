from datetime import datetime, timedelta, timezone, time

OFFICE_TZ = timezone(timedelta(hours=1), "CET")
OPEN, CLOSE = time(9, 0), time(17, 0)

def business_elapsed(start, end):
    """Working time between two aware datetimes, counted in office hours Mon-Fri."""
    start, end = start.astimezone(OFFICE_TZ), end.astimezone(OFFICE_TZ)
    if end <= start:
        return timedelta(0)
    total = timedelta(0)
    day = start.date()
    while day <= end.date():
        if day.weekday() < 5:
            lo = max(start, datetime.combine(day, OPEN, tzinfo=OFFICE_TZ))
            hi = min(end, datetime.combine(day, CLOSE, tzinfo=OFFICE_TZ))
            if hi > lo:
                total += hi - lo
        day += timedelta(days=1)
    return total

tickets = [
    ("T-1", "2024-03-01T08:30:00+00:00", "2024-03-01T15:45:00+00:00", "P1"),
    ("T-2", "2024-03-01T16:50:00+01:00", "2024-03-04T09:20:00+01:00", "P2"),
    ("T-3", "2024-03-02T10:00:00-05:00", "2024-03-05T18:00:00+09:00", "P3"),
    ("T-4", "2024-03-04T12:00:00+01:00", None, "P1"),
    ("T-5", "2024-03-04 12:00", "2024-03-04T13:00:00+01:00", "P2"),
    ("T-6", "2024-03-05T09:00:00+01:00", "2024-03-05T08:00:00+01:00", "P3"),
]
SLA = {"P1": timedelta(hours=4), "P2": timedelta(hours=8), "P3": timedelta(days=2)}
as_of = datetime(2024, 3, 5, 12, 0, tzinfo=timezone.utc)
breaches = 0
for tid, opened_s, closed_s, prio in tickets:
    opened = datetime.fromisoformat(opened_s)
    closed = datetime.fromisoformat(closed_s) if closed_s else as_of
    try:
        wall = closed - opened
    except TypeError as e:
        print(tid, "cannot compute:", type(e).__name__, e)
        continue
    biz = business_elapsed(opened, closed)
    ok = biz <= SLA[prio]
    breaches += not ok
    print(f"{tid} {prio} opened {opened.astimezone(OFFICE_TZ):%a %d %H:%M %Z} wall={wall} "
          f"business={biz} {'OK' if ok else 'BREACH by ' + str(biz - SLA[prio])}")
print("breaches:", breaches, "of", len(tickets))
deadline = datetime(2024, 3, 1, 16, 0, tzinfo=OFFICE_TZ) + SLA["P1"]
print("naive deadline", deadline, "->", deadline.astimezone(timezone(timedelta(hours=-8), "PST")))
print(deadline.utcoffset(), deadline.tzname(), deadline.dst(), deadline.timetz(), deadline.time())
print(datetime(2024, 3, 1, tzinfo=OFFICE_TZ) == datetime(2024, 2, 29, 23, tzinfo=timezone.utc))
print(sorted([datetime(2024, 3, 1, 10, tzinfo=OFFICE_TZ), datetime(2024, 3, 1, 9, 30, tzinfo=timezone.utc)]))
