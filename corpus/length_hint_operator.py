# operator.length_hint shares the protocol of list() and tuple()
import operator


class L:
    def __init__(self, v):
        self.v = v

    def __len__(self):
        if isinstance(self.v, BaseException):
            raise self.v
        return self.v


class H:
    def __init__(self, v):
        self.v = v

    def __length_hint__(self):
        if isinstance(self.v, BaseException):
            raise self.v
        return self.v


class Both:
    def __len__(self):
        raise TypeError("no len")

    def __length_hint__(self):
        return 42


def t(*args):
    try:
        r = operator.length_hint(*args)
    except Exception as e:
        r = "%s: %s" % (type(e).__name__, e)
    print(r)


for v in (0, 5, True, -1, "x", 2.5, None, NotImplemented, 10**18, 10**19,
          TypeError("t"), ValueError("v"), IndexError("i")):
    t(L(v))
    t(H(v))
    t(L(v), 9)
    t(H(v), 9)
t(Both())
t([1, 2, 3])
t((1,), 5)
t("abcd")
t({1: 2})
t(set())
t(range(10))
t(b"xy")
t(bytearray(3))
t(3)
t(3, -4)
t(object(), 17)
t((x for x in "ab"), 6)
t([], "a")
t([], 2.5)
t([], 10**20)
t()
t(1, 2, 3)


class Sub(list):
    pass


t(Sub([1, 2]))


class SubLen(list):
    def __len__(self):
        return 7


t(SubLen([1, 2]))
