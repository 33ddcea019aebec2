# TypeErrors of builtins called with wrong arguments, worded as CPython 3.11 words them.
import math, random, itertools, collections
try:
    sum()
    print('sum()', '-> OK')
except TypeError as e:
    print('sum()', '->', e)
try:
    sum(1,2,3)
    print('sum(1,2,3)', '-> OK')
except TypeError as e:
    print('sum(1,2,3)', '->', e)
try:
    sum([1], start=1, foo=2)
    print('sum([1], start=1, foo=2)', '-> OK')
except TypeError as e:
    print('sum([1], start=1, foo=2)', '->', e)
try:
    sum([1], 2, start=3)
    print('sum([1], 2, start=3)', '-> OK')
except TypeError as e:
    print('sum([1], 2, start=3)', '->', e)
try:
    sorted([1], abs)
    print('sorted([1], abs)', '-> OK')
except TypeError as e:
    print('sorted([1], abs)', '->', e)
try:
    sorted()
    print('sorted()', '-> OK')
except TypeError as e:
    print('sorted()', '->', e)
try:
    [].sort(1)
    print('[].sort(1)', '-> OK')
except TypeError as e:
    print('[].sort(1)', '->', e)
try:
    [].sort(foo=1)
    print('[].sort(foo=1)', '-> OK')
except TypeError as e:
    print('[].sort(foo=1)', '->', e)
try:
    'a b'.split(1,2,3)
    print("'a b'.split(1,2,3)", '-> OK')
except TypeError as e:
    print("'a b'.split(1,2,3)", '->', e)
try:
    'a b'.split(foo=1)
    print("'a b'.split(foo=1)", '-> OK')
except TypeError as e:
    print("'a b'.split(foo=1)", '->', e)
try:
    'a'.split(' ', 1, maxsplit=2)
    print("'a'.split(' ', 1, maxsplit=2)", '-> OK')
except TypeError as e:
    print("'a'.split(' ', 1, maxsplit=2)", '->', e)
try:
    enumerate([], 1, 2)
    print('enumerate([], 1, 2)', '-> OK')
except TypeError as e:
    print('enumerate([], 1, 2)', '->', e)
try:
    enumerate(foo=1)
    print('enumerate(foo=1)', '-> OK')
except TypeError as e:
    print('enumerate(foo=1)', '->', e)
try:
    enumerate([], start=1, iterable=2)
    print('enumerate([], start=1, iterable=2)', '-> OK')
except TypeError as e:
    print('enumerate([], start=1, iterable=2)', '->', e)
try:
    int(x='1')
    print("int(x='1')", '-> OK')
except TypeError as e:
    print("int(x='1')", '->', e)
try:
    max()
    print('max()', '-> OK')
except TypeError as e:
    print('max()', '->', e)
try:
    max(1, foo=2)
    print('max(1, foo=2)', '-> OK')
except TypeError as e:
    print('max(1, foo=2)', '->', e)
try:
    print(foo=1)
    print('print(foo=1)', '-> OK')
except TypeError as e:
    print('print(foo=1)', '->', e)
try:
    zip(foo=1)
    print('zip(foo=1)', '-> OK')
except TypeError as e:
    print('zip(foo=1)', '->', e)
try:
    len()
    print('len()', '-> OK')
except TypeError as e:
    print('len()', '->', e)
try:
    len(1,2)
    print('len(1,2)', '-> OK')
except TypeError as e:
    print('len(1,2)', '->', e)
try:
    len(x=1)
    print('len(x=1)', '-> OK')
except TypeError as e:
    print('len(x=1)', '->', e)
try:
    [].append()
    print('[].append()', '-> OK')
except TypeError as e:
    print('[].append()', '->', e)
try:
    [].append(x=1)
    print('[].append(x=1)', '-> OK')
except TypeError as e:
    print('[].append(x=1)', '->', e)
try:
    ().count()
    print('().count()', '-> OK')
except TypeError as e:
    print('().count()', '->', e)
try:
    'a'.center()
    print("'a'.center()", '-> OK')
except TypeError as e:
    print("'a'.center()", '->', e)
try:
    'a'.center(1, fillchar='x')
    print("'a'.center(1, fillchar='x')", '-> OK')
except TypeError as e:
    print("'a'.center(1, fillchar='x')", '->', e)
try:
    math.isclose(1)
    print('import math; math.isclose(1)', '-> OK')
except TypeError as e:
    print('import math; math.isclose(1)', '->', e)
try:
    math.isclose(1,2,3)
    print('import math; math.isclose(1,2,3)', '-> OK')
except TypeError as e:
    print('import math; math.isclose(1,2,3)', '->', e)
try:
    math.isclose(1, 2, foo=3)
    print('import math; math.isclose(1, 2, foo=3)', '-> OK')
except TypeError as e:
    print('import math; math.isclose(1, 2, foo=3)', '->', e)
try:
    math.prod()
    print('import math; math.prod()', '-> OK')
except TypeError as e:
    print('import math; math.prod()', '->', e)
try:
    abs()
    print('abs()', '-> OK')
except TypeError as e:
    print('abs()', '->', e)
try:
    divmod(1)
    print('divmod(1)', '-> OK')
except TypeError as e:
    print('divmod(1)', '->', e)
try:
    [].clear(1)
    print('[].clear(1)', '-> OK')
except TypeError as e:
    print('[].clear(1)', '->', e)
try:
    {}.get()
    print('{}.get()', '-> OK')
except TypeError as e:
    print('{}.get()', '->', e)
try:
    {}.get(1,2,3)
    print('{}.get(1,2,3)', '-> OK')
except TypeError as e:
    print('{}.get(1,2,3)', '->', e)
try:
    'a'.upper(1)
    print("'a'.upper(1)", '-> OK')
except TypeError as e:
    print("'a'.upper(1)", '->', e)
try:
    round(1, ndigits=2, x=1)
    print('round(1, ndigits=2, x=1)', '-> OK')
except TypeError as e:
    print('round(1, ndigits=2, x=1)', '->', e)
try:
    round()
    print('round()', '-> OK')
except TypeError as e:
    print('round()', '->', e)
try:
    pow(1)
    print('pow(1)', '-> OK')
except TypeError as e:
    print('pow(1)', '->', e)
try:
    next()
    print('next()', '-> OK')
except TypeError as e:
    print('next()', '->', e)
try:
    getattr(1)
    print('getattr(1)', '-> OK')
except TypeError as e:
    print('getattr(1)', '->', e)
try:
    dict.fromkeys()
    print('dict.fromkeys()', '-> OK')
except TypeError as e:
    print('dict.fromkeys()', '->', e)
try:
    'a'.join()
    print("'a'.join()", '-> OK')
except TypeError as e:
    print("'a'.join()", '->', e)
try:
    isinstance(1)
    print('isinstance(1)', '-> OK')
except TypeError as e:
    print('isinstance(1)', '->', e)
try:
    hash()
    print('hash()', '-> OK')
except TypeError as e:
    print('hash()', '->', e)
try:
    [].index()
    print('[].index()', '-> OK')
except TypeError as e:
    print('[].index()', '->', e)
try:
    [].pop(1,2)
    print('[].pop(1,2)', '-> OK')
except TypeError as e:
    print('[].pop(1,2)', '->', e)
try:
    [].insert(1)
    print('[].insert(1)', '-> OK')
except TypeError as e:
    print('[].insert(1)', '->', e)
try:
    list(x=1)
    print('list(x=1)', '-> OK')
except TypeError as e:
    print('list(x=1)', '->', e)
try:
    list(1,2)
    print('list(1,2)', '-> OK')
except TypeError as e:
    print('list(1,2)', '->', e)
try:
    tuple(1,2)
    print('tuple(1,2)', '-> OK')
except TypeError as e:
    print('tuple(1,2)', '->', e)
try:
    float(1,2)
    print('float(1,2)', '-> OK')
except TypeError as e:
    print('float(1,2)', '->', e)
try:
    float(x=1)
    print('float(x=1)', '-> OK')
except TypeError as e:
    print('float(x=1)', '->', e)
try:
    bool(1,2)
    print('bool(1,2)', '-> OK')
except TypeError as e:
    print('bool(1,2)', '->', e)
try:
    range()
    print('range()', '-> OK')
except TypeError as e:
    print('range()', '->', e)
try:
    range(x=1)
    print('range(x=1)', '-> OK')
except TypeError as e:
    print('range(x=1)', '->', e)
try:
    set(1,2)
    print('set(1,2)', '-> OK')
except TypeError as e:
    print('set(1,2)', '->', e)
try:
    reversed()
    print('reversed()', '-> OK')
except TypeError as e:
    print('reversed()', '->', e)
try:
    dict(1,2)
    print('dict(1,2)', '-> OK')
except TypeError as e:
    print('dict(1,2)', '->', e)
try:
    'a'.replace('a')
    print("'a'.replace('a')", '-> OK')
except TypeError as e:
    print("'a'.replace('a')", '->', e)
try:
    'a'.format
    print("'a'.format", '-> OK')
except TypeError as e:
    print("'a'.format", '->', e)
try:
    filter(len)
    print('filter(len)', '-> OK')
except TypeError as e:
    print('filter(len)', '->', e)
try:
    ord()
    print('ord()', '-> OK')
except TypeError as e:
    print('ord()', '->', e)
try:
    chr()
    print('chr()', '-> OK')
except TypeError as e:
    print('chr()', '->', e)
try:
    repr()
    print('repr()', '-> OK')
except TypeError as e:
    print('repr()', '->', e)
try:
    any()
    print('any()', '-> OK')
except TypeError as e:
    print('any()', '->', e)
try:
    callable()
    print('callable()', '-> OK')
except TypeError as e:
    print('callable()', '->', e)
try:
    format()
    print('format()', '-> OK')
except TypeError as e:
    print('format()', '->', e)
try:
    hasattr(1)
    print('hasattr(1)', '-> OK')
except TypeError as e:
    print('hasattr(1)', '->', e)
try:
    bin()
    print('bin()', '-> OK')
except TypeError as e:
    print('bin()', '->', e)
try:
    sorted([], key=None, reverse=False, x=1)
    print('sorted([], key=None, reverse=False, x=1)', '-> OK')
except TypeError as e:
    print('sorted([], key=None, reverse=False, x=1)', '->', e)
try:
    'x'.rsplit(maxsplit=1, sep=None, z=1)
    print("'x'.rsplit(maxsplit=1, sep=None, z=1)", '-> OK')
except TypeError as e:
    print("'x'.rsplit(maxsplit=1, sep=None, z=1)", '->', e)
try:
    [].append()
    print('[].append()', '-> OK')
except TypeError as e:
    print('[].append()', '->', e)
try:
    [].clear(1)
    print('[].clear(1)', '-> OK')
except TypeError as e:
    print('[].clear(1)', '->', e)
try:
    'a'.upper(1)
    print("'a'.upper(1)", '-> OK')
except TypeError as e:
    print("'a'.upper(1)", '->', e)
try:
    {}.keys(1)
    print('{}.keys(1)', '-> OK')
except TypeError as e:
    print('{}.keys(1)', '->', e)
try:
    'a'.join(1,2)
    print("'a'.join(1,2)", '-> OK')
except TypeError as e:
    print("'a'.join(1,2)", '->', e)
try:
    [].extend()
    print('[].extend()', '-> OK')
except TypeError as e:
    print('[].extend()', '->', e)
try:
    {1}.add()
    print('{1}.add()', '-> OK')
except TypeError as e:
    print('{1}.add()', '->', e)
try:
    math.sqrt()
    print('import math; math.sqrt()', '-> OK')
except TypeError as e:
    print('import math; math.sqrt()', '->', e)
try:
    math.sqrt(1,2)
    print('import math; math.sqrt(1,2)', '-> OK')
except TypeError as e:
    print('import math; math.sqrt(1,2)', '->', e)
try:
    math.pi()
    print('import math; math.pi()', '-> OK')
except TypeError as e:
    print('import math; math.pi()', '->', e)
try:
    math.gcd(x=1)
    print('import math; math.gcd(x=1)', '-> OK')
except TypeError as e:
    print('import math; math.gcd(x=1)', '->', e)
try:
    math.floor()
    print('import math; math.floor()', '-> OK')
except TypeError as e:
    print('import math; math.floor()', '->', e)
try:
    random.random(1)
    print('import random; random.random(1)', '-> OK')
except TypeError as e:
    print('import random; random.random(1)', '->', e)
try:
    random.seed(1,2,3,4)
    print('import random; random.seed(1,2,3,4)', '-> OK')
except TypeError as e:
    print('import random; random.seed(1,2,3,4)', '->', e)
try:
    itertools.count(1,2,3)
    print('import itertools; itertools.count(1,2,3)', '-> OK')
except TypeError as e:
    print('import itertools; itertools.count(1,2,3)', '->', e)
try:
    collections.deque().append()
    print('import collections; collections.deque().append()', '-> OK')
except TypeError as e:
    print('import collections; collections.deque().append()', '->', e)
try:
    abs(1,2)
    print('abs(1,2)', '-> OK')
except TypeError as e:
    print('abs(1,2)', '->', e)
try:
    (1).bit_length(2)
    print('(1).bit_length(2)', '-> OK')
except TypeError as e:
    print('(1).bit_length(2)', '->', e)
try:
    (1.5).is_integer(1)
    print('(1.5).is_integer(1)', '-> OK')
except TypeError as e:
    print('(1.5).is_integer(1)', '->', e)
try:
    'a'.center(1,'x','y')
    print("'a'.center(1,'x','y')", '-> OK')
except TypeError as e:
    print("'a'.center(1,'x','y')", '->', e)
try:
    'a'.zfill()
    print("'a'.zfill()", '-> OK')
except TypeError as e:
    print("'a'.zfill()", '->', e)
try:
    divmod(1,2,3)
    print('divmod(1,2,3)', '-> OK')
except TypeError as e:
    print('divmod(1,2,3)', '->', e)
try:
    isinstance(1,2,3)
    print('isinstance(1,2,3)', '-> OK')
except TypeError as e:
    print('isinstance(1,2,3)', '->', e)
try:
    next(1,2,3)
    print('next(1,2,3)', '-> OK')
except TypeError as e:
    print('next(1,2,3)', '->', e)
try:
    [].pop(x=1)
    print('[].pop(x=1)', '-> OK')
except TypeError as e:
    print('[].pop(x=1)', '->', e)
try:
    {}.pop()
    print('{}.pop()', '-> OK')
except TypeError as e:
    print('{}.pop()', '->', e)
try:
    {}.setdefault()
    print('{}.setdefault()', '-> OK')
except TypeError as e:
    print('{}.setdefault()', '->', e)
try:
    {}.update(1,2)
    print('{}.update(1,2)', '-> OK')
except TypeError as e:
    print('{}.update(1,2)', '->', e)
try:
    'a'.strip(1,2)
    print("'a'.strip(1,2)", '-> OK')
except TypeError as e:
    print("'a'.strip(1,2)", '->', e)
