# Formatter subclasses: each hook overridden, called through the instance as
# string.py calls them; check_unused_args seeing the used arguments; a
# get_value over a default mapping; a parse of its own
import string


class Tracing(string.Formatter):
    def parse(self, format_string):
        print('parse', repr(format_string))
        return super().parse(format_string)
    def get_field(self, field_name, args, kwargs):
        print('get_field', field_name)
        return super().get_field(field_name, args, kwargs)
    def get_value(self, key, args, kwargs):
        print('get_value', repr(key))
        return super().get_value(key, args, kwargs)
    def convert_field(self, value, conversion):
        print('convert_field', repr(value), conversion)
        return super().convert_field(value, conversion)
    def format_field(self, value, format_spec):
        print('format_field', repr(value), repr(format_spec))
        return super().format_field(value, format_spec)
    def check_unused_args(self, used_args, args, kwargs):
        print('check_unused_args', sorted(map(str, used_args)), args, sorted(kwargs))
print(Tracing().format('{0!r:>{1}} {x.real}', 'v', 6, x=2))  # safepy: ignore[SP307]


class Strict(string.Formatter):
    def check_unused_args(self, used_args, args, kwargs):
        unused = set(range(len(args))) | set(kwargs)
        unused -= used_args
        if unused:
            raise ValueError('unused: %s' % sorted(map(str, unused)))
print(Strict().format('{0}{a}', 1, a=2))  # safepy: ignore[SP307]
try:
    Strict().format('{0}', 1, 2, b=3)  # safepy: ignore[SP307]
except ValueError as e:
    print(e)


class Default(string.Formatter):
    def __init__(self, default):
        self.default = default
    def get_value(self, key, args, kwargs):
        if isinstance(key, int):
            return args[key] if key < len(args) else self.default
        return kwargs.get(key, self.default)
d = Default('?')
print(d.format('{0} {1} {name} {other}', 'only', name='n'))  # safepy: ignore[SP307]
print(d.vformat('{a}-{b}', (), {'a': 1}))


class Upper(string.Formatter):
    def convert_field(self, value, conversion):
        if conversion == 'u':
            return str(value).upper()
        return super().convert_field(value, conversion)
print(Upper().format('{0!u} {0!r} {0}', 'shout'))  # safepy: ignore[SP307]


class Bracket(string.Formatter):
    def format_field(self, value, format_spec):
        return '[' + format(value, format_spec) + ']'
print(Bracket().format('{:>4}|{:<3}', 1, 2))  # safepy: ignore[SP307]


class OwnParse(string.Formatter):
    def parse(self, format_string):
        for word in format_string.split():
            if word.startswith('$'):
                yield ('', word[1:], '', None)
            else:
                yield (word + ' ', None, None, None)
print(OwnParse().format('hello $0 and $name', 'world', name='you'))  # safepy: ignore[SP307]


class DictFields(string.Formatter):
    def get_field(self, field_name, args, kwargs):
        obj = kwargs
        for part in field_name.split('/'):
            obj = obj[part]
        return obj, field_name
print(DictFields().format('{a/b/c} {x}', a={'b': {'c': 'deep'}}, x=1))  # safepy: ignore[SP307]


class Depth(string.Formatter):
    def _vformat(self, *a, **k):
        print('_vformat depth', a[4], k)
        return super()._vformat(*a, **k)
print(Depth().format('{0:{1}}', 'x', '>3'))  # safepy: ignore[SP307]

# automatic numbering continues into nested specs
print(string.Formatter().format('{}{:{}}{}', 'a', 'b', 3, 'c'))  # safepy: ignore[SP307]


class Mutating(string.Formatter):
    def get_value(self, key, args, kwargs):
        kwargs['late'] = 'added'
        return super().get_value(key, args, kwargs)
print(Mutating().format('{first} {late}', first=1))  # safepy: ignore[SP307]

f = string.Formatter()
print(f.format('{0[0]}{0[1]}', 'ab'), f.format('{0}', string.Formatter).startswith('<class'))  # safepy: ignore[SP307]
