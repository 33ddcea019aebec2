# All six comparison methods on a class, chained comparisons, and min/max/
# sorted/bisect-style use with mixed instances.
class Grade:
    ORDER = "FDCBA"
    def __init__(self, letter):
        if letter not in self.ORDER:
            raise ValueError(f"bad grade {letter!r}")
        self.letter = letter
    def _rank(self):
        return self.ORDER.index(self.letter)
    def __eq__(self, o): return self._rank() == o._rank()
    def __ne__(self, o): return self._rank() != o._rank()
    def __lt__(self, o): return self._rank() < o._rank()
    def __le__(self, o): return self._rank() <= o._rank()
    def __gt__(self, o): return self._rank() > o._rank()
    def __ge__(self, o): return self._rank() >= o._rank()
    def __hash__(self): return hash(self.letter)
    def __repr__(self): return self.letter

g = [Grade(c) for c in "BCAFDB"]
print(sorted(g), min(g), max(g), sorted(g, reverse=True)[:2])
a, b, c = Grade("A"), Grade("B"), Grade("C")
print(c < b < a, a > b > c, c <= c < a, a >= b != c, b == Grade("B"), b != Grade("B"))
print([x for x in g if Grade("C") <= x < Grade("A")], len(set(g)))
passing = [x for x in g if x >= Grade("C")]
print(passing, all(x > Grade("F") for x in passing))
try:
    Grade("E")
except ValueError as e:
    print("ValueError:", e)
