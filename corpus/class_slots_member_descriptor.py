# __slots__ makes a member descriptor per name in the class namespace:
# A.x is <member 'x' of 'A' objects>, a data descriptor that reads, writes
# and clears the slot; inheritance, shadowing, private names, the forms of
# __slots__, super() and __class__ assignment reach the slots through it.


def show(label, f):
    try:
        print(label, f())
    except Exception as e:
        print(label, type(e).__name__, e)


class A:
    __slots__ = ('x',)


class B(A):
    pass


b = B()
b.x = 1
b.y = 2
print(b.__dict__, vars(b))  # safepy: ignore[SP310,SP311]
print(A.x, type(A.x).__name__, repr(A.x), str(A.x))
print(A.x.__get__(b), A.x.__name__, A.x.__qualname__, A.x.__objclass__, A.x.__doc__)
A.x.__set__(b, 5)
print(b.x, B.x is A.x, A.__dict__['x'] is A.x)  # safepy: ignore[SP310]
A.x.__delete__(b)
show('after delete', lambda: b.x)
show('hasattr', lambda: (hasattr(b, 'x'), hasattr(A, 'x'), hasattr(B, 'x')))
show('getattr', lambda: getattr(A, 'x'))
show('get None A', lambda: A.x.__get__(None, A) is A.x)
show('get None int', lambda: A.x.__get__(None, int) is A.x)
show('in dict', lambda: ('x' in A.__dict__, 'x' in B.__dict__))  # safepy: ignore[SP310]
show('vars(A)', lambda: list(vars(A)))  # safepy: ignore[SP311]
show('dir(A)', lambda: [n for n in dir(A) if not n.startswith('__')])  # safepy: ignore[SP306]
show('dir(b)', lambda: [n for n in dir(b) if not n.startswith('__')])  # safepy: ignore[SP306]
show('type', lambda: (type(A.x), type(A.x).__name__, A.x.__class__))
show('eq hash', lambda: (A.x == A.x, A.x != B.x, hash(A.x) == hash(A.x), {A.x: 1}[B.x]))


# the namespace keeps the body's order; the slot names come after it, sorted
class Order:
    __slots__ = ('zeta', 'alpha', '__hidden', 'Mid')

    def method(self):
        return self.__hidden


print(list(vars(Order)))  # safepy: ignore[SP311]
o = Order()
o._Order__hidden = 'h'
print(o.method(), Order._Order__hidden, Order._Order__hidden.__name__)


# every form of __slots__
class FromStr:
    __slots__ = 'only'


class FromList:
    __slots__ = ['l1', 'l2']


class FromDict:
    __slots__ = {'d1': 'doc one', 'd2': 'doc two'}


class FromIter:
    __slots__ = iter(('i1', 'i2'))


class FromGen:
    __slots__ = (n for n in ('g2', 'g1'))


class Empty:
    __slots__ = ()


for k in (FromStr, FromList, FromDict, FromIter, FromGen, Empty):
    names = [n for n in vars(k) if n not in ('__module__', '__doc__', '__slots__')]  # safepy: ignore[SP311]
    print(k.__name__, names, [type(vars(k)[n]).__name__ for n in names])  # safepy: ignore[SP311]
print(FromDict.__slots__, FromDict.d1, FromDict.d1.__doc__, type(FromIter.__slots__).__name__)
fd = FromDict()
fd.d1 = 'one'
print(fd.d1, FromDict.d2.__get__(fd, FromDict) if hasattr(fd, 'd2') else 'd2 unset')
fs = FromStr()
fs.only = 3
print(fs.only, FromStr.only)


# a data descriptor wins over the instance dict
class WithDict(A):
    pass


w = WithDict()
w.__dict__['x'] = 'from dict'  # safepy: ignore[SP310]
show('dict cannot shadow', lambda: w.x)
w.x = 'slot'
print(w.x, w.__dict__)  # safepy: ignore[SP310]
del w.x
show('slot deleted', lambda: w.x)
print(w.__dict__)  # safepy: ignore[SP310]


# a subclass attribute of the same name shadows the slot
class Shadow(A):
    x = 'class attribute'


s = Shadow()
print(s.x)
s.x = 'instance dict'
print(s.x, s.__dict__, hasattr(s, 'x'))  # safepy: ignore[SP310]
A.x.__set__(s, 'hidden slot')
print(s.x, A.x.__get__(s), s.__dict__)  # safepy: ignore[SP310]


class ShadowProp(A):
    __slots__ = ()

    @property
    def x(self):
        return 'prop sees ' + repr(A.x.__get__(self) if hasattr(super(), 'x') else None)


sp = ShadowProp()
print(sp.x)
A.x.__set__(sp, 42)
print(sp.x)
show('prop has no setter', lambda: setattr(sp, 'x', 1))


# a slot redefined in a subclass is a second slot
class R1:
    __slots__ = ('v',)


class R2(R1):
    __slots__ = ('v', 'w')


r = R2()
r.v = 'child'
show('parent slot unset', lambda: R1.v.__get__(r))
R1.v.__set__(r, 'parent')
print(r.v, R1.v.__get__(r), R2.v.__get__(r), R1.v is R2.v)
del r.v
print(R1.v.__get__(r), hasattr(r, 'v'))


# diamonds: slots from one branch, dicts from the other
class Base:
    __slots__ = ('a',)


class Left(Base):
    pass


class Right(Base):
    __slots__ = ('c',)


class Both(Left, Right):
    pass


bo = Both()
bo.a, bo.c, bo.extra = 1, 2, 3
print(Base.a.__get__(bo), Right.c.__get__(bo), bo.__dict__, [k.__name__ for k in Both.mro()])  # safepy: ignore[SP310]


# super() reaches the parent's descriptor
class Sup(A):
    __slots__ = ('y',)

    def get(self):
        return super().x

    def put(self, v):
        super(Sup, self).__setattr__('x', v)


su = Sup()
show('super unset', su.get)
su.put(7)
print(su.get(), su.x)


# __getattr__ is asked when a slot is unset
class Lazy:
    __slots__ = ('value', 'calls')

    def __init__(self):
        self.calls = 0

    def __getattr__(self, name):
        self.calls += 1
        if name == 'value':
            self.value = self.calls * 10
            return self.value
        raise AttributeError(name)


lz = Lazy()
print(lz.value, lz.value, lz.calls)
show('lazy missing', lambda: lz.other)


# __setattr__ runs before the member descriptor
class Frozen:
    __slots__ = ('a', 'b')

    def __init__(self, a, b):
        object.__setattr__(self, 'a', a)
        object.__setattr__(self, 'b', b)

    def __setattr__(self, name, value):
        raise AttributeError(f'frozen: {name}')

    def __delattr__(self, name):
        raise AttributeError(f'frozen del: {name}')

    def __repr__(self):
        return f'Frozen({self.a!r}, {self.b!r})'


fz = Frozen(1, [2])
print(fz)
show('frozen set', lambda: setattr(fz, 'a', 5))
show('frozen del', lambda: delattr(fz, 'a'))
Frozen.a.__set__(fz, 'forced')
print(fz, fz.a)


# __class__ assignment between classes with the same slots
class S1:
    __slots__ = ('p', 'q')


class S2:
    __slots__ = ('p', 'q')

    def both(self):
        return self.p, self.q


s1 = S1()
s1.p, s1.q = 'P', 'Q'
s1.__class__ = S2
print(type(s1).__name__, s1.both(), S2.p.__get__(s1))
show('old descriptor', lambda: S1.p.__get__(s1))


# copy the slots of an object by hand (the copy module is not there)
class Point:
    __slots__ = ('x', 'y', 'label')

    def __init__(self, x, y):
        self.x = x
        self.y = y

    def clone(self):
        new = type(self).__new__(type(self))
        for k in type(self).mro():
            for name in getattr(k, '__slots__', ()):
                member = vars(k)[name]  # safepy: ignore[SP311]
                try:
                    member.__set__(new, member.__get__(self))
                except AttributeError:
                    pass
        return new

    def __repr__(self):
        return f'Point({self.x}, {self.y}, {getattr(self, "label", None)})'


p = Point(1, 2)
c = p.clone()
c.x = 10
p.label = 'p'
print(p, c, c.clone())
pts = [Point(i, i * i) for i in range(6)]
for q in pts:
    q.x += 100
print(pts, sum(q.y for q in pts))
show('no dict', lambda: setattr(pts[0], 'z', 1))
show('vars', lambda: vars(pts[0]))  # safepy: ignore[SP311]


# a str subclass and an exception subclass with slots
class Tagged(str):
    __slots__ = ('tag',)


t = Tagged('text')
t.tag = 'T'
print(t, t.upper(), t.tag, Tagged.tag, Tagged.tag.__get__(t))
del t.tag
show('tagged unset', lambda: t.tag)


class Err(Exception):
    __slots__ = ('code',)


try:
    e = Err('bad')
    e.code = 404
    raise e
except Err as ex:
    print(ex, ex.code, Err.code.__get__(ex), Err.code)
