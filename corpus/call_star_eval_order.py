# The order of a call's argument evaluation with * and ** (a lone *x is
# iterated at the call, after the ** mappings; a repeated keyword is refused
# before its value is fetched) and of L[i] += x when x.__radd__ changes L.
log = []
class Seq:
    def __init__(self, name, items): self.name = name; self.items = items
    def __iter__(self):
        log.append('iter ' + self.name)
        for x in self.items:
            log.append('next ' + self.name)
            yield x
class Map:
    def __init__(self, name, d): self.name = name; self.d = d
    def keys(self):
        log.append('keys ' + self.name)
        return list(self.d)
    def __getitem__(self, k):
        log.append('getitem %s %s' % (self.name, k))
        return self.d[k]
def ev(name, v):
    log.append('eval ' + name)
    return v
def f(*a, **k):
    return a, k
print(f(ev('a', 1), *ev('s', Seq('s', [2, 3])), ev('b', 4), **ev('m', Map('m', {'x': 5})), y=ev('y', 6)))
print(log); log.clear()
print(f(*ev('s1', Seq('s1', [1])), *ev('s2', Seq('s2', [2])), **ev('m1', Map('m1', {'p': 1})), **ev('m2', Map('m2', {'q': 2}))))
print(log); log.clear()
print(f(ev('a', 1), k=ev('k', 2), *ev('s', Seq('s', [3]))))
print(log); log.clear()
try:
    f(**ev('m1', Map('m1', {'p': 1})), **ev('m2', Map('m2', {'p': 2})))
except TypeError as e:
    print(e)
print(log); log.clear()
try:
    f(p=ev('p', 0), **ev('m1', Map('m1', {'p': 1})))
except TypeError as e:
    print(e)
print(log); log.clear()
# the callee expression is evaluated first
def getf():
    log.append('callee'); return f
print(getf()(*ev('s', Seq('s', [1])), **ev('m', Map('m', {'z': 1}))))
print(log); log.clear()
# method calls
class O:
    def m(self, *a, **k): return a, k
def geto():
    log.append('obj'); return O()
print(geto().m(ev('a', 1), *ev('s', Seq('s', [2])), **ev('m', Map('m', {'w': 3}))))
print(log); log.clear()
# L[i] += x with x.__radd__ mutating L
L = [10, 20, 30]
class X:
    def __radd__(self, other):
        log.append('radd %r' % (other,))
        L.clear()
        L.extend([7, 8])
        return other + 100
def getL():
    log.append('L'); return L
def geti():
    log.append('i'); return 1
def getx():
    log.append('x'); return X()
getL()[geti()] += getx()
print(L, log); log.clear()
class LL(list):
    def __getitem__(self, i):
        log.append('getitem %r' % (i,)); return list.__getitem__(self, i)
    def __setitem__(self, i, v):
        log.append('setitem %r %r' % (i, v)); list.__setitem__(self, i, v)
M = LL([1, 2, 3])
def getM():
    log.append('M'); return M
getM()[geti()] += getx()
print(M, log); log.clear()
L = [10, 20, 30]
L[geti()] += getx()
print(L, log); log.clear()
d = {'a': 1}
class Y:
    def __radd__(self, o):
        log.append('radd'); d.clear(); return o + 1
d['a'] += Y()
print(d, log); log.clear()
L = [1, 2, 3]
class Z:
    def __radd__(self, o):
        L.clear(); return o + 1
try:
    L[5 - 3] += Z()
except IndexError as e:
    print('IndexError', e)
print(L)
L = [1, 2, 3]
try:
    L[geti()] += 'x'
except TypeError as e:
    print(e)
print(L, log); log.clear()
# attribute augmented
class A: pass
a = A(); a.v = 1
def geta():
    log.append('a'); return a
class W:
    def __radd__(self, o):
        log.append('radd'); del a.v; return o + 1
geta().v += W()
print(a.v, log); log.clear()
# slice augmented
L = [1, 2, 3]
class SL:
    def __radd__(self, o):
        log.append('radd %r' % (o,)); L.append(99); return o + [0]
L[0:2] += SL()
print(L, log)

try:
    f(*ev('five', 5), **ev('m', Map('m', {'a': 1})))
except TypeError as e:
    print(e)
print(log); log.clear()
class Bad:
    def keys(self):
        log.append('keys bad'); return ['k']
    def __getitem__(self, k):
        raise KeyError(k)
try:
    f(*ev('s', Seq('s', [1, 2])), **Bad())
except KeyError as e:
    print('KeyError', e)
print(log); log.clear()
try:
    f(1, *ev('s', Seq('s', [1, 2])), **Bad())
except KeyError as e:
    print('KeyError', e)
print(log); log.clear()
print(f(*ev('s', Seq('s', [1, 2])), k=ev('k', 3)))
print(log); log.clear()
print(f(*ev('t', (1, 2)), **{'a': ev('v', 1)}))
print(log); log.clear()
# list += x: x's __radd__ comes before the in-place extend
class SR:
    def __radd__(self, o): return ('radd', o)
    def __iter__(self): return iter([5])
x = [1]; x += SR(); print(x)
class NR:
    def __radd__(self, o): return NotImplemented
    def __iter__(self): return iter([6])
z = [1]; z += NR(); print(z)
class LS(list):
    def __radd__(self, o): return 'LS radd'
w = [1]; w += LS([2]); print(w)
