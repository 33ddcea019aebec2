# NaN identity: containment and container equality test identity first;
# each float('nan') or NaN result is a new object, copies keep it.
import math
x = float('nan')
y = float('nan')
z = x
print([x] == [x], [x] == [y], [x] == [z], x in [x], x in [y], x == x, x != x, x is z, x is y)
print((x,) == (x,), (x, 1) == (y, 1), {x: 1} == {x: 1}, {'k': x} == {'k': x}, {'k': x} == {'k': y})
print(x in {x}, y in {x}, x in (1, x), [x, y].count(x), [x, y].index(y))
print(math.nan in [math.nan], [math.nan] == [math.nan], math.nan == math.nan)
inf = float('inf')
a = inf - inf
b = inf - inf
print(a in [a], a in [b], [a] == [b], a == a)
d = {x: 'v'}
print(d[x], x in d, y in d)
l = [x, 1.0]
l.remove(x)
print(l)
def f(v):
    return v
print(f(x) in [x], [f(x)] == [x], [x + 1] == [x], [-x] == [x], [abs(x)] == [x])
print(repr(x), repr(-x), str(x), f'{x}', '%f' % x, format(-x, 'f'), hash(x) == hash(z))
print(sorted([3.0, x, 1.0]) == sorted([3.0, x, 1.0]))
print(list({x, x, y}) == [x, y] or list({x, x, y}) == [y, x], len({x, x, y}))
