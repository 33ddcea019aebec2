import calendar

for year in (1, 1970, 2000, 2024, 9999):
    print(calendar.calendar(year))
print(calendar.calendar(2023, 3, 2, 8, 4))
print(calendar.calendar(2023, w=2, l=1, c=2, m=2))
print(calendar.calendar(2023, m=6))
print(calendar.calendar(2023, m=1, c=0))
calendar.prcal(2025)
tc = calendar.TextCalendar(calendar.SUNDAY)
print(tc.formatyear(2026, 2, 1, 6, 3))
tc.pryear(2027, m=4)
