# iteration order of sets of numbers and tuples, as CPython's table gives it
print({3, 1, 2})
print({100, 10, 1000, 1})
print({1, 9, 17, 25, 33})
print(set([1, 9, 17, 25, 33]), frozenset([1, 9, 17, 25, 33]))
for v in {1, 9, 17, 25, 33}:
    print(v, end=" ")
print()
vals = [1, 9, 17, 25, 33]
print({vals[0], vals[1], vals[2], vals[3], vals[4]})
print({-1, -9, -17, -25, -33}, set([-1, -9, -17, -25, -33]))
print({-1, -2, -3, 0, 1, 2})
print(set(range(-10, 10)))
print(set(range(0, 400, 8)))
print(set(range(0, 2000, 37)))
print({2**40, 2**50, 2**61, 2**62, 2**63, 2**64, 2**100, -(2**61)})
print({10**12, 10**13, 10**14, 7, 8})
print({0.5, 1.5, 2.25, 1e10, -0.0, 3.75})
print({1, 1.0, 2, 2.0, 3.5})
print({1.0, 1}, {1, 1.0}, {True, 1}, {0, False})
print({(1, 2), (2, 1), (0, 0), (-1, 5), (3, (4, 5))})
print(set([(0, 1), (1, 0), (2, 2), (5, 7), (-3, 3)]))
print({frozenset({1}), frozenset({2}), frozenset({1, 2})} == {frozenset({2, 1}), frozenset({1}), frozenset({2})})
print({None, 1, 2} - {None})
# growth: one element at a time
s = set()
for i in range(100):
    s.add(i * 7919 % 1000)
print(s)
# deletions leave dummies that later adds may reuse
s = set(range(101))
for i in range(0, 101, 2):
    s.discard(i)
print(s)
for i in range(200, 260):
    s.add(i)
print(s)
for i in range(1000, 1040, 3):
    s.add(-i)
print(s)
s = set()
for i in range(50):
    s.add(i * 64)
for i in range(0, 50, 3):
    s.remove(i * 64)
for i in range(50):
    s.add(i * 64 + 1)
print(s)
# pop order and the finger
s = set(range(20, 0, -3))
out = []
while s:
    out.append(s.pop())
print(out)
s = {5, 13, 21, 29}
print(s.pop(), s)
s.add(37)
print(s.pop(), s)
# big and sparse
t = set()
for i in range(3000):
    t.add((i * 2654435761) % 100003)
print(len(t), list(t)[:20], list(t)[-20:])
t2 = set()
for x in t:
    if x % 5:
        t2.add(x)
print(len(t2), list(t2)[:15])
