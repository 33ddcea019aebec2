# @staticmethod and @classmethod: calls through the class, an instance and a
# subclass; alternative constructors that honour the subclass.
class Date:
    def __init__(self, y, m, d):
        self.y, self.m, self.d = y, m, d
    def __repr__(self):
        return f"{type(self).__name__}({self.y}, {self.m}, {self.d})"
    @classmethod
    def from_string(cls, s):
        y, m, d = map(int, s.split("-"))
        return cls(y, m, d)
    @classmethod
    def today_like(cls):
        return cls.from_string("2024-02-29")
    @staticmethod
    def is_leap(y):
        return y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)
    def leap(self):
        return self.is_leap(self.y)

class EuroDate(Date):
    def __repr__(self):
        return f"{self.d}.{self.m}.{self.y}"

print(Date.from_string("2023-07-01"), EuroDate.from_string("2023-07-01"))
print(EuroDate.today_like(), Date(2000, 1, 1).today_like())
print(Date.is_leap(1900), Date.is_leap(2000), Date(2024, 1, 1).leap())
print(EuroDate.is_leap(2023), EuroDate(1, 1, 1).is_leap(4))
f = Date.is_leap
print(f(2020))

class Counter:
    created = 0
    def __init__(self):
        type(self).bump()
    @classmethod
    def bump(cls):
        cls.created += 1
        return cls.created

class Sub(Counter):
    pass

Counter(); Counter(); Sub()
print(Counter.created, Sub.created)
sm = staticmethod(len)
cm = classmethod(lambda cls: cls.__name__)
class Holder:
    size = sm
    name = cm
print(Holder.size("abc"), Holder().size([1]), Holder.name(), Holder().name())
