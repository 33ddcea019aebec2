import operator as op
rows = [("b", 2), ("a", 3), ("c", 1)]
print(sorted(rows, key=op.itemgetter(1)), sorted(rows, key=op.itemgetter(0)))
print(op.itemgetter(0, 1)("xyz"), op.itemgetter("k")({"k": 5}), op.itemgetter(slice(1, None))([1, 2, 3]))
print(op.itemgetter(1), op.itemgetter("a", 2), op.attrgetter("x"), op.attrgetter("a.b", "c"))
print(op.methodcaller("split", ","), op.methodcaller("f", 1, "two", k=3))
class P:
    def __init__(self, x, y):
        self.x, self.y = x, y
    class Inner:
        z = 7
    inner = Inner()
p = P(1, 2)
print(op.attrgetter("x")(p), op.attrgetter("x", "y")(p), op.attrgetter("inner.z")(p))
print(op.methodcaller("upper")("abc"), op.methodcaller("split", ",", 1)("a,b,c"), op.methodcaller("get", "k", default=0)({}) if False else op.methodcaller("get", "k", 0)({}))
print(op.methodcaller("replace", "a", "b")("banana"), op.methodcaller("format", name="x")("{name}"))
for f in [lambda: op.itemgetter(), lambda: op.attrgetter(), lambda: op.attrgetter(1), lambda: op.methodcaller(),
          lambda: op.methodcaller(3), lambda: op.itemgetter(1)([]), lambda: op.itemgetter(1)(),
          lambda: op.itemgetter(1)([1], [2]), lambda: op.attrgetter("nope")(p), lambda: op.itemgetter(a=1),
          lambda: op.attrgetter("x")(p, k=1), lambda: op.methodcaller("nope")(p), lambda: op.itemgetter(0)(k=1)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
print(list(map(op.itemgetter(0), ["ab", "cd"])), callable(op.itemgetter(0)), type(op.itemgetter(0)).__name__)
