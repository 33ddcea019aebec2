# time.strptime: the struct_time of Lib/_strptime.py in the C locale (every
# directive, tm_wday/tm_yday computed, tm_isdst from %Z, tm_zone and
# tm_gmtoff), CPython's ValueErrors and the argument errors of
# _strptime_time; datetime.strptime shares the parser.
import time
import datetime

cases = [
    ("Thu Mar  7 12:30:45 2024",),
    ("2024-03-07", "%Y-%m-%d"),
    ("24-3-7", "%y-%m-%d"),
    ("69 1 1", "%y %m %d"),
    ("68 1 1", "%y %m %d"),
    ("7 March 2024", "%d %B %Y"),
    ("7 mar 2024", "%d %b %Y"),
    ("Thursday 2024 10", "%A %Y %W"),
    ("thu 2024 10", "%a %Y %U"),
    ("4 2024 10", "%w %Y %U"),
    ("0 2024 0", "%w %Y %U"),
    ("1 2024 0", "%u %Y %W"),
    ("2024 060", "%Y %j"),
    ("2024 366", "%Y %j"),
    ("2023 366", "%Y %j"),
    ("2024 1 10", "%G %u %V"),
    ("2020 7 53", "%G %u %V"),
    ("2021 1 1", "%G %u %V"),
    ("12:05:09 AM", "%I:%M:%S %p"),
    ("12:05:09 pm", "%I:%M:%S %p"),
    ("01:05 PM", "%I:%M %p"),
    ("11", "%I"),
    ("23:59:61", "%H:%M:%S"),
    ("9:5:7", "%H:%M:%S"),
    ("12:30:45.123456", "%H:%M:%S.%f"),
    ("12:30:45.5", "%H:%M:%S.%f"),
    ("2024-03-07T12:30:45+0130", "%Y-%m-%dT%H:%M:%S%z"),
    ("2024-03-07 -01:30:15", "%Y-%m-%d %z"),
    ("2024-03-07 +01:30:15.25", "%Y-%m-%d %z"),
    ("2024-03-07 Z", "%Y-%m-%d %z"),
    ("2024-03-07 UTC", "%Y-%m-%d %Z"),
    ("2024-03-07 gmt +0000", "%Y-%m-%d %Z %z"),
    ("03/07/24", "%x"),
    ("12:30:45", "%X"),
    ("Thu Mar 07 12:30:45 2024", "%c"),
    ("10%", "%d%%"),
    ("  2024   03\t07 ", " %Y %m %d "),
    ("2024\n03", "%Y %m"),
    ("29 2", "%d %m"),
    ("", ""),
    ("x", "x"),
    ("X", "x"),
    ("1", "%d"),
    ("31 12", "%d %m"),
    ("1999 2", "%Y %m"),
    ("1 1999 23", "%m %Y %y"),
    ("23 1 1999", "%y %m %Y"),
    ("5 7 Monday", "%H %I %A"),
    ("5 7 Mon", "%I %H %a"),
    ("2024.03", "%Y.%m"),
    ("(2024)", "(%Y)"),
    ("[2024]*", "[%Y]*"),
    ("0001 1 1", "%Y %m %d"),
    ("9999 12 31", "%Y %m %d"),
]
for args in cases:
    t = time.strptime(*args)
    print(args, t, t.tm_zone, t.tm_gmtoff)

print(tuple(time.strptime("2024 5", "%Y %j")))
print(time.strptime("2024", "%Y")[:])
t = time.strptime("1 1 2000", "%d %m %Y")
print(type(t).__name__, len(t), t.tm_year, t[0], t[-1], time.mktime(t), time.strftime("%Y-%m-%d %a", t))

errors = [
    ("2024-13-01", "%Y-%m-%d"),
    ("2024-02-30", "%Y-%m-%d"),
    ("0000 1 1", "%Y %m %d"),
    ("2024-03-07 extra", "%Y-%m-%d"),
    ("2024-03-07", "%Y-%m-%d %H"),
    ("x", "%Q"),
    ("x", "%"),
    ("x", "abc%"),
    ("x", "%."),
    ("x", "% d"),
    ("x", "%\\"),
    ("x", "%é"),
    ("x", "%Y %Q %"),
    ("1 1", "%d %d"),
    ("1 1 2000", "%d %m %Y %Y"),
    ("2000 1", "%c %Y"),
    ("12:00 +01:3045", "%H:%M %z"),
    ("2024 1", "%G %V"),
    ("2024 1", "%G %u"),
    ("2024 1 1 5", "%G %u %V %j"),
    ("1 10", "%u %V"),
    ("2024 1 10", "%Y %u %V"),
    ("10", "%V"),
    ("0 1 1", "%G %u %V"),
    ("2024 0", "%Y %j"),
    ("9999 366", "%Y %j"),
    ("2024 99", "%Y %j"),
    ("EST", "%Z"),
    ("2024", "%y"),
    ("2024-03-07 Z", "%Y-%m-%d %z %Z"),
    ("25:00", "%H:%M"),
    ("1:1", "%H:%M:"),
]
for args in errors:
    try:
        print(args, "->", time.strptime(*args))
    except ValueError as e:
        print(args, "->", type(e).__name__, e)
    except Exception as e:
        print(args, "->", type(e).__name__, str(e)[:40])

for args, kw in [((), {}), (("a", "b", "c"), {}), ((1,), {}), (("1", 2), {}),
                 ((b"1", "%d"), {}), (("1",), {"format": "%d"}), ((), {"string": "1"}),
                 ((None,), {})]:
    try:
        print(time.strptime(*args, **kw))
    except TypeError as e:
        print("TypeError:", e)

# datetime.strptime: the same parser, a datetime (and a timezone for %z)
for args in [("2024-03-07 12:30:45.5", "%Y-%m-%d %H:%M:%S.%f"),
             ("2024-03-07 +0130 UTC", "%Y-%m-%d %z %Z"),
             ("2024-03-07 -0130", "%Y-%m-%d %z"),
             ("2024-03-07 Z", "%Y-%m-%d %z"),
             ("29 2", "%d %m"),
             ("1 1 1999 23", "%d %m %Y %y"),
             ("1 1", "%d %d"),
             ("2024-03-07 +23:59:59.999999", "%Y-%m-%d %z"),
             ("25:00", "%H:%M"),
             ("2024 10 3", "%G %V %u")]:
    try:
        d = datetime.datetime.strptime(*args)
        print(args, repr(d), d.tzname())
    except Exception as e:
        print(args, type(e).__name__, e)
print(repr(datetime.datetime.strptime("12:00", "%H:%M").time()))
time.strptime("2024-03-07 12", "%Y-%m-%d")
