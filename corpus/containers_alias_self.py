# Containers mutated with themselves: sizes are taken first (CPython).
import collections
x = [1, 2]; x.extend(x); print(x)
x = [1, 2]; x += x; print(x)
x = [1, 2]; x *= 2; print(x)
x = [1, 2, 3]; x[:] = x; print(x)
x = [1, 2, 3]; x[1:2] = x; print(x)
x = [1, 2, 3]; x[::-1] = x; print(x)
x = [1, 2, 3]; x[::2] = x[:2]; print(x)
x = [1, 2]; x.extend(tuple(x)); print(x)
x = [1, 2]; x = x + x; print(x)
x = [1, 2]; x.insert(0, x); print(x)
x = [1, 2]; x.append(x); print(x)
d = {'a': 1}; d.update(d); print(d)
d = {'a': 1}; d |= d; print(d)
for op in ['|=', '-=', '&=', '^=']:
    s = {1, 2, 3}
    if op == '|=': s |= s
    if op == '-=': s -= s
    if op == '&=': s &= s
    if op == '^=': s ^= s
    print(op, s)
s = {1, 2}; s.update(s); print(s)
s = {1, 2}; s.difference_update(s); print(s)
s = {1, 2}; s.symmetric_difference_update(s); print(s)
s = {1, 2}; s.intersection_update(s); print(s)
dq = collections.deque([1, 2]); dq.extend(dq); print(dq)
dq = collections.deque([1, 2]); dq.extendleft(dq); print(dq)
dq = collections.deque([1, 2], maxlen=3); dq.extend(dq); print(dq)
c = collections.Counter('abca'); c.update(c); print(sorted(c.items()))
c = collections.Counter('abca'); c.subtract(c); print(sorted(c.items()))
c = collections.Counter('abca'); c += c; print(sorted(c.items()))
od = collections.OrderedDict(a=1); od.update(od); print(od)
l = [3, 1, 2]
try:
    print(sorted(l, key=lambda v: (l.append(v), v)[1]), l)
except Exception as e:
    print(type(e).__name__, e)
l = [3, 1, 2]
try:
    l.sort(key=lambda v: (l.append(v), v)[1])
except Exception as e:
    print(type(e).__name__, e)
print(l)
l = ['a', 'b']
def g():
    for v in l:
        yield v
        if len(l) < 5:
            l.append('z')
print('-'.join(g()), l)
