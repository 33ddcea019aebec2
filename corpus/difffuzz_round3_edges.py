# Divergences found by the differential fuzzer (round 3), minimized.
import collections
import datetime
import re
import statistics


def show(label, f):
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, type(e).__name__, e)


# round(): ndigits goes through __index__ with the plain message, and a
# big ndigits is clamped as CPython's PyNumber_AsSsize_t does
show('r1', lambda: round(1.5, 'a'))
show('r2', lambda: round(15, 'a'))
show('r3', lambda: round(1.5, 2.0))
show('r4', lambda: round(True, 1.0))
show('r5', lambda: round(1.5, 10**30))
show('r6', lambda: round(-2.5, -10**30))
show('r7', lambda: round(15, 10**30))
show('r8', lambda: round(15, None))
show('r9', lambda: round(1.25, True))
show('r10', lambda: (1.5).__round__('a'))
show('r11', lambda: (15).__round__(10**30))


# generators: gi_running, gi_suspended, gi_yieldfrom
def gen():
    print('inside', g.gi_running, g.gi_suspended)
    yield 1


def outer():
    yield from inner


inner = gen()
g = inner
print(g.gi_running, g.gi_suspended, g.gi_yieldfrom)
o = outer()
print(next(o), o.gi_yieldfrom is inner, o.gi_running, o.gi_suspended)
print(list(o), o.gi_yieldfrom, o.gi_suspended, o.gi_running)
ge = (x for x in range(3))
print(ge.gi_running, ge.gi_suspended, ge.gi_yieldfrom)
next(ge)
print(ge.gi_running, ge.gi_suspended, ge.gi_yieldfrom)
try:
    g.gi_running = True
except AttributeError as e:
    print(type(e).__name__, e)


# in-place special methods of list, set and dict, called directly and
# inherited by subclasses (before their __add__)
show('i1', lambda: [1].__iadd__((2, 3)))
show('i2', lambda: [1].__iadd__(-0.0))
show('i3', lambda: [1, 2].__imul__(2))
show('i4', lambda: [1].__imul__(1.5))
show('i5', lambda: {1}.__ior__({2}))
show('i6', lambda: {1}.__ior__([2]))
show('i7', lambda: {1, 2}.__iand__({2}))
show('i8', lambda: {1, 2}.__isub__({2}))
show('i9', lambda: {1}.__ixor__({1, 5}))
show('i10', lambda: {'a': 1}.__ior__([('b', 2)]))
show('i11', lambda: {}.__ior__('10'))
show('i12', lambda: {}.__ior__(-0.0))
show('i13', lambda: frozenset({1}).__ior__({2}))
print(sorted(n for n in dir([]) if n.startswith('__i')), sorted(n for n in dir(set()) if n.startswith('__i')))  # safepy: ignore[SP306]
print(sorted(n for n in dir({}) if n.startswith('__i')), sorted(n for n in dir(frozenset()) if n.startswith('__i')))  # safepy: ignore[SP306]


class AddOnly(list):
    def __add__(self, o):
        print('add called')
        return AddOnly(list(self) + list(o))


c = AddOnly([1])
d = c
c += [2]
print(c, type(c).__name__, c is d)


class SuperIadd(list):
    def __iadd__(self, o):
        print('iadd')
        return super().__iadd__(o)


c = SuperIadd([1])
c += (5,)
print(c, type(c).__name__)


class SuperIor(set):
    def __ior__(self, o):
        r = super().__ior__(o)
        print('ior', r is self)
        return r


s = SuperIor({1})
s |= {2}
print(s, type(s).__name__, s.__ior__([3]))


class DictIor(dict):
    def __ior__(self, o):
        print('dict ior')
        return super().__ior__(o)


d = DictIor(a=1)
d |= [('b', 2)]
print(d, type(d).__name__)

# bytes: concatenation and codec-argument messages
show('b1', lambda: b'ab'.__add__(1))
show('b2', lambda: b''.__add__('abc'))
show('b3', lambda: b'a'.__add__(range(3)))
show('b4', lambda: b'abc'.decode(-1))
show('b5', lambda: b'abc'.decode('utf-8', 5))
show('b6', lambda: 'abc'.encode(1))
show('b7', lambda: 'abc'.encode('utf-8', []))
show('b8', lambda: bytes(3, 1))
show('b9', lambda: bytes(10**30, '', True))
show('b10', lambda: bytearray(2, slice(1, 2)))
show('b11', lambda: bytearray(b'ab', 2))
show('b12', lambda: bytes('a', 'utf-8', 1))
show('b13', lambda: bytes(encoding=1))

# argument-checking order of sum, int, round, sorted, dict.pop, splitlines
show('o1', lambda: sum(7, '-1.5'))
show('o2', lambda: sum({}, b''))
show('o3', lambda: sum([b'a'], bytearray()))
show('o4', lambda: sum(5, 'a'))
show('o5', lambda: int(1.5, 1))
show('o6', lambda: int('1', 2**70))
show('o7', lambda: int(b'ab', lambda *a: 0))
show('o8', lambda: int(5, 10))
show('o9', lambda: round('{}', b'ab'))
show('o10', lambda: round([], 1))
show('o11', lambda: sorted(2**63, ndigits='x'))
show('o12', lambda: sorted([2, 1], ndigits='x'))
show('o13', lambda: {}.pop({}, 3))
show('o14', lambda: {}.pop([]))
show('o15', lambda: {1: 2}.pop([], 5))
show('o16', lambda: 'ab\ncd'.splitlines(1.5))
show('o17', lambda: b'ab\ncd'.splitlines(None))
show('o18', lambda: 'ab\ncd'.splitlines(2**70))
show('o19', lambda: 'ab\ncd'.splitlines(2**40))
show('o20', lambda: 'ab\ncd'.splitlines(keepends=-1))

# pow() with a modulus: each operand's type is asked in turn
show('p1', lambda: pow(2, 3, 1.5))
show('p2', lambda: pow('a', 2, 3))
show('p3', lambda: pow(2, 3, 'a'))
show('p4', lambda: pow(str, {}, '1'))
show('p5', lambda: pow(1j, 2, 3))
show('p6', lambda: pow(2, 2, 1j))
show('p7', lambda: pow(1.5, 'a', 2))
show('p8', lambda: pow('a', 'b', 1.5))
show('p9', lambda: pow(3, -1, 7))


class Pw:
    def __pow__(self, o, m=None):
        return ('pow', o, m)

    def __rpow__(self, o, m=None):
        return ('rpow', o, m)


show('p10', lambda: pow(Pw(), 2, 5))
show('p11', lambda: pow(2, Pw(), 5))
show('p12', lambda: pow(2, Pw()))

# bytes.join of a non-iterable, bytes.hex's separator, str.find's order
show('j1', lambda: b''.join(-3))
show('j2', lambda: b'-'.join(x for x in [b'a', 1]))
show('j3', lambda: b'ab'.hex(-3))
show('j4', lambda: b'ab'.hex([1]))
show('j5', lambda: b'ab'.hex([1, 2]))
show('j6', lambda: b'ab'.hex(''))
show('f1', lambda: 'a,b,,c'.rindex(-3, 1j))
show('f2', lambda: 'abc'.find(1, 'x'))
show('f3', lambda: 'abc'.count(1, None, 'x'))
show('f4', lambda: 'abc'.count(1))

# bytes methods read start/end and maxsplit before the separator's type;
# the fill character's type is named
show('s1', lambda: b''.find(slice(1, 2), float('inf')))
show('s2', lambda: b'abc'.count('a', 'x'))
show('s3', lambda: b'abc'.index(1.5, 'x'))
show('s4', lambda: b'abc'.split('abc', len))
show('s5', lambda: b''.split(b'', None))
show('s6', lambda: b'abc'.split(0, (1,)))
show('s7', lambda: 'abc'.center(5, 1))
show('s8', lambda: 'abc'.ljust(5, 'xy'))
show('s9', lambda: 'abc'.rjust(5, None))

# re: the cache lookup hashes pattern and flags first; the flags' first use
# is `flags & DEBUG`; re.escape decodes a non-str as latin-1
show('e1', lambda: re.escape(1.5))
show('e2', lambda: re.escape([1, 2]))
show('e3', lambda: re.escape(b'a.b'))
show('e4', lambda: re.split([1, 2], None))
show('e5', lambda: re.split(slice(1, 2), -3, '%s'))
show('e6', lambda: re.findall(0, 0, set()))
show('e7', lambda: re.findall('a', 'a', 1.5))
show('e8', lambda: re.findall('a', 'a', None))
show('e9', lambda: re.findall(re.compile('a'), 'a', 1.5))
show('e10', lambda: re.findall(re.compile('a'), 'a', 0.0))
show('e11', lambda: re.findall(1, 'a', 1.5))
show('e12', lambda: re.findall(bytearray(b'a'), b'a'))
show('e13', lambda: re.compile('a', [1]))

# datetime constructors convert each argument before finding one missing
show('d1', lambda: datetime.datetime(1.5, 1j))
show('d2', lambda: datetime.date(2020, 'a'))
show('d3', lambda: datetime.date(2020, 2**40))
show('d4', lambda: datetime.date(year=2020, month='x'))
show('d5', lambda: datetime.date.fromisocalendar(2020, 'x'))
show('d6', lambda: datetime.date(2020))

# %-formatting: an object with __getitem__ (list, range) is taken as a
# mapping and silences "not all arguments converted"; a deque is not one
show('m1', lambda: b'abc' % [1])
show('m2', lambda: b'abc' % range(2))
show('m3', lambda: b'abc' % 'x')
show('m4', lambda: b'abc' % bytearray(b'x'))
show('m5', lambda: b'%s' % [1])
show('m6', lambda: b'abc' % collections.deque())
show('m7', lambda: 'abc' % collections.deque([1]))
show('m8', lambda: '%(a)s' % collections.deque([1]))
show('m9', lambda: '%s' % collections.deque([1]))

# join of a non-iterable, None named as None, bytes.hex's argument order
show('n1', lambda: 'a,b'.join(10**30))
show('n2', lambda: ''.join(5))
show('n3', lambda: b''.join(5))
show('n4', lambda: ''.join([1]))
show('n5', lambda: bytes(2, None))
show('n6', lambda: bytes('a', 'utf-8', None))
show('n7', lambda: 'a'.encode(None))
show('n8', lambda: b'a'.decode(None))
show('n9', lambda: b''.hex('abc', ''))
show('n10', lambda: b'ab'.hex(':', 1.5))
show('n11', lambda: b'abcd'.hex(':', -1))

# int() counts every argument first; re.sub's repl goes to the template
# compiler (hashed by its lru_cache) before the string is read; an empty
# bytes decodes without a codec lookup; bytes.hex wants an ASCII separator
show('t1', lambda: int('{}', 'abc', end=''))
show('t2', lambda: int(1, 2, 3))
show('t3', lambda: int(1, 2, 3, 4))
show('t4', lambda: int('1', x=2))
show('t5', lambda: int('1', 2, base=3))
show('t6', lambda: re.sub(b'', True, {}))
show('t7', lambda: re.sub('a', 5, 'aaa'))
show('t8', lambda: re.sub('a', None, 'aaa'))
show('t9', lambda: re.subn('a', [1], 'aaa'))
show('t10', lambda: re.sub('a', str.upper, 'aaa'))
show('t11', lambda: b''.decode(''))
show('t12', lambda: b''.decode('bogus', 'x'))
show('t13', lambda: b'a'.decode(''))
show('t14', lambda: b'abc'.hex('é'))
show('t15', lambda: b'abc'.hex('éé'))


class IntSub(int):
    pass


show('t16', lambda: IntSub(1, 2, 3))
show('t17', lambda: IntSub('7', 8))

# int.to_bytes / int.from_bytes check the byteorder first, and name their
# own function in its message
show('y1', lambda: (7).to_bytes(-1, None))
show('y2', lambda: (7).to_bytes(-1, 'middle'))
show('y3', lambda: (7).to_bytes(-1, 'big'))
show('y4', lambda: int.from_bytes(b'a', 1))
show('y5', lambda: int.from_bytes('a', 1))
show('y6', lambda: int.from_bytes('a', 'middle'))
show('y7', lambda: int.from_bytes('a', 'big'))
show('y8', lambda: int.from_bytes(b'\x01\x00', None))

# issubclass() checks arg 1 per item of the classinfo tuple
show('u1', lambda: issubclass(b'ab', ()))
show('u2', lambda: issubclass(1, ((), ())))
show('u3', lambda: issubclass(1, ((), (int,))))
show('u4', lambda: issubclass(1, (5,)))
show('u5', lambda: issubclass(int, ()))

# statistics.fmean lists the weights before it iterates the data
show('w1', lambda: statistics.fmean(None, -2.5))
show('w2', lambda: statistics.fmean(5, [1]))
show('w3', lambda: statistics.fmean([1, 2], 5))
show('w4', lambda: statistics.fmean(iter([1, 2]), [3, 4]))
show('w5', lambda: statistics.fmean([1], [0]))
