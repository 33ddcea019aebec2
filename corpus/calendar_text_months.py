# every month's text calendar over several years, widths and first weekdays
import calendar

for year in (1900, 1999, 2000, 2023, 2024, 2100):
    for m in range(1, 13):
        print(calendar.month(year, m), end="")
print(calendar.month(2024, 2, 3, 2))
print(calendar.month(2024, 2, w=4, l=1))
print(calendar.month(2024, 2, 1, 0))
for fw in range(7):
    tc = calendar.TextCalendar(fw)
    print(tc.formatmonth(2021, 8))
    print(repr(tc.formatweekheader(2)), repr(tc.formatweekheader(9)), repr(tc.formatweekheader(1)))
calendar.prmonth(1999, 12)
calendar.prmonth(1999, 12, 5, 1)
print(calendar.weekheader(3))
print(repr(calendar.week([(0, 0), (1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 6)], 3)))
calendar.prweek([(0, 0), (28, 1), (29, 2), (30, 3), (31, 4), (0, 5), (0, 6)], 2)
print()
