# string.Formatter: format, vformat, parse, get_field, get_value,
# convert_field, format_field, check_unused_args, and its errors
import string

f = string.Formatter()
print(f.format('{} {} {}', 1, 'two', 3.0))  # safepy: ignore[SP307]
print(f.format('{0} {1} {0}', 'a', 'b'))  # safepy: ignore[SP307]
print(f.format('{name}:{val:>8.3f}|{val!r}|{s!s:^7}|{s!a}', name='pi', val=3.14159, s='ü'))  # safepy: ignore[SP307]
print(f.format('{0[key]} {0[1]} {1.real} {1.imag} {2[0][1]}', {'key': 'K', 1: 'one'}, 2 + 3j, [[0, 'nested']]))  # safepy: ignore[SP307]
print(f.format('{:{}{}}', 'x', '>', 6))  # safepy: ignore[SP307]
print(f.format('{0:{1}}', 42, '08b'))  # safepy: ignore[SP307]
print(f.format('{{literal}} {{{0}}}', 'in braces'))  # safepy: ignore[SP307]
print(f.format(''), repr(f.format('plain')))  # safepy: ignore[SP307]
print(f.vformat('{0}{x}', ('pos',), {'x': 'kw'}))
print(f.format('{0!s:}', [1]))  # safepy: ignore[SP307]

for s in ('', 'abc', '{}', '{0}', '{0!r}', '{a:>{w}}', 'x{{y}}z', '{{', '}}', 'a{0.b[c]!s:d}e', '{!r}', '{:}',
          '{0!r:}', '{a[}]}', '{a[:]}', 'pre{0}mid{1:{2}}post', '{ü!ä:ö}'):
    print(repr(s), list(f.parse(s)))

print(type(f.parse('a')).__name__)
it = f.parse('a{b}c')
print(next(it), next(it))

for name in ('0', '1', 'x', 'x.real', 'l[0]', 'l[0].real', 'd[key]', 'd[1]', 'd[01]', '0.__class__'):
    print(name, f.get_field(name, (5, 'six'), {'x': 7, 'l': [8], 'd': {'key': 'K', 1: 'int key', '01': 'str key'}}))

print(f.get_value(0, ('a',), {}), f.get_value('k', (), {'k': 'v'}), f.get_value(True, ('t', 'T'), {}))
print(f.check_unused_args(set(), (), {}))
print(f.format_field(3.5, '>6'), f.format_field('s', ''), f.format_field(255, '#x'))
for c in (None, 's', 'r', 'a'):
    print(c, f.convert_field('é', c))

errors = [
    lambda: f.format('{'), lambda: f.format('}'), lambda: f.format('{0'), lambda: f.format('a}b'),  # safepy: ignore[SP307]
    lambda: f.format('{0!}', 1), lambda: f.format('{0!x}', 1), lambda: f.format('{0!rr}', 1),  # safepy: ignore[SP307]
    lambda: f.format('{0}{}', 1, 2), lambda: f.format('{}{0}', 1, 2), lambda: f.format('{1}', 1),  # safepy: ignore[SP307]
    lambda: f.format('{x}'), lambda: f.format('{0.}', 1), lambda: f.format('{0[}', 1), lambda: f.format('{0[]}', [1]),  # safepy: ignore[SP307]
    lambda: f.format('{0[0]x}', [1]), lambda: f.format('{0.nope}', 1), lambda: f.format('{:{:{:}}}', 1, 2, 3),  # safepy: ignore[SP307]
    lambda: f.format('{0:d}', 'str'), lambda: f.format('{a{b}}', 1), lambda: f.format(5),  # safepy: ignore[SP307]
    lambda: f.format(), lambda: f.vformat('{}', (), {}, 1), lambda: f.vformat('{}', [1], {}),  # safepy: ignore[SP307]
    lambda: f.convert_field(1, 'z'), lambda: f.convert_field(1, 5), lambda: f.format_field(1, 2),
    lambda: f.get_field('0', (), {}), lambda: list(f.parse(5)), lambda: f.get_field(5, (), {}),
    lambda: f.format('{0:99999999999999999999}', 1), lambda: f.format('{99999999999999999999}', 1),  # safepy: ignore[SP307]
    lambda: f.get_value('k', (), {}), lambda: f.parse(), lambda: string.Formatter(1),
]
for e in errors:
    try:
        print('no error', e())
    except Exception as ex:
        print(type(ex).__name__, ex)

# the error is raised where the parse reaches it: earlier fields are formatted
class Loud:
    def __format__(self, spec):
        print('formatting Loud')
        return 'L'
try:
    f.format('{0} then }', Loud())  # safepy: ignore[SP307]
except ValueError as ex:
    print('ValueError', ex)
