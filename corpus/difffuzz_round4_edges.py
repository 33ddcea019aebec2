# Edges the differential fuzzer found (seed 20261205), each checked
# against CPython 3.11.
import itertools
import re
import statistics

# int.to_bytes: the length is a Py_ssize_t, the bytes are allocated before
# the value is converted (past what any process can map: MemoryError)
for f in [lambda: (2**70).to_bytes(10**30, 2), lambda: (True).to_bytes(10**30),
          lambda: (5).to_bytes(2**62, 'big'), lambda: (5).to_bytes(2**63, 'big'),
          lambda: (5).to_bytes(-2**63 - 1, 'big'), lambda: (300).to_bytes(1, 'big'),
          lambda: (5).to_bytes(-1, 'big')]:
    try:
        print(f()[:3])
    except Exception as e:
        print(type(e).__name__, e)

# count's fast mode: an int start and a step equal to the int 1
for c in (itertools.count(False), itertools.count(True), itertools.count(2, True),
          itertools.count(True, False), itertools.count(1.0), itertools.count(False, 1.5),
          itertools.count(True, 1), itertools.count(False, True), itertools.count(7, 1.0)):
    print(repr(c), list(itertools.islice(c, 3)), repr(c))

# harmonic_mean of one item reads data[0] unless data is an iterator
for arg in (frozenset({3}), {3: 1}, "ab", iter([1, 2]), [4], (5.0,), iter([6]), range(2, 3)):
    try:
        print(statistics.harmonic_mean(arg))
    except Exception as e:
        print(type(e).__name__, e)

# split's maxsplit is converted before the string is looked at
for args in (('x,y', lambda *a: 0, '-1.5'), ('x', 5, 'a'), ('x', 'axb', 1), ('x', b'axb')):
    try:
        print(re.split(*args))
    except Exception as e:
        print(type(e).__name__, e)

# chr's argument is a C int before it is a code point (seed 777001)
for v in (2**63, 2**63 - 1, -2**63 - 1, 2**31, -2**31 - 1, -1, 0x110000, 2**62, True, 1.5, "a"):
    try:
        print(repr(chr(v)))
    except Exception as e:
        print(type(e).__name__, e)

# unicodedata's argument errors say None, not NoneType; reversed() of a set
# whose class has __getitem__ reads it as a sequence (seed 31337)
import unicodedata
for f in (lambda: unicodedata.numeric(None), lambda: unicodedata.numeric("ab"), lambda: unicodedata.decimal(5),
          lambda: unicodedata.category(""), lambda: unicodedata.digit(None, 1)):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


class B1(frozenset):
    def __getitem__(self, k):
        return 'item'


class B2(set):
    def __getitem__(self, k):
        return 'item'

    def __len__(self):
        return 3


class B4(set):
    def __len__(self):
        return 3


for x in (B1({1, 2}), B2({1, 2}), B4({1})):
    try:
        print(repr(list(reversed(x))))
    except Exception as e:
        print(type(e).__name__, e)

# API fuzz seed 60606: Py_ssize_t arguments, enumerate's keywords, messages
for f in [lambda: (-0.0).__format__(None), lambda: (1).__format__(None), lambda: "a".__format__(None), lambda: (1j).__format__(3),
          lambda: [1, [2]].insert(10**30, -2.5), lambda: [1].insert(-10**30, 0), lambda: [1, 2].insert(2**63, 9),
          lambda: enumerate(range(3), iterable=-2.5), lambda: enumerate(iterable=[1], start=1.5),
          lambda: hex(slice(1, 2)), lambda: issubclass(str, 1j), lambda: [3, 1, 2].pop(-2**64), lambda: [3].pop(2**63),
          lambda: [1].index(1, 10**30), lambda: (1,).index(1, -10**30), lambda: "ab".find("b", 10**30)]:
    try:
        r = f()
        print(repr(r))
    except Exception as e:
        print(type(e).__name__, e)
x = [1]
x.insert(2**62, 5)
x.insert(-2**62, 0)
print(x)

for f in (lambda: [1, 2][2**62], lambda: [1][-2**62], lambda: (1,)[2**62], lambda: "ab"[2**62], lambda: b"ab"[2**62], lambda: range(3)[2**62], lambda: [1][2**63], lambda: [1][-2**63 - 1], lambda: [1].pop(2**62), lambda: bytearray(b"a")[2**62],
          lambda: [1, 2].insert(2**62, 3), lambda: "abc".center(2**62), lambda: [0][2**62:], lambda: [0].index(0, 2**62)):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)

for a,k in [((), {}), ((1,2,3),{}), (([1],), {"start":2}), ((), {"iterable":[1], "start":2}), ((), {"start":2, "iterable":[1]}), ((), {"iterable":[1]}), (([1],), {"x":1}), ((), {"x":1, "y":2}), ((), {"start":1}), (([1],2), {"start":3}), ((), {"start":1, "x":2})]:
    try: print(list(enumerate(*a, **k)))
    except TypeError as e: print(e)

# API fuzz seed 70707
import itertools
for f in [lambda: format('10', None), lambda: format(1, None), lambda: format(1.5, 3), lambda: b'abc'.split(b'', -2**64), lambda: b'abc'.split(b'b', -2**64), lambda: 'abc'.split('b', -2**64), lambda: b'abc'.split('', 1),
          lambda: list(itertools.takewhile(None, '{}')), lambda: list(itertools.dropwhile(None, 'ab')), lambda: list(itertools.filterfalse(None, [0, 1])),
          lambda: list(itertools.islice(itertools.count(1j, 0), 3)), lambda: repr(itertools.count(1j)), lambda: repr(itertools.count(1, 1j))]:
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)

# API fuzz seed 80808
import datetime, re, unicodedata
for f in [lambda: datetime.timedelta(float('inf'), True, 2**63), lambda: datetime.timedelta(1, 0, 2**63), lambda: datetime.timedelta(2**63),
          lambda: datetime.timedelta(float('nan')), lambda: datetime.timedelta(hours=2**62),
          lambda: re.findall(len, -1, 10**30), lambda: re.findall(255, 255, 10**30), lambda: re.findall('a', 'aa', 10**30), lambda: re.sub('abc', {'a': 1}, (1,), 10**30),
          lambda: re.search('a', 'a', 2**70), lambda: re.compile('a').search('ba', 2**70),
          lambda: bytearray(-2**64), lambda: bytearray(-1), lambda: bytes(-2**64),
          lambda: unicodedata.normalize(None, str), lambda: unicodedata.normalize('NFC', 5), lambda: unicodedata.normalize('X', 'a')]:
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)

for a in [(0,0,2**63), (0,0,-2**79), (0,0,2**80), (0,0,2**81), (0, 0, 10**30), (-10**9, 0, 2**70)]:
    try: print(datetime.timedelta(*a))
    except Exception as e: print(type(e).__name__, e)

# API fuzz seed 90909
import unicodedata, datetime
for f in [lambda: type(hash(float('nan'))).__name__,
          lambda: b'abc'.hex(-2.5, 2**63), lambda: b'abc'.hex('-', 2**63), lambda: b'abc'.hex('-', 2), lambda: bytearray(b'abc').hex(':', -2**63 - 1),
          lambda: unicodedata.normalize('a b', ''), lambda: unicodedata.normalize('NFC', ''), lambda: unicodedata.normalize('x', 'a'),
          lambda: datetime.timezone(None, 255), lambda: datetime.timezone(datetime.timedelta(0), 255)]:
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)

# list slice assignment from what cannot be iterated (PySequence_Fast's messages)
class Bad:
    def __iter__(self):
        raise TypeError("from __iter__")
def gen():
    yield 1
    raise TypeError("inner")
for val in (int, 5, None, Bad(), gen(), "ab", (1, 2)):
    for sl in (slice(1, 2), slice(0, 2, 2), slice(None, None, -1)):
        x = ["a", "b", "c"]
        try:
            x[sl] = val
            print(x)
        except Exception as e:
            print(type(e).__name__, e)

# difffuzz seed 5550123: str % a bytes-like object, which PyMapping_Check takes for a mapping
for a in (b'ab', (1,), [1], {'a': 1}, 5, ()):
    for s in (' x ', 'x%s', '%s%s', '%(a)s'):
        try:
            print(repr(s.__mod__(a)), repr(s % a))
        except Exception as e:
            print(type(e).__name__, e)
