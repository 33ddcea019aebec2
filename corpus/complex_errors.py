# complex numbers: every error path prints CPython's message
import math

def attempt(label, fn):
    try:
        print(label, '->', fn())
    except Exception as e:
        print(label, '->', type(e).__name__ + ':', e)

attempt('floordiv', lambda: 1j // 2)
attempt('mod', lambda: 1j % 2)
attempt('divmod', lambda: divmod(1j, 2))
attempt('zero power', lambda: 0j ** -1)
attempt('complex power of zero', lambda: 0j ** 1j)
attempt('div by zero', lambda: 1j / 0)
attempt('div by zero float', lambda: (1 + 1j) / 0.0)
attempt('div by complex zero', lambda: 5 / 0j)
attempt('int()', lambda: int(1j))
attempt('float()', lambda: float(1j))
attempt('round()', lambda: round(1j))
attempt('ordering', lambda: 1j < 2j)
attempt('ordering mixed', lambda: 1j >= 2)
attempt('sorted', lambda: sorted([2j, 1j]))
attempt('max', lambda: max(1j, 2j))
attempt('math.sqrt', lambda: math.sqrt(-1 + 0j))
attempt('pow mod', lambda: pow(1j, 2, 3))
attempt('invert', lambda: ~1j)
attempt('%d', lambda: '%d' % 1j)
attempt('%f', lambda: '%f' % 1j)
attempt('big int', lambda: complex(10 ** 400))
attempt('big int mul', lambda: 10 ** 400 * 1j)
lst = [1, 2]
attempt('index', lambda: lst[1j])
attempt('no attribute', lambda: (1j).foo)
attempt('list arg', lambda: complex([]))
attempt('second list', lambda: complex(1, []))
attempt('str and second', lambda: complex('1', 2))
attempt('second str', lambda: complex(1, '2'))
attempt('underscores', lambda: complex('1__2'))
attempt('malformed', lambda: complex('1+2'))
attempt('empty', lambda: complex(''))
attempt('bracket', lambda: complex('(1+2j'))
attempt('format zero pad', lambda: format(1 + 2j, '010'))
attempt('format =', lambda: format(1 + 2j, '=10'))
attempt('format %', lambda: format(1 + 2j, '%'))
attempt('format d', lambda: format(1 + 2j, 'd'))
attempt('overflow', lambda: (1e300j) ** 2.5)
attempt('abs overflow', lambda: abs(complex(1e308, 1e308) * 2))

class Bad:
    def __complex__(self):
        return 1.5

attempt('__complex__ non-complex', lambda: complex(Bad()))
z = 3 + 4j
try:
    z.real = 1
except AttributeError as e:
    print('setattr ->', e)
print((2 + 3j).__eq__(2), (1 + 0j).__eq__(1), (1j).__lt__(1j), (2.0).__add__(1j), (3).__mul__(1j))
print((1j).__add__(2), (1j).__radd__(2.5), (1j).__mul__('a'), (2j).__pow__(2), (1j).__neg__())
print(sorted(set(dir(1j)) - set(dir(object))))  # safepy: ignore[SP306]
z ** 1j + undefined_name
