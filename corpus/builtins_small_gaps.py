# Small builtin gaps an outside test suite found: each prints what CPython 3.11 prints.

# class bodies read unbound names as globals (LOAD_NAME), even names they assign later
x = 'global x'


def make():
    x = 'function x'

    class A:
        before = x          # the module's x: x is assigned below, in the class body
        x = 'class x'
        after = x

    class B:
        seen = x            # not assigned here: the enclosing function's x
    return A, B


A, B = make()
print(A.before, '|', A.after, '|', B.seen)


class C:
    print(len([1, 2]))      # builtins, before the class shadows them
    len = 99
    print(len)


# str() decodes bytes
print(str(b'caf\xc3\xa9', 'utf-8'), str(b'abc', encoding='ascii'), str(bytearray(b'hi'), 'latin-1'))
print(str(b'\xff', 'utf-8', 'replace'), repr(str(encoding='utf-8')), str(object=5))
for args, kwargs in [((1, 'utf-8'), {}), (('a', 'utf-8'), {}), ((b'a', None), {}), ((), {'x': 1}),
                     ((1, 2, 3, 4), {}), ((b'\xff', 'ascii'), {})]:
    try:
        print(str(*args, **kwargs))
    except (TypeError, UnicodeDecodeError) as e:
        print(type(e).__name__, e)

# int() and float() read bytes
print(int(b'12'), int(b' -0x1f ', 16), int(bytearray(b'7')), float(b'1.5'), float(b' -inf '))
for f, a in [(int, b'1.5'), (int, b'\xd9\xa1'), (float, b'x')]:
    try:
        print(f(a))
    except ValueError as e:
        print(e)

# tuple.index with start and stop; str.splitlines(keepends=)
t = (1, 2, 3, 2, 1)
print(t.index(2), t.index(2, 2), t.index(1, -1), t.index(3, 0, 3))
try:
    t.index(3, 3)
except ValueError as e:
    print(e)
print('a\nb\r\nc'.splitlines(keepends=True), b'a\nb'.splitlines(keepends=True))

# dict.update and dict() take any iterable of two items
d = {}
d.update(['ab', (1, 2), range(5, 7)])
print(d, dict(['xy', 'zw']))
for bad in [[1], ['abc']]:
    try:
        d.update(bad)
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)

# values views, iterators and generators hash by identity; __next__ / __iter__
v = d.values()
print(hash(v) == hash(v), hash(iter([])) is not None)
for view in (d.keys(), d.items()):
    try:
        hash(view)
    except TypeError as e:
        print(e)
it = iter(range(3))
print(it.__next__(), next(it), it.__iter__() is it, iter('ab').__next__())


def gen():
    yield 1
    return 'done'


g = gen()
print(g.__next__())
try:
    g.__next__()
except StopIteration as e:
    print('StopIteration', e.value)


# objects with __float__ (or __index__) are real numbers to math and %-formatting
class Celsius:
    def __init__(self, v):
        self.v = v

    def __float__(self):
        return float(self.v)


class Count:
    def __index__(self):
        return 4


import math
print(math.sqrt(Celsius(16)), '%.2f' % Celsius(3), math.floor(Celsius(2.5)), math.pow(Count(), 0.5))
try:
    math.sqrt(object())
except TypeError as e:
    print(e)
