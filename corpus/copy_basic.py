# copy.copy and copy.deepcopy over the builtin types: atoms come back as
# they are, containers are new, deepcopy preserves sharing and cycles
import copy

atoms = [None, True, 3, 2**100, 1.5, 2j, 'text', b'bytes', range(3), Ellipsis,
         NotImplemented, len, print, int, type, lambda: 1, property()]
for a in atoms:
    print(type(a).__name__, copy.copy(a) is a, copy.deepcopy(a) is a)

t = (1, 2, 'x')
print(copy.copy(t) is t, copy.deepcopy(t) is t)
t2 = (1, [2])
print(copy.copy(t2) is t2, copy.deepcopy(t2) is t2, copy.deepcopy(t2) == t2)
fs = frozenset({1, 2})
print(copy.copy(fs) is fs, copy.deepcopy(fs) is fs, copy.deepcopy(fs) == fs)
sl = slice(1, 2, 3)
print(copy.copy(sl) is sl, copy.deepcopy(sl) is sl, copy.deepcopy(sl))

for c in ([1, [2, 3]], {'a': [1], 'b': {'c': 2}}, {1, 2, (3, 4)}, bytearray(b'abc'), bytearray()):
    s = copy.copy(c)
    d = copy.deepcopy(c)
    print(type(c).__name__, s == c, s is c, d == c, d is c)

nested = [[1, 2], [3, [4, 5]]]
sh = copy.copy(nested)
dp = copy.deepcopy(nested)
nested[0].append(99)
nested[1][1].append(100)
print(nested, sh, dp)

shared = [1, 2]
outer = [shared, shared, {'k': shared}]
d = copy.deepcopy(outer)
print(d[0] is d[1], d[2]['k'] is d[0], d[0] is shared)

cyc = [1, 2]
cyc.append(cyc)
d = copy.deepcopy(cyc)
print(d[2] is d, d[2] is not cyc, len(d))

dc = {'self': None}
dc['self'] = dc
d = copy.deepcopy(dc)
print(d['self'] is d, d is not dc)

# a tuple that contains itself through a list
lst = []
tup = (lst, 1)
lst.append(tup)
d = copy.deepcopy(tup)
print(d[0][0] is d, d is not tup, d[0] is not lst)

# keys are copied too, and the dict keeps its order
k = (1, (2, 3))
m = {k: 'v', 'z': 1, 'a': 2}
d = copy.deepcopy(m)
print(list(d), d == m)

# shallow copy of a dict shares values
m = {'l': [1]}
c = copy.copy(m)
c['l'].append(2)
print(m)

# bound methods: deepcopy copies the object they are bound to
class Counter:
    def __init__(self):
        self.n = 0
    def inc(self):
        self.n += 1
        return self.n
c = Counter()
m = c.inc
m2 = copy.deepcopy(m)
m2()
m2()
print(c.n, m2())
m3 = copy.copy(m)
m3()
print(c.n)
print(copy.__all__ if hasattr(copy, '__all__') else None)
print(copy.Error is copy.error, issubclass(copy.Error, Exception), copy.Error.__name__)
print(copy.Error('boom'))
