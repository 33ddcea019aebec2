import operator as op
print(op.lt(1, 2), op.le(2, 2), op.eq(1, 1.0), op.ne("a", "b"), op.gt(3, 1), op.ge(1, 2))
class R:
    def __lt__(self, o): return "lt-result"
    def __eq__(self, o): return ["eq"]
print(op.lt(R(), 1), op.eq(R(), 1), op.gt(1, R()))
try:
    op.lt(1, "a")
except TypeError as e:
    print("TypeError:", e)
print(op.contains([1, 2], 2), op.contains("abc", "d"), op.countOf([1, 2, 1, 1.0], 1), op.indexOf("abc", "c"))
try:
    op.indexOf([1, 2], 3)
except ValueError as e:
    print("ValueError:", e)
try:
    op.countOf(5, 1)
except TypeError as e:
    print("TypeError:", e)
nan = float("nan")
print(op.countOf([nan, nan], nan), op.indexOf([nan], nan))
print(sorted([3, 1, 2], key=op.neg), list(map(op.eq, [1, 2], [1, 3])))
