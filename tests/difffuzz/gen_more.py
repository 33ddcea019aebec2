"""More statement features (registered in gen.FEATURES): shapes models
commonly write that the first tables did not reach - format specs, string
methods with odd arguments, slicing with every step, dict/set/list method
corners, sorting with keys, comprehensions with walrus and nesting,
generator protocol (send, close, return values), int/float edge methods,
tracebacks of exceptions escaping from nested calls, and classes with
__slots__, __eq__/__hash__/__lt__, __getitem__ over slices, __missing__.

Every output goes through repr() or print of plain values; risky lines are
guarded as in gen.py.  hash() of a NaN is left out: since 3.10 it is the
object's address, different on every CPython run.
"""

SPEC_TYPES_INT = ['', 'd', 'b', 'o', 'x', 'X', 'n', 'c', 'e', 'f', '%', 'g', 's']
SPEC_TYPES_FLOAT = ['', 'e', 'E', 'f', 'F', 'g', 'G', '%', 'n', 'd', 'r']
SPEC_TYPES_STR = ['', 's', 'd']

SMALL_STRS = ["'abc'", "'Hello, World'", "''", "'a-b-c'", "'  x y  '", "'ÄÖü'", "'x'", "'1,234'",
              "'tab\\tsep'", "'MiXeD'", "'straße'", "'ǅungla'", "'hello'"]
INT_EDGE = ['0', '1', '-1', '7', '-7', '255', '-256', '10**18', '2**64', '-2**63', '1234567', '999999999999']
FLOAT_EDGE = ['0.0', '-0.0', '0.5', '1.5', '2.5', '-2.5', '1e16', '1.23456789e-7', "float('inf')",
              "float('nan')", '123456.789', '0.1', '1/3', '2.675', '1e22', '-1e-5', '5e-324', '9.999999']


def _spec(g, types):
    fill = g.choice(['', '', '*', '0', ' ', '_'])
    align = g.choice(['', '', '<', '>', '^', '='])
    sign = g.choice(['', '', '+', '-', ' '])
    alt = g.choice(['', '', '#'])
    zero = g.choice(['', '', '0'])
    width = g.choice(['', '', '1', '5', '10', '12'])
    group = g.choice(['', '', ',', '_'])
    prec = g.choice(['', '', '.0', '.1', '.2', '.3', '.6', '.10'])
    ty = g.choice(types)
    if not align:
        fill = ''
    return fill + align + sign + alt + zero + width + group + prec + ty


def f_format_spec(g):
    """format() and f-strings with random format specs."""
    k = g.rng.randint(0, 4)
    if k == 0:
        v, spec = g.choice(INT_EDGE), _spec(g, SPEC_TYPES_INT)
    elif k == 1:
        v, spec = g.choice(FLOAT_EDGE), _spec(g, SPEC_TYPES_FLOAT)
    elif k == 2:
        v, spec = g.choice(SMALL_STRS), _spec(g, SPEC_TYPES_STR)
    elif k == 3:
        v, spec = g.choice(['True', 'False', 'None', '(1, 2)', '[1]']), g.choice(['', '>5', '<4', '^7', 's', 'd'])
    else:
        w, p = g.choice(['3', '8', '0']), g.choice(['0', '2', '4'])
        v = g.choice(FLOAT_EDGE + INT_EDGE)
        v = v if '\\' not in v else '0'
        g.guarded(["w, p = %s, %s" % (w, p),
                   "print(repr(f\"{%s:{w}.{p}f}|{%s:>{w}}|{%s!r:^{w}}\"))" % (v, v, v)])
        return
    if '\\' in v:
        v = 'str(%s)' % v.replace('\\t', ' ')
    form = g.choice(['format(%s, %r)' % (v, spec), "f\"{%s:%s}\"" % (v, spec), "'{:%s}'.format(%s)" % (spec, v),
                     "'{0:%s}|{0!r}|{0!s:>6}'.format(%s)" % (spec, v), "f\"{%s=}\"" % v])
    g.guarded(['print(repr(%s))' % form])


def f_percent_format(g):
    fmt = g.choice(["'%5.2f|%-6d|%s'", "'%+d %x %o %e'", "'%r %a'", "'%(a)s-%(b)05d'", "'%c%c'", "'%%%s%%'",
                    "'%#x %#o %.3s'", "'%-8s|'", "'%*d|%-*d'", "'%.0f %.1f %g'", "'%i %u'"])
    args = {
        "'%5.2f|%-6d|%s'": '(%s, %s, %s)' % (g.choice(FLOAT_EDGE), g.choice(INT_EDGE), g.choice(SMALL_STRS)),
        "'%+d %x %o %e'": '(%s, %s, %s, %s)' % tuple(g.choice(INT_EDGE) for _ in range(4)),
        "'%r %a'": '(%s, %s)' % (g.choice(SMALL_STRS), g.choice(SMALL_STRS)),
        "'%(a)s-%(b)05d'": "{'a': %s, 'b': %s}" % (g.choice(SMALL_STRS), g.choice(INT_EDGE)),
        "'%c%c'": '(%s, %s)' % (g.choice(['65', "'z'", '0x1F600', '-1']), g.choice(['97', "'ab'"])),
        "'%%%s%%'": g.choice(SMALL_STRS),
        "'%#x %#o %.3s'": '(%s, %s, %s)' % (g.choice(INT_EDGE), g.choice(INT_EDGE), g.choice(SMALL_STRS)),
        "'%-8s|'": g.choice(SMALL_STRS + ['(1, 2)', '((1, 2),)', '[3]']),
        "'%*d|%-*d'": '(%s, %s, %s, %s)' % (g.choice(['3', '-4', '0']), g.choice(INT_EDGE),
                                           g.choice(['5', '2']), g.choice(INT_EDGE)),
        "'%.0f %.1f %g'": '(%s, %s, %s)' % tuple(g.choice(FLOAT_EDGE) for _ in range(3)),
        "'%i %u'": '(%s, %s)' % (g.choice(INT_EDGE + ['3.7']), g.choice(INT_EDGE)),
    }[fmt]
    g.guarded(['print(repr(%s %% %s))' % (fmt, args)])


def f_str_methods(g):
    s = g.choice(SMALL_STRS + ["'a\\nb\\r\\nc'", "'  lead'", "'x.y.z'", "'Title Case Words'", "('ab' * 3)"])
    a = g.choice(SMALL_STRS[:6] + ["'-'", "'b'", "'.'", "'ab'"])
    m = g.choice(['center(%s, %s)' % (g.choice(['9', '0', '-1', '10']), g.choice(["'*'", "' '", "'ab'"])),
                  'ljust(7, %s)' % g.choice(["'.'", "'-'"]), 'rjust(%s)' % g.choice(['2', '12']),
                  'zfill(%s)' % g.choice(['5', '0', '8']), 'expandtabs(%s)' % g.choice(['', '4', '0', '1']),
                  'replace(%s, %s, %s)' % (a, g.choice(["''", "'XY'"]), g.choice(['-1', '0', '1', '2'])),
                  'strip(%s)' % a, 'lstrip(%s)' % a, 'rstrip(%s)' % g.choice(["'cz'", "None", "' '"]),
                  'removeprefix(%s)' % a, 'removesuffix(%s)' % a, 'casefold()', 'swapcase()',
                  'capitalize()', 'title()', 'isidentifier()', 'isdecimal()', 'isnumeric()', 'isdigit()',
                  'isalnum()', 'isprintable()', 'isspace()', 'islower()', 'isupper()',
                  'split(%s, %s)' % (a, g.choice(['0', '1', '-1', '2'])), 'rsplit(%s, 1)' % a,
                  'splitlines(keepends=%s)' % g.choice(['True', 'False']),
                  'join(%s)' % g.choice(["['x', 'y', 'z']", "'abc'", "(str(i) for i in range(3))", "[1, 2]", "[]"]),
                  'index(%s)' % a, 'rindex(%s, 0, 5)' % a, 'count(%s)' % g.choice(["''", a]),
                  'find(%s, -3)' % a, 'startswith(%s, -4, -1)' % a, 'endswith((%s, %s))' % (a, a),
                  'translate(str.maketrans(%s))' % g.choice(["'abc', 'xyz'", "{'a': None, 'b': 'BB'}",
                                                             "'ab', 'cd', 'e'", "{97: 66}"]),
                  'partition(%s)' % a, 'rpartition(%s)' % a, 'encode' if False else 'upper()', 'lower()',
                  '__len__()', '__contains__(%s)' % a, 'format_map({})'])
    g.guarded(['print(repr(%s.%s))' % (s, m)])


def f_slicing(g):
    seq = g.choice(['list(range(10))', "'abcdefghij'", 'tuple(range(7))', '[1, 2, 3]', "''", 'range(20)',
                    "'ΣΑΣ ok'"])
    def idx():
        return g.choice(['', '', '0', '1', '-1', '3', '-3', '5', '100', '-100', 'None'])
    step = g.choice(['', '', '1', '-1', '2', '-2', '3', '0', 'None'])
    sl = '%s:%s' % (idx(), idx()) + ((':' + step) if step or g.chance(0.3) else '')
    k = g.rng.randint(0, 4)
    if k == 0:
        g.guarded(['print(repr((%s)[%s]))' % (seq, sl)])
    elif k == 1:
        g.guarded(['v = list(range(8))',
                   'v[%s] = %s' % (sl, g.choice(['[]', "['a']", "'xy'", 'range(3)', '[9] * 4', '(1, 2)'])),
                   'print(v)'])
    elif k == 2:
        g.guarded(['v = list(range(8))', 'del v[%s]' % sl, 'print(v)'])
    elif k == 3:
        g.guarded(['s = slice(%s, %s, %s)' % (idx() or 'None', idx() or 'None', step or 'None'),
                   'print(s, s.indices(%s))' % g.choice(['0', '5', '10']),
                   'print(repr((%s)[s]))' % seq])
    else:
        g.guarded(['v = %s' % seq, 'print(repr(v[%s]), repr(v[%s]))' % (idx() or '0', idx() or '-1')])


def f_dict_ops(g):
    d = g.choice(["{'a': 1, 'b': 2, 'c': 3}", '{1: "x", 2: "y"}', '{}', "dict(zip('abc', range(3)))",
                  "{i: i * i for i in range(5)}", "dict.fromkeys('aba', 0)", "{(1, 2): 'p', 3: [4]}"])
    k = g.rng.randint(0, 9)
    lines = ['d = %s' % d]
    if k == 0:
        lines.append("print(d.setdefault(%s, []), d)" % g.choice(["'a'", "'z'", '1', '9']))
    elif k == 1:
        lines.append("print(d.pop(%s, %s), d)" % (g.choice(["'a'", "'z'", '1']), g.choice(['None', "'dflt'"])))
        lines.append("print(d.pop(%s))" % g.choice(["'b'", "'q'", '2']))
    elif k == 2:
        lines.append("d.update(%s)" % g.choice(["{'a': 9}", "[('x', 1), ('y', 2)]", "b=5, a=0", "zip('pq', 'rs')",
                                                  "[(1,)]", "{}, k=1"]))
        lines.append('print(d)')
    elif k == 3:
        lines.append("print(d | %s, %s | d)" % (g.choice(["{'a': 0}", '{}', "{9: 9}"]), g.choice(["{'z': 1}", '{}'])))
        lines.append("d |= %s" % g.choice(["{'n': 1}", "[('m', 2)]", "3"]))
        lines.append('print(d)')
    elif k == 4:
        lines.append("print(d.popitem(), d)")
        lines.append("print(list(reversed(d)), list(reversed(d.items())))")
    elif k == 5:
        lines.append("print(d.keys() & %s, d.keys() | {'q'}, d.keys() - {'a'}, d.items() & {('a', 1)})"
                     % g.choice(["{'a', 'b'}", "['c', 1]", 'set()']))
        lines.append("print(d.keys() ^ {'a', 'zz'}, d.keys().isdisjoint(['zz']))")
    elif k == 6:
        lines.append("print(sorted(d.items(), key=lambda kv: (%s)))" % g.choice(['str(kv[1]), str(kv[0])', 'repr(kv)', '-len(repr(kv[1]))']))
        lines.append("print(max(d, key=%s, default='none'))" % g.choice(['str', 'repr', 'lambda k: repr(d[k])']))
    elif k == 7:
        lines.append("print(d == %s, d != {}, d.get(%s), d.get('zz', 0), %s in d)"
                     % (g.choice(["{'a': 1, 'b': 2, 'c': 3}", "dict(d)", "{}"]), g.choice(["'a'", '1']), g.choice(["'a'", '1', "'q'"])))
    elif k == 8:
        lines.append("for key in list(d):")
        lines.append("    if %s:" % g.choice(["str(key) < 'b'", "isinstance(key, int)", "True"]))
        lines.append("        del d[key]")
        lines.append("print(d, len(d))")
        lines.append("d[%s] = %s" % (g.choice(["'new'", '0']), g.choice(['None', '[]'])))
        lines.append("print(d, list(d.values()))")
    else:
        lines.append("for key in d:")
        lines.append("    d[key] = 0")
        lines.append("print(d)")
        lines.append("for key in d:")
        lines.append("    d['added'] = 1")
        lines.append("print(d)")
    g.guarded(lines)


def f_set_ops(g):
    a = g.choice(['{1, 2, 3}', 'set(range(5))', "set('hello')", 'frozenset({1, 2})', 'set()', '{0, -1, 2**64, 1.5}',
                  '{(1, 2), (2, 1)}', '{True, 1, 1.0}'])
    b = g.choice(['{2, 3, 4}', '[3, 4]', "'lo'", 'range(3)', 'frozenset()', '{1}'])
    m = g.choice(['union(%s, {9})' % b, 'intersection(%s)' % b, 'difference(%s, [1])' % b,
                  'symmetric_difference(%s)' % b, 'issubset(%s)' % b, 'issuperset(%s)' % b, 'isdisjoint(%s)' % b,
                  'copy()'])
    k = g.rng.randint(0, 3)
    if k == 0:
        g.guarded(['print(sorted(%s.%s, key=repr))' % (a, m) if 'is' not in m else 'print(%s.%s)' % (a, m)])
    elif k == 1:
        op = g.choice(['|', '&', '-', '^', '<=', '<', '>=', '>', '=='])
        g.guarded(['r = %s %s %s' % (a, op, g.choice(['{2, 3, 4}', 'frozenset({1})', 'set()', '[1]'])),
                   'print(type(r).__name__, sorted(r, key=repr) if not isinstance(r, bool) else r)'])
    elif k == 2:
        meth = g.choice(['update', 'intersection_update', 'difference_update', 'symmetric_difference_update'])
        g.guarded(['s = set(%s)' % a, 's.%s(%s)' % (meth, b), 'print(sorted(s, key=repr), len(s))',
                   's.discard(%s)' % g.choice(['1', '99', "'l'"]), 's.remove(%s)' % g.choice(['2', '99']),
                   'print(sorted(s, key=repr))'])
    else:
        g.guarded(['s = set(%s)' % a, 'print(repr(s.pop()) if len(s) == 1 else len(s))',
                   'print(%s in s, hash(frozenset({1, 2})) == hash(frozenset({2, 1})))' % g.choice(['1', '[1]', "'h'"])])


def f_list_ops(g):
    lst = g.choice(['[3, 1, 2]', '[]', 'list(range(6))', "['b', 'a', 'C']", '[1, [2], (3,)]', '[0.5, -1, 2]',
                    '[1] * 3'])
    k = g.rng.randint(0, 7)
    lines = ['v = %s' % lst]
    if k == 0:
        lines += ['v.insert(%s, %s)' % (g.choice(['0', '-1', '100', '-100', '2']), g.choice(['9', "'x'"])), 'print(v)']
    elif k == 1:
        lines += ['v.remove(%s)' % g.choice(['1', '9', "'a'"]), 'print(v)']
    elif k == 2:
        lines += ['print(v.index(%s, %s), v.count(1))' % (g.choice(['1', '2', "'a'"]), g.choice(['0', '-2', '1'])), ]
    elif k == 3:
        lines += ['v.sort(%s)' % g.choice(['reverse=True', 'key=str', 'key=lambda x: -x', 'key=repr, reverse=True', '']),
                  'print(v)']
    elif k == 4:
        lines += ['print(v * %s, %s * v, v + [7])' % (g.choice(['0', '2', '-1']), g.choice(['1', '3'])),
                  'v *= 2', 'print(v)']
    elif k == 5:
        lines += ['print(v < %s, v == %s, v > [])' % (g.choice(['[3]', '[1, 2]', '[]']), g.choice(['v[:]', '[]'])),
                  'print(max(v, default=None) if all(isinstance(x, int) for x in v) else min(map(repr, v)))']
    elif k == 6:
        lines += ['v.extend(x * 2 for x in range(%s))' % g.choice(['0', '3']), 'v.append(v[:2])',
                  'print(v, v.pop(), v.pop(0) if v else None, v)']
    else:
        lines += ['w = v', 'v += %s' % g.choice(["'ab'", '(1,)', 'range(2)', '{7: 8}']), 'print(w is v, w)',
                  'v = v + [0]', 'print(w is v, len(v))']
    g.guarded(lines)


def f_sorting(g):
    data = g.choice(["[('bob', 3), ('al', 5), ('cy', 3), ('Al', 1)]", "['pear', 'Fig', 'apple', 'fig', 'Banana']",
                     "[3, -1, 2.5, -7, 0, 2.5]", "[[2, 'b'], [1, 'z'], [2, 'a']]",
                     "[{'n': 'x', 'a': 3}, {'n': 'y', 'a': 1}, {'n': 'z', 'a': 3}]"])
    key = g.choice(['None', 'len', 'str.lower', 'lambda t: t[1]', 'lambda t: (-t[1], t[0])', 'abs', 'str',
                    "lambda d: d['a']", 'lambda t: t[::-1]', 'repr'])
    rev = g.choice(['False', 'True'])
    k = g.rng.randint(0, 2)
    if k == 0:
        g.guarded(['print(sorted(%s, key=%s, reverse=%s))' % (data, key, rev)])
    elif k == 1:
        g.guarded(['v = %s' % data, 'v.sort(key=%s, reverse=%s)' % (key, rev), 'print(v)',
                   'print(min(v, key=%s), max(v, key=%s))' % (key, key)])
    else:
        g.imports.add('itertools')
        g.guarded(['v = sorted(%s, key=%s)' % (data, key),
                   'print([(k, list(grp)) for k, grp in itertools.groupby(v, key=%s)])' % key])


def f_comprehension(g):
    k = g.rng.randint(0, 5)
    if k == 0:
        g.guarded(['print([(x, y) for x in range(%s) if x %% 2 for y in range(x) if y != 1])' % g.choice(['4', '6'])])
    elif k == 1:
        g.guarded(['print([y for x in %s if (y := x * 2) > 2], y)' % g.choice(['range(4)', '[5, 1]', '[]'])])
    elif k == 2:
        g.guarded(['print({k: v for k, v in zip(%s, %s) if v})' % (g.choice(["'abcd'", 'range(3)']),
                                                                  g.choice(['[0, 1, 2, 3]', "'xy'", '[None, 1]']))])
    elif k == 3:
        g.guarded(['print(%s(x * x for x in range(%s) if x %% 3))' % (g.choice(['sum', 'max', 'min', 'any', 'all',
                                                                              'sorted', 'tuple', 'set', 'list']),
                                                                    g.choice(['0', '5', '10']))])
    elif k == 4:
        g.guarded(['m = [[i * j for j in range(3)] for i in range(%s)]' % g.choice(['2', '3']),
                   'print(m, [list(r) for r in zip(*m)], [c for row in m for c in row if c])'])
    else:
        g.guarded(['x = 10', 'r = [x for x in range(3)]', 'print(x, r, {x for x in "aab"} == {"a", "b"})',
                   'print([lambda: i for i in range(3)][0](), [(lambda i=i: i)() for i in range(3)])'])


def f_gen_protocol(g):
    g.nfunc += 1
    n = g.nfunc
    k = g.rng.randint(0, 3)
    if k == 0:
        g.emit('def acc%d():' % n)
        g.emit('    total = 0')
        g.emit('    while True:')
        g.emit('        x = yield total')
        g.emit('        if x is None:')
        g.emit('            return total')
        g.emit('        total += x')
        g.guarded(['it = acc%d()' % n, 'print(next(it), it.send(%s), it.send(%s))' % (g.choice(['1', '5']), g.choice(['2', '-3'])),
                   'it.send(None)'])
        g.emit("print('after')")
    elif k == 1:
        g.emit('def inner%d():' % n)
        g.emit('    yield 1')
        g.emit('    yield 2')
        g.emit("    return 'ret'")
        g.emit('def outer%d():' % n)
        g.emit('    r = yield from inner%d()' % n)
        g.emit('    yield r')
        g.emit('    yield from %s' % g.choice(['range(2)', "'ab'", '[]', '{3: 4}']))
        g.guarded(['print(list(outer%d()))' % n, 'it = inner%d()' % n, 'print(next(it), next(it))', 'next(it)'])
    elif k == 2:
        g.emit('def res%d():' % n)
        g.emit('    try:')
        g.emit('        yield 1')
        g.emit('        yield 2')
        g.emit('    finally:')
        g.emit("        print('closed')")
        g.guarded(['it = res%d()' % n, 'print(next(it))', 'it.close()', 'print(list(it))',
                   'it2 = res%d()' % n, 'print(next(it2))', "it2.throw(ValueError('boom'))"])
    else:
        g.emit('def fib%d():' % n)
        g.emit('    a, b = 0, 1')
        g.emit('    while True:')
        g.emit('        yield a')
        g.emit('        a, b = b, a + b')
        g.imports.add('itertools')
        g.guarded(['print(list(itertools.islice(fib%d(), %s)))' % (n, g.choice(['10', '0', '3, 8', '2, 20, 3'])),
                   'print(list(itertools.takewhile(lambda v: v < 50, fib%d())))' % n,
                   'g2 = (v for v in fib%d() if v %% 2)' % n, 'print(next(g2), next(g2), next(g2))'])


def f_numeric(g):
    i = g.choice(INT_EDGE)
    f = g.choice(FLOAT_EDGE)
    e = g.choice(['divmod(%s, %s)' % (i, g.choice(['7', '-7', '1', '3.5'])), 'divmod(%s, %s)' % (f, g.choice(['2', '-0.3'])),
                  'round(%s, %s)' % (f, g.choice(['0', '1', '2', '-1', 'None'])), 'round(%s, %s)' % (i, g.choice(['-1', '-2', '2'])),
                  '(%s).is_integer()' % f, '(%s).as_integer_ratio()' % f, '(%s).bit_length()' % i,
                  '(%s).bit_count()' % i, 'float.hex(%s)' % f, "float.fromhex(%s)" % g.choice(["'0x1.8p1'", "'-0x1p-1074'", "'inf'"]),
                  'pow(%s, %s, %s)' % (i, g.choice(['2', '-1', '0']), g.choice(['7', '1', '-5', '0'])),
                  '%s %% %s' % (f, g.choice(['-1.5', '0.0', '3'])), '%s // %s' % (i, g.choice(['-3', '0.5'])),
                  'int(%s)' % f, 'float(%s)' % i, 'float(%s) ** 2' % i, 'abs(%s)' % f, 'hash(%s)' % (f if 'nan' not in f else '1.5'),
                  '%s == %s' % (i, f), '%s < %s' % (f, i), 'math.floor(%s)' % f, 'math.ceil(%s)' % f,
                  'math.trunc(%s)' % f, 'math.isclose(%s, %s)' % (f, f), 'math.fsum([%s, %s, %s])' % (f, f, i),
                  'math.gcd(%s, %s)' % (i, i), 'math.lcm(%s, 6)' % i, 'math.isqrt(abs(%s))' % i, 'math.comb(10, 3)',
                  'math.perm(5)', 'math.log(%s, 2)' % i, 'math.copysign(1, %s)' % f, 'math.fmod(%s, 3)' % f,
                  'math.remainder(%s, 3)' % f, 'int(%s, 0)' % g.choice(["'0b101'", "'0o17'", "'0x_ff'", "'1_0'", "'010'"]),
                  'int.from_bytes' if False else 'str(%s)' % f, 'repr(%s * 3)' % f, '(%s).real, (%s).imag' % (i, i),
                  '(%s).numerator, (%s).denominator' % (i, i), 'sum([%s, %s], %s)' % (f, f, f),
                  'max(%s, %s), min(%s, %s)' % (f, i, i, f), 'bool(%s), not %s' % (f, i)])
    if 'math.' in e:
        g.imports.add('math')
    g.guarded(['print(repr(%s))' % e])


def f_escape_tb(g):
    """An exception escapes through nested calls: traceback last line and exit status."""
    g.nfunc += 1
    n = g.nfunc
    exc = g.choice(["ValueError('bad value')", "KeyError('k')", "TypeError", "RuntimeError()",
                    "IndexError('i', 2)", "ZeroDivisionError('x')", "AssertionError", "Exception('multi\\nline')",
                    "KeyError(('a', 1))", "ValueError('')", "StopIteration(3)", "NotImplementedError('todo')"])
    g.emit('def lvl%d_a(x):' % n)
    g.emit('    if x > 1:')
    g.emit('        raise %s' % exc)
    g.emit('    return lvl%d_a(x + 1)' % n)
    k = g.rng.randint(0, 2)
    if k == 0:
        g.emit('def lvl%d_b():' % n)
        g.emit('    try:')
        g.emit('        lvl%d_a(0)' % n)
        g.emit('    except %s as e:' % g.choice(['LookupError', 'Exception', 'ArithmeticError']))
        g.emit("        raise RuntimeError('wrapped') from e")
        g.emit('lvl%d_b()' % n)
    elif k == 1:
        g.emit("assert %s, %s" % (g.choice(['len([]) > 0', '1 == 2', 'not [1]']), g.choice(["'custom msg'", '(1, 2)', 'None'])))
    else:
        g.emit('lvl%d_a(0)' % n)


def f_oop_dunders(g):
    """Classes with the special methods models write: __eq__/__hash__,
    ordering, __getitem__ over slices, __slots__, __missing__, __contains__,
    __iter__, __call__, __format__, class attributes vs instance ones."""
    g.nfunc += 1
    c = 'C%d' % g.nfunc
    k = g.rng.randint(0, 6)
    e = g.emit
    if k == 0:
        slots = g.chance(0.5)
        e('class %s:' % c)
        if slots:
            e('    __slots__ = %s' % g.choice(["('x', 'y')", "['x', 'y']", "('x', 'y', '__dict__')"]))
        e('    def __init__(self, x, y):')
        e('        self.x, self.y = x, y')
        e('    def __eq__(self, o):')
        e('        return isinstance(o, %s) and (self.x, self.y) == (o.x, o.y)' % c)
        if g.chance(0.7):
            e('    def __hash__(self):')
            e('        return hash((self.x, self.y))')
        if g.chance(0.6):
            e('    def __lt__(self, o):')
            e('        return (self.x, self.y) < (o.x, o.y)')
        e('    def __repr__(self):')
        e("        return f'%s({self.x!r}, {self.y!r})'" % c)
        sub = g.chance(0.5)
        if sub:
            e('class Sub%s(%s):' % (c, c))
            e('    kind = %s' % g.choice(["'sub'", '0']))
        cls = 'Sub' + c if sub else c
        g.guarded(['ps = [%s(2, 1), %s(1, 5), %s(2, 1), %s(0, 0)]' % (cls, cls, c, cls),
                   'print(ps[0] == ps[2], ps[0] is ps[2], ps[1] != ps[0])',
                   'print(sorted(ps), max(ps), len(set(ps)))',
                   'print(%s)' % g.choice(['vars(ps[0])', 'ps[0].__dict__', "[getattr(ps[0], n) for n in ('x', 'y')]",
                                           'hasattr(ps[0], "__dict__")', "sorted(n for n in dir(ps[0]) if not n.startswith('_'))"]),
                   'ps[0].z = 3', 'print(ps[0].z)'])
    elif k == 1:
        e('class %s:' % c)
        e('    def __init__(self, *items):')
        e('        self._items = list(items)')
        e('    def __len__(self):')
        e('        return len(self._items)')
        e('    def __getitem__(self, i):')
        e('        if isinstance(i, slice):')
        e('            return %s(*self._items[i])' % c)
        e('        return self._items[i]')
        if g.chance(0.5):
            e('    def __contains__(self, v):')
            e('        return v in self._items')
        e('    def __repr__(self):')
        e("        return '%s(' + ', '.join(map(repr, self._items)) + ')'" % c)
        g.guarded(['s = %s(1, 2, 3, 4, 5)' % c,
                   'print(s[1:3], s[::-1], s[-1], len(s), 3 in s, 9 in s)',
                   'print(list(s), list(reversed(s)), sorted(s, reverse=True), [x for x in s if x % 2])',
                   'print(s[%s])' % g.choice(['10', '-6', "'a'", '1:1', '::0'])])
    elif k == 2:
        e('class %s(dict):' % c)
        e('    def __missing__(self, key):')
        e('        %s' % g.choice(['return key * 2', 'self[key] = []\n        return self[key]', "raise KeyError(f'no {key}')"]))
        g.guarded(["d = %s(a=1)" % c, "print(d['a'], d['bb'], d.get('zz'), 'bb' in d)",
                   'print(d, type(d).__name__, isinstance(d, dict), dict(d) == d)'])
    elif k == 3:
        e('class %s:' % c)
        e('    count = 0')
        e('    def __init__(self):')
        e('        %s.count += 1' % c)
        e('        self.id = %s.count' % c)
        e('    def __call__(self, *a, **kw):')
        e('        return (self.id, a, sorted(kw.items()))')
        e('    def __format__(self, spec):')
        e("        return f'<{self.id}:{spec}>'")
        e('    def __repr__(self):')
        e("        return '%s#%%d' %% self.id" % c)
        g.guarded(['a, b = %s(), %s()' % (c, c), "print(a(1, k=2), b(), f'{a:>5} {b!r}', format(a, 'x'), %s.count)" % c,
                   'a.count = 10', 'print(a.count, b.count, %s.count)' % c])
    elif k == 4:
        e('class %s:' % c)
        e('    def __init__(self, n):')
        e('        self.n = n')
        e('    def __iter__(self):')
        e('        for i in range(self.n):')
        e('            yield i * i')
        e('    def __bool__(self):')
        e('        return self.n > 0')
        e('    def __repr__(self):')
        e("        return '%s(%%r)' %% self.n" % c)
        g.guarded(['for o in (%s(3), %s(0)):' % (c, c),
                   "    print(o, list(o), sum(o), bool(o), 'yes' if o else 'no', dict(enumerate(o)))",
                   'a, *b = %s(4)' % c, 'print(a, b, max(%s(5)), 4 in %s(3))' % (c, c)])
    elif k == 5:
        e('class %s:' % c)
        e("    __slots__ = ('a',)")
        e('    def __init__(self, a):')
        e('        self.a = a')
        e('    def __repr__(self):')
        e("        return '%s(%%r)' %% (self.a,)" % c)
        e('class D%s(%s):' % (c, c))
        if g.chance(0.5):
            e("    __slots__ = ('b',)")
        e('    def __init__(self, a, b):')
        e('        super().__init__(a)')
        e('        self.b = b')
        g.guarded(['o = D%s(1, 2)' % c, 'print(o, o.a, o.b)', 'print(%s)' % g.choice(['vars(o)', 'o.__dict__', 'hasattr(o, "__dict__")']),
                   'o.c = 3', 'print(o.c, %s)' % g.choice(['vars(o)', "getattr(o, 'a')", "sorted(k for k in dir(o) if k[0] != '_')"]),
                   'del o.a', 'print(hasattr(o, "a"))', 'del o.a'])
    else:
        e('class %s:' % c)
        e('    def __init__(self, v):')
        e('        self.v = v')
        e('    def __add__(self, o):')
        e('        return %s(self.v + (o.v if isinstance(o, %s) else o))' % (c, c))
        e('    __radd__ = __add__')
        e('    def __iadd__(self, o):')
        e('        self.v += 100')
        e('        return self')
        e('    def __repr__(self):')
        e("        return f'%s({self.v})'" % c)
        g.guarded(['x = %s(1)' % c, 'y = x', 'x += 1', 'print(x, y, x is y, 1 + x, sum([%s(2), %s(3)]))' % (c, c),
                   "print(sum([%s(1)], %s(0)), x + 'a')" % (c, c)])


SUB_BASES = {
    'dict': ("{'a': 1, 'b': 2}", ["x | {'c': 3}", "x.copy()", "dict(x)", "x.keys()", "x == {'a': 1, 'b': 2}",
                                  "sorted(x.items())", "x.get('a')", "{**x}", "x.fromkeys('ab')"]),
    'list': ('[3, 1, 2]', ['x + [4]', 'x * 2', 'x[1:]', 'x[::-1]', 'sorted(x)', 'x.copy()', 'x == [3, 1, 2]',
                           '[4] + x', 'list(reversed(x))']),
    'set': ('{1, 2, 3}', ['x | {4}', 'x & {1}', 'x - {1}', 'x ^ {9}', 'x.copy()', 'x.union([7])', 'frozenset(x)',
                          'x == {1, 2, 3}', 'x <= {1, 2, 3, 4}']),
    'frozenset': ('{1, 2}', ['x | {4}', 'x.copy()', 'x & frozenset({1})', 'hash(x) == hash(frozenset({1, 2}))']),
    'int': ('7', ['x + 1', '-x', 'x * x', 'x // 2', 'abs(x)', 'x.real', 'int(x)', 'x == 7', 'hash(x) == hash(7)',
                  'str(x)', 'f"{x:>4}"', 'x.bit_length()', 'divmod(x, 3)']),
    'float': ('2.5', ['x + 1', '-x', 'round(x)', 'x.is_integer()', 'float(x)', 'x == 2.5', 'str(x)', 'f"{x:.3f}"',
                      'x.hex()', 'int(x)']),
    'str': ("'Hello'", ['x + "!"', 'x.upper()', 'x[1:]', 'x * 2', 'str(x)', 'x == "Hello"', 'x.split("l")',
                        'f"{x:>8}"', '"-".join([x, x])', 'x.replace("l", "L")', '"%s" % x', 'x.format()']),
    'tuple': ('(1, 2)', ['x + (3,)', 'x * 2', 'x[1:]', 'tuple(x)', 'x == (1, 2)', 'hash(x) == hash((1, 2))']),
    'collections.OrderedDict': ("{'a': 1}", ["x.copy()", "x | {'z': 0}", "list(reversed(x))", "x == {'a': 1}"]),
    'collections.Counter': ("'abca'", ["x + x", "x - x", "x.most_common(1)", "x.copy()", "+x", "x | x"]),
    'collections.defaultdict': ("int", ["x['q']", "x.copy()", "dict(x)", "x.default_factory"]),
}


SUB_OVERRIDES = [('__str__(self)', "'S!'"), ('__repr__(self)', "'R!'"), ('__len__(self)', '5'),
                 ('__eq__(self, o)', 'True'), ('__hash__(self)', '7'), ('__bool__(self)', 'False'),
                 ('__contains__(self, v)', 'v == 1'), ('__iter__(self)', "iter(['i1', 'i2'])"),
                 ('__getitem__(self, k)', "'item'"), ('__format__(self, spec)', "'fmt' + spec"),
                 ('__lt__(self, o)', 'False'), ('__add__(self, o)', "'added'"), ('__mul__(self, o)', "'mul'"),
                 ('__int__(self)', '11'), ('__float__(self)', '1.25'), ('__index__(self)', '2'),
                 ('__reversed__(self)', "iter('rv')"), ('keys(self)', "['a']"), ('__neg__(self)', "'neg'")]
SUB_USES = ['str(x)', "'%s' % (x,)", "'%r' % (x,)", "f'{x}|{x!r}|{x:>3}'", 'format(x)', '[x]', 'len(x)',
            'bool(x)', 'list(x)', 'sorted(x)', 'tuple(x)', 'set(x) == set(x)', '1 in x', 'x == x', 'x != x',
            '{x: 1} if type(x).__name__ not in ("B1", "B2", "B3") else 0', 'x + x', 'x * 2', 'list(reversed(x))', 'list(enumerate(x))',
            'max(x) if len(x) else 0', 'str(x) + "!"', "', '.join(map(str, x))", 'x[0] if len(x) else 0',
            'not x', 'x or "falsy"', '-x if isinstance(x, (int, float)) else 0', 'dict.fromkeys(x)',
            'sum(1 for _ in x)', 'type(x).__name__',
            'x.copy() if hasattr(x, "copy") else 0', "'x' in str(x)"]


def f_builtin_subclass(g):
    """A subclass of a builtin container or value type: its repr and str,
    what the inherited operations return (the base type or the subclass),
    with and without a __repr__ / an overridden method."""
    g.nfunc += 1
    base = g.choice(sorted(SUB_BASES))
    if 'collections' in base:
        g.imports.add('collections')
    init, ops = SUB_BASES[base]
    c = 'B%d' % g.nfunc
    g.emit('class %s(%s):' % (c, base))
    k = g.rng.randint(0, 4)
    if k == 4:
        # overrides the builtins may or may not consult
        for dn, body in g.rng.sample(SUB_OVERRIDES, g.rng.randint(1, 3)):
            g.emit('    def %s:' % dn)
            g.emit('        return %s' % body)
        lines = ['x = %s(%s)' % (c, init)]
        for use in g.rng.sample(SUB_USES, g.rng.randint(3, 6)):
            lines.append('print(%r, repr(%s))' % (use, use))
        g.guarded(lines)
        return
    if k == 0:
        g.emit('    pass')
    elif k == 1:
        g.emit('    def __repr__(self):')
        g.emit("        return '%s<' + super().__repr__() + '>'" % c)
    elif k == 2:
        g.emit('    def __str__(self):')
        g.emit("        return 'str-%s'" % c)
    else:
        g.emit('    tag = %s' % g.choice(["'t'", '1']))
        g.emit('    def describe(self):')
        g.emit("        return (type(self).__name__, len(str(self)), self.tag)")
    lines = ['x = %s(%s)' % (c, init), 'print(repr(x), str(x), type(x).__name__, isinstance(x, %s))' % base.split('.')[-1] if 'collections' not in base
             else 'x = %s(%s)' % (c, init)]
    if 'collections' in base:
        lines.append('print(repr(x), str(x), type(x).__name__)')
    for op in g.rng.sample(ops, min(len(ops), g.rng.randint(2, 5))):
        lines.append('r = %s' % op)
        lines.append('print(%r, repr(r), type(r).__name__)' % op)
    if k == 3:
        lines.append('print(x.describe())')
    g.guarded(lines)


FEATURES = [
    ('format_spec', 4, f_format_spec),
    ('percent_format', 2, f_percent_format),
    ('str_methods', 4, f_str_methods),
    ('slicing', 3, f_slicing),
    ('dict_ops', 3, f_dict_ops),
    ('set_ops', 2, f_set_ops),
    ('list_ops', 3, f_list_ops),
    ('sorting', 2, f_sorting),
    ('comprehension', 2, f_comprehension),
    ('gen_protocol', 2, f_gen_protocol),
    ('numeric', 4, f_numeric),
    ('escape_tb', 0.4, f_escape_tb),
    ('oop_dunders', 3, f_oop_dunders),
    ('builtin_subclass', 3, f_builtin_subclass),
]
