# type(name, bases, namespace): errors, module/qualname, __init_subclass__, __slots__, exception and list bases.
for a in [(1,(),{}),('A',[],{}),('A',(),[]),('A',()),('A',(1,),{})]:
    try: print(type(*a))
    except Exception as e: print(type(e).__name__, e)
X = type('X', (), {'a': 1, 'f': lambda self: 2, '__repr__': lambda self: 'X!'})  # safepy: ignore[SP308]
print(X.__module__, X.__qualname__, X().f(), X.a, repr(X), X())
class Base:
    def __init_subclass__(cls, **kw):
        print("init_subclass", cls.__name__)
Y = type('Y', (Base,), {'__slots__': ('v',)})  # safepy: ignore[SP308]
y = Y(); y.v = 3; print(y.v)
E = type('E', (ValueError,), {})  # safepy: ignore[SP308]
try:
    raise E("bad")
except ValueError as e:
    print(repr(e), [c.__name__ for c in type(e).mro()])
L = type('L', (list,), {'total': lambda self: sum(self)})  # safepy: ignore[SP308]
print(L([1,2,3]).total())
