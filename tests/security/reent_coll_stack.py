# expect: exit=0 stdout="chainmap ok" stdout="userlist ok" stdout="deque ok" stdout="counter ok" stdout="gen ok" stdout="struct_time ok" seconds=15
# Containers of the collections module that reach themselves through C code
# (a ChainMap among its own maps, a UserList whose data is itself, a deque or
# Counter holding itself) must stop at the recursion limit with
# RecursionError, never overflow the C stack, also on a generator's small
# stack; rebinding struct_time's class attributes must not make it read
# past its values.
from collections import ChainMap, UserList, UserDict, deque, Counter, OrderedDict
import time

c = ChainMap({}); c.maps.append(c)
for f in (lambda: c[1], lambda: 1 in c, lambda: len(c), lambda: list(c), lambda: bool(c), lambda: c.pop(1)):
    try:
        f()
    except (RecursionError, KeyError):
        pass
c2 = ChainMap(); c2.maps.insert(0, c2)
for f in (lambda: c2.__setitem__(1, 2), lambda: c2.__delitem__(1), lambda: c2.clear(), lambda: c2.update(a=1)):
    try:
        f()
    except RecursionError:
        pass
del c.maps[-1]; del c2.maps[0]
print("chainmap ok")

u = UserList([1]); u.data = u
d = UserDict(); d.data = d
for f in (lambda: len(u), lambda: u[0], lambda: u + [1], lambda: repr(u), lambda: len(d), lambda: d[1], lambda: d == {}):
    try:
        f()
    except RecursionError:
        pass
u.data = []; d.data = {}
print("userlist ok")

d1 = deque(); d1.append(d1); d2 = deque(); d2.append(d2)
for f in (lambda: d1 == d2, lambda: d1 < d2):
    try:
        f()
    except RecursionError:
        pass
print("deque ok")

k1 = Counter(); k1['x'] = k1; k2 = Counter(); k2['x'] = k2
o1 = OrderedDict(); o1['x'] = o1; o2 = OrderedDict(); o2['x'] = o2
for f in (lambda: k1 == k2, lambda: k1 <= k2, lambda: repr(k1), lambda: o1 == o2):
    try:
        f()
    except RecursionError:
        pass
print("counter ok")

def gen():
    g = ChainMap({}); g.maps.append(g)
    try:
        g[1]
    except RecursionError:
        g.maps.pop()
        yield "gen ok"
print(next(gen()))

time.struct_time._fields = tuple(str(i) for i in range(60))
time.struct_time._extra_fields = ()
time.struct_time.n_fields = 99
try:
    time.gmtime(0)
except TypeError:
    pass
try:
    time.struct_time((1, 2, 3, 4, 5, 6, 7, 8, 9))
except TypeError:
    pass
print("struct_time ok")
