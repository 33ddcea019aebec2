# Sequence's mixins (__iter__, __contains__, __reversed__, index, count)
# on a class defining __getitem__ and __len__ only
from collections.abc import Sequence, Reversible, Iterable


class Squares(Sequence):
    def __init__(self, n):
        self.n = n

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(self.n))]
        if i < 0:
            i += self.n
        if not 0 <= i < self.n:
            raise IndexError("Squares index out of range")
        return i * i

    def __len__(self):
        return self.n


s = Squares(6)
print(list(s), list(reversed(s)), 16 in s, 17 in s, s[1:4])
print(s.index(9), s.count(4), s.count(5))
print(s.index(16, 2), s.index(16, -3), s.index(16, 0, 5), s.index(0, -100))
for args in ((5,), (16, 0, 4), (16, 5), (16, -1), (0, 1)):
    try:
        print(s.index(*args))
    except ValueError as e:
        print("ValueError", repr(e))
print(s.index(25, 0, None), s.index(1, 1, None))
try:
    s.index(25, None)
except TypeError as e:
    print("TypeError", e)
it = iter(s)
print(type(it).__name__, next(it), next(it), list(it))
r = reversed(s)
print(type(r).__name__, next(r), list(r))
print(isinstance(s, Reversible), isinstance(s, Iterable), isinstance(Squares, Iterable))
print(sorted(Sequence.__abstractmethods__))


class Weird(Sequence):
    def __getitem__(self, i):
        if i >= 3:
            raise IndexError
        return [1, 2, 1][i]

    def __len__(self):
        return 10


w = Weird()
print(list(w), w.count(1), 2 in w, w.index(1, 1))
try:
    list(reversed(w))
except IndexError as e:
    print("IndexError", repr(e))


class Eq:
    def __eq__(self, other):
        print("  eq", other)
        return other == 4


print(Eq() in s, s.count(Eq()), s.index(Eq()))
nan = float("nan")


class Nan(Sequence):
    def __getitem__(self, i):
        if i:
            raise IndexError
        return nan

    def __len__(self):
        return 1


print(nan in Nan(), Nan().count(nan), Nan().index(nan))
try:
    s.index("x", "a")
except TypeError as e:
    print("TypeError", e)
try:
    s.count()
except TypeError as e:
    print("TypeError", e)
