#!/usr/bin/env python3
"""Re-entrancy program generator (issue 23, item 4).

    python3 tests/reentrancy/gen.py [--attacks LO-HI] SEED COUNT OUTDIR

Writes OUTDIR/r_SEED_NNNNN.py, COUNT programs of LO to HI attacks each
(default 6-14; also REENT_ATTACKS=LO-HI in the environment).
REENT_KINDS=dict,set,... keeps only container attacks on those kinds
(list tlist tuple dict set frozenset deque counter odict ddict chainmap
bytearray strlist).  Each program defines hook
objects whose dunder methods, and callbacks (key functions, re.sub
replacements, map/filter functions, defaultdict factories...), call a
per-attack mutation when armed: clear, grow, shrink, replace items of,
re-assign slices of, sort, or re-enter the very operation on, the
containers that the builtin or method under attack is still working on.
Every attack is a function run inside try/except Exception, so one raising
attack does not stop the rest; results are printed (with the hooks
disarmed) so that the output can be compared with python3's.

Programs use the default modules and, unless REENT_MODULES=0, the opt-in
modules of MODULES (json's default= and object hooks, functools' key and
reduce callbacks and lru_cache, copy's __deepcopy__/__reduce_ex__, heapq,
bisect, operator, dataclasses, string's formatters, io, enum's _missing_);
`gen.py --print-modules` prints the list that run.sh allows.  Nothing the
analyzer refuses.
The same SEED and COUNT always give the same programs.
"""
import os
import random
import sys

PRELUDE = r'''import collections
import itertools
import re
import random
import statistics
import math
import queue
import datetime
import stat

_C = [0, 0]
_ON = set()
_RAISE = set()
_MUT = [None]
_HASH1 = [False]


def _fire(n):
    if n in _ON:
        _C[0] += 1
        if _C[0] <= _C[1]:
            _MUT[0]()
    if n in _RAISE:
        _C[0] += 1
        if _C[0] == _C[1]:
            raise ValueError(n)


def _arm(m, on, budget, rz=(), h1=False):
    _MUT[0] = m
    _ON.clear()
    _ON.update(on)
    _RAISE.clear()
    _RAISE.update(rz)
    _C[0] = 0
    _C[1] = budget
    _HASH1[0] = h1


def _disarm():
    _ON.clear()
    _RAISE.clear()


def _v(o):
    return o.v if isinstance(o, K) else o


class K:
    def __init__(s, v):
        s.v = v
    def __eq__(s, o):
        _fire('eq')
        return s.v == _v(o)
    def __ne__(s, o):
        _fire('ne')
        return s.v != _v(o)
    def __lt__(s, o):
        _fire('lt')
        return s.v < _v(o)
    def __le__(s, o):
        _fire('le')
        return s.v <= _v(o)
    def __gt__(s, o):
        _fire('gt')
        return s.v > _v(o)
    def __ge__(s, o):
        _fire('ge')
        return s.v >= _v(o)
    def __hash__(s):
        _fire('hash')
        return 1 if _HASH1[0] else hash(s.v)
    def __repr__(s):
        _fire('repr')
        return 'K(%r)' % (s.v,)
    def __str__(s):
        _fire('str')
        return 'k%s' % (s.v,)
    def __format__(s, spec):
        _fire('format')
        return format(s.v, spec)
    def __index__(s):
        _fire('index')
        return s.v
    def __int__(s):
        _fire('int')
        return s.v
    def __float__(s):
        _fire('float')
        return float(s.v)
    def __len__(s):
        _fire('len')
        return 3
    def __iter__(s):
        _fire('iter')
        return _It([s.v, s.v + 1, s.v + 2])
    def __getitem__(s, i):
        _fire('getitem')
        return s.v
    def __contains__(s, x):
        _fire('contains')
        return _v(x) == s.v
    def __bool__(s):
        _fire('bool')
        return bool(s.v)
    def __add__(s, o):
        _fire('add')
        return K(s.v + _v(o))
    def __radd__(s, o):
        _fire('add')
        return K(_v(o) + s.v)
    def __mul__(s, o):
        _fire('mul')
        return K(s.v * _v(o))
    def __rmul__(s, o):
        _fire('mul')
        return K(_v(o) * s.v)
    def __del__(s):
        _fire('del')


class _It:
    def __init__(s, xs):
        s.xs = list(xs)
        s.i = 0
    def __iter__(s):
        return s
    def __next__(s):
        _fire('next')
        if s.i >= len(s.xs):
            raise StopIteration
        s.i += 1
        return s.xs[s.i - 1]
    def __length_hint__(s):
        _fire('hint')
        return 1000


class _Seq:
    def __init__(s, xs):
        s.xs = xs
    def __len__(s):
        _fire('len')
        return len(s.xs)
    def __getitem__(s, i):
        _fire('getitem')
        return s.xs[i]
    def __setitem__(s, i, v):
        _fire('setitem')
        s.xs[i] = v


class _Map:
    def __init__(s, d, live=False):
        s.d = d
        s.live = live
    def keys(s):
        _fire('keys')
        return s.d.keys() if s.live else list(s.d)
    def __getitem__(s, k):
        _fire('getitem')
        return s.d[k]


class _D(dict):
    def __missing__(s, k):
        _fire('missing')
        return K(0)


class _OD(collections.OrderedDict):
    def __setitem__(s, k, v):
        _fire('setitem')
        super().__setitem__(k, v)


class _Cn(collections.Counter):
    def __missing__(s, k):
        _fire('missing')
        return 0


class _S(str):
    def __hash__(s):
        _fire('hash')
        return 1 if _HASH1[0] else str.__hash__(s)
    def __eq__(s, o):
        _fire('eq')
        return str.__eq__(s, o)


def _gen(xs):
    for x in xs:
        _fire('gen')
        yield x


def _genk(n):
    for i in range(n):
        _fire('gen')
        yield K(i)


def _cb(*a):
    _fire('cb')
    return a[0] if a else 0


def _key(x):
    _fire('key')
    return _v(x)


def _pred(x):
    _fire('pred')
    return bool(_v(x))


def _repl(m):
    _fire('repl')
    return '<' + m.group(0) + '>'


def _fac():
    _fire('fac')
    return K(0)


def _cb2(a, b):
    _fire('cb2')
    return a


def _r(x):
    try:
        return re.sub(' at 0x[0-9a-f]+', '', repr(x)[:300])
    except Exception as e:
        return '!' + type(e).__name__


def _run(f, name):
    try:
        f()
    except Exception as e:
        _disarm()
        print(name, 'raised', type(e).__name__)
    _disarm()


random.seed(%(seed)d)
'''

# Hooks: the names _fire() is called with.
HOOKS = ['eq', 'ne', 'lt', 'le', 'gt', 'ge', 'hash', 'repr', 'str', 'format', 'index',
         'int', 'float', 'len', 'iter', 'getitem', 'setitem', 'contains', 'bool', 'add',
         'mul', 'del', 'next', 'hint', 'keys', 'missing', 'gen', 'cb', 'key', 'pred',
         'repl', 'fac', 'cb2']

# ---- targets: kind -> list of builders (python expressions) ----------------
# {E} is a list literal of hook elements, {N} a small int.


def elems(rng, n=None, kind='k'):
    n = rng.randint(0, 8) if n is None else n
    out = []
    for _ in range(n):
        v = rng.randint(0, 5)
        c = rng.random()
        if kind == 't':
            out.append('(K(%d), %d)' % (v, rng.randint(0, 3)))
        elif c < 0.75:
            out.append('K(%d)' % v)
        elif c < 0.9:
            out.append(str(v))
        else:
            out.append('(K(%d), %d)' % (v, v))
    return '[' + ', '.join(out) + ']'


def dict_lit(rng, n=None):
    n = rng.randint(0, 7) if n is None else n
    items = []
    for i in range(n):
        k = 'K(%d)' % i if rng.random() < 0.7 else str(i)
        v = 'K(%d)' % rng.randint(0, 5) if rng.random() < 0.7 else str(rng.randint(0, 5))
        items.append('%s: %s' % (k, v))
    return '{' + ', '.join(items) + '}'


def set_lit(rng, n=None):
    n = rng.randint(0, 7) if n is None else n
    if n == 0:
        return 'set()'
    return '{' + ', '.join('K(%d)' % rng.randint(0, 9) if rng.random() < 0.8
                           else str(rng.randint(0, 9)) for _ in range(n)) + '}'


def build(rng, kind):
    """A Python expression making a fresh container of KIND."""
    if kind == 'list':
        return elems(rng)
    if kind == 'tlist':
        return elems(rng, kind='t')
    if kind == 'tuple':
        return 'tuple(%s)' % elems(rng)
    if kind == 'dict':
        return rng.choice([dict_lit(rng), '_D(%s)' % dict_lit(rng),
                           '{i: K(i) for i in range(%d)}' % rng.choice([3, 8, 40])])
    if kind == 'set':
        return set_lit(rng)
    if kind == 'frozenset':
        return 'frozenset(%s)' % set_lit(rng)
    if kind == 'deque':
        if rng.random() < 0.3:
            return 'collections.deque(%s, maxlen=%d)' % (elems(rng), rng.randint(1, 6))
        return 'collections.deque(%s)' % rng.choice([elems(rng), 'range(%d)' % rng.choice([10, 70, 200])])
    if kind == 'counter':
        return rng.choice(['collections.Counter(%s)' % elems(rng),
                           '_Cn(%s)' % elems(rng)])
    if kind == 'odict':
        return rng.choice(['collections.OrderedDict(%s)' % dict_lit(rng),
                           '_OD(%s)' % dict_lit(rng)])
    if kind == 'ddict':
        return 'collections.defaultdict(_fac, %s)' % dict_lit(rng)
    if kind == 'chainmap':
        return 'collections.ChainMap(%s, %s)' % (dict_lit(rng), dict_lit(rng))
    if kind == 'bytearray':
        return 'bytearray(%s)' % rng.choice(["b'abcabcab'", "b'hello world'", "range(%d)" % rng.choice([5, 40, 120]), "b''"])
    if kind == 'strlist':
        return '[' + ', '.join(repr(rng.choice(['a', 'bc', 'd e', '', 'xyz', 'a-b'])) for _ in range(rng.randint(0, 6))) + ']'
    raise ValueError(kind)


KINDS = ['list', 'list', 'list', 'tlist', 'tuple', 'dict', 'dict', 'set', 'frozenset', 'deque',
         'deque', 'counter', 'odict', 'ddict', 'chainmap', 'bytearray', 'strlist']

# ---- mutations: kind -> statements on {t} ---------------------------------
LIST_MUT = [
    '{t}.clear()', 'del {t}[:]', '{t}.append(K(7))', '{t}.extend([K(i) for i in range(30)])',
    '{t}[:] = [K(5)] * 20', '{t}[:] = []', 'if {t}: {t}.pop()', 'if {t}: {t}.pop(0)',
    '{t}.insert(0, K(9))', '{t}.reverse()', '{t}[1:] = []', '{t}[0:0] = range(16)',
    '{t}.sort(key=_v)', 'if {t}: {t}[0] = K(8)', 'if {t}: del {t}[-1]', '{t}.extend({t})',
    '{t}.append({t})', 'del {t}[::2]', 'if {t}: {t}.remove({t}[0])', '{t}[:] = {t}[::-1]',
    '{t}.extend(range(1000))', '{t}[len({t}) // 2:] = [K(1), K(2)]',
]
DICT_MUT = [
    '{t}.clear()', '{t}[K(99)] = 1', '{t}[len({t}) + 100] = 0',
    '{t}.update((i, i) for i in range(200, 240))', 'if {t}: {t}.popitem()',
    'for _k in list({t})[:1]: {t}[_k] = K(-1)', 'for _k in list({t})[:1]: del {t}[_k]',
    '{t}.pop(K(1), None)', '{t}.setdefault(K(50), 1)',
    '_x = dict({t}); {t}.clear(); {t}.update(_x)', '{t}[{t}.__class__.__name__] = {t}' if False else '{t}["self"] = {t}',
    'for _k in list({t}): {t}[_k] = 0',
]
SET_MUT = [
    '{t}.clear()', '{t}.add(K(77))', '{t}.update(range(100, 140))', 'if {t}: {t}.pop()',
    '{t}.discard(K(1))', '{t}.difference_update({K(2), 3})', '{t}.intersection_update({K(0)})',
    '_x = set({t}); {t}.clear(); {t}.update(_x)', '{t}.symmetric_difference_update(range(5))',
]
DEQUE_MUT = [
    '{t}.clear()', '{t}.append(K(7))', '{t}.appendleft(K(6))', '{t}.extend(range(40))',
    'if {t}: {t}.pop()', 'if {t}: {t}.popleft()', '{t}.rotate(1)', '{t}.reverse()',
    'if {t}: {t}.remove({t}[0])', 'if {t}: {t}[0] = K(3)', 'if {t}: del {t}[0]',
    '{t}.extendleft(range(70))', '{t}.append({t})', '{t}.insert(0, K(4))',
]
BA_MUT = [
    '{t}.clear()', "{t}.extend(b'x' * 64)", 'del {t}[:]', "{t}[:] = b'zz'", '{t}.append(65)',
    "{t}[0:0] = b'q' * 100", 'if {t}: {t}.pop()', '{t}.reverse()', "{t}.extend(range(200))",
    "{t}[:] = {t} * 3",
]
CM_MUT = [
    '{t}.maps[0].clear()', '{t}.maps.append({K(1): 5})', '{t}.maps.insert(0, {})',
    'if len({t}.maps) > 1: del {t}.maps[-1]', '{t}[K(3)] = 4', '{t}.maps.reverse()',
    '{t}.maps.append({t})', '{t}.maps[-1].clear()', '{t}.maps[:] = [{}]',
]
ODICT_MUT = DICT_MUT + ['if {t}: {t}.move_to_end(next(iter({t})))', 'if {t}: {t}.popitem(last=False)']
COUNTER_MUT = DICT_MUT + ['{t}.update(range(30))', '{t}.subtract([K(1), K(2)])']

MUTS = {
    'list': LIST_MUT, 'tlist': LIST_MUT, 'strlist': LIST_MUT, 'dict': DICT_MUT, 'ddict': DICT_MUT,
    'set': SET_MUT, 'deque': DEQUE_MUT, 'bytearray': BA_MUT, 'chainmap': CM_MUT,
    'odict': ODICT_MUT, 'counter': COUNTER_MUT,
}

# ---- operations: kind -> (template, relevant hooks) -----------------------
# {t}: the target, {u}: a second container of the same kind, {x}: a probe
# hook object, {i}: a hook object used as an index.  A template starting
# with 'S:' is a statement (block); otherwise an expression whose value is
# printed.
CMP = 'eq ne lt le gt ge'
SEQ_OPS = [
    ('sorted({t})', 'lt gt'), ('sorted({t}, key=_key)', 'key'), ('sorted({t}, reverse=True)', 'lt gt'),
    ('min({t})', 'lt gt'), ('max({t})', 'lt gt'), ('min({t}, key=_key)', 'key'), ('max({t}, key=_key, default=0)', 'key'),
    ('{x} in {t}', 'eq'), ('{t} == {u}', 'eq ne'), ('{t} != {u}', 'eq ne'), ('{t} < {u}', CMP), ('{t} >= {u}', CMP),
    ('repr({t})', 'repr'), ('str({t})', 'repr str'), ('S:print({t})', 'repr str'),
    ('list(map(_cb, {t}))', 'cb'), ('list(map(_cb2, {t}, {u}))', 'cb2'), ('list(filter(_pred, {t}))', 'pred'),
    ('list(filter(None, {t}))', 'bool len'), ('any({t})', 'bool len'), ('all({t})', 'bool len'),
    ('list(zip({t}, _gen({t})))', 'gen'), ('list(zip({t}, {u}, _It([1, 2, 3])))', 'next'),
    ('list(enumerate({t}))', ''), ('S:r = []\n    for _y in {t}:\n        r.append(_y == {x})', 'eq'),
    ('[y for y in {t} if y]', 'bool len'), ('sum({t}, K(0))', 'add'), ('sum({t}, 0)', 'add'),
    ('tuple({t}) == tuple({u})', 'eq'), ('hash(tuple({t}))', 'hash'), ('len(set({t}))', 'hash eq'),
    ('list(itertools.groupby({t}, key=_key))', 'key eq'), ('list(itertools.accumulate({t}, _cb2))', 'cb2'),
    ('list(itertools.accumulate({t}))', 'add'), ('list(itertools.takewhile(_pred, {t}))', 'pred'),
    ('list(itertools.dropwhile(_pred, {t}))', 'pred'), ('list(itertools.filterfalse(_pred, {t}))', 'pred'),
    ('list(itertools.islice({t}, {i}))', 'index'), ('list(itertools.chain({t}, _gen({u})))', 'gen'),
    ('list(itertools.product({t}, repeat=2))[:20]', ''), ('list(itertools.permutations({t}, 2))[:20]', ''),
    ('list(itertools.combinations({t}, 2))[:20]', ''), ('list(itertools.zip_longest({t}, _gen({u})))', 'gen'),
    ('list(itertools.compress({t}, {u}))', 'bool'), ('list(itertools.pairwise({t}))', ''),
    ('list(itertools.starmap(_cb2, zip({t}, {t})))', 'cb2'), ('list(itertools.tee({t})[1])', ''),
    ('list(itertools.islice(itertools.cycle({t}), 10))', ''), ('statistics.median({t})', 'lt gt'),
    ('statistics.median_low({t})', 'lt gt'), ('statistics.mode({t})', 'hash eq'), ('statistics.multimode({t})', 'hash eq'),
    ('dict.fromkeys({t})', 'hash eq'), ('collections.Counter({t})', 'hash eq'),
    ('collections.deque({t}, maxlen={i})', 'index'), ('"{{}}".format({t})', 'repr str'),
    ('"%s %r" % ({t}, {t})', 'repr str'), ("f'{{{t}!r}}'", 'repr'), ("[f'{{y:>3}}' for y in {t}]", 'format'),
    ("['%d' % y for y in {t}]", 'int index'), ("['%.1f' % y for y in {t}]", 'float'),
    ('[{t}] == [{u}]', 'eq'), ('[({t}, 1)] < [({u}, 2)]', CMP), ('sorted([{t}, {u}])', CMP),
    ('S:q = queue.PriorityQueue()\n    for _y in {t}:\n        q.put(_y)\n    r = [q.get() for _ in range(q.qsize())]', 'lt gt'),
    ('random.sample(list({t}), min(2, len({t})))', ''),
    ('list(reversed(list({t})))', ''),
]
LIST_OPS = SEQ_OPS + [
    ('S:{t}.sort()', 'lt gt'), ('S:{t}.sort(key=_key)', 'key'), ('S:{t}.sort(reverse=True)', 'lt gt'),
    ('{t}.count({x})', 'eq'), ('{t}.index({x})', 'eq'), ('S:{t}.remove({x})', 'eq'),
    ('{t}.index({x}, {i}, {i})', 'eq index'), ('S:{t}.insert({i}, {x})', 'index'), ('{t}.pop({i})', 'index'),
    ('{t}[{i}]', 'index'), ('{t}[{i}:{i}]', 'index'), ('{t}[{i}::{i}]', 'index'), ('S:{t}[{i}] = {x}', 'index'),
    ('S:del {t}[{i}]', 'index'), ('S:del {t}[{i}:]', 'index'), ('S:del {t}[::{i}]', 'index'),
    ('S:{t}[1:3] = _gen({t})', 'gen'), ('S:{t}[1:3] = _genk(5)', 'gen'), ('S:{t}[::2] = _genk(3)', 'gen'),
    ('S:{t}[{i}:{i}] = {u}', 'index'), ('S:{t}.extend(_gen({t}))', 'gen'), ('S:{t}.extend(_It({u}))', 'next hint'),
    ('S:{t}.extend({x})', 'iter len next'), ('S:{t} += _genk(4)', 'gen'), ('S:{t} *= {i}', 'index'),
    ('{t} * {i}', 'index'), ('{t} + {u}', ''), ('{t}.copy() == {t}', 'eq'), ('{t} == {t}', 'eq'),
    ('list(reversed({t}))', ''), ('random.choice({t}) if {t} else 0', ''),
    ('S:random.shuffle({t})', ''), ('S:random.shuffle(_Seq({t}))', 'len getitem setitem'),
    ('random.choice(_Seq({t})) if {t} else 0', 'len getitem'), ('list(reversed(_Seq({t})))', 'len getitem'),
    ('{x} in _Seq({t})', 'getitem eq'), ('list(_Seq({t}))', 'getitem'),
    ('S:for _y in {t}:\n        _MUT[0]()', ''), ('S:r = [_MUT[0]() for _y in {t}]', ''),
    ('S:r = [(_y, _MUT[0]()) for _y in enumerate({t})]', ''),
    ('S:r = 0\n    for _y in reversed({t}):\n        _MUT[0]()\n        r += 1', ''),
    ('S:{t}.append({t})\n    r = (repr({t}), {t} == {t}, {x} in {t}, {t}.count({t}))', 'repr eq'),
    ('S:{t}.append({t})\n    r = {t} < [{t}]', CMP), ('S:{t}.sort(key=lambda y: (_MUT[0](), _v(y))[1] if isinstance(y, K) else 0)', ''),
    ('{t}.__contains__({x})', 'eq'), ('{t}.__eq__({u})', 'eq'), ('{t}.__lt__({u})', CMP),
    ('S:{t}.__setitem__(slice({i}, {i}), _genk(3))', 'index gen'), ('{t}.__getitem__(slice(None, None, {i}))', 'index'),
    ('S:{t}.__delitem__(slice({i}, None))', 'index'), ('S:{t}.__iadd__(_genk(3))', 'gen'),
]
TLIST_OPS = LIST_OPS + [('dict({t})', 'hash eq'), ('sorted({t}, key=lambda p: p[1])', ''),
                        ('S:{t}.sort(key=lambda p: p[1])', ''), ('max({t})', CMP), ('{t}.index(({x}, 1))', 'eq')]
TUPLE_OPS = SEQ_OPS + [
    ('{t}.count({x})', 'eq'), ('{t}.index({x})', 'eq'), ('{t}[{i}]', 'index'), ('{t}[{i}:{i}]', 'index'),
    ('hash({t})', 'hash'), ('{t} == {u}', 'eq'), ('{t} * {i}', 'index'), ('{x} in {t}', 'eq'),
]
MAP_OPS = [
    ('S:{t}.update({u})', 'hash eq'), ('S:{t}.update(_Map({u}))', 'keys getitem hash eq'),
    ('S:{t}.update(_Map({t}, True))', 'keys getitem hash eq'), ('S:{t}.update(_Map({u}, True))', 'keys getitem'),
    ('S:{t}.update(zip(_genk(4), _genk(4)))', 'gen hash eq'), ('S:{t}.update([(K(1), 2), (K(1), 3)])', 'hash eq'),
    ('{t}.setdefault({x}, K(0))', 'hash eq'), ('{t}.pop({x}, None)', 'hash eq'), ('{t}.get({x})', 'hash eq'),
    ('{t}[{x}]', 'hash eq missing fac'), ('{x} in {t}', 'hash eq'), ('S:{t}[{x}] = K(3)', 'hash eq'),
    ('S:del {t}[{x}]', 'hash eq'), ('{t} == {u}', 'eq'), ('{t} != {u}', 'eq ne'), ('{t} == {t}', 'eq'),
    ('dict.fromkeys({t})', 'hash eq'), ('dict.fromkeys(_gen({t}), {x})', 'gen hash eq'),
    ('{t}.keys() & {u}.keys()', 'hash eq'), ('{t}.keys() | set({u})', 'hash eq'), ('{t}.keys() - {u}.keys()', 'hash eq'),
    ('{t}.keys() ^ {u}.keys()', 'hash eq'), ('{t}.items() == {u}.items()', 'eq hash'), ('{t}.keys() == {u}.keys()', 'eq hash'),
    ('{t}.items() & {u}.items()', 'hash eq'), ('({x}, {x}) in {t}.items()', 'hash eq'), ('{x} in {t}.values()', 'eq'),
    ('{t}.keys() <= {u}.keys()', 'hash eq'), ('{t}.keys().isdisjoint({u})', 'hash eq'),
    ('{t} | {u}', 'hash eq'), ('S:{t} |= {u}', 'hash eq'), ('list({t}.items())', ''), ('sorted({t}, key=_key)', 'key'),
    ('sorted({t}.items())', CMP), ('repr({t})', 'repr'), ('str({t})', 'repr'), ('S:print({t})', 'repr'), ('{{**{t}, **{u}}}', 'hash eq'),
    ('dict({t})', 'hash'), ('{t}.copy()', 'hash'), ('S:r = [_MUT[0]() for _k in {t}]', ''),
    ('S:for _k in {t}:\n        _MUT[0]()', ''), ('S:for _k, _w in {t}.items():\n        _MUT[0]()', ''),
    ('S:r = [_MUT[0]() for _w in {t}.values()]', ''), ('S:r = [_MUT[0]() for _w in reversed({t})]', ''),
    ('{{k: v for k, v in {t}.items()}}', 'hash'), ('list(zip({t}, _gen({t})))', 'gen'),
    ('"%(a)s %(b)s" % {t}', 'str missing fac'), ('"{{a}} {{b}}".format_map({t})', 'format missing fac'),
    ('S:{t}["a"] = K(1)\n    {t}["b"] = K(2)\n    r = "%(a)s %(b)s %(a)r" % {t}', 'str repr'),
    ('S:{t}["a"] = K(1)\n    {t}["b"] = K(2)\n    r = "{{a}} {{b!r}} {{a:>4}}".format_map({t})', 'str repr format'),
    ('S:{t}["a"] = K(1)\n    {t}["b"] = K(2)\n    r = "{{a}} {{b}}".format(**{t})', 'format'),
    ('S:{t}[{t}["self"] if False else "self"] = {t}\n    r = (repr({t}), {t} == {t})', 'repr eq'),
    ('dict(_Map({t}))', 'keys getitem hash'), ('max({t}, key=_key, default=0)', 'key'), ('list(map(_cb, {t}.values()))', 'cb'),
    ('S:r = {t}.setdefault(K(1), [])\n    r.append({t})', 'hash eq'), ('len({t})', ''),
    ('collections.ChainMap({t}, {u})[{x}]', 'hash eq'), ('collections.Counter({t})', 'hash eq'),
]
DICT_OPS = MAP_OPS + [('{t}.popitem() if {t} else 0', ''), ('{t}.__eq__({u})', 'eq')]
ODICT_OPS = MAP_OPS + [('S:{t}.move_to_end({x})', 'hash eq'), ('{t}.popitem(last=False) if {t} else 0', ''),
                       ('list(reversed({t}))', ''), ('S:{t}.move_to_end({x}, last=False)', 'hash eq'),
                       ('collections.OrderedDict({u}) == {t}', 'eq hash')]
COUNTER_OPS = MAP_OPS + [('{t}.most_common()', CMP), ('{t}.most_common({i})', 'index'), ('{t} + {u}', 'hash eq'),
                         ('{t} - {u}', 'hash eq'), ('{t} & {u}', 'hash eq'), ('{t} | {u}', 'hash eq'),
                         ('sorted({t}.elements(), key=_key)', 'key'), ('S:{t}.update(_gen([K(1), K(2), K(1)]))', 'gen hash eq'),
                         ('S:{t}.subtract({u})', 'hash eq'), ('{t}.total()', ''), ('+{t}', ''), ('-{t}', '')]
DDICT_OPS = MAP_OPS + [('S:{t}[{x}] += 1 if False else 0', 'hash eq fac'), ('[{t}[K(i)] for i in range(5)]', 'fac hash eq'),
                       ('S:{t}.default_factory = lambda: (_MUT[0](), K(4))[1]\n    r = {t}[K(88)]', ''),
                       ('{t}.copy()', 'hash')]
SET_OPS = [
    ('S:{t}.add({x})', 'hash eq'), ('{x} in {t}', 'hash eq'), ('S:{t}.discard({x})', 'hash eq'),
    ('S:{t}.remove({x})', 'hash eq'), ('{t} | {u}', 'hash eq'), ('{t} & {u}', 'hash eq'), ('{t} - {u}', 'hash eq'),
    ('{t} ^ {u}', 'hash eq'), ('{t} <= {u}', 'hash eq'), ('{t} < {u}', 'hash eq'), ('{t} == {u}', 'hash eq'),
    ('{t} >= {u}', 'hash eq'), ('{t}.issubset(_gen({u}))', 'gen hash eq'), ('{t}.issuperset(_gen({u}))', 'gen hash eq'),
    ('S:{t}.update(_gen({u}))', 'gen hash eq'), ('S:{t}.update(_gen({t}))', 'gen hash eq'),
    ('S:{t}.intersection_update({u})', 'hash eq'), ('S:{t}.difference_update({u})', 'hash eq'),
    ('S:{t}.symmetric_difference_update({u})', 'hash eq'), ('S:{t}.symmetric_difference_update(_gen({u}))', 'gen hash eq'),
    ('{t}.isdisjoint({u})', 'hash eq'), ('{t}.isdisjoint(_gen({u}))', 'gen hash eq'), ('{t}.union(_gen({u}), {u})', 'gen hash eq'),
    ('{t}.intersection(_gen({u}))', 'gen hash eq'), ('{t}.difference(_gen({u}))', 'gen hash eq'),
    ('frozenset({t})', 'hash eq'), ('hash(frozenset({t}))', 'hash'), ('set({t}) == frozenset({u})', 'hash eq'),
    ('repr({t})', 'repr'), ('sorted({t})', CMP), ('sorted({t}, key=_key)', 'key'), ('min({t}, default=0)', CMP),
    ('S:r = [_MUT[0]() for _y in {t}]', ''), ('S:for _y in {t}:\n        _MUT[0]()', ''),
    ('list(map(_cb, {t}))', 'cb'), ('{{y for y in {t} if y}}', 'bool hash eq'), ('S:{t} |= {u}', 'hash eq'),
    ('S:{t} &= {u}', 'hash eq'), ('S:{t} -= {u}', 'hash eq'), ('S:{t} ^= {u}', 'hash eq'), ('{t}.copy()', 'hash'),
    ('set(_gen({t}))', 'gen hash eq'), ('{t}.pop() if {t} else 0', ''), ('len({t} | set(_genk(5)))', 'gen hash eq'),
]
FSET_OPS = [o for o in SET_OPS if not o[0].startswith('S:{t}.') and '{t}.pop' not in o[0] and '|=' not in o[0]
            and '&=' not in o[0] and '-=' not in o[0] and '^=' not in o[0]]
DEQUE_OPS = [
    ('{t}.count({x})', 'eq'), ('{t}.index({x})', 'eq'), ('S:{t}.remove({x})', 'eq'), ('{x} in {t}', 'eq'),
    ('{t} == {u}', 'eq'), ('{t} < {u}', CMP), ('{t} >= {u}', CMP), ('S:{t}.extend(_gen({t}))', 'gen'),
    ('S:{t}.extend(_genk(5))', 'gen'), ('S:{t}.extendleft(_gen({u}))', 'gen'), ('S:{t}.extend({t})', ''),
    ('S:{t}.rotate({i})', 'index'), ('{t}[{i}]', 'index'), ('S:{t}.insert({i}, {x})', 'index'), ('S:del {t}[{i}]', 'index'),
    ('S:{t}[{i}] = {x}', 'index'), ('repr({t})', 'repr'), ('{t}.copy()', ''), ('collections.deque(_gen({t}), maxlen={i})', 'gen index'),
    ('{t} * {i}', 'index'), ('S:{t} *= {i}', 'index'), ('list({t})', ''), ('S:for _y in {t}:\n        _MUT[0]()', ''),
    ('S:r = [_MUT[0]() for _y in reversed({t})]', ''), ('sorted({t})', CMP), ('sorted({t}, key=_key)', 'key'),
    ('{t}.index({x}, {i})', 'eq index'), ('S:{t} += _genk(4)', 'gen'), ('max({t}, default=0)', CMP),
    ('list(zip({t}, _gen({t})))', 'gen'), ('S:{t}.append({t})\n    r = (repr({t}), {t} == {t}, {t}.count({t}))', 'repr eq'),
    ('hash(tuple({t}))', 'hash'), ('{t}.__contains__({x})', 'eq'), ('S:{t}.clear()', 'del'),
    ('random.choice({t}) if {t} else 0', ''), ('S:random.shuffle({t})', ''), ('len(set({t}))', 'hash eq'),
]
BA_OPS = [
    ('S:{t}.extend(_gen({t}))', 'gen'), ('S:{t}.extend(_gen([1, 2, 3]))', 'gen'), ('S:{t}.extend(_It([65, 66]))', 'next hint'),
    ('{t}[{i}]', 'index'), ('{t}[{i}:{i}]', 'index'), ('S:{t}[{i}] = {i}', 'index'), ('S:del {t}[{i}]', 'index'),
    ('S:{t}[1:3] = _gen([1, 2, 3, 4])', 'gen'), ('S:{t}[1:3] = _gen({t})', 'gen'), ('S:{t}[::{i}] = b""', 'index'),
    ('{t}.find({i})', 'index'), ('{t}.count({i})', 'index'), ('{t}.index({i}) if 0 else 0', 'index'), ('{i} in {t}', 'index'),
    ('S:{t}.insert({i}, {i})', 'index'), ('{t}.pop({i})', 'index'), ('S:{t}.remove({i})', 'index'), ('S:{t}.append({i})', 'index'),
    ('{t} * {i}', 'index'), ('S:{t} *= {i}', 'index'), ('{t}.ljust({i})', 'index'), ('{t}.rjust({i}, b"*")', 'index'),
    ('{t}.center({i})', 'index'), ('{t}.zfill({i})', 'index'), ('{t}.expandtabs({i})', 'index'), ('{t}.split(maxsplit={i})', 'index'),
    ('{t}.replace(b"a", b"bb", {i})', 'index'), ('{t}.join([{t}, b"x", {t}])', ''), ('bytearray(b"-").join(_gen([{t}, {t}]))', 'gen'),
    ('{t}.decode()', ''), ('bytes({t})', ''), ('{t} + {t}', ''), ('S:{t} += {t}', ''), ('{t}.hex()', ''),
    ('{t}.startswith(_gen([b"a"]) and b"a")', ''), ('list(_gen({t}))', 'gen'), ('S:for _y in {t}:\n        _MUT[0]()', ''),
    ('bytearray(_gen([1, 2, 3]))', 'gen'), ('bytearray({i})', 'index'), ('{t} == {u}', ''), ('{t} < {u}', ''),
    ('{t}.translate(bytes(range(256)))', ''), ('{t}.strip(b"a")', ''), ('{t}.split(b"a")', ''), ('{t}.upper()', ''),
    ('"%s" % ({t},)', ''), ('{t}[{i}::{i}]', 'index'), ('S:{t}.__setitem__(slice({i}, None), _gen([9, 8]))', 'index gen'),
]
CM_OPS = [
    ('{t}[{x}]', 'hash eq'), ('{x} in {t}', 'hash eq'), ('{t}.get({x})', 'hash eq'), ('len({t})', 'hash eq'),
    ('list({t})', 'hash eq'), ('repr({t})', 'repr'), ('dict({t})', 'hash eq'), ('{t} == {u}', 'eq hash'),
    ('S:{t}[{x}] = 1', 'hash eq'), ('S:del {t}[{x}]', 'hash eq'), ('{t}.pop({x}, None)', 'hash eq'),
    ('{t}.new_child()[{x}]', 'hash eq'), ('{t}.parents.get({x})', 'hash eq'), ('list({t}.items())', 'hash eq'),
    ('S:{t}.maps.append({t})\n    r = {t}[{x}]', 'hash eq'), ('S:{t}.maps.append({t})\n    r = repr({t})', 'repr'),
    ('S:{t}.maps.append({t})\n    r = len({t})', 'hash eq'), ('S:{t}.maps.append({t})\n    r = {x} in {t}', 'hash eq'),
    ('S:{t}.maps.insert(0, {t})\n    r = {t}.get({x})', 'hash eq'), ('{t} | {u}', 'hash eq'), ('S:{t} |= {u}', 'hash eq'),
    ('S:r = [_MUT[0]() for _k in {t}]', ''), ('sorted({t}, key=_key)', 'key'), ('{t}.copy()', ''),
    ('S:{t}.update({u})', 'hash eq'), ('list({t}.values())', 'hash eq'), ('"{{a}}".format_map({t})', 'format'),
]
STRLIST_OPS = [
    ('"-".join({t})', ''), ('"-".join(_gen({t}))', 'gen'), ('"".join(_It({t}))', 'next hint'),
    ('" ".join(map(_cb, {t}))', 'cb'), ('"".join(sorted({t}, key=_cb))', 'cb'), ('"|".join(filter(_pred, {t}))', 'pred'),
    ('re.sub("[a-z]", _repl, "-".join({t}))', 'repl'), ('[re.sub("b", _repl, s) for s in {t}]', 'repl'),
    ('re.subn(r"\\w", _repl, "".join({t}))', 'repl'), ('re.compile("(a)|(b)").sub(_repl, " ".join({t}))', 'repl'),
    ('[m.group(0) for m in re.finditer("[a-z]+", "-".join(_gen({t})))]', 'gen'),
    ('re.split("-", "-".join({t}))', ''), ('"{{}} {{}}".format({t}, "-".join(_gen({t})))', 'gen'),
    ('"%s" % "".join(_gen({t}))', 'gen'), ("f'{{\"\".join(_gen({t}))}}'", 'gen'), ('str.join(",", _gen({t}))', 'gen'),
    ('sorted({t})', ''), ('max({t}, key=_key, default="")', 'key'), ('collections.Counter("".join({t}))', ''),
    ('list(itertools.groupby(sorted({t}), key=_key))', 'key'), ('"".join(itertools.chain.from_iterable(_gen({t})))', 'gen'),
    ('S:r = "".join(_MUT[0]() or y for y in {t})', ''), ('"-".join({t} * 2)', ''), ('"-".join(reversed({t}))', ''),
]

OPS = {
    'list': LIST_OPS, 'tlist': TLIST_OPS, 'tuple': TUPLE_OPS, 'dict': DICT_OPS, 'ddict': DDICT_OPS,
    'set': SET_OPS, 'frozenset': FSET_OPS, 'deque': DEQUE_OPS, 'counter': COUNTER_OPS,
    'odict': ODICT_OPS, 'chainmap': CM_OPS, 'bytearray': BA_OPS, 'strlist': STRLIST_OPS,
}

# Immutable targets are attacked through the list that feeds them.
FEEDS = {'tuple': 'list', 'frozenset': 'set'}

RE_OPS = [
    'r = re.sub("a", lambda m: (_MUT[0](), "X")[1], s)',
    'r = re.sub("(a)(b)?", _repl, s, count={n})',
    'r = p.sub(_repl, s)',
    'r = p.subn(_repl, s)',
    'r = [m.span() for m in p.finditer(s) if _MUT[0]() is None]',
    'r = p.split(s, maxsplit={n})',
    'r = re.sub("b", lambda m: p.sub(_repl, m.group(0)), s)',
]
RE_MUT = ['re.purge()', 'p = re.compile("b+")', 'L.append(re.sub("a", _repl, s))',
          'L.append(p.sub(_repl, "aaa"))', 'L.clear()', 'L.append(re.compile("x" + str(len(L))))',
          '[re.compile("y%d" % i) for i in range(600)]']


# ---- the opt-in modules' call-back sites (issue 25 made each a new one) ----
# On unless REENT_MODULES=0; run.sh passes `--allow-module` with MODULES.
MODULES = ['array', 'asyncio', 'bisect', 'contextlib', 'copy', 'csv', 'dataclasses', 'difflib',
           'enum', 'fnmatch', 'functools', 'heapq', 'io', 'json', 'operator', 'pprint', 'string',
           'struct', 'textwrap']
USE_MODULES = os.environ.get('REENT_MODULES', '1') != '0'

MOD_PRELUDE = r"""
import array
import asyncio
import bisect
import contextlib
import copy
import csv
import difflib
import pprint
import struct
import dataclasses
import enum
import fnmatch
import functools
import heapq
import io
import json
import operator
import string
import textwrap


def _cmp(a, b):
    _fire('cb2')
    a, b = _v(a), _v(b)
    return (a > b) - (a < b)


def _dflt(o):
    _fire('cb')
    return _v(o) if isinstance(o, K) else _r(o)


def _hook(d):
    _fire('cb')
    return d


class _Enc(json.JSONEncoder):
    def default(s, o):
        _fire('cb')
        return _v(o) if isinstance(o, K) else _r(o)


@functools.lru_cache(maxsize=4)
def _lru(x):
    _fire('cb')
    return x


class _Cp:
    def __init__(s, xs):
        s.xs = xs
    def __deepcopy__(s, memo):
        _fire('cb')
        return _Cp(copy.deepcopy(s.xs, memo))
    def __copy__(s):
        _fire('cb')
        return _Cp(s.xs)
    def __repr__(s):
        return '_Cp(%s)' % _r(s.xs)


class _Rx:
    def __init__(s, xs):
        s.xs = xs
    def __reduce_ex__(s, proto):
        _fire('cb')
        return (_Rx, (s.xs,), {'k': s.xs})
    def __repr__(s):
        return '_Rx(%s)' % _r(s.xs)


@dataclasses.dataclass(order=True)
class _P:
    a: object
    b: object = 0


@dataclasses.dataclass(frozen=True)
class _PF:
    a: object


class _E(enum.Enum):
    A = 1
    B = 2
    @classmethod
    def _missing_(cls, v):
        _fire('cb')
        return cls.A


def _pr(ln):
    _fire('pred')
    return bool(ln)


async def _aone(y):
    await asyncio.sleep(0)
    _fire('cb')
    return y


async def _agather(xs):
    return await asyncio.gather(*[_aone(y) for y in xs])
"""

MOD_SEQ_OPS = [
    ('S:heapq.heapify({t})', 'lt gt'), ('S:heapq.heappush({t}, {x})', 'lt gt'), ('heapq.heappop({t}) if {t} else 0', 'lt gt'),
    ('heapq.heappushpop({t}, {x})', 'lt gt'), ('heapq.heapreplace({t}, {x}) if {t} else 0', 'lt gt'),
    ('heapq.nlargest(3, {t})', 'lt gt'), ('heapq.nsmallest(2, {t}, key=_key)', 'key'),
    ('list(heapq.merge({t}, _gen({u})))', 'lt gt gen'), ('list(heapq.merge({t}, {u}, key=_key))', 'key'),
    ('list(heapq.merge({t}, {u}, reverse=True))', 'lt gt'),
    ('bisect.bisect({t}, {x})', 'lt gt'), ('bisect.bisect_left({t}, {x}, key=_key)', 'key'),
    ('S:bisect.insort({t}, {x})', 'lt gt'), ('S:bisect.insort_left({t}, {x}, key=_key)', 'key'),
    ('bisect.bisect_right({t}, {x}, {i}, {i})', 'index lt gt'),
    ('json.dumps({t}, default=_dflt)', 'cb'), ('json.dumps({t}, default=_dflt, indent=2)', 'cb'),
    ('json.dumps({t}, default=_dflt, check_circular=False)', 'cb'), ('json.dumps({t}, cls=_Enc)', 'cb'),
    ('list(json.JSONEncoder(default=_dflt).iterencode({t}))', 'cb'),
    ('S:_f = io.StringIO()\n    json.dump({t}, _f, default=_dflt)\n    r = _f.getvalue()', 'cb'),
    ('json.loads(json.dumps({t}, default=_dflt), object_hook=_hook, parse_int=_cb, parse_float=_cb)', 'cb'),
    ('functools.reduce(_cb2, {t}, 0)', 'cb2'), ('functools.reduce(_cb2, _gen({t}))', 'cb2 gen'),
    ('sorted({t}, key=functools.cmp_to_key(_cmp))', 'cb2'), ('S:{t}.sort(key=functools.cmp_to_key(_cmp))', 'cb2'),
    ('max({t}, key=functools.cmp_to_key(_cmp), default=0)', 'cb2'), ('functools.partial(_cb, {t})()', 'cb'),
    ('[_lru(y) for y in {t}]', 'cb hash eq'), ('_lru.cache_info()', ''),
    ('operator.countOf({t}, {x})', 'eq'), ('operator.indexOf({t}, {x})', 'eq'), ('operator.contains({t}, {x})', 'eq'),
    ('operator.itemgetter({i})({t})', 'index'), ('operator.itemgetter({i}, 0)({t})', 'index'),
    ('operator.methodcaller("count", {x})({t})', 'eq'), ('S:operator.iadd({t}, _genk(3))', 'gen'),
    ('operator.length_hint(_It({t}))', 'hint'), ('S:operator.setitem({t}, {i}, {x})', 'index'),
    ('S:operator.delitem({t}, {i})', 'index'), ('operator.eq({t}, {u})', 'eq'), ('operator.lt({t}, {u})', CMP),
    ('sorted({t}, key=operator.attrgetter("v"))', CMP),
    ('copy.deepcopy({t})', ''), ('copy.deepcopy([_Cp({t}), {t}])', 'cb'), ('copy.copy(_Cp({t}))', 'cb'),
    ('copy.deepcopy(_Rx({t}))', 'cb'), ('copy.deepcopy([{t}, {u}, {t}])', ''),
    ('_P({t}, {x}) < _P({u}, {x})', CMP), ('_P({t}, 1) == _P({u}, 1)', 'eq'),
    ('dataclasses.asdict(_P({t}, [_P({x}, {u})]))', ''), ('dataclasses.astuple(_P({t}))', ''),
    ('dataclasses.replace(_P({t}), b={u})', ''), ('repr(_P({t}, {x}))', 'repr'), ('hash(_PF(tuple({t})))', 'hash'),
    ('string.Formatter().format("{{0[0]}} {{0!r}}", {t})', 'repr getitem'),
    ('string.Formatter().vformat("{{0}} {{1:>3}}", {t}, {{}})', 'format str'),
    ('S:_f = io.StringIO()\n    _f.writelines(map(str, {t}))\n    r = _f.getvalue()', 'str'),
    ('S:_f = io.StringIO()\n    print(*{t}, file=_f, sep=",")\n    r = _f.getvalue()', 'str repr'),
    ('[_E(_v(y)) for y in {t}]', 'cb'),
    ('pprint.pformat({t}, width=12)', 'repr lt gt'), ('pprint.saferepr([{t}, {u}])', 'repr'),
    ('pprint.isrecursive({t})', ''), ('pprint.pformat(dict.fromkeys({t}), width=8)', 'repr lt gt hash eq'),
    ('difflib.SequenceMatcher(None, {t}, {u}).get_opcodes()', 'hash eq'),
    ('difflib.SequenceMatcher(None, {t}, {t}).ratio()', 'hash eq'),
    ('list(difflib.ndiff(list(map(str, {t})), list(map(str, {u}))))', 'str'),
    ('S:_f = io.StringIO()\n    csv.writer(_f).writerow({t})\n    r = _f.getvalue()', 'str'),
    ('S:_f = io.StringIO()\n    csv.writer(_f, quoting=csv.QUOTE_NONNUMERIC).writerows([{t}, {u}])\n    r = _f.getvalue()', 'str float'),
    ('array.array("q", {t})', 'index'), ('array.array("d", {t})', 'float'),
    ('struct.pack("%dq" % len({t}), *{t})', 'index'), ('struct.pack("%dd" % len({t}), *{t})', 'float'),
    ('S:with contextlib.ExitStack() as _s:\n        for _y in {t}:\n            _s.callback(_cb, _y)', 'cb'),
    ('asyncio.run(_agather({t}))', 'cb'),
]
MOD_MAP_OPS = [
    ('json.dumps({t}, default=_dflt, skipkeys=True)', 'cb'), ('json.dumps({t}, cls=_Enc, skipkeys=True, indent=1)', 'cb'),
    ('json.dumps({t}, default=_dflt, skipkeys=True, sort_keys=True)', 'cb lt gt'),
    ('copy.deepcopy({t})', ''), ('copy.copy({t})', ''), ('copy.deepcopy([{t}, _Cp({t})])', 'cb'),
    ('string.Template("$a-$b").safe_substitute({t})', 'missing fac str'),
    ('string.Template("$a").safe_substitute(_Map({t}))', 'getitem'),
    ('string.Template("${{a}}").safe_substitute({t}, b=1)', 'str'),
    ('string.Formatter().vformat("{{a}} {{b!r}}", (), {t})', 'repr format missing fac'),
    ('operator.itemgetter({x})({t})', 'hash eq missing fac'), ('dataclasses.asdict(_P({t}, {u}))', ''),
    ('functools.reduce(_cb2, {t}.items(), 0)', 'cb2'), ('heapq.nlargest(2, {t}, key=_key)', 'key'),
    ('[_lru(k) for k in {t}]', 'cb hash eq'),
]
MOD_SET_OPS = [
    ('copy.deepcopy({t})', 'hash eq'), ('copy.copy({t})', 'hash eq'), ('json.dumps([{t}], default=_dflt)', 'cb'),
    ('heapq.nsmallest(2, {t})', CMP), ('functools.reduce(_cb2, {t}, 0)', 'cb2'), ('_PF(frozenset({t})) == _PF({u})', 'eq hash'),
]
MOD_DEQUE_OPS = [
    ('copy.deepcopy({t})', ''), ('json.dumps([{t}], default=_dflt)', 'cb'), ('bisect.bisect({t}, {x})', 'lt gt'),
    ('S:bisect.insort({t}, {x})', 'lt gt'), ('operator.countOf({t}, {x})', 'eq'), ('heapq.nlargest(2, {t})', CMP),
    ('list(heapq.merge({t}, {u}))', CMP), ('operator.indexOf({t}, {x})', 'eq'),
]
MOD_BA_OPS = [
    ('S:struct.pack_into("2b", {t}, 0, {i}, {i})', 'index'), ('struct.unpack_from("b", {t}, {i})', 'index'),
    ('array.array("b", {t}) == array.array("b", {u})', ''), ('list(struct.iter_unpack("b", {t}))', ''),
    ('io.BytesIO({t}).read()', ''), ('S:_f = io.BytesIO()\n    _f.write({t})\n    r = _f.getvalue()', ''),
    ('json.dumps(list({t}))', ''), ('copy.deepcopy({t})', ''), ('bisect.bisect({t}, {i})', 'lt gt index'),
    ('S:_f = io.BytesIO({t})\n    r = [(_MUT[0](), ln) for ln in _f]', ''),
]
MOD_STR_OPS = [
    ('fnmatch.filter({t}, "*a*")', ''), ('fnmatch.filter(_gen({t}), "[ab]*")', 'gen'),
    ('textwrap.fill(" ".join({t}), 5)', ''), ('textwrap.indent("\\n".join({t}), "> ", _pr)', 'pred'),
    ('json.dumps({t})', ''), ('json.dumps(dict.fromkeys({t}), sort_keys=True)', ''),
    ('string.capwords(" ".join({t}))', ''), ('S:_f = io.StringIO()\n    _f.writelines(_gen({t}))\n    r = _f.getvalue()', 'gen'),
    ('heapq.nsmallest(2, {t}, key=_cb)', 'cb'), ('functools.reduce(operator.add, _gen({t}), "")', 'gen'),
    ('list(csv.reader(_gen({t})))', 'gen'), ('list(csv.DictReader(_gen({t})))', 'gen'),
    ('list(difflib.unified_diff({t}, {u}))', ''), ('difflib.get_close_matches("ab", {t})', ''),
    ('pprint.pformat({t}, width=5)', ''),
]
MOD_OPS = {
    'list': MOD_SEQ_OPS, 'tlist': MOD_SEQ_OPS, 'tuple': [o for o in MOD_SEQ_OPS if not o[0].startswith('S:')
                                                         and 'heapq.heap' not in o[0]],
    'dict': MOD_MAP_OPS, 'ddict': MOD_MAP_OPS, 'odict': MOD_MAP_OPS, 'counter': MOD_MAP_OPS,
    'chainmap': MOD_MAP_OPS, 'set': MOD_SET_OPS, 'frozenset': MOD_SET_OPS, 'deque': MOD_DEQUE_OPS,
    'bytearray': MOD_BA_OPS, 'strlist': MOD_STR_OPS,
}
# Mutations that re-enter a module's own state (the lru cache, the encoder).
MOD_MUT = ['_lru.cache_clear()', '_y = _lru(K(1))', '_y = json.dumps({t}, default=_dflt, skipkeys=True)',
           '_y = copy.deepcopy({t})']


class Gen:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.n = 0

    def mutation(self, kind, names):
        rng = self.rng
        lines = []
        for _ in range(rng.choice([1, 1, 1, 2, 3])):
            t = rng.choice(names)
            k = kind if t == 't' else self.ukind
            table = MUTS.get(k) or MUTS.get(FEEDS.get(k, ''), LIST_MUT)
            if t in ('t', 'u') and k in FEEDS:
                t = t + 'src'
            lines.extend(rng.choice(table).replace('{t}', t).split('; '))
        if USE_MODULES and rng.random() < 0.1:
            lines.append(rng.choice(MOD_MUT).replace('{t}', rng.choice(names)))
        return lines

    def hooks(self, rel):
        rng = self.rng
        on = set(rel.split()) if rel else set()
        if not on or rng.random() < 0.3:
            on.add(rng.choice(HOOKS))
        if rng.random() < 0.15:
            on.add('del')
        on = sorted(on)
        rz = []
        if rng.random() < 0.15:
            rz = [rng.choice(on)]
            on = [h for h in on if h not in rz] if rng.random() < 0.5 else on
        return on, rz

    def attack_container(self, name):
        rng = self.rng
        kinds = [k for k in KINDS if not ONLY or k in ONLY]
        kind = rng.choice(kinds)
        self.ukind = kind if rng.random() < 0.8 else rng.choice(kinds)
        if USE_MODULES and rng.random() < 0.25:
            tmpl, rel = rng.choice(MOD_OPS[kind])
        else:
            tmpl, rel = rng.choice(OPS[kind])
        body = []
        for nm, k in (('t', kind), ('u', self.ukind)):
            if k in FEEDS:
                body.append('%ssrc = %s' % (nm, build(rng, FEEDS[k])))
                body.append('%s = %s(%ssrc)' % (nm, k, nm))
            else:
                body.append('%s = %s' % (nm, build(rng, k)))
        x = 'K(%d)' % rng.randint(0, 5) if rng.random() < 0.8 else str(rng.randint(0, 5))
        i = 'K(%d)' % rng.choice([0, 1, 1, 2, 3, -1, -2, 5, 100])
        body.append('x = %s' % x)
        body.append('i = %s' % i)
        body.append('def m():')
        muts = self.mutation(kind, ['t', 't', 't', 'u'])
        if rng.random() < 0.12 and not tmpl.startswith('S:'):
            muts.append('_y = ' + tmpl.format(t='t', u='u', x='x', i='i'))   # re-enter
        if self.ukind in FEEDS or kind in FEEDS:
            pass
        nonlocals = sorted({ln.split('=')[0].strip() for ln in muts if ln.startswith('_x =')})
        for ln in muts:
            body.append('    ' + ln)
        on, rz = self.hooks(rel)
        budget = rng.choice([1, 1, 2, 3, 5, 8, 30])
        h1 = rng.random() < 0.25
        body.append('_arm(m, %r, %d, %r%s)' % (on, budget, rz, ', True' if h1 else ''))
        code = tmpl.format(t='t', u='u', x='x', i='i')
        if code.startswith('S:'):
            body.append('r = None')
            body.extend(code[2:].split('\n    '))
        else:
            body.append('r = ' + code)
        body.append('_disarm()')
        body.append('print(%r, _r(r), _r(t), _r(u))' % name)
        del nonlocals
        return body

    def attack_deep(self, name):
        rng = self.rng
        depth = rng.choice([50, 500, 990, 3000, 20000, 100000])
        shape = rng.choice(['[x]', '(x,)', '{1: x}', 'collections.deque([x])', 'collections.OrderedDict(a=x)',
                            '[1, x, 2]', 'collections.ChainMap(x) if isinstance(x, dict) else {0: x}',
                            'frozenset([x, 1]) if 0 else (x, 1)', 'collections.Counter(a=1) if 0 else [K(1), x]'])
        op = rng.choice(['repr(x)', 'str(x)', 'x == y', 'x < y', 'hash(x)', 'x != y', 'len(str(x))',
                         'sorted([x, y])', 'x in [y]', '[x].count(y)', '[x].index(y)', 'x == x',
                         '"%s" % (x,)', '"{}".format(x)', "f'{x}'", 'dict.fromkeys([x])',
                         'list(itertools.chain(x))', 'collections.Counter([x])', 'max([x, y])',
                         'print(x) if 0 else repr([x])', '{1: x} == {1: y}', 'collections.deque([x]) == collections.deque([y])'])
        return ['x = 0', 'y = 0', 'for _ in range(%d):' % depth,
                '    x = %s' % shape, '    y = %s' % shape.replace('x', 'y') if 'x' in shape else '',
                'r = %s' % op, 'print(%r, _r(r)[:80])' % name]

    def attack_selfref(self, name):
        rng = self.rng
        make = rng.choice([
            'a = [K(1), 2]; a.append(a); b = [K(1), 2]; b.append(b)',
            'a = {1: K(1)}; a[2] = a; b = {1: K(1)}; b[2] = b',
            'a = collections.deque([K(1)]); a.append(a); b = collections.deque([K(1)]); b.append(b)',
            'a = collections.OrderedDict(); a[1] = a; b = collections.OrderedDict(); b[1] = b',
            'a = collections.ChainMap({1: 2}); a.maps.append(a); b = collections.ChainMap({1: 2}); b.maps.append(b)',
            'a = [K(1)]; b = [a]; a.append(b)',
            'a = {}; b = {1: a}; a[1] = b',
            'a = collections.defaultdict(_fac); a[1] = a; b = collections.defaultdict(_fac); b[1] = b',
            'a = collections.Counter(); a[1] = 0; b = [a, a]',
            'a = [[K(1)]]; a[0].append(a); b = a[0]',
        ])
        op = rng.choice(['repr(a)', 'str(b)', 'a == b', 'a != b', 'a < b', 'len(str(a))', 'a[1]', 'K(1) in a',
                         'a.count(a) if isinstance(a, list) else 0', 'a.index(b) if isinstance(a, list) else 0',
                         'sorted([a, b])', 'a == a', '"%s" % (a,)', 'str(a) == str(b)', 'a.copy() == a',
                         'list(a)', 'a.get(3) if hasattr(a, "get") else 0', 'collections.deque([a]) == collections.deque([b])',
                         'dict.fromkeys([1, 2], a) == {1: b, 2: b}', 'max([a, b], key=len)', 'len(a)', '3 in a'])
        rel = rng.choice(['repr', 'eq', 'lt', 'hash', 'str'])
        mut = rng.choice(['a.clear()', 'b.clear()', 'a.clear(); b.clear()', 'pass', 'b.append(a) if isinstance(b, list) else 0'])
        body = make.split('; ')
        body.append('def m():')
        body.extend('    ' + s for s in mut.split('; '))
        body.append('_arm(m, [%r], %d)' % (rel, rng.choice([1, 3, 50])))
        body.append('r = %s' % op)
        body.append('_disarm()')
        body.append('print(%r, _r(r)[:200])' % name)
        return body

    def attack_re(self, name):
        rng = self.rng
        s = rng.choice(['"abcabcab"', '"a" * 50', '"xyz"', '"ab" * 20 + "c"'])
        body = ['L = []', 's = %s' % s, 'p = re.compile(%r)' % rng.choice(['(a)', 'ab?', 'a|b', '(?P<x>a)(b)?', 'b*'])]
        body.append('def m():')
        mut = rng.choice(RE_MUT)
        if mut.startswith('p ='):
            body.append('    nonlocal p')
        body.append('    ' + mut)
        body.append('_arm(m, %r, %d)' % (['repl', 'cb'], rng.choice([1, 2, 5, 40])))
        body.append(rng.choice(RE_OPS).format(n=rng.randint(0, 3)))
        body.append('_disarm()')
        body.append('print(%r, _r(r), len(L))' % name)
        return body

    def attack_class(self, name):
        rng = self.rng
        body = ['class C:', '    a = 1', '    b = [1, 2]',
                '    def __eq__(s, o):', '        _fire("eq")', '        return True',
                '    def __hash__(s):', '        _fire("hash")', '        return 1',
                '    def __repr__(s):', '        _fire("repr")', '        return "C"',
                '    def __lt__(s, o):', '        _fire("lt")', '        return id(s) < id(o) if 0 else False',
                '    def __len__(s):', '        _fire("len")', '        return 2',
                '    def __iter__(s):', '        _fire("iter")', '        return iter(C.b)',
                '    def __getitem__(s, i):', '        _fire("getitem")', '        return C.b[i]',
                '    def meth(s):', '        _fire("cb")', '        return C.a']
        mut = rng.choice(['C.a = K(5)', 'del C.meth', 'C.meth = lambda s: 7', 'C.b.clear()', 'C.b = []',
                          'del C.__eq__', 'C.__hash__ = lambda s: 2', 'del C.__repr__', 'C.__lt__ = lambda s, o: True',
                          'C.__len__ = lambda s: 5', 'C.__iter__ = lambda s: iter([])', 'C.__getitem__ = lambda s, i: 0',
                          'setattr(C, "z", _C[0])', 'C.b.extend(range(100))', 'del C.__len__', 'del C.__getitem__'])
        body.append('o = C()')
        body.append('L = [C(), C(), o]')
        body.append('def m():')
        body.append('    ' + mut)
        body.append('_arm(m, %r, %d)' % (sorted({'eq', 'hash', 'repr', 'lt', 'len', 'iter', 'getitem', 'cb'} &
                                                 set(rng.sample(['eq', 'hash', 'repr', 'lt', 'len', 'iter', 'getitem', 'cb'], 3)))
                                          , rng.choice([1, 2, 10])))
        body.append('r = %s' % rng.choice(['L.count(o)', 'o in L', 'repr(L)', '{o: 1, C(): 2}', 'sorted(L)', 'len(o)',
                                           'list(o)', 'o[0]', 'o.meth()', '[o.meth() for _ in range(3)]', 'L.index(o)',
                                           'set(L)', 'o == o', 'list(reversed(o))', 'dict.fromkeys(L)', 'tuple(o)',
                                           'L.remove(o)', 'max(L)', 'o in o if 0 else o in [o]']))
        body.append('_disarm()')
        body.append('print(%r, _r(r)[:100])' % name)
        return body

    def attack_numeric(self, name):
        rng = self.rng
        body = ['L = %s' % elems(rng, rng.randint(1, 8)), 'i = K(%d)' % rng.choice([0, 1, 2, 3, 7, -1]),
                'd = %s' % dict_lit(rng)]
        body.append('def m():')
        body.append('    ' + rng.choice(['L.clear()', 'L.append(K(2))', 'L[:] = range(40)', 'd.clear()',
                                          'L.extend(L)', 'd[K(9)] = 1', 'L.sort(key=_v) if 0 else L.reverse()']))
        body.append('_arm(m, %r, %d)' % (sorted(set(rng.sample(['index', 'int', 'float', 'add', 'mul', 'eq', 'hash', 'lt', 'bool'], 3))),
                                         rng.choice([1, 2, 20])))
        body.append('r = %s' % rng.choice([
            'math.fsum(L)', 'sum(L)', 'math.prod(L)', 'statistics.mean(L)', 'statistics.fmean(L)',
            'statistics.median(L)', 'statistics.stdev(L) if len(L) > 1 else 0', 'math.gcd(*L)', 'math.lcm(*L)',
            'math.hypot(*L)', 'math.dist(L, L)', 'math.comb(i, i)', 'math.isqrt(i)', 'range(i)[i]',
            '"abc"[i]', '"abc" * i', '[1, 2] * i', 'bin(i)', 'hex(i)', 'chr(i + 65) if 0 else chr(i)',
            'pow(2, i, 7)', 'round(1.5, i)', 'datetime.date(2000, i, i)', 'datetime.timedelta(days=i) if 0 else 0',
            'stat.S_ISDIR(i)', 'stat.filemode(i)', 'list(range(10))[i:i]', 'L[i]', 'itertools.repeat(i, i)',
            'list(itertools.islice(L, i, None))', 'random.choice(L)', 'random.sample(L, i) if 0 else random.sample(L, 1)',
            'sorted(L, key=float)', 'max(L, key=int)', 'min(map(float, L))', 'sum(map(_cb, L), K(0))',
            '"%d %s %r" % (i, i, i)', '"{:>{}}".format(i, i)', 'f"{i:{i}}"', 'int(i) + float(i)',
            'list(range(10))[i::i]', '(1, 2, 3)[i]', 'bytes(i)', 'd.get(i)', 'statistics.quantiles(L, n=i) if 0 else 0',
            'math.floor(i)', 'math.factorial(i)', 'divmod(L[0], i) if 0 else abs(i)', 'bool(i) and i',
            'sorted(d.items(), key=lambda p: p[1])', 'list(itertools.accumulate(L))', 'heap_push(L, i)',
        ]))
        body.append('_disarm()')
        body.append('print(%r, _r(r)[:200], _r(L)[:100])' % name)
        return body

    def program(self, seed):
        rng = self.rng
        out = [PRELUDE.replace('%(seed)d', str(seed & 0xFFFF))]
        if USE_MODULES:
            out.append(MOD_PRELUDE)
        out.append('''
def heap_push(h, item):
    h.append(item)
    j = len(h) - 1
    while j > 0 and h[j] < h[(j - 1) // 2]:
        h[j], h[(j - 1) // 2] = h[(j - 1) // 2], h[j]
        j = (j - 1) // 2
    return h
''')
        count = rng.randint(*ATTACKS)
        for n in range(count):
            name = 'a%d' % n
            f = rng.choices([self.attack_container, self.attack_deep, self.attack_selfref, self.attack_re,
                             self.attack_class, self.attack_numeric],
                            weights=[70, 4, 6, 5, 5, 10] if not ONLY else [1, 0, 0, 0, 0, 0])[0]
            body = [ln for ln in f(name) if ln != '']
            out.append('\ndef %s():' % name)
            for ln in body:
                out.append('    ' + ln)
            out.append('_run(%s, %r)' % (name, name))
        return '\n'.join(out) + '\n'


# Attacks per program (lowest, highest); --attacks LO-HI or REENT_ATTACKS.
ATTACKS = (6, 14)
# REENT_KINDS=dict,set,...: only container attacks on these kinds (to fuzz one
# area while the crashes of another still stop most programs early).
ONLY = [k for k in os.environ.get('REENT_KINDS', '').split(',') if k]


def main():
    global ATTACKS
    args = sys.argv[1:]
    if args == ['--print-modules']:
        print(','.join(MODULES) if USE_MODULES else '')
        return
    spec = os.environ.get('REENT_ATTACKS')
    if args[:1] == ['--attacks']:
        spec = args[1]
        args = args[2:]
    if spec:
        lo, _, hi = spec.partition('-')
        ATTACKS = (int(lo), int(hi or lo))
    if len(args) != 3:
        sys.stderr.write('usage: gen.py [--attacks LO-HI] SEED COUNT OUTDIR\n')
        sys.exit(64)
    seed, count, outdir = int(args[0]), int(args[1]), args[2]
    os.makedirs(outdir, exist_ok=True)
    for k in range(count):
        s = seed * 1000003 + k
        g = Gen(s)
        with open(os.path.join(outdir, 'r_%d_%05d.py' % (seed, k)), 'w') as f:
            f.write(g.program(s))


if __name__ == '__main__':
    main()
