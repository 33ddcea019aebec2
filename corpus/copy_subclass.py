# copy and deepcopy of subclasses of the builtin types, the collections
# module's containers, datetime values, named tuples and exceptions
import copy
from collections import deque, OrderedDict, defaultdict, Counter, namedtuple, ChainMap, UserDict, UserList
import datetime


class L(list):
    pass
l = L([1, [2]])
l.attr = {'a': 1}
for c in (copy.copy(l), copy.deepcopy(l)):
    print(type(c).__name__, c, c.attr, c.attr is l.attr, c[1] is l[1])


class D(dict):
    def __init__(self, *a, **k):
        print('D.__init__ runs?', a, k)
        super().__init__(*a, **k)
d = D(x=[1])
for c in (copy.copy(d), copy.deepcopy(d)):
    print(type(c).__name__, c, c['x'] is d['x'])


class S(set):
    pass
s = S({1, 2})
s.tag = 't'
for c in (copy.copy(s), copy.deepcopy(s)):
    print(type(c).__name__, sorted(c), c.tag)


class FS(frozenset):
    pass
f = FS({3})
print(type(copy.copy(f)).__name__, copy.copy(f) is f, copy.deepcopy(f))


class T(tuple):
    pass
t = T((1, [2]))
for c in (copy.copy(t), copy.deepcopy(t)):
    print(type(c).__name__, c, c is t, c[1] is t[1])


class I(int):
    pass
class F(float):
    pass
class Str(str):
    pass
class B(bytes):
    pass
class C(complex):
    pass
class BA(bytearray):
    pass
for v in (I(7), F(2.5), Str('hey'), B(b'xy'), C(1 + 2j), BA(b'ab')):
    v.note = 'n'
    for c in (copy.copy(v), copy.deepcopy(v)):
        print(type(c).__name__, repr(c), c == v, c is v, c.note)


class IS(int):
    __slots__ = ()
print(copy.copy(IS(3)), type(copy.deepcopy(IS(3))).__name__)

dq = deque([1, [2]], maxlen=5)
for c in (copy.copy(dq), copy.deepcopy(dq)):
    print(c, c.maxlen, c[1] is dq[1])
print(copy.deepcopy(deque([1, 2])))


class DQ(deque):
    pass
dq = DQ([[1]])
dq.x = 1
c = copy.deepcopy(dq)
print(type(c).__name__, c, c.x, c[0] is dq[0])

od = OrderedDict([('b', [1]), ('a', 2)])
for c in (copy.copy(od), copy.deepcopy(od)):
    print(c, c['b'] is od['b'])

dd = defaultdict(list, {'k': [1]})
for c in (copy.copy(dd), copy.deepcopy(dd)):
    print(c, c.default_factory, c['k'] is dd['k'])
print(copy.deepcopy(defaultdict(None, a=1)))

ct = Counter('abracadabra')
for c in (copy.copy(ct), copy.deepcopy(ct)):
    print(type(c).__name__, c == ct, c.most_common(2))

Point = namedtuple('Point', 'x y')
p = Point([1], 2)
for c in (copy.copy(p), copy.deepcopy(p)):
    print(c, c is p, c.x is p.x)

cm = ChainMap({'a': [1]}, {'b': 2})
for c in (copy.copy(cm), copy.deepcopy(cm)):
    print(c, c['a'] is cm['a'])

ud = UserDict(a=[1])
ul = UserList([[1], 2])
for c in (copy.copy(ud), copy.deepcopy(ud)):
    print(type(c).__name__, c, c['a'] is ud['a'])
for c in (copy.copy(ul), copy.deepcopy(ul)):
    print(type(c).__name__, c, c[0] is ul[0])

values = [datetime.date(2024, 2, 29), datetime.datetime(2023, 1, 2, 3, 4, 5, 6),
          datetime.datetime(2023, 11, 5, 1, 30, fold=1),
          datetime.datetime(2020, 1, 1, tzinfo=datetime.timezone.utc),
          datetime.time(12, 30, 15, 99), datetime.time(1, fold=1),
          datetime.timedelta(days=-3, seconds=5, microseconds=7)]
for v in values:
    for c in (copy.copy(v), copy.deepcopy(v)):
        print(repr(c), c == v, getattr(c, 'fold', None))

e = ValueError('bad', 3)
e.extra = [1]
for c in (copy.copy(e), copy.deepcopy(e)):
    print(type(c).__name__, c.args, c.extra, c.extra is e.extra)


class MyErr(Exception):
    def __init__(self, code):
        super().__init__('code %d' % code)
        self.code = code
try:
    copy.copy(MyErr(3))
except TypeError as ex:
    print('TypeError', ex)

import re
p = re.compile(r'a+')
m = p.search('baaa')
print(copy.copy(p) is p, copy.deepcopy(p) is p, copy.copy(m) is m, copy.deepcopy([m])[0] is m)
