from datetime import date, datetime, time, timedelta, timezone

date_forms = ["2024-03-05", "20240305", "2024-W10", "2024W10", "2024-W10-2", "2024W102",
              "2020-W53-7", "0001-01-01", "9999-12-31"]
for s in date_forms:
    print("date", s, "->", repr(date.fromisoformat(s)))

dt_forms = [
    "2024-03-05", "2024-03-05T07", "2024-03-05T07:08", "2024-03-05T07:08:09",
    "2024-03-05 07:08:09.5", "2024-03-05T07:08:09.123", "2024-03-05T07:08:09.123456",
    "2024-03-05T07:08:09,25", "20240305T070809", "20240305T0708", "2024-03-05T070809.1",
    "2024-03-05T07:08:09Z", "2024-03-05T07:08:09+05:30", "2024-03-05T07:08:09-0800",
    "2024-03-05T07:08:09+01", "2024-03-05T07:08:09+05:30:15", "2024-03-05T07:08:09.5+00:00:00.250",
    "2024-W10-2T10:00", "2024-03-05T24:00", "2024-03-05T00:00:00.1234567",
    "2024-03-05x07:08", "2024-03-05T07:08:09z",
]
for s in dt_forms:
    try:
        d = datetime.fromisoformat(s)
        print("datetime", s, "->", repr(d), d.isoformat())
    except ValueError as e:
        print("datetime", s, "-> ValueError:", e)

time_forms = ["07", "07:08", "0708", "07:08:09", "070809", "07:08:09.5", "07:08:09.000001",
              "07:08:09+02:00", "07:08Z", "T07:08:09", "07:08:09.123456789", "24:00", "7:08",
              "07:08:09-03", "07:08:09.25-03:30"]
for s in time_forms:
    try:
        t = time.fromisoformat(s)
        print("time", s, "->", repr(t), t.isoformat())
    except ValueError as e:
        print("time", s, "-> ValueError:", e)

for bad in ["2024-13-01", "2024-02-30", "2024-3-5", "24-03-05", "2024-W54", "2024-W00-1", "2024-W01-8",
            "", "2024/03/05", "2024-03-05 ", "２０２４-03-05"]:
    try:
        print(repr(date.fromisoformat(bad)))
    except ValueError as e:
        print("date", repr(bad), "-> ValueError:", e)
for arg in [20240305, None, b"2024-03-05"]:
    try:
        date.fromisoformat(arg)
    except TypeError as e:
        print("TypeError:", e)
for iso in ["2024-03-05T07:08:09.000100+05:30", "2024-03-05T23:59:59.999999-00:01"]:
    d = datetime.fromisoformat(iso)
    for spec in ["auto", "hours", "minutes", "seconds", "milliseconds", "microseconds"]:
        print(spec, d.isoformat(timespec=spec), d.isoformat(sep=" ", timespec=spec))
    print(d.utcoffset(), d.tzname(), d.astimezone(timezone.utc))
