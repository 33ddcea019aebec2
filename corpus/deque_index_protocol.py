# deque indexing takes any object with __index__, as CPython's sequence
# protocol does; __index__ runs before the length is read.
import collections


class I:
    def __init__(self, v):
        self.v = v

    def __index__(self):
        return self.v


d = collections.deque([1, 2, 3])
print(d[I(1)], d[I(-1)], d[True])
d[I(0)] = 9
del d[I(1)]
print(d)
for bad in (I(2 ** 70), 2 ** 70, I(5), I(-9)):
    try:
        d[bad]
    except IndexError as e:
        print("IndexError:", e)
for bad in (1.0, "0", None):
    try:
        d[bad]
    except TypeError as e:
        print("TypeError:", e)

# an __index__ that grows the deque: the new length counts
t = collections.deque([10, 20])


class Grow:
    def __index__(self):
        t.append(30)
        return 2


print(t[Grow()], t)


class Shrink:
    def __index__(self):
        t.clear()
        return 0


try:
    t[Shrink()] = 1
except IndexError as e:
    print("IndexError:", e, t)

# index()'s bounds take __index__ too, clamped by the length after it ran
d = collections.deque([5, 6, 7, 8])
print(d.index(7, I(1)), d.index(8, I(-2), I(10)), d.index(6, -100, I(2)))
for args in ((7, I(3)), (5, 1, I(0))):
    try:
        d.index(*args)
    except ValueError as e:
        print("ValueError:", e)
try:
    d.index(5, 1.5)
except TypeError as e:
    print("TypeError:", e)

# a reversed iterator that is exhausted says so before noticing a change
r = collections.deque([1])
out = []
for x in reversed(r):
    out.append(x)
    r.append(2)
print(out, r)
r = collections.deque([1, 2])
try:
    for x in reversed(r):
        r.append(3)
except RuntimeError as e:
    print("RuntimeError:", e)
r = collections.deque([1])
try:
    for x in r:
        r.append(2)
except RuntimeError as e:
    print("RuntimeError:", e)
