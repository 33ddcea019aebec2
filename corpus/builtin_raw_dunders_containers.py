# The special methods of bytearray, deque and Counter, called directly and
# through super() from a subclass's override: the builtin operation, never
# the override again.
from collections import deque, Counter, OrderedDict, defaultdict


class D(deque):
    def __getitem__(self, i):
        return super().__getitem__(i) * 10

    def __len__(self):
        return super().__len__() + 100

    def __iadd__(self, other):
        print("iadd", list(other))
        return super().__iadd__(other)

    def __contains__(self, x):
        return super().__contains__(x) or x == "any"

    def __setitem__(self, i, v):
        super().__setitem__(i, -v)

    def __delitem__(self, i):
        print("del", i)
        super().__delitem__(i)


d = D([1, 2, 3])
print(d[0], len(d), 2 in d, "any" in d, 7 in d)
d += [4]
d[1] = 5
del d[0]
print(list(d), d.__add__(deque([9])), d.__mul__(2), d.__rmul__(0), list(d.__iter__()))
print(d.__lt__(deque([9])), d.__ge__(deque([9])), deque([1]).__eq__(deque([1])))
for bad in (lambda: d.__add__([1]), lambda: d.__mul__("x"), lambda: d.__getitem__(99)):
    try:
        bad()
    except (TypeError, IndexError) as e:
        print(type(e).__name__, e)
e = deque([1, 2], maxlen=3)
print(e.__iadd__([3, 4]), e.__imul__(2), e)


class B(bytearray):
    def __getitem__(self, i):
        return super().__getitem__(i) + 1

    def __setitem__(self, i, v):
        super().__setitem__(i, v * 2)


b = B(b"abc")
print(b[0], b[1])
b[0] = 5
print(bytes(b), len(b), b.__len__(), b.__contains__(98), b.__add__(b"x"), b.__mul__(2), b.__mod__(()))
b += b"!"
b *= 2
print(bytes(b), list(iter(b))[:3], b.__iter__().__next__())
ba = bytearray(b"xy")
print(ba.__iadd__(b"z"), ba.__imul__(2), ba, ba.__getitem__(slice(1, 3)), ba.__lt__(b"z"))
ba.__setitem__(0, 65)
ba.__delitem__(1)
print(ba)
for bad in (lambda: ba.__add__("s"), lambda: ba.__iadd__([1]), lambda: ba.__imul__("2"), lambda: ba.__setitem__(0, 300)):
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)

# Counter's arithmetic as methods, and through a subclass
c = Counter(a=3, b=1)
print(c.__add__(Counter(a=1)), c.__sub__(Counter(a=5)), c.__or__(Counter(b=4)), c.__and__(Counter(a=2)))
print(c.__add__({"a": 1}), c.__neg__(), Counter(a=-2, b=3).__pos__())
c.__iadd__(Counter(z=2))
c.__isub__(Counter(a=1))
c.__ior__(Counter(b=9))
c.__iand__(Counter(a=5, b=5, z=1))
print(sorted(c.items()))


class Loud(Counter):
    def __add__(self, other):
        print("add")
        return super().__add__(other)

    def __neg__(self):
        print("neg")
        return super().__neg__()

    def __isub__(self, other):
        print("isub")
        return super().__isub__(other)


L = Loud(x=1)
print(L + Counter(x=1), -Loud(y=-3))
L -= Counter(x=5)
print(L, type(L).__name__)

o = OrderedDict(a=1)
print(o.__ior__([("b", 2)]), defaultdict(int, a=1).__ior__({"c": 3}))

# list's and deque's __reversed__, also through super()

class L(list):
    def __reversed__(self):
        print("mine")
        return super().__reversed__()
print(list(reversed(L([1,2,3]))), list([4,5].__reversed__()), list(deque([1,2]).__reversed__()))
class Q(deque):
    def __reversed__(self):
        return iter(list(super().__reversed__()) + ["end"])
print(list(reversed(Q("ab"))), hasattr([], "__reversed__"), hasattr(deque(), "__reversed__"), hasattr((), "__reversed__"))

# defaultdict.__copy__

d = defaultdict(list, a=[1])
c = d.__copy__()
print(c, c is d, c["a"] is d["a"], hasattr(d, "__copy__"))
class S(defaultdict):
    pass
print(type(S(int).__copy__()).__name__)
