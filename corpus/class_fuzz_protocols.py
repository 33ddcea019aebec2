# difffuzz families over user classes: the sequence protocol (__getitem__
# without __iter__), reversed(), `in` without __contains__, __eq__ without
# __hash__, property setter/deleter errors, setattr/delattr, int/float/abs
# through special methods, the __setitem__/__delitem__ slot pair
def t(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)

class Seq:
    def __init__(self, *items):
        self.items = list(items)
    def __getitem__(self, i):
        print('get', i)
        return self.items[i]
class SeqLen(Seq):
    def __len__(self):
        return len(self.items)
class Stop:
    def __getitem__(self, i):
        if i == 2:
            raise StopIteration
        return i * 10
class Rev:
    def __reversed__(self):
        return iter('rev')
class NoRev:
    __reversed__ = None
    def __getitem__(self, i):
        return i
class Plain:
    pass

t(lambda: list(Seq(1, 'a')))
t(lambda: 'a' in Seq(1, 'a'))
t(lambda: 5 in Seq(1, 'a'))
t(lambda: list(Stop()))
t(lambda: sorted(Seq(3, 1, 2)))
t(lambda: dict(enumerate(Seq('x', 'y'))))
t(lambda: list(reversed(SeqLen(1, 2, 3))))
t(lambda: list(reversed(Seq(1, 2))))
t(lambda: list(reversed(Rev())))
t(lambda: list(reversed(NoRev())))
t(lambda: list(reversed(Plain())))
t(lambda: 1 in Plain())
t(lambda: list(Plain()))
a, *b = Seq(1, 2, 3)
print(a, b)
it = iter(Seq(7))
print(type(it).__name__, next(it), next(it, 'end'), next(it, 'end'))

class Eq:
    def __init__(self, v):
        self.v = v
    def __eq__(self, o):
        return isinstance(o, Eq) and self.v == o.v
    def __repr__(self):
        return 'Eq(%r)' % self.v
class EqH(Eq):
    def __hash__(self):
        return hash(self.v)
class EqSub(EqH):
    def __eq__(self, o):
        return False
t(lambda: {Eq(1): 1})
t(lambda: hash(Eq(1)))
t(lambda: len({EqH(1), EqH(1), EqH(2)}))
t(lambda: {EqSub(1)})
t(lambda: Eq.__hash__ is None)

class P:
    def __init__(self):
        self._v = 1
    @property
    def v(self):
        return self._v
    @property
    def w(self):
        return 2
    @w.setter
    def w(self, x):
        self._v = x
p = P()
def setv():
    p.v = 5
def delv():
    del p.v
def delw():
    del p.w
t(setv)
t(delv)
t(delw)

class A:
    pass
a = A()
setattr(a, 'x', 1)
print(a.x, getattr(a, 'x'))
delattr(a, 'x')
t(lambda: a.x)
t(lambda: delattr(a, 'x'))
t(lambda: setattr(a, 1, 2))
t(lambda: setattr(1, 'x', 2))
t(lambda: setattr(A, 'k', 3) or A.k)

class Num:
    def __init__(self, v):
        self.v = v
    def __int__(self):
        return self.v + 1
    def __float__(self):
        return self.v / 2
    def __abs__(self):
        return 'abs'
class Idx:
    def __index__(self):
        return 7
class Bad:
    def __int__(self):
        return 'x'
    def __float__(self):
        return 1
t(lambda: (int(Num(3)), float(Num(3)), abs(Num(3))))
t(lambda: (int(Idx()), float(Idx())))
t(lambda: int(Bad()))
t(lambda: float(Bad()))
t(lambda: abs(Plain()))
t(lambda: int(Plain()))
t(lambda: float(Plain()))

class OnlyDel:
    def __delitem__(self, k):
        print('del', k)
class OnlySet:
    def __setitem__(self, k, v):
        print('set', k, v)
def s1():
    OnlyDel()[0] = 1
def s2():
    del OnlySet()[0]
def s3():
    del OnlyDel()[0]
def s4():
    Plain()[0] = 1
t(s1)
t(s2)
t(s3)
t(s4)
