from datetime import datetime, timedelta, timezone

UTC = timezone.utc
NY = timezone(timedelta(hours=-5), "EST")
IST = timezone(timedelta(hours=5, minutes=30))
NPT = timezone(timedelta(hours=5, minutes=45), "NPT")
zones = [UTC, NY, IST, NPT, timezone(timedelta(hours=14)), timezone(-timedelta(hours=12))]
for z in zones:
    print(repr(z), str(z), z.tzname(None), z.utcoffset(None), z.dst(None))

meeting = datetime(2024, 3, 15, 14, 0, tzinfo=NY)
for z in zones:
    local = meeting.astimezone(z)
    print(f"{local:%Y-%m-%d %H:%M %Z (%z)}", local.utcoffset(), local == meeting, local.tzname())

flight_dep = datetime(2024, 6, 1, 22, 30, tzinfo=IST)
flight_arr = datetime(2024, 6, 2, 4, 15, tzinfo=timezone(timedelta(hours=1)))
print("flight duration:", flight_arr - flight_dep)
print("arr in IST:", flight_arr.astimezone(IST).isoformat())
print("timestamp:", meeting.timestamp(), datetime.fromtimestamp(1700000000, tz=UTC))
print(datetime.fromtimestamp(0, IST), datetime.fromtimestamp(1e9 + 0.5, NY))
print(meeting.utctimetuple()[:6], meeting.astimezone(UTC).replace(tzinfo=None))
events = [datetime(2024, 1, 1, 9, tzinfo=z) for z in zones]
for e in sorted(events):
    print("sorted:", e.isoformat())
print(len({e.astimezone(UTC) for e in events}), datetime(2024, 1, 1, 9, tzinfo=UTC) in events)
print(hash(datetime(2024, 1, 1, 14, tzinfo=UTC)) == hash(datetime(2024, 1, 1, 9, tzinfo=NY)))
naive = datetime(2024, 3, 15, 14, 0)
for label, fn in [("sub", lambda: meeting - naive), ("lt", lambda: naive < meeting),
                  ("eq", lambda: naive == meeting), ("ne", lambda: naive != meeting),
                  ("max", lambda: max(naive, meeting)),
                  ("bad tz", lambda: timezone(timedelta(hours=24))),
                  ("bad tz2", lambda: timezone(timedelta(seconds=1.5))),
                  ("bad name", lambda: timezone(timedelta(0), 5)),
                  ("bad type", lambda: timezone(5)),
                  ("fromts", lambda: datetime.fromtimestamp(1e20, UTC))]:
    try:
        print(label, fn())
    except Exception as e:
        print(label, type(e).__name__, e)
print(timezone(timedelta(0)) == UTC, timezone(timedelta(0)), timezone.min, timezone.max)
print(repr(meeting.replace(tzinfo=None)), meeting.replace(tzinfo=UTC) - meeting)
