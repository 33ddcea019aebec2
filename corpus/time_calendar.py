import time

stamps = [0, 1, -1, 86399, 86400, 1e9, 1700000000, 951782400, 951868800,
          -1.5, 1.999, 2**31, -2**31, 253402300799, -62135596800, True, 1234567890.75]
for s in stamps:
    g = time.gmtime(s)
    print(s, tuple(g), len(g), g[0], g[-1], tuple(time.localtime(s)) == tuple(g))
    print(" ", time.asctime(g), "|", time.ctime(s))
    print(" ", time.mktime(g), time.mktime(g) == int(s // 1))

t = time.gmtime(1700000000)
year, mon, mday, hour, minute, sec, wday, yday, isdst = t
print(year, mon, mday, hour, minute, sec, wday, yday, isdst)

formats = [
    "%Y-%m-%d %H:%M:%S", "%a %A %b %B", "%c", "%x %X", "%D %T %R %r", "%j %U %W %u %w",
    "%G-W%V-%u %g", "%C %y %e %I %p", "%%", "%n%t|", "plain text", "", "%z",
    "%5Y|%-d|%_m|%010H", "%h %k %l", "x" * 50, "%Y" * 100, "naïve %Y €",
]
for s in (0, 1e9, 1700000000, 951782400, -62135596800):
    g = time.gmtime(s)
    for f in formats:
        print(repr(time.strftime(f, g)))

# zero month, day and yearday mean the first; tm_wday may be any value >= -1
print(time.strftime("%Y-%m-%d %j %a", (2000, 0, 0, 0, 0, 0, 0, 0, 0)))
print(time.asctime((2000, 0, 0, 0, 0, 0, 0, 0, 0)))
print(time.strftime("%a", (2000, 1, 1, 0, 0, 0, -1, 1, 0)))
print(time.strftime("%a", (2000, 1, 1, 0, 0, 0, 13, 1, 0)))
print(time.strftime("%S", (2000, 1, 1, 0, 0, 61, 0, 1, 0)))
print(time.strftime("%Y", (1, 1, 1, 0, 0, 0, 0, 1, 0)))
print(time.strftime("%Y", (-5, 1, 1, 0, 0, 0, 0, 1, 0)))
print(time.strftime("%Y %m", (12345, 12, 31, 23, 59, 59, 6, 366, -7)))
print(time.asctime((1, 1, 1, 0, 0, 0, 0, 1, 0)))
print(time.asctime((99999, 12, 31, 23, 59, 59, 6, 366, 1)))

# mktime normalises out-of-range fields
print(time.mktime((2000, 13, 1, 0, 0, 0, 0, 0, 0)))
print(time.mktime((2000, 1, 1, 0, 0, -1, 0, 0, 0)))
print(time.mktime((2000, 3, 0, 12, 0, 0, 5, 1, -1)))
print(time.mktime((1969, 12, 31, 23, 59, 59, 0, 0, 0)))
print(time.gmtime(time.mktime((2024, 2, 29, 12, 30, 0, 0, 0, 0)))[:6])

print(time.timezone, time.altzone, time.daylight, time.tzname)
