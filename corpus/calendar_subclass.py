import calendar

class Marked(calendar.TextCalendar):
    def __init__(self, marks, firstweekday=0):
        super().__init__(firstweekday)
        self.marks = marks
    def formatday(self, day, weekday, width):
        s = super().formatday(day, weekday, width)
        if day in self.marks:
            s = s[:-1] + "*"
        return s

m = Marked({1, 15, 29})
print(m.formatmonth(2024, 2))
print(m.formatyear(2024, m=4))

class Upper(calendar.TextCalendar):
    def formatmonthname(self, theyear, themonth, width, withyear=True):
        return super().formatmonthname(theyear, themonth, width, withyear).upper()
    def formatweekday(self, day, width):
        return calendar.day_name[day][:width].lower().center(width)
print(Upper().formatmonth(2022, 11))
print(Upper(6).formatyear(2022, 3, 1, 3, 2))

class Weird(calendar.TextCalendar):
    def itermonthdays(self, year, month):
        yield from range(1, 8)
print(Weird().formatmonth(2024, 1))

tc = calendar.TextCalendar()
for args in [(2024, 1, 0, 0), (2024, 1, 1, 1), (2024, 1, 2, 3)]:
    print(repr(tc.formatmonth(*args)))
print(repr(tc.formatmonthname(2024, 1, 20)), repr(tc.formatmonthname(2024, 1, 20, False)))
print(repr(tc.formatday(0, 0, 3)), repr(tc.formatday(7, 0, 3)), repr(tc.formatweekday(0, 10)), repr(tc.formatweekday(6, 2)))
try:
    tc.formatmonth(2024)
except TypeError as e:
    print("TypeError", e)
try:
    tc.formatday(1, 2)
except TypeError as e:
    print("TypeError", e)
