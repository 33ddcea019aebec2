# list(), tuple(), list.extend, [*x], (*x,), f(*x), +=, sorted, bytes(),
# bytearray.extend and a, *b = x ask the iterable's __len__ / __length_hint__
# (CPython's PyObject_LengthHint); set(), dict.fromkeys, min, sum, map, zip,
# enumerate and bytearray() never do.


class Logged:
    def __init__(self, log, n=3, hint=None):
        self.log = log
        self.n = n
        self.hint = hint

    def __iter__(self):
        self.log.append("iter")
        return iter(range(3))

    def __len__(self):
        self.log.append("len")
        if isinstance(self.n, BaseException):
            raise self.n
        return self.n


class Hinted:
    def __init__(self, log, hint):
        self.log = log
        self.hint = hint

    def __iter__(self):
        self.log.append("iter")
        return iter("ab")

    def __length_hint__(self):
        self.log.append("hint")
        if isinstance(self.hint, BaseException):
            raise self.hint
        return self.hint


def show(name, fn, obj_factory):
    log = []
    try:
        r = fn(obj_factory(log))
    except Exception as e:
        r = "%s: %s" % (type(e).__name__, e)
    print(name, log, r)


def sink(*a):
    return a


def unpack(x):
    a, *b = x
    return a, b


def unpack_end(x):
    *a, b = x
    return a, b


def iadd(x):
    l = [9]
    l += x
    return l


def ba_extend(x):
    b = bytearray(b"z")
    b.extend(x)
    return b


def l_extend(x):
    l = []
    l.extend(x)
    return l


callers = [
    ("list", list),
    ("tuple", tuple),
    ("extend", l_extend),
    ("star-list", lambda x: [*x]),
    ("star-list2", lambda x: [0, *x, *x]),
    ("star-tuple", lambda x: (*x,)),
    ("star-call", lambda x: sink(*x)),
    ("star-call2", lambda x: sink(1, *x)),
    ("iadd", iadd),
    ("sorted", sorted),
    ("bytes", bytes),
    ("ba.extend", ba_extend),
    ("unpack", unpack),
    ("unpack-end", unpack_end),
    ("join", lambda x: "-".join(map(str, x))),
    ("set", set),
    ("frozenset", frozenset),
    ("star-set", lambda x: {*x}),
    ("dict.fromkeys", dict.fromkeys),
    ("min", min),
    ("sum", sum),
    ("map", lambda x: list(map(str, x))),
    ("zip", lambda x: list(zip(x))),
    ("enumerate", lambda x: list(enumerate(x))),
    ("bytearray", bytearray),
    ("any", any),
]

for name, fn in callers:
    show(name, fn, lambda log: Logged(log))
    show(name + "/hint", fn, lambda log: Hinted(log, 2))

# what a hint may say: only pre-sizing, never the result
for bad in (-1, "x", 2.5, None, True, 0, 10**6, NotImplemented,
            TypeError("swallowed"), ValueError("propagates"), KeyError("k"),
            10**19, 2**63, 10**18):
    for name, fn in (("list", list), ("tuple", tuple), ("bytes", bytes),
                     ("extend", l_extend), ("sorted", sorted), ("star", lambda x: [*x])):
        show("hint=%r %s" % (bad, name), fn, lambda log: Hinted(log, bad))

for bad in (-1, "x", 2.5, None, 0, TypeError("swallowed"), ValueError("propagates"),
            10**19, 10**18):
    for name, fn in (("list", list), ("tuple", tuple), ("bytes", bytes), ("iadd", iadd)):
        show("len=%r %s" % (bad, name), fn, lambda log: Logged(log, bad))


# __len__ that fails with TypeError falls back to __length_hint__
class Both(Logged):
    def __length_hint__(self):
        self.log.append("hint")
        return 1


for n in (TypeError("no"), "str", 5):
    show("both len=%r" % (n,), list, lambda log: Both(log, n))
    show("both len=%r" % (n,), tuple, lambda log: Both(log, n))


# a hint that mutates the list being extended: the length is read again
class Grow:
    def __init__(self, target):
        self.target = target

    def __iter__(self):
        return iter([1, 2])

    def __len__(self):
        self.target.append("from-len")
        return 100


l = [0]
l.extend(Grow(l))
print(l)
l = [0]
l += Grow(l)
print(l)


# __length_hint__ looked up on the type (special method), and the
# instance attribute is ignored
class NoHint:
    def __iter__(self):
        return iter([7])


o = NoHint()
o.__length_hint__ = lambda: -5
o.__len__ = lambda: -5
print(list(o), tuple(o), sorted(o))


# subclasses of list and tuple are iterated, so their __len__ runs
class MyList(list):
    def __len__(self):
        print("MyList.__len__")
        return super().__len__()


class MyTuple(tuple):
    def __len__(self):
        print("MyTuple.__len__")
        return 2


m = MyList([1, 2])
print(list(m), tuple(m), [*m])
t = MyTuple((3, 4))
print(list(t), tuple(t), sorted(t))
print([].__iadd__(m))


# a generator and an iterator class: the iterator's own hint is asked by
# a, *b = and str.join (PySequence_List / PySequence_Fast of the iterator)
class It:
    def __init__(self):
        self.i = 0

    def __iter__(self):
        print("It.__iter__")
        return self

    def __next__(self):
        self.i += 1
        if self.i > 3:
            raise StopIteration
        return str(self.i)

    def __length_hint__(self):
        print("It.__length_hint__ at", self.i)
        return 3


print("".join(It()))
a, *b = It()
print(a, b)
a, b, *c = It()
print(a, b, c)
print(list(It()))
try:
    a, b, c, d, *e = It()
except ValueError as e:
    print("ValueError:", e)
