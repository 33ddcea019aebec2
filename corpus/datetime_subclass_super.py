from datetime import date, datetime, timedelta
class D(date):
    def __repr__(self):
        return "D:" + super().__repr__()
    def __str__(self):
        return "<" + super().__str__() + ">"
    def __add__(self, other):
        r = super().__add__(other)
        return r
    def replace(self, **kw):
        return super().replace(**kw)
d = D(2024, 1, 1)
print(repr(d), str(d), d + timedelta(1), type(d + timedelta(1)).__name__, d.replace(day=5), date.__str__(d), date.isoformat(d))
print(d.strftime("%Y"), format(d, "%m"), f"{d}", d.__class__.__name__, d == date(2024,1,1), d < D(2024,1,2))
class E(datetime):
    def __eq__(self, o):
        return True
print(E(2024,1,1) == 5, E(2024,1,1) == date(1,1,1))
try:
    hash(E(2024,1,1))
except TypeError as e: print(e)
class N(date):
    __slots__ = ()
n = N(2024, 5, 5)
try:
    n.x = 1
except AttributeError as e: print(e)
print(n, repr(n), N.fromisoformat("2024-01-01"))
class Stamp(datetime):
    def __add__(self, other):
        print("  Stamp.__add__", other)
        return super().__add__(other)
    def __sub__(self, other):
        return super().__sub__(other)
    def __lt__(self, other):
        return super().__lt__(other)
    def __hash__(self):
        return super().__hash__() ^ 1
s = Stamp(2024, 1, 1, 12)
print(s + timedelta(hours=1), type(s + timedelta(hours=1)).__name__)
print(s - timedelta(days=1), s - datetime(2024, 1, 1), type(s - s).__name__, s.__sub__(5))
print(s < datetime(2025, 1, 1), s.__lt__(5), hash(s) == hash(datetime(2024, 1, 1, 12)) ^ 1)
class Span(timedelta):
    def __mul__(self, k):
        return super().__mul__(k)
    def __truediv__(self, k):
        return super().__truediv__(k)
print(Span(hours=1) * 3, Span(hours=3) / 2, Span(hours=3) / timedelta(minutes=30), type(Span(1) * 2).__name__)
