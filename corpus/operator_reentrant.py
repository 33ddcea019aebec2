import operator as op
data = [[3, "c"], [1, "a"], [2, "b"]]
class Mut:
    def __init__(self, lst):
        self.lst = lst
    def __getitem__(self, i):
        self.lst.append(i)
        return len(self.lst)
m = Mut([])
print(op.itemgetter(0, 1, 2)(m), m.lst)
class Grow:
    def __init__(self):
        self.items = [1, 2, 3]
    def __iter__(self):
        for x in self.items:
            if len(self.items) < 6:
                self.items.append(x)
            yield x
g = Grow()
print(op.countOf(g, 1), g.items)
lst = [1, 2, 3, 2]
class Eq:
    def __eq__(self, other):
        if lst:
            lst.pop()
        return other == 3
print(op.indexOf(lst, Eq()) if False else op.countOf(lst, Eq()), lst)
keys = op.itemgetter(1)
print(sorted(data, key=keys))
class Attr:
    @property
    def a(self):
        self.b = 5
        return self
print(op.attrgetter("a.b")(Attr()))
