# fromisoformat's accepted forms and errors (3.11), strptime %z corners.
from datetime import date, datetime, time, timedelta, timezone
for s in ["2024-02-30", "2024-13-01", "2024-W53-1", "2020-W53-7", "2024W015", "2024-W01", "0000-01-01", "2024-03-15 ", "２０２４-03-15"]:
    for cls in (date, datetime):
        try:
            print(cls.__name__, s, repr(cls.fromisoformat(s)))
        except ValueError as e:
            print(cls.__name__, s, "ValueError", e)
for s in ["25:00", "12:60", "12:30:61", "T12", "12", "1230", "12:30:45.123456789", "12:30+00:00", "12:30Z", "12:30:00.5-01:30", "12.5", "", "12:30+", "12:30+1"]:
    try:
        print(s, repr(time.fromisoformat(s)))
    except ValueError as e:
        print(s, "ValueError", e)
for s in ["2024-03-15T12:30:00+00:00", "2024-03-15T12:30:00Z", "2024-03-15T12:30:00+24:00", "2024-03-15T12", "2024-03-15T12:3", "2024-03-15T1230", "20240315T1230Z", "2024-03-15T12:30:00.000001+05:30:15", "2024-03-15T12:30:00 +05:30"]:
    try:
        print(s, repr(datetime.fromisoformat(s)))
    except ValueError as e:
        print(s, "ValueError", e)
for s in ["12:30x+05:30", "12:30:00.5x+01:00", "12:30xy", "12:", "12:30:45:5", "123045.5", "12.", "12:30+01:00:00.5x", "12:30+1", "12:30+0530"]:
    try:
        print(s, repr(time.fromisoformat(s)))
    except ValueError as e:
        print(s, "ValueError", e)
for s, f in [("2024 +2400", "%Y %z"), ("2024 -23:59", "%Y %z"), ("2024 +01:00:30.25", "%Y %z"), ("2024 +0100 EST", "%Y %z %Z")]:
    try:
        print(repr(datetime.strptime(s, f)))
    except ValueError as e:
        print(s, "ValueError", e)
