# args: --allow-module string
# expect: exit=0 stdout="formatter fields closed"
# string.Formatter's field traversal ('{0.attr[key]}') reads attributes as
# str.format does in safepy: the escape-chain names and the interpreter
# internals are refused at every step, whether the name comes from the
# format string, a subclass's get_field or a Template; the module exposes
# no module object (CPython's string._re) and no hidden helper.
import string


def fn():
    return 1


class Thing:
    pass


f = string.Formatter()


def outcome(call):
    try:
        return 'ok', call()
    except Exception as e:
        return type(e).__name__, str(e)


escape = ('{0.__globals__}', '{0.__code__}', '{0.__builtins__}', '{0.__class__.__base__.__subclasses__}',
          '{0.__class__.__mro__}', '{0.__class__.__bases__[0]}', '{0.f_back}', '{0.gi_frame}',
          '{0.__init__.__globals__}', '{0.__closure__}')
refused = 0
for fmt in escape + ('{0.__dict__}', '{0.__class__}', '{0.__name__}'):
    for target in (fn, Thing(), string, Thing):
        via_str = outcome(lambda: fmt.format(target))
        via_formatter = outcome(lambda: f.format(fmt, target))
        via_get_field = outcome(lambda: str(f.get_field(fmt[1:-1], (target,), {})[0]))
        # one attribute policy: the Formatter answers as str.format does
        if via_str != via_formatter or via_str[0] != via_get_field[0]:
            raise SystemExit('DIFFERENT %s on %r: %r %r %r' % (fmt, target, via_str, via_formatter, via_get_field))
        if fmt in escape:
            if via_formatter[0] == 'ok':
                raise SystemExit('LEAK %s on %r: %r' % (fmt, target, via_formatter))
            refused += 1


class Sneaky(string.Formatter):
    def get_field(self, field_name, args, kwargs):
        return super().get_field('0.__globals__', args, kwargs)
try:
    Sneaky().format('{0}', fn)
    raise SystemExit('LEAK through a subclass')
except AttributeError:
    pass

for name in ('_re', '_ChainMap', '_sentinel_dict', '_string', 're', 'sys', '__builtins__', '__loader__'):
    try:
        v = getattr(string, name)
    except AttributeError:
        continue
    raise SystemExit('LEAK string.%s: %r' % (name, v))
print(sorted(n for n in dir(string) if not n.startswith('__')))

# Template substitutes values by name only: no attribute traversal
print(string.Template('$a.__globals__').safe_substitute(a='x'))
print(refused == 40)
print('formatter fields closed')
