from functools import total_ordering
@total_ordering
class Lt:
    def __init__(self, v): self.v = v
    def __eq__(self, o): return self.v == o.v
    def __lt__(self, o): return self.v < o.v
@total_ordering
class Gt:
    def __init__(self, v): self.v = v
    def __eq__(self, o): return self.v == o.v
    def __gt__(self, o): return self.v > o.v
@total_ordering
class Le:
    def __init__(self, v): self.v = v
    def __eq__(self, o): return self.v == o.v
    def __le__(self, o): return self.v <= o.v
@total_ordering
class Ge:
    def __init__(self, v): self.v = v
    def __eq__(self, o): return self.v == o.v
    def __ge__(self, o): return self.v >= o.v
for C in (Lt, Gt, Le, Ge):
    a, b, c = C(1), C(2), C(1)
    print(C.__name__, a < b, a <= b, a > b, a >= b, a <= c, a >= c, a < c, a > c, b > a, b >= a)
print(sorted([Lt(3), Lt(1), Lt(2)], key=lambda x: x)[0].v, max(Ge(3), Ge(7)).v)
try:
    @total_ordering
    class Nothing:
        pass
except ValueError as e:
    print("ValueError:", e)
@total_ordering
class NI:
    def __lt__(self, o):
        return NotImplemented
try:
    NI() > NI()
except TypeError as e:
    print("TypeError:", e)
@total_ordering
class Both:
    def __init__(self, v): self.v = v
    def __lt__(self, o): return self.v < o.v
    def __gt__(self, o): return self.v > o.v
    def __eq__(self, o): return self.v == o.v
print(Both(1) <= Both(2), Both(3) >= Both(2))
