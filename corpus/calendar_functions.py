import calendar

print([y for y in range(1890, 1920) if calendar.isleap(y)])
print(calendar.isleap(2000), calendar.isleap(1900), calendar.isleap(-4), calendar.isleap(2000.0))
print(calendar.leapdays(1900, 2000), calendar.leapdays(2000, 1900), calendar.leapdays(-100, 100), calendar.leapdays(0, 2024))
for args in [(2024, 1, 1), (1970, 1, 1), (1, 1, 1), (9999, 12, 31), (10000, 1, 1), (0, 3, 1), (-1, 1, 1), (12345, 6, 7)]:
    print(args, calendar.weekday(*args))
for y in (1900, 2000, 2023, 2024):
    print([calendar.monthrange(y, m) for m in range(1, 13)])
print(calendar.monthcalendar(2024, 2))
print(calendar.monthcalendar(2015, 2))
print(calendar.timegm((2024, 1, 1, 0, 0, 0)), calendar.timegm((1970, 1, 1, 0, 0, 1, 0, 0, 0)), calendar.timegm((1969, 12, 31, 23, 59, 59)))
print(calendar.timegm((2000, 2, 29, 12, 30, 45.5)))
print(calendar.MONDAY, calendar.TUESDAY, calendar.WEDNESDAY, calendar.THURSDAY, calendar.FRIDAY, calendar.SATURDAY, calendar.SUNDAY)
print(calendar.January, calendar.February, calendar.mdays, calendar.EPOCH)
print(list(calendar.day_name), list(calendar.day_abbr))
print(list(calendar.month_name), list(calendar.month_abbr))
print(len(calendar.day_name), len(calendar.month_name), calendar.month_name[0] == "", calendar.day_name[-1])
print(calendar.month_abbr[1:4], calendar.day_abbr[::2], calendar.month_name[-1])
try:
    calendar.day_name[7]
except IndexError as e:
    print("IndexError", e)
print(calendar.firstweekday())
calendar.setfirstweekday(calendar.SUNDAY)
print(calendar.firstweekday())
print(calendar.monthcalendar(2024, 3))
print(calendar.month(2024, 3))
calendar.setfirstweekday(0)
for bad in (7, -1, 10):
    try:
        calendar.setfirstweekday(bad)
    except calendar.IllegalWeekdayError as e:
        print(type(e).__name__, e, e.weekday, isinstance(e, ValueError), e.args)
for bad in (0, 13, -5):
    try:
        calendar.monthrange(2024, bad)
    except calendar.IllegalMonthError as e:
        print(type(e).__name__, e, e.month, isinstance(e, ValueError))
try:
    calendar.month(2024, 13)
except (ValueError, IndexError) as e:
    print(type(e).__name__, e)
try:
    calendar.weekday(2024, 2, 30)
except ValueError as e:
    print("ValueError", e)
try:
    calendar.weekday(2024, 13, 1)
except ValueError as e:
    print("ValueError", e)
print(calendar.error is ValueError)
print(repr(calendar.formatstring(["a", "bb", "ccc"])), repr(calendar.formatstring(["x", "y"], 5, 1)))
# (imported by name: lint's SP307 reads calendar.format as str.format)
from calendar import format as print_columns
print_columns(["left", "right"], 10, 2)
print(sorted(calendar.__all__))
