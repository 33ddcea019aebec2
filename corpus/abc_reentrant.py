# The mixins call the class's own dunders, which may change the object
# while the mixin runs: each keeps working (or raises CPython's error)
from collections.abc import MutableMapping, MutableSequence, MutableSet, Set, Sequence, Mapping


class Shrinking(MutableSequence):
    def __init__(self, items):
        self.l = list(items)

    def __getitem__(self, i):
        v = self.l[i]
        if len(self.l) > 2:
            self.l.pop()
        return v

    def __setitem__(self, i, v):
        self.l[i] = v

    def __delitem__(self, i):
        del self.l[i]

    def __len__(self):
        return len(self.l)

    def insert(self, i, v):
        self.l.insert(i, v)


s = Shrinking(range(8))
print(list(s), s.l)
s = Shrinking(range(8))
print(s.index(1), s.count(0), 5 in s, s.l)
s = Shrinking(range(6))
try:
    s.reverse()
except IndexError as e:
    print("IndexError", e, s.l)
s = Shrinking(range(6))
s.extend(s)
print(s.l)


class Growing(MutableMapping):
    def __init__(self):
        self.d = {}

    def __getitem__(self, k):
        return self.d[k]

    def __setitem__(self, k, v):
        self.d[k] = v
        if len(self.d) < 6:
            self.d[str(k) + "+"] = v

    def __delitem__(self, k):
        del self.d[k]

    def __iter__(self):
        return iter(list(self.d))

    def __len__(self):
        return len(self.d)


g = Growing()
g.update(a=1)
g.update([("b", 2)])
print(sorted(g.items()), g.popitem(), len(g))
g.clear()
print(dict(g))


class Clearing(Set):
    def __init__(self, items):
        self.items = list(items)

    def __contains__(self, x):
        found = x in self.items
        self.items.clear()
        return found

    def __iter__(self):
        return iter(list(self.items))

    def __len__(self):
        return len(self.items)


c = Clearing([1, 2, 3])
print(sorted((c & [1, 2]).items), Clearing([1, 2]) <= Clearing([1, 2]), Clearing([1, 2]).isdisjoint([2]))


class SelfRef(MutableSet):
    def __init__(self):
        self.s = set()

    def __contains__(self, x):
        return x in self.s

    def __iter__(self):
        return iter(list(self.s))

    def __len__(self):
        return len(self.s)

    def add(self, x):
        self.s.add(x)

    def discard(self, x):
        self.s.discard(x)


r = SelfRef()
r |= [1, 2, 3]
r ^= r
print(len(r))
r |= [1, 2]
r -= r
print(len(r))


class Deep(Sequence):
    def __getitem__(self, i):
        if i > 0:
            raise IndexError
        return self

    def __len__(self):
        return 1


d = Deep()
print(d in d, d.count(d), d.index(d))


class Recursive(Mapping):
    def __getitem__(self, k):
        return self.get(k)

    def __iter__(self):
        return iter(())

    def __len__(self):
        return 0


try:
    Recursive()["x"]
except RecursionError as e:
    print("RecursionError", str(e)[:40])
