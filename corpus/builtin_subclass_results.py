# What inherited operations return for subclasses of builtin types, as CPython:
# str methods give a plain str even when nothing changed (but a template with
# no braces is its own format() result), frozenset copies are plain,
# int.__int__/math.floor give plain ints, OrderedDict/defaultdict/Counter
# copy() and OrderedDict/defaultdict | keep the (sub)class, and class methods
# such as fromkeys are reachable through an instance.
import collections
import math
class S(str):
    pass
x = S('Hello')
for name, r in [('format', x.format()), ('replace', x.replace('z', 'y')), ('strip', x.strip()), ('slice', x[:]),  # safepy: ignore[SP307]
                ('str', str(x)), ('upper', S('ABC').upper()), ('lower', S('abc').lower()), ('ljust', x.ljust(2)),
                ('center', x.center(3)), ('zfill', x.zfill(1)), ('join', ''.join([x])), ('mul1', x * 1),
                ('add', x + ''), ('add2', '' + x), ('fstr', f'{x}'), ('format_b', format(x)), ('format_s', format(x, '')),
                ('pct', '%s' % x), ('expand', x.expandtabs()), ('title', S('Abc').title()), ('rstrip', x.rstrip('q')),
                ('removeprefix', x.removeprefix('z')), ('swap', x.swapcase()), ('cap', x.capitalize()),
                ('casefold', S('abc').casefold()), ('split', x.split()[0]), ('partition', x.partition('z')[0]),
                ('translate', x.translate({})), ('fmt_map', x.format_map({})), ('iter', list(x)[0])]:  # safepy: ignore[SP307]
    print(name, type(r).__name__, repr(r))
class T(tuple):
    pass
t = T((1, 2))
for name, r in [('slice', t[:]), ('add', t + ()), ('mul', t * 1), ('tuple', tuple(t))]:
    print(name, type(r).__name__)
class F(frozenset):
    pass
f = F({1})
for name, r in [('copy', f.copy()), ('union', f.union()), ('or', f | set()), ('fs', frozenset(f)), ('and', f & f)]:
    print(name, type(r).__name__)
class I(int):
    pass
i = I(5)
for name, r in [('pos', +i), ('int', int(i)), ('add0', i + 0), ('idx', i.__index__()), ('abs', abs(i)), ('round', round(i)), ('real', i.real), ('trunc', i.__trunc__()), ('conj', i.conjugate())]:
    print(name, type(r).__name__)
class Fl(float):
    pass
fl = Fl(1.5)
for name, r in [('pos', +fl), ('float', float(fl)), ('abs', abs(fl)), ('real', fl.real), ('conj', fl.conjugate())]:
    print(name, type(r).__name__)
class L(list):
    pass
l = L([1])
for name, r in [('copy', l.copy()), ('slice', l[:]), ('add', l + []), ('mul', l * 1), ('list', list(l))]:
    print(name, type(r).__name__)
class D(dict):
    pass
d = D(a=1)
for name, r in [('copy', d.copy()), ('or', d | {}), ('ror', {} | d), ('fromkeys', d.fromkeys('a')), ('Dfromkeys', D.fromkeys('a'))]:
    print(name, type(r).__name__)
print(type({}.fromkeys('ab')).__name__, {}.fromkeys('ab', 0))
for base in (collections.OrderedDict, collections.Counter, collections.defaultdict):
    class Sub(base):
        pass
    o = Sub()
    for name, fn in [('copy', lambda: o.copy()), ('or', lambda: o | {}), ('ror', lambda: {} | o), ('fromkeys', lambda: Sub.fromkeys('a')),
                     ('plain_or', lambda: base() | {})]:
        try:
            print(base.__name__, name, type(fn()).__name__)
        except Exception as e:
            print(base.__name__, name, type(e).__name__, e)
class I3(int): pass
i = I3(5)
for n in ['__int__', '__index__', '__trunc__', '__floor__', '__ceil__', '__round__', '__pos__', '__abs__']:
    print(n, type(getattr(i, n)()).__name__)  # safepy: ignore[SP305]
class F3(float): pass
f = F3(2.5)
for n in ['__int__', '__trunc__', '__floor__', '__ceil__', '__round__', '__pos__', '__abs__', '__float__']:
    print(n, type(getattr(f, n)()).__name__)  # safepy: ignore[SP305]
print(type(math.floor(i)).__name__, type(math.trunc(i)).__name__, type(round(i)).__name__, type(int(i)).__name__, type(math.ceil(f)).__name__)
class J(int):
    def __floor__(self):
        return 'custom floor'
print(math.floor(J(3)), math.ceil(J(3)), math.trunc(J(2**70)), type(math.ceil(J(2**70))).__name__)
print({}.fromkeys('ab', 0), type({}.fromkeys('a')).__name__)
class D4(dict):
    pass
d = D4(a=1)
print(type(D4.fromkeys('a')).__name__)
print(type(d.fromkeys('a')).__name__)
