# x[i] of lists and tuples, d[k] of dicts and their subclasses: hits, misses, errors
s = slice(1, 5, 2)
try:
    print(s[0])
except TypeError as e:
    print("TypeError:", e)
t = (1, 2, 3)
print(t[-1], t[0], [4, 5][-2])
try:
    print(t[3])
except IndexError as e:
    print("IndexError:", e)
try:
    print([1][-2])
except IndexError as e:
    print("IndexError:", e)
d = {1: 'a', (1, 2): 'b', 'k': 'c'}
print(d[1], d[(1, 2)], d['k'], d[1.0], d[True])
try:
    d[[1]]
except TypeError as e:
    print("TypeError:", e)
try:
    d['zz']
except KeyError as e:
    print("KeyError:", e)
from collections import defaultdict, Counter, OrderedDict
dd = defaultdict(int); print(dd['x'], Counter('aab')['a'], Counter()['q'], OrderedDict(a=1)['a'])
class L(list):
    def __getitem__(self, i): return 'sub'
print(L([1])[0])
x = [10, 20, 30]
print(x[True], x[-3])
