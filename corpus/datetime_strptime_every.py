from datetime import datetime, date, time, timezone, timedelta

cases = [
    ("%a %A %b %B", "Tue Tuesday Mar March"),
    ("%Y-%m-%d %a", "2024-03-05 tue"),
    ("%d/%m/%y %H:%M:%S", "05/03/24 07:08:09"),
    ("%d/%m/%y", "05/03/69"),
    ("%d/%m/%y", "05/03/68"),
    ("%I:%M %p", "12:30 AM"),
    ("%I:%M %p", "12:30 pm"),
    ("%I %p", "7 PM"),
    ("%H", "7"),
    ("%j %Y", "060 2024"),
    ("%j", "366"),
    ("%Y %U %w", "2024 09 2"),
    ("%Y %W %w", "2024 09 2"),
    ("%Y %U %w", "2023 00 0"),
    ("%Y %W %a", "2023 00 Sun"),
    ("%G-W%V-%u", "2024-W10-2"),
    ("%G-W%V-%u", "2021-W01-1"),
    ("%G %V %A", "2020 53 Sunday"),
    ("%S.%f", "09.5"),
    ("%S.%f", "09.123456"),
    ("%H:%M:%S %z", "07:08:09 +0530"),
    ("%H:%M:%S %z", "07:08:09 -08:00"),
    ("%H:%M:%S %z", "07:08:09 Z"),
    ("%H:%M %z", "07:08 +01:30:15"),
    ("%H:%M %z", "07:08 -0000"),
    ("%H:%M %z", "07:08 +053045.5"),
    ("%H:%M %Z", "07:08 UTC"),
    ("%H:%M %Z", "07:08 gmt"),
    ("%c", "Tue Mar  5 07:08:09 2024"),
    ("%x", "03/05/24"),
    ("%X", "07:08:09"),
    ("%x %X", "12/31/99 23:59:59"),
    ("%m%d%Y", "03052024"),
    ("%Y%m%d%H%M", "202403050708"),
    ("100%% %Y", "100% 2024"),
    ("%b %d, %Y", "sep 9, 2024"),
    ("  %Y", "2024"),
    ("%Y\t%m", "2024  \t 03"),
    ("%y", "7"),
    ("%m/%d", "2/29"),
]
for fmt, s in cases:
    try:
        d = datetime.strptime(s, fmt)
        print("%-22r %-28r -> %r" % (fmt, s, d))
    except ValueError as e:
        print("%-22r %-28r -> ValueError: %s" % (fmt, s, e))

d = datetime(2024, 3, 5, 7, 8, 9, 123456, tzinfo=timezone(timedelta(hours=5, minutes=30), "IST"))
for ch in "aAbBcdfHIjmMpSUwWxXyYzZGuV%":
    print("%" + ch, repr(d.strftime("%" + ch)))
print(repr(date(2024, 3, 5).strftime("%H:%M:%S %f %z %Z|%j|%U|%W")))
print(repr(time(7, 8, 9, 5).strftime("%Y-%m-%d %H:%M:%S.%f %a %j")))
naive = datetime(1999, 12, 31, 23, 0)
print(repr(naive.strftime("[%z][%Z] %y %G %V %u %w")))
print(repr(datetime(1, 1, 1).strftime("%Y %G %V %a %c")))
print(repr(datetime(2024, 1, 1).strftime("%Q %E %")))
