# Set's comparisons and operators, isdisjoint and _hash, through
# _from_iterable (the class's own constructor unless overridden)
from collections.abc import Set, MutableSet, Hashable


class ListSet(Set):
    def __init__(self, it=()):
        self.items = []
        for x in it:
            if x not in self.items:
                self.items.append(x)

    def __contains__(self, x):
        return x in self.items

    def __iter__(self):
        return iter(self.items)

    def __len__(self):
        return len(self.items)

    def __repr__(self):
        return f"ListSet({self.items})"


a, b = ListSet([1, 2, 3]), ListSet([2, 3, 4])
print(a & b, a | b, a - b, a ^ b, b - a)
print(a & [3, 1], [3, 1, 9] & a, a | [9], [9] | a, a - {1}, {1, 5} - a, a ^ [3, 9], (3, 9) ^ a)
print(type(a & b).__name__, type([1] & a).__name__)
print(a < b, a <= a, a < ListSet([1, 2, 3, 4]), a > ListSet([1]), a >= a, a == ListSet([3, 2, 1]), a != b)
print(a == {1, 2, 3}, {1, 2, 3} == a, a <= {1, 2, 3, 4}, frozenset({1}) < a, a == [1, 2, 3])
print(a.isdisjoint([5, 6]), a.isdisjoint(iter([3])), a.isdisjoint(b))
for name, op in (("a < [1]", lambda: a < [1]), ("a <= 5", lambda: a <= 5), ("a & 5", lambda: a & 5),
                 ("a | None", lambda: a | None), ("a - 1", lambda: a - 1), ("a ^ 2", lambda: a ^ 2),
                 ("1 - a", lambda: 1 - a)):
    try:
        print(name, op())
    except TypeError as e:
        print(name, "TypeError", e)
print(a.__and__(5), a.__le__([]), a.__sub__(3), a.__rsub__(3))
for items in ([], [1], [1, 2, 3], ["a", "b"], [(1, 2), None, 2.5]):
    print(ListSet(items)._hash() == hash(frozenset(items)))
print(ListSet.__hash__, isinstance(a, Hashable))


class HashableSet(ListSet):
    __hash__ = Set._hash


print(hash(HashableSet([1, 2])) == hash(frozenset([1, 2])), isinstance(HashableSet(), Hashable))


class Logged(ListSet):
    @classmethod
    def _from_iterable(cls, it):
        print("  _from_iterable", type(it).__name__)
        return cls(it)


x, y = Logged([1, 2]), Logged([2, 3])
print(x & y, x | y, x - y, x ^ y, x - [1], [5] - x)
g = []


class Gen(ListSet):
    @classmethod
    def _from_iterable(cls, it):
        g.append(it)
        return len(g)


print(Gen([1]) & [1], Gen([1]) | [2], Gen([1]) - {1})
print([type(i).__name__ for i in g], [list(i) for i in g])
print(repr(g[0]).split(" at ")[0], repr(g[1]).split(" at ")[0], repr(g[2]).split(" at ")[0])
print(sorted(Set.__abstractmethods__), sorted(MutableSet.__abstractmethods__))
