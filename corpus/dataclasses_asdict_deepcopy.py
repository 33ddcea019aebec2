# asdict/astuple deep-copy every other value with copy.deepcopy, as
# dataclasses._asdict_inner: instances, sets, nested user objects
import dataclasses


class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y

    def __repr__(self):
        return "Point(%r, %r)" % (self.x, self.y)


class Tracked:
    copies = 0

    def __init__(self, v):
        self.v = v

    def __deepcopy__(self, memo):
        Tracked.copies += 1
        return Tracked(self.v * 10)

    def __repr__(self):
        return "Tracked(%r)" % self.v


@dataclasses.dataclass
class Shape:
    name: str
    points: list
    tags: set
    extra: object = None


p = Point(1, 2)
s = Shape("tri", [p, Point(3, 4)], {1, 2}, Tracked(7))
d = dataclasses.asdict(s)
print(d)
print(d["points"][0] is p, d["points"][0].x, Tracked.copies)
t = dataclasses.astuple(s)
print(t, Tracked.copies)
shared = Point(0, 0)
s2 = Shape("pair", [shared, shared], frozenset({3}))
d2 = dataclasses.asdict(s2)
print(d2["points"][0] is d2["points"][1], d2["tags"])
