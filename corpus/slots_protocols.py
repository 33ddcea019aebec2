# __slots__ with object.__setattr__, __setattr__/__delattr__ overrides, __getattr__
# fallbacks, properties over slots, copies through __new__, cycles, and dict keys
# named like slots, in classes with and without a __dict__.
class Frozen:
    __slots__ = ('x', 'y')
    def __init__(self, x, y):
        object.__setattr__(self, 'x', x)
        object.__setattr__(self, 'y', y)
    def __setattr__(self, k, v):
        raise AttributeError(f'{type(self).__name__} is frozen')
    def __delattr__(self, k):
        raise AttributeError('frozen del')
    def __repr__(self):
        return f'Frozen({self.x}, {self.y})'
f = Frozen(1, 2)
print(f)
try:
    f.x = 5
except AttributeError as e:
    print(e)
class FrozenSub(Frozen):
    def __init__(self, x, y, z):
        super().__init__(x, y)
        object.__setattr__(self, 'z', z)
fs = FrozenSub(1, 2, 3)
print(fs, vars(fs), fs.z)  # safepy: ignore[SP311]
try:
    object.__delattr__(fs, 'x')
    print(fs.x)
except AttributeError as e:
    print('AE', e)
class Lazy:
    __slots__ = ('_cache', 'n')
    def __init__(self, n):
        self.n = n
    def __getattr__(self, name):
        if name == '_cache':
            self._cache = self.n * 2
            return self._cache
        raise AttributeError(name)
l = Lazy(4)
print(l._cache, l._cache, hasattr(l, 'zz'))
class LazySub(Lazy):
    pass
ls = LazySub(5)
print(ls._cache, vars(ls), getattr(ls, 'n'))  # safepy: ignore[SP311]
setattr(ls, 'n', 9); delattr(ls, '_cache'); print(ls._cache, vars(ls))  # safepy: ignore[SP311]
class Tracked:
    __slots__ = ('a',)
    def __setattr__(self, k, v):
        print('set', k, v)
        super().__setattr__(k, v)
class T2(Tracked):
    def __init__(self):
        self.a = 1
        self.b = 2
t = T2(); print(t.a, t.b, vars(t))  # safepy: ignore[SP311]
class Clone:
    __slots__ = ('p', 'q')
    def copy(self):
        new = type(self).__new__(type(self))
        for name in self.__slots__:
            if hasattr(self, name):  # safepy: ignore[SP305]
                setattr(new, name, getattr(self, name))  # safepy: ignore[SP305]
        return new
class CloneSub(Clone): pass
c = CloneSub(); c.p = [1]; c.r = 'extra'
d = c.copy(); print(d.p, d.p is c.p, hasattr(d, 'q'), vars(d), vars(c))  # safepy: ignore[SP311]
class A:
    __slots__ = ('x',)
class B(A):
    @property
    def x(self):
        return 'prop'
b = B(); print(b.x)
try:
    b.x = 1
except AttributeError as e:
    print(e)
class Node:
    __slots__ = ('nxt', '__dict__')
a1 = Node(); a2 = Node(); a1.nxt = a2; a2.nxt = a1; a1.tag = 't'
print(a1.nxt.nxt is a1, vars(a1))  # safepy: ignore[SP311]
del a1, a2
objs = [B() for _ in range(3)]
for i, o in enumerate(objs):
    o.__dict__['x'] = i  # safepy: ignore[SP310]
print([vars(o) for o in objs], [o.x for o in objs])  # safepy: ignore[SP311]
class C3(A):
    x = 'class attr shadows slot'
c3 = C3(); print(c3.x)
try:
    c3.x = 1; print(c3.x)
except AttributeError as e:
    print('AE', e)
