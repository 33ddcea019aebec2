# calendar.LocaleTextCalendar and LocaleHTMLCalendar in the C locale: the
# same names as TextCalendar and HTMLCalendar, the locale attribute, the
# methods' signatures and a subclass's overrides reached through super().
import calendar

tc = calendar.LocaleTextCalendar(locale='C')
print(tc.locale, tc.firstweekday)
print(tc.formatmonth(2024, 2))
print(tc.formatyear(2023, 2, 1, 1, 4))
print(repr(tc.formatweekday(0, 2)), repr(tc.formatweekday(6, 9)), repr(tc.formatweekday(3, 20)))
print(repr(tc.formatmonthname(2024, 5, 20)), repr(tc.formatmonthname(2024, 5, 12, False)))
print(repr(tc.formatmonthname(2024, 5, 3, withyear=False)))
print(tc.formatweekheader(3))

d = calendar.LocaleTextCalendar(6)
print(d.firstweekday, d.locale in ('C', 'C.UTF-8', 'C.utf8', 'POSIX'))
print(d.formatmonth(2021, 8, 3, 2))
p = calendar.LocaleTextCalendar(firstweekday=2, locale='POSIX')
print(p.formatmonth(2000, 1))
print(calendar.LocaleTextCalendar(0, 'C.UTF-8').formatweekday(1, 5))

hc = calendar.LocaleHTMLCalendar(locale='C')
print(hc.locale, hc.firstweekday)
print(hc.formatmonth(2024, 3))
print(hc.formatweekday(4), hc.formatmonthname(2024, 3), hc.formatmonthname(2024, 3, withyear=False))
print(calendar.LocaleHTMLCalendar(3, 'C').formatweekheader())
print(calendar.LocaleHTMLCalendar.__doc__)
print(issubclass(calendar.LocaleTextCalendar, calendar.TextCalendar),
      issubclass(calendar.LocaleHTMLCalendar, calendar.HTMLCalendar))
print(calendar.LocaleTextCalendar.formatweekday is calendar.TextCalendar.formatweekday)


class Upper(calendar.TextCalendar):
    def formatweekday(self, day, width):
        return super().formatweekday(day, width).upper()


class Both(calendar.LocaleTextCalendar, Upper):
    pass


b = Both(locale='C')
print(b.formatweekheader(3))
print(b.formatmonth(2024, 7))


class Mine(calendar.LocaleTextCalendar):
    def __init__(self):
        super().__init__(1, 'C')
        self.calls = 0

    def formatmonthname(self, theyear, themonth, width, withyear=True):
        self.calls += 1
        return '<' + super().formatmonthname(theyear, themonth, width, withyear) + '>'


m = Mine()
print(m.formatmonth(2022, 12), m.calls)

for f in (lambda: tc.formatweekday(0), lambda: tc.formatmonthname(2024, 1),
          lambda: hc.formatweekday(), lambda: hc.formatmonthname(2024),
          lambda: calendar.LocaleTextCalendar(0, 'C', 1),
          lambda: calendar.LocaleHTMLCalendar(x=1),
          lambda: tc.formatweekday(9, 3), lambda: calendar.LocaleTextCalendar('a', 'C').formatweekheader(2),
          lambda: tc.formatmonthname(2024, 13, 5)):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
del tc.locale
try:
    tc.formatweekday(0, 3)
except AttributeError as e:
    print('AttributeError', e)
