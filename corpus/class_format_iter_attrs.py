class Money:
    def __init__(self, cents):
        self.cents = cents
    def __format__(self, spec):
        if spec == "short":
            return f"${self.cents // 100}"
        return f"${self.cents / 100:{spec or '.2f'}}"
    def __abs__(self):
        return Money(abs(self.cents))
    def __neg__(self):
        return Money(-self.cents)
    def __repr__(self):
        return f"Money({self.cents})"
m = Money(1234)
print(f"{m}", f"{m:short}", f"{m:.1f}", format(m, "short"), abs(-m), -m)
class Squares:
    def __getitem__(self, i):
        if i >= 5:
            raise IndexError(i)
        return i * i
print(list(Squares()), 9 in Squares(), [x for x in Squares() if x % 2])
class Cfg:
    pass
c = Cfg()
setattr(c, "debug", True)
setattr(c, "level", 3)
delattr(c, "debug")
print([n for n in dir(c) if not n.startswith("_")])  # safepy: ignore[SP306]
class A:
    x = 1
    def f(self): pass
a = A(); a.y = 2
print(dir(a))  # safepy: ignore[SP306]
print(callable(a), callable(A), callable(a.f), callable(len))
class F:
    def __call__(self, x):
        return x * 2
print(callable(F()), F()(21))
try:
    f"{c:>10}"
except TypeError as e:
    print(e)
