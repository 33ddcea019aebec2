# MutableSequence's mixins on a class defining __getitem__, __setitem__,
# __delitem__, __len__ and insert, each call traced
from collections.abc import MutableSequence


class Traced(MutableSequence):
    def __init__(self, items=()):
        self._l = list(items)

    def __getitem__(self, i):
        print("  get", i)
        return self._l[i]

    def __setitem__(self, i, v):
        print("  set", i, v)
        self._l[i] = v

    def __delitem__(self, i):
        print("  del", i)
        del self._l[i]

    def __len__(self):
        return len(self._l)

    def insert(self, i, v):
        print("  insert", i, v)
        self._l.insert(i, v)

    def __repr__(self):
        return f"Traced({self._l})"


t = Traced([1, 2, 3])
t.append(4)
print(t)
t.extend([5, 6])
print(t)
t.extend(t)
print(t)
print(t.pop(), t.pop(0), t)
t.remove(3)
print(t)
try:
    t.remove(99)
except ValueError as e:
    print("ValueError", repr(e))
t.reverse()
print(t)
t += [7, 8]
print(t)
u = t
u += (9,)
print(u is t, t)
t.clear()
print(t, len(t))
try:
    t.pop()
except IndexError as e:
    print("IndexError", e)
t.extend("ab")
t.extend(x * 2 for x in range(2))
print(t, t.index("b"), t.count(0), "a" in t, list(reversed(t)))
try:
    t.extend(5)
except TypeError as e:
    print("TypeError", e)
try:
    t.append()
except TypeError as e:
    print("TypeError", e)
try:
    t.pop(1, 2)
except TypeError as e:
    print("TypeError", e)
print(sorted(MutableSequence.__abstractmethods__))
e = Traced()
e.reverse()
Traced([1]).reverse()
print(e)
