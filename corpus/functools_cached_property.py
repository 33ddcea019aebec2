from functools import cached_property
class Data:
    def __init__(self, n):
        self.n = n
        self.computed = 0
    @cached_property
    def total(self):
        "The total."
        self.computed += 1
        return sum(range(self.n))
d = Data(10)
print(d.total, d.total, d.computed)
print(d.__dict__)  # safepy: ignore[SP310]
del d.total
print(d.total, d.computed)
d.total = 5
print(d.total)
print(Data.total.__doc__, Data.total.attrname, type(Data.total).__name__)
class Slotted:
    __slots__ = ("x",)
    @cached_property
    def value(self):
        return 1
try:
    Slotted().value
except TypeError as e:
    print("TypeError:", e)
def compute(self):
    return 99
cp = cached_property(compute)
try:
    class Two:
        a = cp
        b = cp
except (TypeError, RuntimeError) as e:
    print(type(e).__name__, e)
loose = cached_property(compute)
class Late:
    pass
Late.x = loose
try:
    Late().x
except TypeError as e:
    print("TypeError:", e)
class Sub(Data):
    pass
s = Sub(4)
print(s.total, s.computed)
