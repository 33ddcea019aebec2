# copy and deepcopy of instances of user classes: __dict__, __slots__,
# __getstate__/__setstate__, __getnewargs__/__getnewargs_ex__, __reduce__
# and __reduce_ex__ in their forms, __copy__ and __deepcopy__
import copy


class Plain:
    def __init__(self, a, b):
        self.a = a
        self.b = b
    def __repr__(self):
        return 'Plain(%r, %r)' % (self.a, self.b)

p = Plain(1, [2, 3])
s = copy.copy(p)
d = copy.deepcopy(p)
print(s, d, s.b is p.b, d.b is p.b, type(d) is Plain)
print(vars(copy.copy(Plain.__new__(Plain))))  # safepy: ignore[SP311]


class Empty:
    pass
e = copy.deepcopy(Empty())
print(type(e).__name__, vars(e))  # safepy: ignore[SP311]


class Slotted:
    __slots__ = ('x', 'y', '__private')
    def __init__(self):
        self.x = [1]
        self.__private = 'p'
s = Slotted()
c = copy.copy(s)
d = copy.deepcopy(s)
print(c.x is s.x, d.x is s.x, d.x, hasattr(d, 'y'), d._Slotted__private)
print(Slotted.__slotnames__)


class Both(Slotted):
    __slots__ = ('z', '__dict__')
b = Both()
b.z = 'zz'
b.extra = {'e': 1}
d = copy.deepcopy(b)
print(d.x, d.z, d.extra, d.extra is b.extra, sorted(Both.__slotnames__))


class _Under:
    __slots__ = '__only'
    def __init__(self):
        self.__only = 5
u = copy.copy(_Under())
print(u._Under__only, _Under.__slotnames__)


class WithState:
    def __init__(self, v):
        self.v = v
        self.cache = 'expensive'
    def __getstate__(self):
        print('getstate')
        st = self.__dict__.copy()  # safepy: ignore[SP310]
        del st['cache']
        return st
    def __setstate__(self, st):
        print('setstate', sorted(st))
        self.__dict__.update(st)  # safepy: ignore[SP310]
        self.cache = 'rebuilt'
w = copy.deepcopy(WithState([1]))
print(w.v, w.cache)
w = copy.copy(WithState(2))
print(w.v, w.cache)


class FalsyState:
    def __getstate__(self):
        return None
    def __setstate__(self, st):
        print('never called')
print(type(copy.copy(FalsyState())).__name__)


class StateNoSet:
    def __init__(self):
        self.a = 1
    def __getstate__(self):
        return {'a': 10, 'b': 20}
x = copy.copy(StateNoSet())
print(x.a, x.b)


class SlotState:
    def __getstate__(self):
        return ({'d': 1}, {'s': 2})
x = copy.deepcopy(SlotState())
print(x.d, x.s)


class NewArgs:
    def __new__(cls, n):
        print('new', n)
        self = super().__new__(cls)
        self.n = n
        return self
    def __init__(self, n):
        print('init never runs on copy')
    def __getnewargs__(self):
        return (self.n * 10,)
o = NewArgs(1)
c = copy.copy(o)
print(c.n)
c = copy.deepcopy(o)
print(c.n)


class NewArgsEx:
    def __new__(cls, a, *, b):
        print('new', a, b)
        return super().__new__(cls)
    def __init__(self, a, *, b):
        self.a = a
        self.b = b
    def __getnewargs_ex__(self):
        return ((self.a,), {'b': self.b})
o = NewArgsEx([1], b=2)
c = copy.deepcopy(o)
print(c.a, c.b, c.a is o.a)


class NewArgsExEmptyKw:
    def __new__(cls, a):
        print('new', a)
        return super().__new__(cls)
    def __getnewargs_ex__(self):
        return ((7,), {})
copy.copy(NewArgsExEmptyKw.__new__(NewArgsExEmptyKw, 0))


class Red:
    def __init__(self, a, b=0):
        self.a = a
        self.b = b
    def __reduce__(self):
        return (Red, (self.a, self.b + 1))
r = copy.copy(Red(1))
print(r.a, r.b)
r = copy.deepcopy(Red([1]))
print(r.a, r.b)


class RedState:
    def __reduce__(self):
        return (RedState, (), {'x': 1})
print(copy.copy(RedState()).x)


class RedSetState:
    def __reduce__(self):
        return (RedSetState, (), [1, 2])
    def __setstate__(self, st):
        self.st = st
print(copy.deepcopy(RedSetState()).st)


class MyList(list):
    def __reduce__(self):
        return (MyList, (), None, iter([1, 2, 3]))
print(copy.copy(MyList([9])), copy.deepcopy(MyList()))


class MyDict(dict):
    def __reduce__(self):
        return (MyDict, (), None, None, iter([('a', [1]), ('b', 2)]))
print(copy.copy(MyDict()), copy.deepcopy(MyDict()))


class RedEx:
    def __reduce_ex__(self, proto):
        print('reduce_ex', proto)
        return (dict, ([('k', 'v')],))
print(copy.copy(RedEx()), copy.deepcopy(RedEx()))


class RedBoth:
    def __reduce_ex__(self, proto):
        return (list, ('ex',))
    def __reduce__(self):
        return (list, ('plain',))
print(copy.copy(RedBoth()))


class RedStr:
    def __reduce__(self):
        return 'RedStr'
x = RedStr()
print(copy.copy(x) is x, copy.deepcopy(x) is x)


class Hooks:
    def __init__(self):
        self.v = [1]
    def __copy__(self):
        print('__copy__')
        n = Hooks.__new__(Hooks)
        n.v = self.v
        return n
    def __deepcopy__(self, memo):
        print('__deepcopy__', type(memo).__name__)
        n = Hooks.__new__(Hooks)
        n.v = copy.deepcopy(self.v, memo)
        return n
h = Hooks()
print(copy.copy(h).v is h.v, copy.deepcopy(h).v is h.v)


class DeepSelf:
    def __deepcopy__(self, memo):
        return self
x = DeepSelf()
memo = {}
print(copy.deepcopy([x, x], memo)[0] is x, len(memo))


class Sub(Plain):
    pass
s = copy.deepcopy(Sub('a', ('b',)))
print(type(s).__name__, s)


class Getattr:
    def __init__(self):
        self.data = 1
    def __getattr__(self, name):
        print('getattr', name)
        raise AttributeError(name)
g = copy.deepcopy(Getattr())
print(g.data)
g = copy.copy(Getattr())
print(g.data)


class Meta(type):
    pass
class WithMeta(metaclass=Meta):
    pass
print(copy.copy(WithMeta) is WithMeta, copy.deepcopy(WithMeta) is WithMeta)
