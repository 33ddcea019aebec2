# reversed() of builtin subclasses: __reversed__ when the class (or its
# builtin base: list, dict, deque) has one, else the sequence protocol
# through the subclass's own __len__ and __getitem__ (str, tuple, bytes,
# bytearray have no __reversed__).
from collections import deque


def show(label, make):
    try:
        r = make()
        print(label, type(r).__name__, list(r))
    except Exception as e:
        print(label, type(e).__name__, e)


class Tagged(str):
    def __getitem__(self, i):
        return "<" + str.__getitem__(self, i) + ">"


class Short(str):
    def __len__(self):
        return 2


class Both(str):
    def __len__(self):
        return 3

    def __getitem__(self, i):
        return i * 10


class OwnRev(str):
    def __reversed__(self):
        return iter(["own", "reversed"])


class NoRev(str):
    __reversed__ = None


class Plain(str):
    pass


class Neg(tuple):
    def __getitem__(self, i):
        return -tuple.__getitem__(self, i)


class TupLen(tuple):
    def __len__(self):
        return 1


class ByteSub(bytes):
    def __getitem__(self, i):
        return bytes.__getitem__(self, i) + 1000


class ArrSub(bytearray):
    def __len__(self):
        return 1


class Weird(list):
    def __getitem__(self, i):
        return "ignored"

    def __len__(self):
        return 1


class ListRev(list):
    def __reversed__(self):
        return iter(["list", "override"])


class DictSub(dict):
    def __iter__(self):
        return iter(["ignored"])


class DequeFree(tuple):
    def __getitem__(self, i):
        if i == 1:
            raise IndexError("stop here")
        return tuple.__getitem__(self, i)


class BadLen(str):
    def __len__(self):
        return -1


class BigItem(str):
    def __getitem__(self, i):
        raise KeyError(i)


class Mid(Tagged):
    pass


show("tagged", lambda: reversed(Tagged("abc")))
show("short", lambda: reversed(Short("abcdef")))
show("both", lambda: reversed(Both("x")))
show("own", lambda: reversed(OwnRev("abc")))
show("none", lambda: reversed(NoRev("abc")))
show("plain", lambda: reversed(Plain("abc")))
show("neg", lambda: reversed(Neg((1, 2, 3))))
show("tuplen", lambda: reversed(TupLen((1, 2, 3))))
show("bytes", lambda: reversed(ByteSub(b"ab")))
show("bytearray", lambda: reversed(ArrSub(b"xyz")))
show("list", lambda: reversed(Weird([1, 2, 3])))
show("listrev", lambda: reversed(ListRev([1, 2])))
show("dict", lambda: reversed(DictSub(a=1, b=2)))
show("stop", lambda: reversed(DequeFree((1, 2, 3))))
show("badlen", lambda: reversed(BadLen("ab")))
show("keyerror", lambda: reversed(BigItem("ab")))
show("inherited", lambda: reversed(Mid("xy")))
show("deque", lambda: reversed(deque([1, 2, 3])))
show("empty", lambda: reversed(Tagged("")))
it = reversed(Tagged("pq"))
print(next(it), next(it), next(it, "done"), next(it, "done"))
print("".join(reversed(Plain("stressed"))))
print(isinstance(reversed(Tagged("a")), reversed))


# a bytes subclass's overrides reaching bytes's own methods
class Wrapped(bytes):
    def __getitem__(self, i):
        return ("item", bytes.__getitem__(self, i))

    def __len__(self):
        return bytes.__len__(self) * 10

    def __contains__(self, x):
        return ("in", bytes.__contains__(self, x))

    def __iter__(self):
        return iter(list(bytes.__iter__(self)) + [-1])


w = Wrapped(b"hey")
print(w[0], w[1:], len(w), 101 in w, b"ey" in w, list(w))
try:
    print(bytes.__getitem__(w, 9))
except IndexError as e:
    print(type(e).__name__, e)
try:
    print(bytes.__contains__(w, "e"))
except TypeError as e:
    print(type(e).__name__, e)
print(bytes.__len__(b"plain"), bytes.__getitem__(b"plain", -1), list(bytes.__iter__(b"ab")))
