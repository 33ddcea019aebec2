import calendar

h = calendar.HTMLCalendar()
print(h.formatmonth(2024, 2))
print(h.formatmonth(2024, 2, withyear=False))
print(h.formatyear(2023))
print(h.formatyear(2023, width=4))
print(h.formatyear(2023, 0))
print(h.formatday(0, 3), h.formatday(15, 6))
print(h.formatweekday(0), h.formatweekheader())
print(h.formatmonthname(2020, 5), h.formatmonthname(2020, 5, False))
page = h.formatyearpage(2024)
print(type(page).__name__, len(page))
print(page.decode()[:400])
print(h.formatyearpage(2024, 2, None, "ascii").decode()[:300])

class Styled(calendar.HTMLCalendar):
    cssclasses = ["weekday"] * 5 + ["weekend"] * 2
    cssclass_noday = "empty"
    cssclass_month = "cal"
    def formatday(self, day, weekday):
        if day == 13:
            return '<td class="spooky">13</td>'
        return super().formatday(day, weekday)
s = Styled(6)
print(s.formatmonth(2023, 10))
print(calendar.HTMLCalendar(firstweekday=6).formatweekheader())
print(calendar.HTMLCalendar.cssclasses, calendar.HTMLCalendar.cssclass_year)
