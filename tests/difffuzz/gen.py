"""Random small-program generator for the differential fuzzer.

A program is built from a table of feature generators (FEATURES): each entry
has a name, a weight and a function that appends statements to the program
being built.  Expressions are drawn by type from EXPRS, another table keyed by
the type they produce.  To teach the fuzzer a new part of the language (classes,
bytes, match, a new module) add an entry to either table; nothing else needs to
know about it.

Everything the program shows goes through repr(), so a difference in a value
is a difference in the output.  Risky statements are wrapped in
try/except that prints the exception's type and message, so error messages
are compared too and a program does not end at its first error.

Only what safepy supports today is generated: no match, bytes, async, and
only allowlisted modules.  User classes, decorators, with and exception
chaining are in gen_oop.py, and the shapes of gen_more.py (format specs,
string/dict/set/list method corners, slicing, sorting, generator protocol,
numeric edges, escaping tracebacks, classes with common special methods) are
added the same way (their FEATURES join the table below), and so are the
calls of gen_api.py (one builtin, method or module function with arguments
of every type: mostly the order and wording of argument errors).
"""

import os
import random

import gen_api
import gen_more
import gen_oop

# --- literal pools: edge values on purpose ---------------------------------

INTS = [0, 1, -1, 2, 3, 5, 7, 10, -7, 42, 100, 255, 256, 1000, -1000,
        2**31, 2**63, -2**63, 10**20, 12345678901234567890, 9, 16, 8]
FLOATS = ['0.0', '-0.0', '1.0', '-1.5', '2.5', '3.5', '0.1', '1e300', '1e-300',
          '1e16', "float('inf')", "float('-inf')", "float('nan')", '3.14159',
          '7.711626513779426e+21', '123456.789', '0.5', '-2.0', '1e22', '5e-324',
          '2.675']
STRS = ["''", "'a'", "'abc'", "'Hello World'", "'  pad  '", "'a,b,,c'",
        "'ΣΑΣ'", "'ǅ'", "'ǲx'", "'İx'", "'ß'", "'ﬁ'", "'Ⅻ'", "'ⅻ'", "'ὒ'",
        "'hello world foo'", "'x\\ny'", "'tab\\there'", "'12'", "'-3'", "'3.5'",
        "'ABC def'", "'mIxEd CaSe'", "'a b c d'", "'é'", "'ΌΣΟΣ ΣΑΣ'", "'ŉ'",
        "'aaa'", "'%'", "'{}'", "'\\''", "'\"'", "'\\x00'", "'\\u2028'", "'٣'",
        "'ΑΣ.'", "'x_y-z'", "'123abc'", "'0x1f'", "'Straße'", "'ǈǋ'"]
NAMES = ['a', 'b', 'c', 'd', 'n', 'm', 'k', 's', 't', 'u', 'w', 'x', 'y', 'z',
         'p', 'q', 'r', 'v', 'acc', 'res', 'tmp', 'val', 'item', 'seq']

TYPES = ['int', 'float', 'str', 'list', 'tuple', 'dict', 'set', 'bool']


class Gen:
    """State of one program being generated."""

    def __init__(self, rng):
        self.rng = rng
        self.lines = []
        self.imports = set()
        self.env = {}          # variable name -> type
        self.depth = 0         # expression nesting
        self.indent = 0
        self.nfunc = 0
        self.funcs = []        # (name, nparams, kind) kind: 'int' | 'gen'

    # helpers --------------------------------------------------------------
    def choice(self, seq):
        return self.rng.choice(seq)

    def chance(self, p):
        return self.rng.random() < p

    def emit(self, line):
        self.lines.append('    ' * self.indent + line)

    def var_of(self, ty):
        cands = [n for n, t in self.env.items() if t == ty]
        return self.choice(cands) if cands else None

    def new_var(self, ty):
        free = [n for n in NAMES if n not in self.env]
        name = self.choice(free) if free else self.choice(NAMES)
        self.env[name] = ty
        return name

    def expr(self, ty):
        """An expression of type ty (best effort: it may raise)."""
        if self.depth > 3:
            return self.leaf(ty)
        self.depth += 1
        try:
            v = self.var_of(ty)
            if v is not None and self.chance(0.3):
                return v
            fns = EXPRS[ty]
            total = sum(w for w, _ in fns)
            r = self.rng.random() * total
            for w, fn in fns:
                r -= w
                if r <= 0:
                    return fn(self)
            return fns[-1][1](self)
        finally:
            self.depth -= 1

    def leaf(self, ty):
        v = self.var_of(ty)
        if v is not None and self.chance(0.5):
            return v
        return LEAVES[ty](self)

    def any_type(self):
        return self.choice(TYPES)

    def guarded(self, stmt_lines):
        """Wrap statements in try/except printing the error."""
        self.emit('try:')
        self.indent += 1
        for ln in stmt_lines:
            self.emit(ln)
        self.indent -= 1
        self.emit('except Exception as e:')
        self.emit('    print(type(e).__name__, e)')


# --- leaves --------------------------------------------------------------

def small_int(g):
    return str(g.choice(INTS[:12] if g.chance(0.7) else INTS))


LEAVES = {
    'int': small_int,
    'float': lambda g: g.choice(FLOATS),
    'str': lambda g: g.choice(STRS),
    'bool': lambda g: g.choice(['True', 'False']),
    'list': lambda g: '[%s]' % ', '.join(small_int(g) for _ in range(g.rng.randint(0, 4))),
    'tuple': lambda g: '(%s)' % ''.join(small_int(g) + ', ' for _ in range(g.rng.randint(0, 3))),
    'dict': lambda g: '{%s}' % ', '.join('%s: %s' % (g.choice(STRS[1:8]), small_int(g))
                                          for _ in range(g.rng.randint(0, 3))),
    'set': lambda g: ('{%s}' % ', '.join(small_int(g) for _ in range(g.rng.randint(1, 4)))
                      if g.chance(0.8) else 'set()'),
}


# --- expressions by type -------------------------------------------------

def e_int_bin(g):
    op = g.choice(['+', '-', '*', '//', '%', '**', '&', '|', '^', '<<', '>>'])
    a = g.expr('int')
    b = g.leaf('int') if op in ('**', '<<', '>>') else g.expr('int')
    if op in ('**', '<<'):
        b = str(g.rng.randint(0, 70))
    return '(%s %s %s)' % (a, op, b)


def e_float_bin(g):
    op = g.choice(['+', '-', '*', '/', '//', '%', '**'])
    a = g.expr(g.choice(['float', 'float', 'int']))
    b = g.expr(g.choice(['float', 'int']))
    return '(%s %s %s)' % (a, op, b)


def e_math(g):
    g.imports.add('math')
    f = g.choice(['sqrt', 'floor', 'ceil', 'fabs', 'exp', 'log', 'log2', 'log10',
                  'sin', 'cos', 'atan', 'trunc', 'isfinite', 'isnan', 'isinf',
                  'gcd2', 'factorial', 'copysign', 'fmod', 'hypot', 'pow', 'comb',
                  'isqrt', 'atan2', 'modf', 'frexp', 'ldexp', 'prod', 'fsum'])
    if f == 'gcd2':
        return 'math.gcd(%s, %s)' % (g.expr('int'), g.expr('int'))
    if f in ('copysign', 'fmod', 'hypot', 'pow', 'atan2'):
        return 'math.%s(%s, %s)' % (f, g.expr('float'), g.expr(g.choice(['float', 'int'])))
    if f == 'comb':
        return 'math.comb(%d, %d)' % (g.rng.randint(-1, 30), g.rng.randint(-1, 10))
    if f in ('factorial', 'isqrt'):
        return 'math.%s(%s)' % (f, g.choice(['0', '5', '10', '20', '-1', str(g.rng.randint(0, 50))]))
    if f == 'ldexp':
        return 'math.ldexp(%s, %s)' % (g.expr('float'), g.rng.randint(-1100, 1100))
    if f in ('prod', 'fsum'):
        return 'math.%s(%s)' % (f, g.expr('list'))
    return 'math.%s(%s)' % (f, g.expr(g.choice(['float', 'int'])))


def e_int_call(g):
    k = g.rng.randint(0, 11)
    if k == 0:
        return 'len(%s)' % g.expr(g.choice(['str', 'list', 'tuple', 'dict', 'set']))
    if k == 1:
        return 'abs(%s)' % g.expr('int')
    if k == 2:
        return 'int(%s)' % g.expr(g.choice(['float', 'str', 'bool']))
    if k == 3:
        return 'round(%s)' % g.expr('float')
    if k == 4:
        return 'sum(%s)' % g.expr('list')
    if k == 5:
        return '%s(%s)' % (g.choice(['min', 'max']), g.expr('list'))
    if k == 6:
        return '%s.count(%s)' % (g.expr('str'), g.expr('str'))
    if k == 7:
        return '%s.find(%s)' % (g.expr('str'), g.expr('str'))
    if k == 8:
        return '%s.index(%s)' % (g.expr('list'), g.expr('int'))
    if k == 9:
        return 'ord(%s)' % g.expr('str')
    if k == 10:
        return 'hash(%s)' % g.choice(['1', '-1', '2**61', '0.5', 'True', '()'])
    return '(%s).bit_length()' % g.expr('int')


def e_float_call(g):
    k = g.rng.randint(0, 4)
    if k == 0:
        return 'float(%s)' % g.expr(g.choice(['int', 'str']))
    if k == 1:
        return 'round(%s, %d)' % (g.expr('float'), g.rng.randint(-3, 5))
    if k == 2:
        return 'abs(%s)' % g.expr('float')
    if k == 3:
        return 'sum(%s, 0.0)' % g.expr('list')
    return 'pow(%s, %s)' % (g.expr('float'), g.expr(g.choice(['float', 'int'])))


def e_str_method(g):
    m = g.choice(['upper', 'lower', 'title', 'swapcase', 'capitalize', 'casefold',
                  'strip', 'lstrip', 'rstrip', 'center', 'ljust', 'rjust', 'zfill',
                  'replace', 'join', 'expandtabs', 'removeprefix', 'removesuffix'])
    s = g.expr('str')
    if m in ('center', 'ljust', 'rjust'):
        if g.chance(0.5):
            return '%s.%s(%d, %s)' % (s, m, g.rng.randint(0, 12), g.choice(["'*'", "'-'", "'ab'", "'é'"]))
        return '%s.%s(%d)' % (s, m, g.rng.randint(0, 12))
    if m == 'zfill':
        return '%s.zfill(%d)' % (s, g.rng.randint(0, 10))
    if m == 'replace':
        return '%s.replace(%s, %s)' % (s, g.expr('str'), g.expr('str'))
    if m == 'join':
        return '%s.join(%s)' % (s, g.choice(['[%s]' % ', '.join(g.leaf('str') for _ in range(3)),
                                             'map(str, %s)' % g.expr('list'), g.expr('str')]))
    if m in ('strip', 'lstrip', 'rstrip') and g.chance(0.4):
        return '%s.%s(%s)' % (s, m, g.expr('str'))
    if m in ('removeprefix', 'removesuffix'):
        return '%s.%s(%s)' % (s, m, g.expr('str'))
    if m == 'expandtabs':
        return '%s.expandtabs(%d)' % (s, g.rng.randint(0, 8))
    return '%s.%s()' % (s, m)


PCT_CONV = 'diouxXeEfFgGcrsa%'


def e_percent(g):
    # A random conversion spec; the argument matches it most of the time.
    flags = ''.join(g.choice(['', '#', '0', '-', ' ', '+']) for _ in range(g.rng.randint(0, 2)))
    width = g.choice(['', '', str(g.rng.randint(0, 8)), '*'])
    prec = g.choice(['', '', '.%d' % g.rng.randint(0, 6), '.'])
    conv = g.choice(PCT_CONV)
    args = []
    if width == '*':
        args.append(str(g.rng.randint(-6, 8)))
    if conv in 'diouxXc' and g.chance(0.85):
        args.append(g.choice(['42', '-3', '0', '255', '10', '8', '-255', 'True', '2**70', "ord('z')"])
                    if conv != 'c' or g.chance(0.5) else g.choice(["'z'", "'é'", '65', '0x1F600']))
    elif conv in 'eEfFgG' and g.chance(0.85):
        args.append(g.expr('float'))
    elif conv == '%':
        pass
    else:
        args.append(g.expr(g.any_type()))
    fmt = "'%s%%%s%s%s%s%s'" % (g.choice(['', '[', 'v=']), flags, width, prec, conv,
                               g.choice(['', ']', '|']))
    if len(args) == 1 and g.chance(0.5) and not args[0].startswith('('):
        return '(%s %% %s)' % (fmt, args[0])
    return '(%s %% (%s))' % (fmt, ''.join(a + ', ' for a in args))


def e_fstring(g):
    ty = g.choice(['int', 'float', 'str'])
    spec = {
        'int': ['', ':5', ':<6', ':^7', ':+', ':#x', ':#o', ':#b', ':08d', ':,', ':_', ':=#6x',
                ':*>8', ':x', ':X', ':n', ':e', ':.2f', ':%', ':c', '!r', ':=+6'],
        'float': ['', ':.3f', ':10.2e', ':g', ':.0f', ':%', ':,.2f', ':+.1e', ':08.3f', ':.3g',
                  ':=10.2f', ':#g', ':.12g', '!r', ':n', ':G'],
        'str': ['', '!r', ':>8', ':^9', ':.2', ':*<6', '!a', ':=>5', ':s'],
    }[ty]
    v = g.expr(ty)
    sp = g.choice(spec)
    # 3.11: the expression may not reuse the f-string's quote nor hold a backslash
    if '\\' in v or ('"' in v and "'" in v) or '{' in v:
        v = g.var_of(ty) or LEAVES[ty](g)
        if '\\' in v or ('"' in v and "'" in v):
            v = '42'
    q = '"' if "'" in v else "'"
    return "f%s<{%s%s}>%s" % (q, v, sp, q)


def e_format_builtin(g):
    ty = g.choice(['int', 'float'])
    spec = g.choice(['', '5', '<6', '^7', '+', '#x', '08d', ',', '_', '=6', '.2f', 'e', '%',
                     '.3g', 'b', 'o', '*^9', '.0e', '010.3f', ' ', '-'])
    return 'format(%s, %r)' % (g.expr(ty), spec)


def e_str_misc(g):
    k = g.rng.randint(0, 6)
    if k == 0:
        return 'repr(%s)' % g.expr(g.any_type())
    if k == 1:
        return 'str(%s)' % g.expr(g.any_type())
    if k == 2:
        s = g.expr('str')
        return '%s[%s:%s]' % (s, g.choice(['', '1', '-2', '0']), g.choice(['', '3', '-1', '10']))
    if k == 3:
        return '(%s + %s)' % (g.expr('str'), g.expr('str'))
    if k == 4:
        return '(%s * %d)' % (g.expr('str'), g.rng.randint(-1, 3))
    if k == 5:
        return 'chr(%s)' % g.choice(['65', '0x3a3', '0x1c5', '955', '0x10ffff', '0', '-1', '0x110000'])
    return 'ascii(%s)' % g.expr(g.choice(['str', 'list', 'tuple']))


def e_list_comp(g):
    src = g.expr(g.choice(['list', 'str', 'tuple']))
    v = g.choice(['i', 'j', 'e'])
    body = g.choice([v, '%s * 2' % v, 'repr(%s)' % v, '(%s, %s)' % (v, v), 'str(%s)' % v])
    cond = g.choice(['', '', ' if %s' % v, ' if %s != %s' % (v, g.leaf('int'))])
    return '[%s for %s in %s%s]' % (body, v, src, cond)


def e_list_call(g):
    k = g.rng.randint(0, 9)
    if k == 0:
        return 'sorted(%s)' % g.expr(g.choice(['list', 'str', 'set', 'dict']))
    if k == 1:
        return 'list(range(%d, %d, %d))' % (g.rng.randint(-5, 5), g.rng.randint(-5, 12), g.choice([1, 2, -1, 3]))
    if k == 2:
        return '%s.split(%s)' % (g.expr('str'), g.choice(['', "','", "' '", "None, 1", "'a'"]))
    if k == 3:
        return '%s.rsplit(%s)' % (g.expr('str'), g.choice(['', "','", "None, 1", "' ', 2"]))
    if k == 4:
        return 'list(%s)' % g.expr(g.choice(['str', 'tuple', 'set', 'dict']))
    if k == 5:
        return '%s[%s:%s:%s]' % (g.expr('list'), g.choice(['', '1', '-2']), g.choice(['', '3', '-1']),
                                 g.choice(['', '2', '-1']))
    if k == 6:
        return '(%s + %s)' % (g.expr('list'), g.expr('list'))
    if k == 7:
        return '(%s * %d)' % (g.expr('list'), g.rng.randint(-1, 3))
    if k == 8:
        return 'sorted(%s, reverse=True)' % g.expr('list')
    return 'list(reversed(%s))' % g.expr(g.choice(['list', 'str', 'tuple']))


def e_itertools(g):
    g.imports.add('itertools')
    k = g.rng.randint(0, 7)
    lst = g.expr('list')
    if k == 0:
        return 'list(itertools.accumulate(%s))' % lst
    if k == 1:
        return 'list(itertools.combinations(%s, %d))' % (lst, g.rng.randint(0, 3))
    if k == 2:
        return 'list(itertools.permutations(%s, 2))' % lst
    if k == 3:
        return 'list(itertools.islice(itertools.count(%s), %d))' % (g.leaf('int'), g.rng.randint(0, 5))
    if k == 4:
        return 'list(itertools.chain(%s, %s))' % (lst, g.expr('str'))
    if k == 5:
        return '[(k, list(v)) for k, v in itertools.groupby(%s)]' % g.expr('str')
    if k == 6:
        return 'list(itertools.zip_longest(%s, %s, fillvalue=0))' % (lst, g.expr('str'))
    return 'list(itertools.product(%s, repeat=2))' % g.leaf('list')


def e_collections(g):
    g.imports.add('collections')
    k = g.rng.randint(0, 4)
    if k == 0:
        return 'sorted(collections.Counter(%s).items())' % g.expr(g.choice(['str', 'list']))
    if k == 1:
        return 'collections.Counter(%s).most_common(%d)' % (g.expr('str'), g.rng.randint(0, 3))
    if k == 2:
        return 'list(collections.deque(%s, maxlen=%d))' % (g.expr('list'), g.rng.randint(0, 4))
    if k == 3:
        return 'list(collections.OrderedDict.fromkeys(%s))' % g.expr('str')
    return 'sorted(collections.defaultdict(int, %s).items())' % g.expr('dict')


def e_random(g):
    g.imports.add('random')
    k = g.rng.randint(0, 4)
    seed = 'random.seed(%d)' % g.rng.randint(0, 100)
    if k == 0:
        return '(%s, random.randint(1, 100))[1]' % seed
    if k == 1:
        return '(%s, random.random())[1]' % seed
    if k == 2:
        return '(%s, random.choice(%s))[1]' % (seed, g.leaf('str'))
    if k == 3:
        return '(%s, random.sample(range(20), 3))[1]' % seed
    return '(%s, random.uniform(1, 2))[1]' % seed


def e_tuple(g):
    k = g.rng.randint(0, 4)
    if k == 0:
        return 'tuple(%s)' % g.expr(g.choice(['list', 'str']))
    if k == 1:
        return 'divmod(%s, %s)' % (g.expr(g.choice(['int', 'float'])), g.expr(g.choice(['int', 'float'])))
    if k == 2:
        return '(%s, %s)' % (g.expr(g.any_type()), g.expr(g.any_type()))
    if k == 3:
        return '%s.partition(%s)' % (g.expr('str'), g.expr('str'))
    return 'tuple(zip(%s, %s))' % (g.expr('list'), g.expr('str'))


def e_dict(g):
    k = g.rng.randint(0, 3)
    if k == 0:
        return '{i: %s for i in %s}' % (g.choice(['i * 2', 'str(i)', 'i']), g.expr('list'))
    if k == 1:
        return 'dict(zip(%s, %s))' % (g.expr('str'), g.expr('list'))
    if k == 2:
        return '(%s | %s)' % (g.expr('dict'), g.expr('dict'))
    return 'dict.fromkeys(%s, %s)' % (g.expr('str'), g.leaf('int'))


def e_set(g):
    k = g.rng.randint(0, 3)
    ops = ['|', '&', '-', '^']
    if k == 0:
        return '(%s %s %s)' % (g.expr('set'), g.choice(ops), g.expr('set'))
    if k == 1:
        return 'set(%s)' % g.expr(g.choice(['list', 'str']))
    if k == 2:
        return '{i %% %d for i in %s}' % (g.rng.randint(1, 5), g.expr('list'))
    return 'frozenset(%s)' % g.expr('list')


def e_bool(g):
    k = g.rng.randint(0, 6)
    if k == 0:
        return '(%s %s %s)' % (g.expr('int'), g.choice(['<', '<=', '==', '!=', '>', '>=']), g.expr('float'))
    if k == 1:
        return '(%s in %s)' % (g.expr('int'), g.expr(g.choice(['list', 'tuple', 'set', 'dict'])))
    if k == 2:
        x = g.var_of('float') or g.choice(["float('nan')", '0.5'])
        return g.choice(['([%s] == [%s])' % (x, x), '(%s in [%s])' % (x, x),
                         '((%s,) == (%s,))' % (x, x), '({%s: 1} == {%s: 1})' % (x, x),
                         '(%s in {%s})' % (x, x), '([%s].count(%s))' % (x, x)])
    if k == 3:
        return '%s.%s()' % (g.expr('str'), g.choice(['isupper', 'islower', 'istitle', 'isdigit',
                                                   'isalpha', 'isspace', 'isalnum', 'isnumeric',
                                                   'isdecimal', 'isidentifier', 'isprintable']))
    if k == 4:
        return '(%s == %s)' % (g.expr('list'), g.expr('list'))
    if k == 5:
        return '%s(%s)' % (g.choice(['any', 'all', 'bool']), g.expr('list'))
    return '%s.startswith(%s)' % (g.expr('str'), g.expr('str'))


EXPRS = {
    'int': [(3, lambda g: g.leaf('int')), (3, e_int_bin), (3, e_int_call), (1, e_math)],
    'float': [(3, lambda g: g.leaf('float')), (3, e_float_bin), (2, e_float_call), (2, e_math)],
    'str': [(2, lambda g: g.leaf('str')), (3, e_str_method), (3, e_percent), (2, e_fstring),
            (1, e_format_builtin), (2, e_str_misc)],
    'list': [(2, lambda g: g.leaf('list')), (2, e_list_comp), (3, e_list_call), (1, e_itertools),
             (1, e_collections), (1, e_random)],
    'tuple': [(2, lambda g: g.leaf('tuple')), (2, e_tuple)],
    'dict': [(2, lambda g: g.leaf('dict')), (1, e_dict)],
    'set': [(2, lambda g: g.leaf('set')), (1, e_set)],
    'bool': [(1, lambda g: g.leaf('bool')), (4, e_bool)],
}


# --- statement features --------------------------------------------------

def f_assign(g):
    ty = g.any_type()
    e = g.expr(ty)
    name = g.new_var(ty)
    g.guarded(['%s = %s' % (name, e)])
    g.env.setdefault(name, ty)


def f_print(g):
    ty = g.any_type()
    g.guarded(['print(repr(%s))' % g.expr(ty)])


def f_print_many(g):
    parts = [g.expr(g.any_type()) for _ in range(g.rng.randint(1, 3))]
    g.guarded(['print(%s)' % ', '.join('repr(%s)' % p for p in parts)])


def f_aliasing(g):
    """Mutate a container with itself or while iterating."""
    lst = g.var_of('list')
    if lst is None:
        init = LEAVES['list'](g)
        lst = g.new_var('list')
        g.emit('%s = %s' % (lst, init))
    k = g.rng.randint(0, 12)
    stmts = {
        0: ['%s.extend(%s)' % (lst, lst)],
        1: ['%s[:] = %s' % (lst, lst)],
        2: ['%s += %s' % (lst, lst)],
        3: ['%s *= %d' % (lst, g.rng.randint(0, 3))],
        4: ['%s[1:2] = %s' % (lst, lst)],
        5: ['%s.append(%s)' % (lst, lst)] if False else ['%s.insert(0, len(%s))' % (lst, lst)],
        6: ['print(repr(sorted(%s, key=lambda v: (%s.append(v), v)[1])))' % (lst, lst)],
        7: ['%s.sort(key=lambda v: -v)' % lst],
        8: ['del %s[::2]' % lst],
        9: ['%s[::-1] = %s' % (lst, lst)],
        10: ['%s.reverse()' % lst],
        11: ['%s = %s + %s' % (lst, lst, lst)],
        12: ['%s.remove(%s)' % (lst, g.leaf('int'))],
    }[k]
    g.guarded(stmts + ['print(repr(%s))' % lst])


def f_dict_set_alias(g):
    k = g.rng.randint(0, 7)
    d = g.new_var('dict')
    g.emit('%s = %s' % (d, LEAVES['dict'](g)))
    s = g.new_var('set')
    g.emit('%s = %s' % (s, LEAVES['set'](g)))
    stmts = {
        0: ['%s.update(%s)' % (d, d)],
        1: ['%s |= %s' % (s, s)],
        2: ['%s -= %s' % (s, s)],
        3: ['%s &= %s' % (s, s)],
        4: ['%s ^= %s' % (s, s)],
        5: ['%s.update(%s)' % (s, s)],
        6: ['%s |= %s' % (d, d)],
        7: ['%s.difference_update(%s)' % (s, s)],
    }[k]
    g.guarded(stmts + ['print(repr(%s), repr(%s))' % (d, s)])


def f_collections_alias(g):
    g.imports.add('collections')
    k = g.rng.randint(0, 3)
    if k == 0:
        g.guarded(['dq = collections.deque(%s)' % g.leaf('list'), 'dq.extend(dq)', 'print(repr(dq))'])
    elif k == 1:
        g.guarded(['dq = collections.deque(%s)' % g.leaf('list'), 'dq.extendleft(dq)', 'print(repr(dq))'])
    elif k == 2:
        g.guarded(['cn = collections.Counter(%s)' % g.leaf('str'), 'cn.update(cn)', 'print(sorted(cn.items()))'])
    else:
        g.guarded(['cn = collections.Counter(%s)' % g.leaf('str'), 'cn.subtract(cn)', 'print(sorted(cn.items()))'])


def f_container_mut(g):
    ty = g.choice(['list', 'dict', 'set'])
    v = g.var_of(ty)
    if v is None:
        init = LEAVES[ty](g)
        v = g.new_var(ty)
        g.emit('%s = %s' % (v, init))
    if ty == 'list':
        m = g.choice(['append(%s)' % g.expr('int'), 'pop()', 'pop(0)', 'insert(%d, %s)' % (g.rng.randint(-3, 3), g.leaf('int')),
                      'sort()', 'reverse()', 'clear()', 'remove(%s)' % g.leaf('int'), 'extend(%s)' % g.expr('str'),
                      'index(%s)' % g.leaf('int'), 'count(%s)' % g.leaf('int'), 'copy()'])
    elif ty == 'dict':
        m = g.choice(['pop(%s)' % g.leaf('str'), 'popitem()', 'setdefault(%s, 0)' % g.leaf('str'),
                      'get(%s)' % g.leaf('str'), 'update(a=1)', 'clear()', 'keys()', 'values()', 'items()'])
    else:
        m = g.choice(['add(%s)' % g.leaf('int'), 'discard(%s)' % g.leaf('int'), 'remove(%s)' % g.leaf('int'),
                      'pop()', 'issubset(%s)' % g.expr('set'), 'union(%s)' % g.expr('list'), 'isdisjoint(%s)' % g.expr('set')])
    g.guarded(['print(repr(%s.%s))' % (v, m), 'print(repr(%s))' % v])


def f_subscript(g):
    ty = g.choice(['list', 'str', 'tuple', 'dict'])
    v = g.expr(ty)
    key = g.leaf('str') if ty == 'dict' else g.choice([g.leaf('int'), '%s:%s' % (g.leaf('int'), g.leaf('int'))])
    g.guarded(['print(repr(%s[%s]))' % (v, key)])


def f_aug(g):
    ty = g.choice(['int', 'float', 'str', 'list'])
    v = g.var_of(ty)
    if v is None:
        return f_assign(g)
    op = {'int': ['+=', '-=', '*=', '//=', '%=', '|=', '^='], 'float': ['+=', '*=', '/=', '-=', '**='],
          'str': ['+=', '*='], 'list': ['+=', '*=']}[ty]
    o = g.choice(op)
    rhs = g.leaf('int') if o in ('*=', '//=', '%=', '**=') and ty != 'float' else g.expr(ty if o != '*=' else 'int')
    g.guarded(['%s %s %s' % (v, o, rhs), 'print(repr(%s))' % v])


def f_loop(g):
    it = g.expr(g.choice(['list', 'str', 'tuple', 'dict', 'set']))
    acc = g.new_var('list')
    g.emit('%s = []' % acc)
    g.emit('for i, e in enumerate(%s):' % it)
    g.indent += 1
    if g.chance(0.3):
        g.emit('if i > %d:' % g.rng.randint(0, 4))
        g.emit('    %s' % g.choice(['break', 'continue']))
    g.emit('%s.append(%s)' % (acc, g.choice(['(i, e)', 'repr(e)', 'e', 'str(e) * 2'])))
    g.indent -= 1
    if g.chance(0.3):
        g.emit('else:')
        g.emit('    %s.append(%s)' % (acc, "'done'"))
    g.emit('print(repr(%s))' % acc)


def f_while(g):
    n = g.new_var('int')
    g.emit('%s = %d' % (n, g.rng.randint(0, 30)))
    g.emit('while %s > 1:' % n)
    g.emit('    %s = %s // 2 if %s %% 2 == 0 else 3 * %s + 1' % (n, n, n, n))
    g.emit('    print(%s, end=%s)' % (n, g.choice(["' '", "','", "''"])))
    g.emit('print()')


def f_function(g):
    g.nfunc += 1
    name = 'f%d' % g.nfunc
    nparams = g.rng.randint(0, 3)
    params = ['p%d' % i for i in range(nparams)]
    defaults = []
    sig = list(params)
    if g.chance(0.5):
        sig.append('q=%s' % g.leaf(g.any_type()))
        defaults.append('q')
    if g.chance(0.3):
        sig.append('*args')
    if g.chance(0.3):
        sig.append('kw=%s' % g.leaf('int') if '*args' in sig else '*, kw=%s' % g.leaf('int'))
    if g.chance(0.2):
        sig.append('**kws')
    g.emit('def %s(%s):' % (name, ', '.join(sig)))
    saved = dict(g.env)
    g.indent += 1
    for p in params:
        g.env[p] = 'int'
    body = g.rng.randint(1, 3)
    for _ in range(body):
        g.emit('%s = %s' % (g.choice(['t0', 't1']), g.expr(g.choice(['int', 'str', 'list']))))
    g.emit('return (%s)' % ', '.join(params + defaults + ['t0' if 't0' in '\n'.join(g.lines[-body:]) else '0']
                                     + (['args'] if '*args' in sig else [])
                                     + (['kw'] if any('kw=' in s for s in sig) else [])
                                     + (['sorted(kws.items())'] if '**kws' in sig else [])) + ',')
    g.indent -= 1
    g.env = saved
    args = [g.leaf('int') for _ in range(nparams)]
    if g.chance(0.2):
        args.append(g.leaf('int'))   # sometimes too many
    if g.chance(0.2) and args:
        args.pop()                   # or too few
    if '*args' in sig and g.chance(0.5):
        args.append('*%s' % g.leaf('list'))
    if any('kw=' in s for s in sig) and g.chance(0.5):
        args.append('kw=%s' % g.leaf('int'))
    if '**kws' in sig and g.chance(0.5):
        args.append('zz=%s' % g.leaf('str'))
    g.guarded(['print(repr(%s(%s)))' % (name, ', '.join(args))])


def f_default_order(g):
    g.nfunc += 1
    name = 'f%d' % g.nfunc
    g.emit("def %s(a, b=print('pos1'), c=print('pos2'), *, d=print('kw1'), e=print('kw2')):" % name)
    g.emit('    return (a, b, c, d, e)')
    g.emit('print(repr(%s(1)))' % name)


def f_closure(g):
    g.nfunc += 1
    name = 'mk%d' % g.nfunc
    g.emit('def %s(start):' % name)
    g.emit('    total = start')
    g.emit('    def inner(step=%s):' % g.leaf('int'))
    g.emit('        nonlocal total')
    g.emit('        total %s step' % g.choice(['+=', '-=', '*=']))
    g.emit('        return total')
    g.emit('    return inner')
    c = 'c%d' % g.nfunc
    g.emit('%s = %s(%s)' % (c, name, g.leaf('int')))
    g.emit('print(%s(), %s(%s), %s())' % (c, c, g.leaf('int'), c))
    if g.chance(0.5):
        g.emit('fs = [lambda v, i=i: v * i + %s for i in range(%d)]' % (g.leaf('int'), g.rng.randint(0, 4)))
        g.emit('print([f(2) for f in fs])')


def f_generator(g):
    g.nfunc += 1
    name = 'g%d' % g.nfunc
    g.emit('def %s(n):' % name)
    k = g.rng.randint(0, 4)
    if k == 0:
        g.emit('    for i in range(n):')
        g.emit('        yield %s' % g.choice(['i', 'i * i', 'str(i)', '(i, -i)']))
    elif k == 4:
        # the generator-expression shape (run stackless), with filters,
        # nested loops and failures inside
        g.emit('    for i in range(n):')
        ind = '        '
        if g.chance(0.5):
            g.emit(ind + 'if %s:' % g.choice(['i % 2', 'i != 1', '10 // (i - 2)', 'i in (0, 3)']))
            ind += '    '
        if g.chance(0.4):
            g.emit(ind + 'for j in %s:' % g.choice(['range(i)', '[i, -i]', 'str(i)', 'i']))
            ind += '    '
            g.emit(ind + 'yield %s' % g.choice(['(i, j)', 'j', 'f"{i}{j}"']))
        else:
            g.emit(ind + 'yield %s' % g.choice(['i', '100 // (3 - i)', '[i] * i', '']))
    elif k == 1:
        g.emit('    yield from range(n)')
        g.emit('    return n')
    elif k == 2:
        g.emit('    try:')
        g.emit('        yield n')
        g.emit('        yield n + 1')
        g.emit('    finally:')
        g.emit("        print('fin', n)")
    else:
        g.emit('    x = yield n')
        g.emit('    while x is not None:')
        g.emit('        x = yield x * 2')
    arg = g.rng.randint(0, 5)
    use = g.rng.randint(0, 5)
    if use == 0:
        g.emit('print(list(%s(%d)))' % (name, arg))
    elif use == 1:
        g.emit('it = %s(%d)' % (name, arg))
        g.guarded(['print(next(it), next(it, None))', 'print(list(it))'])
    elif use == 2:
        g.emit('it = %s(%d)' % (name, arg))
        g.guarded(['print(next(it))', 'print(it.send(%d))' % g.rng.randint(0, 9), 'it.close()', 'print(next(it, "end"))'])
    elif use == 3:
        g.emit('print(sum(v for v in %s(%d) if not isinstance(v, tuple)))' % (name, arg) if k != 0 else
               'print(sorted(map(repr, %s(%d))))' % (name, arg))
    elif use == 5:
        g.emit('it = %s(%d)' % (name, arg))
        g.guarded(['print(next(it))', 'it.throw(%s)' % g.choice(['ValueError', 'KeyError("k")', 'StopIteration']),
                   'print(list(it))'])
    else:
        g.emit('print(repr(%s.join(str(v) for v in %s(%d))))' % (g.leaf('str'), name, arg))


def f_exceptions(g):
    k = g.rng.randint(0, 5)
    risky = g.choice(['1 / 0', "int('x')", '[][1]', "{}['k']", "'a' + 1", 'None()', 'undefined_name',
                      "float('1e500') ** 2", '10 ** -1 % 0', "'%d' % 'x'", 'divmod(1, 0.0)',
                      "[1].index(5)", 'next(iter([]))', "(1, 2).index(3)", 'int(float("nan"))',
                      "math.sqrt(-1)", "2.0 ** 10000", "'abc'.index('z')", "chr(-1)",
                      "round(float('inf'))", "{}.popitem()", "set().pop()", "0.0 ** -1"])
    if 'math.' in risky:
        g.imports.add('math')
    if k == 0:
        g.emit('try:')
        g.emit('    print(repr(%s))' % risky)
        g.emit('except (ValueError, ZeroDivisionError) as e:')
        g.emit("    print('VZ', type(e).__name__, repr(e.args))")
        g.emit('except Exception as e:')
        g.emit("    print('E', type(e).__name__, repr(str(e)))")
        g.emit('else:')
        g.emit("    print('no error')")
        g.emit('finally:')
        g.emit("    print('finally')")
    elif k == 1:
        g.nfunc += 1
        g.emit('def h%d():' % g.nfunc)
        g.emit('    try:')
        g.emit('        return %s' % risky)
        g.emit('    finally:')
        g.emit("        print('cleanup')")
        g.guarded(['print(h%d())' % g.nfunc])
    elif k == 2:
        g.emit('try:')
        g.emit('    try:')
        g.emit('        %s' % risky)
        g.emit('    except Exception as e:')
        g.emit("        raise KeyError('wrapped')%s" % g.choice(['', ' from e', ' from None']))
        g.emit('except KeyError as e:')
        g.emit('    print(repr(e), repr(e.args), repr(e.__context__), repr(e.__cause__))')
        g.emit('except Exception as e:')
        g.emit('    print(repr(e))')
    elif k == 3:
        g.emit('try:')
        g.emit('    raise %s(%s)' % (g.choice(['ValueError', 'TypeError', 'KeyError', 'IndexError', 'RuntimeError',
                                             'Exception', 'ArithmeticError', 'LookupError']),
                                     g.choice(['', "'msg'", '1, 2', "'a', 'b'", "''", '42'])))
        g.emit('except %s as e:' % g.choice(['Exception', 'LookupError', 'ArithmeticError', '(ValueError, KeyError)']))
        g.emit('    print(repr(e), str(e), e.args)')
        g.emit('except BaseException as e:')
        g.emit("    print('other', repr(e))")
    elif k == 4:
        g.emit('for i in range(3):')
        g.emit('    try:')
        g.emit('        if i == 1:')
        g.emit('            continue')
        g.emit('        print(i, repr(%s))' % risky)
        g.emit('    except Exception as e:')
        g.emit('        print(i, type(e).__name__, e)')
        g.emit('    finally:')
        g.emit("        print('f', i)")
    else:
        # let it escape: exit status and the last traceback line are compared
        g.emit('print(repr(%s))' % risky)


def f_unpack(g):
    g.guarded(['%s = %s' % (g.choice(['a, *b', '*a, b', 'a, b, c', '(a, b), c', 'a, *b, c']),
                            g.expr(g.choice(['list', 'str', 'tuple']))),
               "print(repr(a), repr(b))"])


def f_strmeth_split(g):
    s = g.expr('str')
    m = g.choice(['split()', 'split(%s)' % g.leaf('str'), 'rsplit(None, 1)', 'splitlines()', 'splitlines(True)',
                  'partition(%s)' % g.leaf('str'), 'rpartition(%s)' % g.leaf('str'), 'count(%s, 1)' % g.leaf('str'),
                  'find(%s, 1, 5)' % g.leaf('str'), 'rfind(%s)' % g.leaf('str'), 'startswith((%s, %s))' % (g.leaf('str'), g.leaf('str')),
                  'endswith(%s, 1)' % g.leaf('str'), 'encode' if False else 'isascii()', 'title()', 'istitle()'])
    g.guarded(['print(repr(%s.%s))' % (s, m)])


def f_builtins_misc(g):
    k = g.rng.randint(0, 8)
    e = {
        0: 'sorted(%s, key=%s)' % (g.expr('list'), g.choice(['abs', 'str', 'lambda v: -v', 'lambda v: (v % 3, v)'])),
        1: 'list(map(%s, %s))' % (g.choice(['abs', 'str', 'repr', 'bool', 'lambda v: v * 2']), g.expr('list')),
        2: 'list(filter(%s, %s))' % (g.choice(['None', 'bool', 'lambda v: v > 2']), g.expr('list')),
        3: 'list(enumerate(%s, %s))' % (g.expr('str'), g.leaf('int')),
        4: 'min(%s, default=%s)' % (g.expr('list'), g.leaf('int')),
        5: 'max(%s, key=%s)' % (g.expr('str'), g.choice(['ord', 'str.lower', 'lambda ch: -ord(ch)'])),
        6: '%s(%s)' % (g.choice(['bin', 'oct', 'hex']), g.expr('int')),
        7: 'int(%s, %d)' % (g.choice(["'ff'", "'0x1f'", "'  12 '", "'1_000'", "'z'", "'-101'"]), g.choice([0, 2, 16, 36, 10])),
        8: 'isinstance(%s, %s)' % (g.expr(g.any_type()), g.choice(['int', 'float', '(int, str)', 'bool', 'object'])),
    }[k]
    g.guarded(['print(repr(%s))' % e])


FEATURES = [
    # (name, weight, generator)
    ('assign', 10, f_assign),
    ('print', 14, f_print),
    ('print_many', 3, f_print_many),
    ('aliasing', 2, f_aliasing),
    ('dict_set_alias', 1, f_dict_set_alias),
    ('collections_alias', 1, f_collections_alias),
    ('container_mut', 4, f_container_mut),
    ('subscript', 3, f_subscript),
    ('aug', 4, f_aug),
    ('loop', 2, f_loop),
    ('while', 1, f_while),
    ('function', 3, f_function),
    ('default_order', 0.3, f_default_order),
    ('closure', 1, f_closure),
    ('generator', 2, f_generator),
    ('exceptions', 3, f_exceptions),
    ('unpack', 1, f_unpack),
    ('str_split', 2, f_strmeth_split),
    ('builtins_misc', 3, f_builtins_misc),
] + gen_oop.FEATURES + gen_more.FEATURES + gen_api.FEATURES

# DIFFFUZZ_FEATURES=name,name...: only those features (a run aimed at new ones)
if os.environ.get('DIFFFUZZ_FEATURES'):
    _only = os.environ['DIFFFUZZ_FEATURES'].split(',')
    FEATURES = [f for f in FEATURES if f[0] in _only]
    if not FEATURES:
        raise SystemExit('DIFFFUZZ_FEATURES names no feature')


def generate(seed):
    """The text of program number `seed` (deterministic)."""
    rng = random.Random(seed)
    g = Gen(rng)
    target = rng.randint(5, 36)
    total = sum(w for _, w, _ in FEATURES)
    while len(g.lines) < target:
        r = rng.random() * total
        for _, w, fn in FEATURES:
            r -= w
            if r <= 0:
                fn(g)
                break
    head = ['import %s' % m for m in sorted(g.imports)]
    return '\n'.join(head + g.lines) + '\n'


if __name__ == '__main__':
    import sys
    print(generate(int(sys.argv[1]) if len(sys.argv) > 1 else 0))
