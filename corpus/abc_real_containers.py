# Real containers built on the ABCs, as programs write them: a bidirectional
# map (MutableMapping), a sorted list (MutableSequence), a case-insensitive
# set (MutableSet) and a read-only range-like Sequence
from collections.abc import MutableMapping, MutableSequence, MutableSet, Sequence, Mapping


class BiMap(MutableMapping):
    def __init__(self, data=(), **kw):
        self.fwd, self.back = {}, {}
        self.update(data, **kw)

    def __getitem__(self, k):
        return self.fwd[k]

    def __setitem__(self, k, v):
        if k in self.fwd:
            del self.back[self.fwd[k]]
        if v in self.back:
            del self.fwd[self.back[v]]
        self.fwd[k], self.back[v] = v, k

    def __delitem__(self, k):
        del self.back[self.fwd.pop(k)]

    def __iter__(self):
        return iter(self.fwd)

    def __len__(self):
        return len(self.fwd)

    def inverse(self):
        return BiMap(self.back)

    def __repr__(self):
        return f"BiMap({self.fwd})"


m = BiMap({"one": 1, "two": 2}, three=3)
m["uno"] = 1
print(m, m.inverse(), len(m), m.get("one"), m.pop("two"), m)
print(dict(m.items()), sorted(m.values()), m == {"uno": 1, "three": 3}, m.setdefault("four", 4))
m.clear()
print(m, m.back)


class SortedList(MutableSequence):
    def __init__(self, items=()):
        self._l = sorted(items)

    def __getitem__(self, i):
        return self._l[i]

    def __setitem__(self, i, v):
        raise TypeError("use add()")

    def __delitem__(self, i):
        del self._l[i]

    def __len__(self):
        return len(self._l)

    def insert(self, i, v):
        k = 0
        while k < len(self._l) and self._l[k] <= v:
            k += 1
        self._l.insert(k, v)

    def __repr__(self):
        return f"SortedList({self._l})"


s = SortedList([5, 1, 3])
s.append(2)
s.extend([9, 0])
s += [4]
print(s, s.index(3), s.count(9), 7 in s, list(reversed(s)), s[-1], s[1:3])
s.remove(9)
print(s.pop(), s.pop(0), s)
try:
    s.reverse()
except TypeError as e:
    print("TypeError", e)


class CaseSet(MutableSet):
    def __init__(self, items=()):
        self._d = {}
        self |= items

    def __contains__(self, x):
        return x.lower() in self._d

    def __iter__(self):
        return iter(self._d.values())

    def __len__(self):
        return len(self._d)

    def add(self, x):
        self._d.setdefault(x.lower(), x)

    def discard(self, x):
        self._d.pop(x.lower(), None)

    def __repr__(self):
        return f"CaseSet({sorted(self._d.values())})"


c = CaseSet(["Apple", "banana"])
c.add("APPLE")
print(c, "apple" in c, len(c), c | ["Cherry"], c & ["BANANA"], c - ["apple"], c == CaseSet(["APPLE", "BANANA"]))
c -= ["BANANA"]
c ^= ["kiwi", "apple"]
print(c, c.isdisjoint(["x"]), c <= CaseSet(["kiwi", "pear"]))


class Span(Sequence):
    def __init__(self, start, stop):
        self.start, self.stop = start, stop

    def __len__(self):
        return max(0, self.stop - self.start)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError("Span index out of range")
        return self.start + i


sp = Span(10, 15)
print(list(sp), sp[1:4], sp.index(12), 14 in sp, 15 in sp, list(reversed(sp)), sp.count(11), max(sp), sum(sp))
print(isinstance(sp, Sequence), isinstance(m, Mapping), [x * 2 for x in sp if x % 2])
a, b, *rest = sp
print(a, b, rest, sorted(sp, reverse=True), tuple(sp), set(sp) == set(range(10, 15)))
