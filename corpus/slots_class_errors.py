# Class creation checks __slots__ as CPython does: identifiers only, no
# class variable of a slot's (mangled) name, none for int/tuple subclasses.
for body in [{'__slots__': ('q',)}, {'__slots__': ('__dict__',)}, {'__slots__': ()}]:
    for b in [int, str, tuple, float, list, dict]:
        try:
            type('X', (b,), dict(body)); print(b.__name__, 'ok')  # safepy: ignore[SP308]
        except TypeError as e:
            print(b.__name__, e)
for slots in [('1a',), ('a b',), ('ok', ''), ('__x',), ['__dict__'], 'solo']:
    try:
        class C:
            __slots__ = slots
            __x = 1
        print(slots, 'ok')
    except (TypeError, ValueError) as e:
        print(slots, type(e).__name__, e)
try:
    class P:
        __slots__ = ('x', 'y')
        def x(self):
            return 1
except ValueError as e:
    print(e)
try:
    class A:
        __slots__ = ('x',)
        x = 5
except ValueError as e:
    print(e)
class B:
    __slots__ = ('x',)
print(B.__slots__)
try:
    class C(int):
        __slots__ = ('x',)
except TypeError as e:
    print('C', e)
class D:
    __slots__ = 'single'
    def __init__(self): self.single = 1
d = D(); print(d.single)
class E(D): pass
e = E(); e.other = 2; print(vars(e), e.single)  # safepy: ignore[SP311]
class F:
    __slots__ = ()
class G(F): pass
g = G(); g.a = 1; print(vars(g))  # safepy: ignore[SP311]
class H:
    __slots__ = ('a',)
    def __init__(self): self.a = 1
    def __eq__(self, o): return self.a == o.a
    __hash__ = None
class J(H):
    @property
    def twice(self): return self.a * 2
j = J(); print(j.twice, vars(j), j == J())  # safepy: ignore[SP311]
