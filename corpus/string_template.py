# string.Template: substitute, safe_substitute, the mapping and keyword
# forms, invalid placeholders with their line and column, identifiers
import string
from string import Template

t = Template('$who likes $what, ${who}s pay $$5')
print(t.template)
print(t.substitute(who='tim', what='ham'))
print(t.substitute({'who': 'ann', 'what': 'jam'}))
print(t.substitute({'who': 'ann', 'what': 'jam'}, what='kw wins'))
print(t.safe_substitute(who='x'))
print(t.safe_substitute())
print(t.get_identifiers(), t.is_valid())
print(Template('$a $b $a ${c} $$').get_identifiers())
print(Template('').substitute(), repr(Template('no placeholders').safe_substitute(x=1)))
print(Template('$x$y${x}').substitute(x=1, y=[2]))
print(Template('$_under $a1 $1bad').safe_substitute(_under='u', a1='a'))
print(Template('${ spaced }').safe_substitute())
print(Template('$Upper $lower').substitute(Upper='U', lower='l'))
print(Template('$ü').safe_substitute())

for text in ('$', 'ok $', 'line1\nline2 $!', 'a\nb\nc ${', '$$$', '${}'):
    try:
        print(repr(Template(text).substitute()))
    except ValueError as e:
        print('ValueError', e)
    print(repr(Template(text).safe_substitute()), Template(text).is_valid())

try:
    t.substitute(who='only')
except KeyError as e:
    print('KeyError', e)
try:
    t.substitute({'who': 'a'}, other=1)
except KeyError as e:
    print('KeyError', e)


class Mapping:
    def __getitem__(self, key):
        if key == 'who':
            return 'mapped'
        raise KeyError(key)
print(t.safe_substitute(Mapping()))
try:
    t.substitute(Mapping())
except KeyError as e:
    print('KeyError', e)

for bad in (lambda: t.substitute({}, {}), lambda: t.safe_substitute(1, 2),
            lambda: Template(), lambda: Template('a', 'b'), lambda: t.is_valid(1), lambda: t.get_identifiers(2),
            lambda: t.substitute(5), lambda: Template(5).substitute()):
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)

print(Template.delimiter, Template.idpattern, Template.braceidpattern, Template.flags)
print(repr(Template.pattern.pattern))
print(Template.pattern.flags)
print(Template.__doc__)
t2 = Template('$a')
t2.template = '$b'
print(t2.substitute(b='changed template'))
print(isinstance(t, Template), type(t).__name__, type(t).__module__)
print(Template('${a}').substitute(a=1.5), Template('$a').substitute(a=None))
