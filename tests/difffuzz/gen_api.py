"""API-surface features (registered in gen.FEATURES): one call of a
builtin, a method of a builtin type or a module function, with arguments
drawn from a pool of values of every common type and their edges (big
ints, NaN, -0.0, empty containers, bytes, None).  Most draws are wrong in
type or range, so what is compared is mostly the exception type and
message each API gives: the argument-checking order and wording of
CPython's builtins, which hand-written tests rarely reach.

Results print through repr() unless the repr shows an address (an
iterator, a bound method): then the type name is printed instead.
"""

VALUES = ['0', '1', '-1', '2', '7', '-3', '255', '2**63', '-2**64', '10**30', 'True', 'False',
          '0.0', '-0.0', '1.5', '-2.5', "float('nan')", "float('inf')", '1e300', '1j',
          "''", "'a'", "'abc'", "'é'", "'a b'", "'10'", "'-1.5'", "'x,y'", "'%s'", "'{}'",
          'None', '[]', '[1, 2]', "['b', 'a']", '(1,)', '()', '{}', "{'a': 1}", 'set()', '{1, 2}',
          "b'ab'", "b''", 'range(3)', 'frozenset({3})', 'slice(1, 2)', 'int', 'str', 'len',
          'lambda *a: 0']

BUILTINS = [('abs', 1, 1), ('all', 1, 1), ('any', 1, 1), ('ascii', 1, 1), ('bin', 1, 1), ('bool', 0, 1),
            ('bytes', 0, 3), ('bytearray', 0, 2), ('callable', 1, 1), ('chr', 1, 1), ('complex', 0, 2),
            ('dict', 0, 1), ('divmod', 2, 2), ('enumerate', 1, 2), ('filter', 2, 2), ('float', 0, 1),
            ('format', 1, 2), ('frozenset', 0, 1), ('hash', 1, 1), ('hex', 1, 1), ('int', 0, 2),
            ('isinstance', 2, 2), ('issubclass', 2, 2), ('iter', 1, 2), ('len', 1, 1), ('list', 0, 1),
            ('map', 2, 3), ('max', 1, 3), ('min', 1, 3), ('next', 1, 2), ('oct', 1, 1), ('ord', 1, 1),
            ('pow', 2, 3), ('range', 1, 3), ('repr', 1, 1), ('reversed', 1, 1), ('round', 1, 2),
            ('set', 0, 1), ('slice', 1, 3), ('sorted', 1, 1), ('str', 0, 3), ('sum', 1, 2),
            ('tuple', 0, 1), ('zip', 0, 3), ('getattr', 2, 3), ('hasattr', 2, 2)]

# receiver pool, method, arity range
METHODS = {
    'str': (["'abc'", "'Hello World'", "''", "'a,b,,c'", "' x '", "'ß'", "'12'"],
            [('center', 1, 2), ('ljust', 1, 2), ('rjust', 1, 2), ('zfill', 1, 1), ('count', 1, 3),
             ('find', 1, 3), ('rfind', 1, 3), ('index', 1, 3), ('rindex', 1, 3), ('split', 0, 2),
             ('rsplit', 0, 2), ('splitlines', 0, 1), ('strip', 0, 1), ('lstrip', 0, 1), ('rstrip', 0, 1),
             ('replace', 2, 3), ('startswith', 1, 3), ('endswith', 1, 3), ('join', 1, 1),
             ('partition', 1, 1), ('rpartition', 1, 1), ('expandtabs', 0, 1), ('encode', 0, 2),
             ('removeprefix', 1, 1), ('removesuffix', 1, 1), ('format', 0, 2), ('translate', 1, 1),
             ('__mod__', 1, 1), ('__getitem__', 1, 1), ('__contains__', 1, 1), ('__mul__', 1, 1),
             ('__add__', 1, 1), ('__lt__', 1, 1), ('__eq__', 1, 1)]),
    'list': (['[3, 1, 2]', '[]', "['a']", '[1, [2]]'],
             [('append', 1, 1), ('extend', 1, 1), ('insert', 2, 2), ('pop', 0, 1), ('remove', 1, 1),
              ('index', 1, 3), ('count', 1, 1), ('copy', 0, 0), ('__getitem__', 1, 1),
              ('__setitem__', 2, 2), ('__delitem__', 1, 1), ('__add__', 1, 1), ('__iadd__', 1, 1),
              ('__mul__', 1, 1), ('__contains__', 1, 1), ('__lt__', 1, 1)]),
    'tuple': (['(1, 2)', '()', "('a', 1)"],
              [('index', 1, 3), ('count', 1, 1), ('__getitem__', 1, 1), ('__add__', 1, 1),
               ('__mul__', 1, 1)]),
    'dict': (["{'a': 1, 'b': 2}", '{}', '{1: None}'],
             [('get', 1, 2), ('pop', 1, 2), ('setdefault', 1, 2), ('update', 0, 1), ('fromkeys', 1, 2),
              ('__getitem__', 1, 1), ('__setitem__', 2, 2), ('__delitem__', 1, 1), ('__or__', 1, 1),
              ('__ior__', 1, 1), ('__contains__', 1, 1), ('popitem', 0, 0)]),
    'set': (['{1, 2, 3}', 'set()', "{'a'}", 'frozenset({1})'],
            [('add', 1, 1), ('discard', 1, 1), ('remove', 1, 1), ('union', 0, 2), ('intersection', 0, 2),
             ('difference', 0, 2), ('symmetric_difference', 1, 1), ('issubset', 1, 1),
             ('issuperset', 1, 1), ('isdisjoint', 1, 1), ('update', 0, 2), ('__or__', 1, 1),
             ('__and__', 1, 1), ('__sub__', 1, 1), ('__le__', 1, 1), ('__contains__', 1, 1)]),
    'int': (['7', '-3', '0', '2**70', 'True'],
            [('to_bytes', 0, 3), ('bit_length', 0, 0), ('bit_count', 0, 0), ('__round__', 0, 1),
             ('__pow__', 1, 2), ('__truediv__', 1, 1), ('__floordiv__', 1, 1), ('__mod__', 1, 1),
             ('__divmod__', 1, 1), ('__lshift__', 1, 1), ('__rshift__', 1, 1), ('__and__', 1, 1),
             ('__format__', 1, 1), ('__eq__', 1, 1), ('__lt__', 1, 1), ('conjugate', 0, 0)]),
    'float': (['1.5', '-0.0', "float('nan')", "float('inf')", '1e300', '-7.25'],
              [('__round__', 0, 1), ('is_integer', 0, 0), ('hex', 0, 0), ('as_integer_ratio', 0, 0),
               ('__pow__', 1, 2), ('__truediv__', 1, 1), ('__floordiv__', 1, 1), ('__mod__', 1, 1),
               ('__divmod__', 1, 1), ('__format__', 1, 1), ('__eq__', 1, 1), ('__lt__', 1, 1),
               ('__trunc__', 0, 0), ('__floor__', 0, 0), ('__ceil__', 0, 0)]),
    'bytes': (["b'abc'", "b''", "b'a,b'"],
              [('decode', 0, 2), ('split', 0, 2), ('join', 1, 1), ('find', 1, 3), ('count', 1, 3),
               ('startswith', 1, 3), ('replace', 2, 3), ('hex', 0, 2), ('strip', 0, 1),
               ('__getitem__', 1, 1), ('__add__', 1, 1), ('__mod__', 1, 1), ('__contains__', 1, 1)]),
}

MODFUNCS = [('math', 'sqrt', 1, 1), ('math', 'log', 1, 2), ('math', 'pow', 2, 2), ('math', 'floor', 1, 1),
            ('math', 'ceil', 1, 1), ('math', 'gcd', 0, 3), ('math', 'lcm', 0, 3), ('math', 'comb', 2, 2),
            ('math', 'perm', 1, 2), ('math', 'factorial', 1, 1), ('math', 'isqrt', 1, 1),
            ('math', 'fsum', 1, 1), ('math', 'prod', 1, 1), ('math', 'dist', 2, 2), ('math', 'hypot', 0, 3),
            ('math', 'copysign', 2, 2), ('math', 'isclose', 2, 2), ('math', 'trunc', 1, 1),
            ('math', 'fmod', 2, 2), ('math', 'remainder', 2, 2), ('math', 'ldexp', 2, 2),
            ('math', 'frexp', 1, 1), ('math', 'modf', 1, 1), ('math', 'exp', 1, 1), ('math', 'atan2', 2, 2),
            ('math', 'isfinite', 1, 1), ('math', 'degrees', 1, 1), ('math', 'log2', 1, 1),
            ('statistics', 'mean', 1, 1), ('statistics', 'median', 1, 1), ('statistics', 'mode', 1, 1),
            ('statistics', 'stdev', 1, 2), ('statistics', 'variance', 1, 2), ('statistics', 'fmean', 1, 2),
            ('statistics', 'multimode', 1, 1), ('statistics', 'quantiles', 1, 1),
            ('statistics', 'harmonic_mean', 1, 1), ('statistics', 'geometric_mean', 1, 1),
            ('statistics', 'median_low', 1, 1), ('statistics', 'median_high', 1, 1),
            ('statistics', 'pstdev', 1, 2),
            ('itertools', 'islice', 2, 4), ('itertools', 'combinations', 2, 2),
            ('itertools', 'permutations', 1, 2), ('itertools', 'product', 0, 2),
            ('itertools', 'accumulate', 1, 2), ('itertools', 'repeat', 1, 2), ('itertools', 'chain', 0, 3),
            ('itertools', 'zip_longest', 0, 2), ('itertools', 'pairwise', 1, 1),
            ('itertools', 'compress', 2, 2), ('itertools', 'starmap', 2, 2), ('itertools', 'groupby', 1, 2),
            ('itertools', 'takewhile', 2, 2), ('itertools', 'count', 0, 2), ('itertools', 'cycle', 1, 1),
            ('itertools', 'combinations_with_replacement', 2, 2), ('itertools', 'tee', 1, 2),
            ('collections', 'Counter', 0, 1), ('collections', 'deque', 0, 2),
            ('collections', 'OrderedDict', 0, 1), ('collections', 'defaultdict', 0, 2),
            ('datetime', 'date', 1, 3), ('datetime', 'time', 0, 4), ('datetime', 'timedelta', 0, 3),
            ('datetime', 'datetime', 1, 4), ('datetime', 'date.fromisoformat', 1, 1),
            ('datetime', 'date.fromordinal', 1, 1), ('datetime', 'timezone', 1, 2),
            ('re', 'split', 2, 3), ('re', 'findall', 2, 3), ('re', 'sub', 3, 4), ('re', 'escape', 1, 1),
            ('re', 'fullmatch', 2, 2), ('unicodedata', 'name', 1, 2), ('unicodedata', 'category', 1, 1),
            ('unicodedata', 'normalize', 2, 2), ('unicodedata', 'numeric', 1, 2)]

SHOW = "print(type(v).__name__ if ' at 0x' in repr(v) else repr(v))"



# hash() of a function or a type is its address: different on every run
NO_HASH = ('int', 'str', 'len', 'lambda *a: 0')


def _args(g, lo, hi, pool=VALUES):
    n = g.rng.randint(lo, hi)
    return ', '.join(g.choice(pool) for _ in range(n))


def _finish(g, call):
    """Call, drain an iterator result (at most 8 items: some are infinite), show."""
    g.imports.add('itertools')
    g.guarded(['v = %s' % call,
               "if hasattr(v, '__next__'):",
               '    v = list(itertools.islice(v, 8))',
               SHOW])


def f_api_builtin(g):
    name, lo, hi = g.choice(BUILTINS)
    pool = [v for v in VALUES if v not in NO_HASH] if name == 'hash' else VALUES
    _finish(g, '%s(%s)' % (name, _args(g, lo, hi, pool)))


def f_api_method(g):
    ty = g.choice(sorted(METHODS))
    recvs, meths = METHODS[ty]
    m, lo, hi = g.choice(meths)
    recv = g.choice(recvs)
    _finish(g, '(%s).%s(%s)' % (recv, m, _args(g, lo, hi)))


def f_api_module(g):
    mod, fn, lo, hi = g.choice(MODFUNCS)
    g.imports.add(mod)
    _finish(g, '%s.%s(%s)' % (mod, fn, _args(g, lo, hi)))


def f_api_kw(g):
    """A keyword argument the API may or may not take."""
    name, lo, hi = g.choice([b for b in BUILTINS if b[0] != 'hash'] +
                            [('sorted', 1, 1), ('print', 0, 1), ('max', 1, 2), ('int', 1, 1)])
    kw = g.choice(['key', 'default', 'reverse', 'base', 'start', 'sep', 'end', 'strict', 'x', 'ndigits',
                   'number', 'object', 'iterable'])
    args = _args(g, lo, hi)
    _finish(g, '%s(%s%s%s=%s)' % (name, args, ', ' if args else '', kw, g.choice(VALUES)))


FEATURES = [
    ('api_builtin', 3, f_api_builtin),
    ('api_method', 4, f_api_method),
    ('api_module', 4, f_api_module),
    ('api_kw', 1, f_api_kw),
]
