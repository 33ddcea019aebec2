# pprint of recursive structures (compared without the ids), depth limits,
# sorting of unorderable keys, and __repr__ that mutates what is printed
import pprint
import re


def noid(s):
    return re.sub(r'id=\d+', 'id=N', s)


a = [1, 2]
a.append(a)
d = {'x': a}
d['d'] = d
t = (a, d)
for o in (a, d, t, [d, d], {'k': [a, a]}):
    for w in (80, 10):
        print(noid(pprint.pformat(o, width=w)))
    print(noid(pprint.saferepr(o)), pprint.isrecursive(o), pprint.isreadable(o))
    print(noid(pprint.pformat(o, depth=2)))

nested = [[[[[[1, 2, 3]]]]], {'a': {'b': {'c': {'d': 'e'}}}}, ((((1,),),),)]
for depth in (1, 2, 3, 4, None):
    print(pprint.pformat(nested, depth=depth))
    print(pprint.pformat(nested, depth=depth, width=10))
p = pprint.PrettyPrinter(depth=2)
print(p.format(nested, {}, 2, 0))  # safepy: ignore[SP307]
print(p.format(nested, {}, None, 0))  # safepy: ignore[SP307]
print(p.isreadable(nested), p.isrecursive(nested), p.isreadable(a), p.isrecursive(a))

# keys that do not compare: _safe_key falls back to the type names
mixed = {1: 'int', 'a': 'str', 2.5: 'float', None: 'none', (1, 2): 'tuple', b'x': 'bytes'}
print(pprint.pformat(mixed))
print(pprint.pformat(mixed, width=20))
print(pprint.pformat({3, 'b', 1, 'a', 2.0}))
print(pprint.pformat({frozenset({1}), frozenset({2}), 'x'}, width=10))
print(pprint.pformat({1: 'a', True: 'b'}))
print(pprint.pformat({'b': 1, 'a': 2}, sort_dicts=False))
pprint.pp({'b': 1, 'a': 2})
pprint.pp({'b': 1, 'a': 2}, sort_dicts=True)


class Grow:
    def __init__(self, target):
        self.target = target

    def __repr__(self):
        if len(self.target) < 20:
            self.target.append(len(self.target))
        return 'Grow'


lst = []
lst.extend([Grow(lst), 'x' * 30, Grow(lst)])
try:
    print(pprint.pformat(lst, width=20))
except Exception as e:
    print(type(e).__name__, e)
print(len(lst))


class Shrink:
    def __init__(self, target):
        self.target = target

    def __repr__(self):
        if self.target:
            self.target.pop()
        return 'Shrink' * 5


lst = [Shrink(None)] * 3
for s in lst:
    s.target = lst
lst = lst + []
for s in lst:
    s.target = lst
print(pprint.pformat(lst, width=20))
print(len(lst))


class DictMut:
    def __init__(self, d):
        self.d = d

    def __repr__(self):
        self.d['new%d' % len(self.d)] = 0
        return 'DictMut'


dm = {}
dm['a'] = DictMut(dm)
try:
    print(pprint.pformat(dm, width=5))
except RuntimeError as e:
    print('RuntimeError', e)
