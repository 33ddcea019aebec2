# set and frozenset basics: construction, len, membership, methods
s = {3, 1, 2}
print(s, len(s), 2 in s, 5 in s, 5 not in s)
print(set(), frozenset(), set([]), frozenset(()))
print(set([5, 3, 5, 1]), frozenset([2, 2, 7]))
print(set(range(10)), set((4, 4, 4)))
print(set({"a": 1, "b": 2}) == {"a", "b"})
print(sorted(set("hello")))
e = set()
e.add(10)
e.add(2)
e.add(10)
print(e, bool(e), bool(set()), bool(frozenset()))
e.discard(99)
e.discard(10)
print(e)
e.remove(2)
print(e, len(e))
t = {1, 2, 3}
u = t.copy()
u.add(4)
print(t, u, t is u)
t.clear()
print(t, len(t))
f = frozenset([1, 2, 3])
print(f.copy() is f, frozenset(f) is f, f)
print(type(s), type(f), isinstance(s, set), isinstance(f, frozenset), isinstance(f, set))
print(type(s).__name__, type(f).__name__)
print(set is type(set()), frozenset is type(frozenset()))
print(sorted({5, -1, 3}), list({7, 2}), tuple({9, 8}), sum({1, 2, 3}), min({4, 2, 8}), max({4, 2, 8}))
print(repr({1, 2}), str(frozenset({1})), f"{ {1, 2} }")
x = {1, 2, 3}
n = 0
for v in x:
    n += v
print(n)
print({(1, 2), (3, 4), (1, 2)})
print({None} == {None}, {True, 1, 1.0}, {0, False, 0.0})
print({1, 2} == {2, 1}, {1, 2} == frozenset({1, 2}), frozenset({1}) == {1}, {1} != {2}, {1} == [1])
print({1, 2} < {1, 2, 3}, {1, 2} <= {1, 2}, {1, 2} < {1, 2}, {1, 2, 3} > {1}, {1} >= {1}, {1} > {2})
print({1, 2}.issubset([1, 2, 3]), {1, 2}.issuperset((1,)), {1, 2}.isdisjoint([3, 4]), {1, 2}.isdisjoint({2}))
print({1, 2}.issubset({1}), frozenset({1, 2}).issuperset(range(3)), set().isdisjoint(set()))
a = {1, 2, 3, 4}
print(a.union([5], (6,)), a.intersection([2, 3, 9], {3, 2}), a.difference([1], {4}), a.symmetric_difference([4, 5]))
print(a.union(), a.intersection(), a.difference())
print(frozenset([1, 2]).union([3]), frozenset([1, 2]) | {7}, {7} | frozenset([1, 2]))
b = set()
b.update([1, 2], (3,), {4: 0})
print(b)
b.intersection_update([1, 2, 3, 10], {2, 3})
print(b)
b.difference_update([3])
print(b)
b.symmetric_difference_update([2, 5, 6])
print(b)
c = {1, 2}
d = c
c |= {3}
c &= {1, 3, 4}
c -= {9}
c ^= {10}
print(c, d, c is d)
g = frozenset({1, 2})
h = g
g |= {3}
print(g, h, g is h)
print({1, 2, 3} - {2}, {1, 2} & {2, 3}, {1, 2} ^ {2, 3}, {1} | {2})
print(frozenset({1, 2}) & {2}, {1, 2} - frozenset({1}))
dk = {frozenset({1, 2}): "a", frozenset(): "empty"}
print(dk[frozenset({2, 1})], dk[frozenset()], frozenset({1, 2}) in dk)
ss = {frozenset({1}), frozenset({1}), frozenset({2, 3})}
print(len(ss), frozenset({3, 2}) in ss, {1} in ss, {3, 2} in ss)
print(hash(frozenset({1, 2, 3})) == hash(frozenset([3, 2, 1])))
print(hash(frozenset()), hash(frozenset({1, 2, 3})), hash(frozenset({(1, 2), -1})))
p = {1, 2, 3}
print(p.pop(), p.pop(), p)
print(len(set(range(1000))), 999 in set(range(1000)))
