# PrettyPrinter objects: streams, settings, format() overrides, errors
import io
import pprint

data = {'name': 'example', 'values': list(range(25)), 'nested': {'a': (1, 2, 3), 'b': ['x' * 10] * 4}}

for kw in [dict(), dict(indent=4), dict(width=30), dict(depth=1), dict(compact=True, width=40),
           dict(sort_dicts=False), dict(indent=0, width=20), dict(underscore_numbers=True)]:
    p = pprint.PrettyPrinter(**kw)
    print(kw)
    p.pprint(data)
    print(p.pformat(data) == pprint.pformat(data, **kw))
    print(p.isreadable(data), p.isrecursive(data))
    print(p._width, p._indent_per_level, p._depth, p._compact, p._sort_dicts, p._underscore_numbers)

p = pprint.PrettyPrinter(2, 40, 3)
print(p.pformat(data))
s = io.StringIO()
pprint.PrettyPrinter(stream=s, width=30).pprint(data)
print(s.getvalue())
s = io.StringIO()
pprint.pprint(data, s, 2, 50)
print(s.getvalue())


class Rec:
    def __init__(self):
        self.parts = []

    def write(self, text):
        self.parts.append(text)


r = Rec()
pprint.pprint(data, stream=r, width=40)
print(r.parts)
r = Rec()
pprint.pprint(['word'] * 30, stream=r, width=30, compact=True)
print(r.parts)
r = Rec()
pprint.pprint('a long string with many words in it ' * 3, stream=r, width=30)
print(r.parts)


class Upper(pprint.PrettyPrinter):
    def format(self, obj, context, maxlevels, level):
        if isinstance(obj, str):
            return repr(obj.upper()), True, False
        if isinstance(obj, int) and not isinstance(obj, bool):
            return '0x%x' % obj, False, False
        return pprint.PrettyPrinter.format(self, obj, context, maxlevels, level)  # safepy: ignore[SP307]


u = Upper(width=30)
print(u.pformat(data))
print(u.isreadable(data), u.isreadable(['a']))
print(u.pformat(['abc'] * 3))

print(p.format([1, 'a'], {}, 0, 0))  # safepy: ignore[SP307]
print(p._safe_repr({'b': 1, 'a': [2]}, {}, None, 0))
print(pprint.PrettyPrinter(indent='3', width=20.7).pformat(list(range(10))))

for args, kw in [((), dict(indent=-1)), ((), dict(depth=0)), ((), dict(depth=-3)), ((), dict(width=0)),
                 (('x',), {}), ((1, 'w'), {}), ((), dict(bogus=1)), ((1, 2, 3, 4, 5), {}),
                 ((), dict(indent=None))]:
    try:
        pprint.PrettyPrinter(*args, **kw)
        print('ok', args, kw)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)

for call in [lambda: pprint.pformat(), lambda: pprint.pformat(1, 2, 3, 4, 5),
             lambda: pprint.pformat(1, foo=2), lambda: pprint.pprint(1, None, 1, 80, None, True),
             lambda: pprint.saferepr(), lambda: pprint.pp(), lambda: pprint.pp(1, bad=2),
             lambda: pprint.pp(1, None, 1, 80, None, 1), lambda: pprint.pp(1, stream=None, indent=1, width=80)]:
    try:
        call()
        print('ok')
    except TypeError as e:
        print('TypeError', e)
print(sorted(pprint.__all__))
