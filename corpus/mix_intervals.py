# An Interval class: validation in __init__, & for intersection, | for the
# hull, `in` for points and sub-intervals, ordering, hashing, and merging a
# list of intervals.
class Interval:
    __slots__ = ("lo", "hi")
    def __init__(self, lo, hi):
        if lo > hi:
            raise ValueError(f"empty interval [{lo}, {hi}]")
        self.lo, self.hi = lo, hi
    def __repr__(self):
        return f"[{self.lo}, {self.hi}]"
    def __len__(self):
        return self.hi - self.lo
    def __contains__(self, x):
        if isinstance(x, Interval):
            return self.lo <= x.lo and x.hi <= self.hi
        return self.lo <= x <= self.hi
    def __and__(self, other):
        lo, hi = max(self.lo, other.lo), min(self.hi, other.hi)
        return Interval(lo, hi) if lo <= hi else None
    def __or__(self, other):
        return Interval(min(self.lo, other.lo), max(self.hi, other.hi))
    def overlaps(self, other):
        return (self & other) is not None
    def __eq__(self, other):
        return isinstance(other, Interval) and (self.lo, self.hi) == (other.lo, other.hi)
    def __lt__(self, other):
        return (self.lo, self.hi) < (other.lo, other.hi)
    def __hash__(self):
        return hash((self.lo, self.hi))

def merge(intervals):
    out = []
    for iv in sorted(intervals):
        if out and (out[-1].overlaps(iv) or out[-1].hi + 1 == iv.lo):
            out[-1] = out[-1] | iv
        else:
            out.append(iv)
    return out

a, b, c = Interval(1, 5), Interval(4, 9), Interval(11, 12)
print(a & b, a | b, a & c, len(a | b), 3 in a, 6 in a, Interval(2, 3) in a, b in a)
print(merge([c, b, a, Interval(10, 10), Interval(20, 25)]))
print(sorted({a, Interval(1, 5), c}), a == Interval(1, 5), a != b)
print(max([a, b, c]), min([a, b, c], key=len))
try:
    Interval(3, 1)
except ValueError as e:
    print("ValueError:", e)
try:
    a.extra = 1
except AttributeError as e:
    print("AttributeError:", e)
