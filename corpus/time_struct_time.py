import time
t = time.gmtime(86400 * 365)
print(t)
print(t.tm_year, t.tm_yday, t[0], len(t), tuple(t), t.tm_zone, t.tm_gmtoff)
y, mo, d, *rest = t
print(y, mo, d, rest, type(t).__name__, isinstance(t, tuple))
print(time.strftime("%Y-%m-%d", t), time.mktime(t), time.asctime(t))
s = time.struct_time((2024, 2, 29, 12, 30, 0, 3, 60, 0))
print(s, s.tm_mon, s == (2024, 2, 29, 12, 30, 0, 3, 60, 0), s.tm_zone)
try:
    time.struct_time((1, 2, 3))
except TypeError as e:
    print(e)
try:
    t.tm_year = 5
except AttributeError as e:
    print(e)
print(time.localtime(0).tm_hour, repr(type(t)))
