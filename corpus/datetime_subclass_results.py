from datetime import date, datetime, time, timedelta, timezone

class D(date):
    pass

class S(datetime):
    def __str__(self):
        return "S<" + self.isoformat() + ">"

class T(time):
    pass

class TD(timedelta):
    pass

d = D(2024, 1, 31)
print(d.today().__class__.__name__, D.today().__class__.__name__, type(D.fromtimestamp(0)).__name__)
print(type(datetime.combine(d, time())).__name__, type(S.combine(d, time(1))).__name__)
s = S(2024, 1, 1, tzinfo=timezone.utc)
print(type(s.astimezone(timezone(timedelta(hours=1)))).__name__, type(s.astimezone()).__name__,
      type(S.now()).__name__, type(S.utcnow()).__name__, type(S.today()).__name__,
      type(S.utcfromtimestamp(0)).__name__, type(S.fromordinal(5)).__name__)
print(type(s + timedelta(1)).__name__, type(timedelta(1) + s).__name__, type(s - timedelta(1)).__name__,
      type(s.replace(year=2020)).__name__, type(s - s).__name__)
print(s, str(s), repr(s), f"{s:%Y}", s.replace(fold=1), repr(s.replace(fold=1)))
print(T(1).replace(hour=2).__class__.__name__, type(T.fromisoformat('01:00')).__name__, repr(T(1, tzinfo=timezone.utc)))
print(type(+TD(1)).__name__, type(TD(1) * 1).__name__, repr(TD(0)), repr(TD(-1)), TD(hours=5) < timedelta(1))
print(isinstance(s, datetime), isinstance(s, date), isinstance(d, datetime), issubclass(S, date))
print(d == date(2024, 1, 31), hash(d) == hash(date(2024, 1, 31)), sorted([D(2024, 5, 1), date(2023, 1, 1), D(2024, 1, 1)]))
d.note = "attr"
print(d.note, d.year, d.weekday(), d.isoformat(), d.strftime("%A"), D.min, D.max, type(D.min).__name__)
try:
    class Z(timezone):
        pass
except TypeError as e:
    print("TypeError:", e)
class Later(D):
    def shift(self, n):
        return self + timedelta(days=n)
x = Later(2024, 2, 28).shift(2)
print(type(x).__name__, x, repr(x))
print(type(D(2024, 1, 1) - timedelta(days=1)).__name__, type(date(2024, 1, 1) + TD(1)).__name__)
