# MutableSet's mixins built on add and discard: remove, pop, clear and the
# in-place operators, each call traced; the recipe of an ordered set
from collections.abc import MutableSet


class OrderedSet(MutableSet):
    def __init__(self, iterable=()):
        self._d = {}
        for x in iterable:
            self._d[x] = None

    def __contains__(self, x):
        return x in self._d

    def __iter__(self):
        return iter(list(self._d))

    def __len__(self):
        return len(self._d)

    def add(self, x):
        print("  add", x)
        self._d[x] = None

    def discard(self, x):
        print("  discard", x)
        self._d.pop(x, None)

    def __repr__(self):
        return f"OrderedSet({list(self._d)})"


s = OrderedSet("abcde")
s.remove("c")
print(s)
try:
    s.remove("z")
except KeyError as e:
    print("KeyError", e)
print(s.pop(), s)
s |= "xy"
print(s)
s &= "bdxq"
print(s)
s ^= ["d", "k"]
print(s)
s ^= OrderedSet("bk")
print(s)
s -= "x"
print(s)
s2 = s
s2 -= s2
print(s2 is s, s)
s |= [1, 2, 3]
s ^= s
print(s)
s |= (4, 5)
s.clear()
print(s, len(s))
try:
    s.pop()
except KeyError as e:
    print("KeyError", repr(e), e.__suppress_context__)
print(s == set(), OrderedSet("ab") == {"a", "b"}, OrderedSet("ab") | "c", OrderedSet("abc") - "b")
for bad in (5, None):
    for name, f in (("|=", lambda t: t.__ior__(bad)), ("&=", lambda t: t.__iand__(bad)),
                    ("^=", lambda t: t.__ixor__(bad)), ("-=", lambda t: t.__isub__(bad))):
        try:
            f(OrderedSet("a"))
        except TypeError as e:
            print(name, "TypeError", e)


class NoAdd(MutableSet):
    def __contains__(self, x):
        return False

    def __iter__(self):
        return iter(())

    def __len__(self):
        return 0

    def add(self, x):
        return super().add(x)

    def discard(self, x):
        return super().discard(x)


n = NoAdd()
try:
    n.add(1)
except NotImplementedError as e:
    print("NotImplementedError", repr(e))
try:
    n |= [1]
except NotImplementedError as e:
    print("NotImplementedError", repr(e))
try:
    n ^= [1]
except TypeError as e:
    print("TypeError", e)
try:
    n -= [1]
except NotImplementedError as e:
    print("NotImplementedError", repr(e))
print(len(n))


class Abstract(MutableSet):
    add = MutableSet.add


try:
    Abstract()
except TypeError as e:
    print("TypeError", e)
