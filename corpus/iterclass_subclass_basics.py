# Subclasses of map, filter, zip, enumerate and reversed: __init__/__new__, __next__ overrides with super(), extra attributes.
class mymap(map):
    pass
m = mymap(str.upper, ["a", "b"])
print(type(m).__name__, isinstance(m, map), list(m), list(m))
print(repr(mymap(abs, [])).split(" at ")[0])

class CountingMap(map):
    def __init__(self, func, *iterables):
        super().__init__()
        self.count = 0
    def __next__(self):
        value = super().__next__()
        self.count += 1
        return value
cm = CountingMap(lambda x, y: x * y, [1, 2, 3], [4, 5, 6])
print(list(cm), cm.count)
cm2 = CountingMap(len, ["ab", "cde"])
print(next(cm2), cm2.count, next(cm2), cm2.count, next(cm2, "done"), cm2.count)

class Evens(filter):
    def __new__(cls, iterable):
        return super().__new__(cls, lambda n: n % 2 == 0, iterable)
print(list(Evens(range(10))), type(Evens([])).__name__)

class Pairs(zip):
    def __init__(self, *its, strict=False):
        self.label = "pairs"
print(list(Pairs("ab", [1, 2])), Pairs([], []).label)
try:
    list(Pairs("abc", [1], strict=True))
except ValueError as e:
    print("ValueError:", e)

class Numbered(enumerate):
    def __next__(self):
        i, x = super().__next__()
        return f"{i}: {x}"
for line in Numbered(["x", "y"], start=1):
    print(line)
print(list(Numbered("ab", 5)))

class Backwards(reversed):
    def __next__(self):
        return super().__next__().upper()
print(list(Backwards("abc")), list(Backwards(("x", "y"))))
r = Backwards([1, 2])
print(type(r).__name__, list(r))
class Tagged(map):
    tag = "T"
    def describe(self):
        return f"{self.tag}:{type(self).__name__}"
t = Tagged(int, "123")
t.extra = 5
print(t.describe(), t.extra, sum(t), iter(t) is t)
print(issubclass(Tagged, map), [c.__name__ for c in Tagged.mro()])
class Stop(map):
    def __next__(self):
        v = super().__next__()
        if v > 2:
            raise StopIteration
        return v
print(list(Stop(int, "1234")), [x for x in Stop(int, "015")])
def gen():
    yield from Stop(int, "12345")
print(list(gen()))
