# Template subclasses: delimiter, idpattern, braceidpattern, flags and a
# whole pattern of their own, compiled when the class is made
import re
import string


class Percent(string.Template):
    delimiter = '%'
print(Percent('%name is %{age}%% done').substitute(name='x', age=3))
print(repr(Percent.pattern.pattern))


class Dots(string.Template):
    idpattern = r'[a-z]+(?:\.[a-z]+)*'
print(Dots('$a.b and ${c.d}').substitute({'a.b': 1, 'c.d': 2}))


class Brace(string.Template):
    braceidpattern = r'[^}]+'
print(Brace('${any thing} $plain').substitute({'any thing': 'A', 'plain': 'P'}))
print(Brace('$bad thing').safe_substitute())


class CaseSensitive(string.Template):
    flags = 0
    idpattern = '[a-z]+'
print(CaseSensitive('$abc $ABC').safe_substitute(abc='lower', ABC='never'))
print(string.Template('$abc $ABC').safe_substitute(abc='lower', ABC='upper'))


class Multi(string.Template):
    delimiter = '{{'
print(Multi('{{x}} and {{{{').substitute(x='X'))


class OwnPattern(string.Template):
    pattern = r'''
    \[\[(?:
      (?P<escaped>\[\[) |
      (?P<named>[a-z]+)\]\] |
      (?P<braced>) |
      (?P<invalid>)
    )
    '''
print(OwnPattern('[[name]] [[[[').substitute(name='N'))
print(OwnPattern.pattern.flags & re.VERBOSE != 0)


try:
    class Precompiled(string.Template):
        pattern = re.compile(r'@(?:(?P<escaped>@)|(?P<named>\w+)|\{(?P<braced>\w+)\}|(?P<invalid>))')
except ValueError as e:
    print('ValueError', e)


class AtSign(string.Template):
    pattern = r'@(?:(?P<escaped>@)|(?P<named>\w+)|\{(?P<braced>\w+)\}|(?P<invalid>))'
print(AtSign('@a @{b} @@').substitute(a=1, b=2))


class NoInvalidGroup(string.Template):
    pattern = r'\$(?P<named>[a-z]+)|(?P<escaped>\$\$)|(?P<braced>)|(?P<other>!)'
try:
    NoInvalidGroup('hi!').substitute()
except Exception as e:
    print(type(e).__name__, e.args[0])
try:
    NoInvalidGroup('hi!').is_valid()
except Exception as e:
    print(type(e).__name__, e.args[0])
try:
    NoInvalidGroup('hi!').get_identifiers()
except Exception as e:
    print(type(e).__name__, e.args[0])


class Unrecognized(string.Template):
    pattern = r'(?P<named>x)|(?P<braced>y)|(?P<escaped>z)|(?P<invalid>w)|(?P<new>!)'
for m in ('substitute', 'safe_substitute', 'is_valid', 'get_identifiers'):
    try:
        print(getattr(Unrecognized('a!'), m)())  # safepy: ignore[SP305]
    except ValueError as e:
        print(m, 'ValueError', e.args[0], type(e.args[1]).__name__)


class Chained(Percent):
    idpattern = '[0-9]+'
print(Chained('%12 %ab').safe_substitute({'12': 'twelve'}))
print(Chained.delimiter, Percent.delimiter, string.Template.delimiter)


class WithInit(string.Template):
    def __init__(self, template, extra):
        super().__init__(template.upper())
        self.extra = extra
w = WithInit('$x', 1)
print(w.template, w.extra, w.substitute(X='upper x'))


class Hooked(string.Template):
    def __init_subclass__(cls, **kw):
        print('subclass made', cls.__name__)
        super().__init_subclass__(**kw)


class Child(Hooked):
    delimiter = '#'
print(Child('#a').substitute(a='child'))

try:
    class BadRegex(string.Template):
        idpattern = '('
except re.error as e:
    print('re.error', e)
