# The errors of member descriptors and of __slots__ at class creation, with
# CPython's exact messages.


def show(label, f):
    try:
        print(label, f())
    except Exception as e:
        print(label, type(e).__name__, e)


class A:
    __slots__ = ('x', 'y')


class B(A):
    pass


class Other:
    __slots__ = ('x',)


a, b, other = A(), B(), Other()
md = A.x

# the object must be an instance of the descriptor's class
for obj in (3, 'text', None, other, Other, A, [1]):
    show('get ' + type(obj).__name__, lambda: md.__get__(obj))
    show('set ' + type(obj).__name__, lambda: md.__set__(obj, 1))
    show('del ' + type(obj).__name__, lambda: md.__delete__(obj))
show('get None None', lambda: md.__get__(None, None))
show('get None', lambda: md.__get__(None))
show('get None type', lambda: md.__get__(None, B))
show('get b None', lambda: md.__get__(b, None))

# unset slots
show('get unset', lambda: md.__get__(a))
show('attr unset', lambda: a.x)
show('sub attr unset', lambda: b.y)
show('del unset', lambda: md.__delete__(a))


def del_attr(o, name):
    delattr(o, name)  # safepy: ignore[SP305]


show('del attr unset', lambda: del_attr(a, 'x'))
a.x = 1
del a.x
show('del twice', lambda: del_attr(a, 'x'))
show('get after del', lambda: a.x)

# arity and keywords (the slot wrappers' own messages)
show('get no args', lambda: md.__get__())
show('get 3 args', lambda: md.__get__(a, A, 1))
show('get keyword', lambda: md.__get__(obj=a))
show('set one arg', lambda: md.__set__(a))
show('set 3 args', lambda: md.__set__(a, 1, 2))
show('set keyword', lambda: md.__set__(a, value=1))
show('delete no args', lambda: md.__delete__())
show('delete 2 args', lambda: md.__delete__(a, 1))

# the descriptor's own attributes are read-only
for name in ('__name__', '__qualname__', '__objclass__', '__doc__', 'other'):
    show('setattr ' + name, lambda: setattr(md, name, 'v'))  # safepy: ignore[SP305]
show('delattr __name__', lambda: delattr(md, '__name__'))
show('missing attr', lambda: md.nothing)

# the type itself
MD = type(md)
show('MD()', lambda: MD())
show('MD.__get__', lambda: MD.__get__)
show('unbound get', lambda: MD.__get__(md, b, B))
show('unbound get wrong', lambda: MD.__get__(5, b))
show('unbound set', lambda: (MD.__set__(md, b, 'via type'), b.x))
show('unbound delete', lambda: (MD.__delete__(md, b), hasattr(b, 'x')))


def subclass_md():
    class X(MD):
        pass


show('subclass member_descriptor', subclass_md)


# a descriptor copied into another class applies only to its own class
class Z:
    __slots__ = ('x',)
    alias = A.x


z = Z()
z.x = 'zx'
show('copied get', lambda: z.alias)
show('copied set', lambda: setattr(z, 'alias', 1))
show('own slot', lambda: z.x)


class Z2(A):
    alias = A.y


z2 = Z2()
z2.alias = 'through alias'
print(z2.y, z2.alias, Z2.alias)

# instances without a __dict__
show('no attribute', lambda: setattr(a, 'nope', 1))
show('no attribute get', lambda: a.nope)
show('no dict', lambda: a.__dict__)  # safepy: ignore[SP310]


class WithClassAttr:
    __slots__ = ('s',)
    const = 10


show('read-only', lambda: setattr(WithClassAttr(), 'const', 1))
show('read-only del', lambda: del_attr(WithClassAttr(), 'const'))


# deleting the descriptor from the class leaves the slot unreachable by name
class Gone:
    __slots__ = ('g', '__dict__')


gone = Gone()
gone.g = 'slot value'
keep = Gone.g
del Gone.g
show('after del Gone.g', lambda: gone.g)
gone.g = 'now in the dict'
print(gone.g, gone.__dict__, keep.__get__(gone))  # safepy: ignore[SP310]
show('hasattr class', lambda: hasattr(Gone, 'g'))


# class creation errors
def make(label, build):
    try:
        k = build()
        print(label, 'ok', [n for n in vars(k) if not n.startswith('__')])  # safepy: ignore[SP311]
    except Exception as e:
        print(label, type(e).__name__, e)


def conflict():
    class P:
        __slots__ = ('p',)

    class Q:
        __slots__ = ('q',)

    class PQ(P, Q):
        pass
    return PQ


def diamond_conflict():
    class Root:
        __slots__ = ('r',)

    class L(Root):
        __slots__ = ('l',)

    class R(Root):
        __slots__ = ('rr',)

    class D(L, R):
        pass
    return D


def diamond_ok():
    class Root:
        __slots__ = ('r',)

    class L(Root):
        pass

    class R(Root):
        __slots__ = ('rr',)

    class D(L, R):
        __slots__ = ('d',)
    return D


def with_str():
    class P:
        __slots__ = ('p',)

    class PS(P, str):
        pass
    return PS


def with_exception():
    class P:
        __slots__ = ('p',)

    class PE(P, Exception):
        pass
    return PE


def empty_with_str():
    class P:
        __slots__ = ()

    class PS(str, P):
        __slots__ = ('s',)
    return PS


def dict_twice():
    class K:
        pass

    class D(K):
        __slots__ = ('__dict__',)
    return D


def dict_twice_own():
    class D:
        __slots__ = ('__dict__', '__dict__')
    return D


def dict_on_exception():
    class D(Exception):
        __slots__ = ('__dict__',)
    return D


def weakref_twice():
    class K:
        pass

    class D(K):
        __slots__ = ('__weakref__',)
    return D


def weakref_after_slot():
    class K:
        __slots__ = ('a', '__weakref__')

    class D(K):
        __slots__ = ('__dict__', '__weakref__')
    return D


def weakref_ok():
    class K:
        __slots__ = ()

    class D(K):
        __slots__ = ('__weakref__', 'w')
    return D


def type_subclass():
    class M(type):
        __slots__ = ('m',)
    return M


def type_subclass_empty():
    class M(type):
        __slots__ = ()
    return M


def int_subclass():
    class I(int):
        __slots__ = ('__weakref__',)
    return I


def not_iterable():
    class N:
        __slots__ = 5
    return N


def not_str():
    class N:
        __slots__ = ('a', 3)
    return N


def not_identifier():
    class N:
        __slots__ = ('a-b',)
    return N


def class_var():
    class N:
        __slots__ = ('v',)
        v = 1
    return N


def mangled_class_var():
    class N:
        __slots__ = ('__m',)
        __m = 1
    return N


def slots_named_slots():
    class N:
        __slots__ = ('__slots__',)
    return N


def duplicate():
    class N:
        __slots__ = ('d', 'd')
    return N


def dunder_not_mangled():
    class N:
        __slots__ = ('__d__', '__e')
    return N


def underscore_class():
    class _:
        __slots__ = ('__u',)
    return _


for label, build in [('conflict', conflict), ('diamond conflict', diamond_conflict),
                     ('diamond ok', diamond_ok), ('with str', with_str),
                     ('with exception', with_exception), ('empty with str', empty_with_str),
                     ('dict twice', dict_twice), ('dict twice own', dict_twice_own),
                     ('dict on exception', dict_on_exception), ('weakref twice', weakref_twice),
                     ('weakref after slot', weakref_after_slot), ('weakref ok', weakref_ok),
                     ('type subclass', type_subclass), ('type subclass empty', type_subclass_empty),
                     ('int subclass', int_subclass), ('not iterable', not_iterable),
                     ('not str', not_str), ('not identifier', not_identifier),
                     ('class var', class_var), ('mangled class var', mangled_class_var),
                     ('slots named __slots__', slots_named_slots), ('duplicate', duplicate),
                     ('dunder not mangled', dunder_not_mangled), ('underscore class', underscore_class)]:
    make(label, build)

d = duplicate()()
d.d = 'twice'
print(d.d, type(d).d)
