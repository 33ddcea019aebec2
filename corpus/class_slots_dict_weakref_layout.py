# The __dict__ and __weakref__ a class gives its instances are getset
# descriptors in its namespace (only in the class that added them), the
# namespace keeps CPython's order, and __class__ assignment compares the
# layouts the classes' __slots__ made.
import collections


def show(label, f):
    try:
        print(label, f())
    except Exception as e:
        print(label, type(e).__name__, e)


def names(k):
    return list(vars(k))  # safepy: ignore[SP311]


class Plain:
    pass


class Child(Plain):
    pass


class Doc:
    "the docstring"
    b = 2
    a = 1

    def __eq__(self, other):
        return True


class Slotted:
    __slots__ = ('x',)


class SlottedWeak:
    __slots__ = ('x', '__weakref__')


class SlottedDict:
    __slots__ = ('__dict__', 'x')


class OnlyWeak:
    __slots__ = '__weakref__'


class Empty:
    __slots__ = ()


class EmptyChild(Plain):
    __slots__ = ()


class Err(Exception):
    pass


class Text(str):
    pass


class Items(list):
    pass


class Bag(set):
    pass


class Num(int):
    pass


class Pair(tuple):
    pass


class Meta(type):
    pass


class Ordered(collections.OrderedDict):
    pass


Made = type('Made', (), {'z': 0})  # safepy: ignore[SP308]
for k in (Plain, Child, Doc, Slotted, SlottedWeak, SlottedDict, OnlyWeak, Empty, EmptyChild, Err, Text, Items,
          Bag, Num, Pair, Meta, Ordered, Made):
    print(k.__name__, names(k))

gd = Plain.__dict__['__dict__']  # safepy: ignore[SP310]
gw = Plain.__dict__['__weakref__']  # safepy: ignore[SP310]
print(gd, gw, type(gd).__name__, type(gw) is type(gd))
print(gd.__name__, gd.__qualname__, gd.__objclass__, gd.__doc__)
print(gw.__name__, gw.__qualname__, gw.__objclass__, gw.__doc__)
print(Plain.__weakref__, Child.__weakref__ is gw, Plain.__dict__ is not gd)  # safepy: ignore[SP310]
p = Plain()
p.a = 1
print(gd.__get__(p), gd.__get__(p) is p.__dict__, vars(p), gw.__get__(p), p.__weakref__)  # safepy: ignore[SP310,SP311]
show('get None', lambda: gd.__get__(None, Plain) is gd)
show('get wrong', lambda: gd.__get__(3))
show('set wrong', lambda: gd.__set__(Slotted(), {}))
show('set not dict', lambda: gd.__set__(p, [1]))
show('set dict', lambda: (gd.__set__(p, {'b': 2}), p.b, vars(p)))  # safepy: ignore[SP311]
show('delete dict', lambda: (gd.__delete__(p), vars(p)))  # safepy: ignore[SP311]
show('set weakref', lambda: setattr(p, '__weakref__', 1))
show('delete weakref', lambda: gw.__delete__(p))
show('setattr name', lambda: setattr(gd, '__name__', 'x'))
show('setattr doc', lambda: setattr(gd, '__doc__', 'x'))
show('slotted weakref', lambda: Slotted().__weakref__)
show('slotted-weak weakref', lambda: SlottedWeak().__weakref__)
show('error weakref', lambda: ValueError().__weakref__)
show('plain object weakref', lambda: object().__weakref__)
show('hasattr', lambda: (hasattr(p, '__weakref__'), hasattr(Slotted(), '__weakref__'), hasattr(Err(), '__weakref__')))
show('dir', lambda: [(k.__name__, '__dict__' in dir(k), '__weakref__' in dir(k))  # safepy: ignore[SP306]
                     for k in (Plain, Slotted, SlottedWeak, SlottedDict, Empty, EmptyChild)])
show('str dict', lambda: (Text('t').__dict__, Text.__dict__['__dict__']))  # safepy: ignore[SP310]


# __class__ assignment follows the layouts
def setc(obj, cls):
    obj.__class__ = cls
    return type(obj).__name__


class A:
    __slots__ = ('x',)


class AList:
    __slots__ = ['x']


class AExt(A):
    __slots__ = ()


class A2(A):
    pass


class B:
    __slots__ = ('x',)


class B2(B):
    pass


class W1:
    __slots__ = ('a', '__weakref__')


class W2:
    __slots__ = ('a', '__weakref__')


class V1:
    __slots__ = ('__weakref__',)


class V2:
    __slots__ = ('__weakref__',)


class D1:
    __slots__ = ('a', '__dict__')


class D2:
    __slots__ = ('a', '__dict__')


class Q:
    pass


class E2(Exception):
    __slots__ = ('q',)


class E3(Exception):
    pass


for label, make, cls in [('A -> B', A, B), ('A -> AList', A, AList), ('A -> AExt', A, AExt),
                         ('AExt -> A', AExt, A), ('A -> A2', A, A2), ('A2 -> B2', A2, B2),
                         ('W1 -> W2', W1, W2), ('V1 -> V2', V1, V2), ('D1 -> D2', D1, D2),
                         ('D1 -> A', D1, A), ('Plain -> Q', Plain, Q), ('Plain -> Empty', Plain, Empty),
                         ('Empty -> Plain', Empty, Plain), ('Plain -> EmptyChild', Plain, EmptyChild),
                         ('Err -> E3', Err, E3), ('Err -> E2', Err, E2), ('Text -> Plain', lambda: Text('s'), Plain),
                         ('Plain -> object', Plain, object), ('Plain -> int', Plain, int)]:
    show(label, lambda: setc(make(), cls))
show('int -> Plain', lambda: setc(1, Plain))
show('not a class', lambda: setc(Plain(), 1))
a = A()
a.x = 'kept'
setc(a, AList)
print(a.x, AList.x.__get__(a), type(a).__name__)
d1 = D1()
d1.a, d1.extra = 1, 2
setc(d1, D2)
print(d1.a, d1.extra, vars(d1), type(d1).__name__)  # safepy: ignore[SP311]
