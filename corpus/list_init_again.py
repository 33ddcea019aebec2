# list.__init__, set.__init__ and their kin called again on a live object:
# the arguments checked, then emptied and refilled (l.__init__(l) empties l),
# reached as x.__init__, T.__init__ and from a subclass method.
def t(label, f):
    try:
        print(label, f())
    except Exception as e:
        print(label, type(e).__name__, e)
def c1():
    c = [1, 2]; c.__init__([3]); return c
t('c1', c1)
def c2():
    d = [1,2,3]; list.__init__(d, (x*2 for x in d)); return d
t('c2', c2)
class L(list):
    def reset(self): super().__init__([4])
    def reset2(self): self.__init__([7])
def c3():
    a = L([1, 2, 3]); a.reset(); return a
t('c3', c3)
def c4():
    a = L([1, 2, 3]); list.__init__(a, [5]); return a
t('c4', c4)
def c5():
    a = L([1, 2, 3]); L.__init__(a, [6]); return a
t('c5', c5)
def c6():
    a = L([1, 2, 3]); a.reset2(); return a
t('c6', c6)
def c7():
    d = {1: 2}; d.__init__({3: 4}); return d
t('c7', c7)
class D(dict):
    def reset(self): self.__init__(x=1)
def c8():
    e = D(a=1); e.reset(); return e
t('c8', c8)
class S(set):
    def reset(self): self.__init__([9])
def c9():
    s = S([1]); s.reset(); return s
t('c9', c9)
def c10():
    s = {1}; s.__init__([2]); return s
t('c10', c10)
def c11():
    a = L([1]); f = a.__init__; f([8, 9]); return a
t('c11', c11)
def c12():
    a = [1]; a.__init__(); return a
t('c12', c12)
def c13():
    a = [1]; a.__init__(1, 2); return a
t('c13', c13)
def c14():
    a = [1]; a.__init__(5); return a
t('c14', c14)
def c15():
    a = [1]; a.__init__(x=5); return a
t('c15', c15)
def c16():
    a = [1, 2]; a.__init__(a); return a
t('c16', c16)
import collections
def c17():
    q = collections.deque([1]); q.__init__([2, 3]); return q
t('c17', c17)
def c18():
    t = (1,); t.__init__(); return t
t('c18', c18)
def a1():
    a = [1, 2]
    try: a.__init__(5)
    except TypeError as e: print(e)
    return a
t('a1', a1)
def a2():
    a = [1, 2]
    try: a.__init__(1, 2)
    except TypeError as e: print(e)
    return a
t('a2', a2)
t('a3', lambda: list.__init__(5))
t('a4', lambda: list.__init__())
t('a5', lambda: type(list.__init__).__name__)
t('a6', lambda: type([].__init__).__name__)
class S(set): pass
def a7():
    s = S([1]); s.__init__([1], [2]); return s
t('a7', a7)
def a8():
    s = S([1]); s.__init__(x=1); return s
t('a8', a8)
def a9():
    s = {1, 2}; s.__init__(s); return s
t('a9', a9)
def gen_reads(l):
    for x in l:
        yield x
def a10():
    a = [1, 2, 3]; a.__init__(gen_reads(a)); return a
t('a10', a10)
def a11():
    d = {1: 2}; dict.__init__(d, [(3, 4)], x=5); return d
t('a11', a11)
import collections
def a12():
    c = collections.Counter('ab'); c.__init__('a'); return c
t('a12', a12)
def a13():
    dd = collections.defaultdict(list, a=1); dd.__init__(int, b=2); return dd, dd.default_factory
t('a13', a13)
class L(list):
    def __init__(self, *a):
        print('L.__init__', a)
        super().__init__(*a)
def a14():
    x = L([1]); list.__init__(x, [2, 3]); return x
t('a14', a14)
def a15():
    x = L([1]); x.__init__([4]); return x
t('a15', a15)
t('a16', lambda: [].__init__ == [].__init__)
t('a18', lambda: 'x'.__init__())
t('a19', lambda: (1).__init__())
