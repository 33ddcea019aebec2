import calendar, datetime

c = calendar.Calendar()
print(list(c.iterweekdays()), list(calendar.Calendar(3).iterweekdays()), list(calendar.Calendar(6).iterweekdays()))
print(c.firstweekday, c.getfirstweekday())
c.firstweekday = 9
print(c.firstweekday, c._firstweekday)
c.setfirstweekday(0)
dates = list(c.itermonthdates(2024, 2))
print(len(dates), dates[0], dates[-1], type(dates[0]) is datetime.date, dates[0] == datetime.date(2024, 1, 29))
print(list(c.itermonthdays(2024, 2)))
print(list(c.itermonthdays2(2021, 8)))
print(list(c.itermonthdays3(2020, 12)))
print(list(c.itermonthdays4(2021, 1)))
for fw in range(7):
    cc = calendar.Calendar(fw)
    print(fw, [len(list(cc.itermonthdays(y, m))) for y in (2023, 2024) for m in range(1, 13)])
print(c.monthdatescalendar(2023, 10))
print(c.monthdays2calendar(2023, 10))
print(c.monthdayscalendar(2023, 10))
ydc = c.yeardayscalendar(2023)
print(len(ydc), [len(row) for row in ydc], ydc[0][0])
print([len(row) for row in c.yeardays2calendar(2023, 5)])
print(c.yeardatescalendar(2023, 4)[2][3][-1])
print(list(calendar.Calendar(6).itermonthdates(2023, 1))[:3])
# outside the datetime range: days3 works, dates fail
print(list(c.itermonthdays3(1, 1))[:2], list(c.itermonthdays3(9999, 12))[-3:])
try:
    list(c.itermonthdates(9999, 12))
except (OverflowError, ValueError) as e:
    print(type(e).__name__, e)
try:
    c.itermonthdays(2023, 0)
    list(c.itermonthdays(2023, 0))
except calendar.IllegalMonthError as e:
    print("IllegalMonthError", e)
class Sunday(calendar.Calendar):
    def __init__(self):
        super().__init__(6)
print(Sunday().monthdayscalendar(2024, 6))
