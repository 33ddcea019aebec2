from functools import lru_cache, cache
class Calc:
    def __init__(self, base):
        self.base = base
    @lru_cache(maxsize=8)
    def add(self, x):
        return self.base + x
    @cache
    def mul(self, x):
        return self.base * x
    def __hash__(self):
        return hash(self.base)
    def __eq__(self, other):
        return isinstance(other, Calc) and self.base == other.base
a, b = Calc(10), Calc(20)
print(a.add(1), b.add(1), a.add(1), Calc.add.cache_info())
print(a.mul(3), a.mul(3), Calc.mul.cache_info())
print(Calc.add(a, 5), Calc.add.__name__, Calc.add.__qualname__)
print(type(Calc.__dict__["add"]).__name__)  # safepy: ignore[SP310]
