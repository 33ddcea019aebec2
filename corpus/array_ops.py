from array import array
import copy

a = array('i', [1, 2, 3])
b = array('i', [4, 5])
print(a + b, a * 2, 2 * a, a * 0, a * -1, b * 3)
c = a
c += b
print(a, c is a)
c *= 2
print(a, c is a)
print(array('i', [1, 2]) == array('d', [1.0, 2.0]), array('b', [1, 2]) != array('b', [1, 2]))
print(array('i', [1, 2]) < array('i', [1, 3]), array('i', [1, 2]) < array('i', [1, 2, 0]), array('i', [2]) > array('i', [1, 9]))
print(array('i', [1, 2]) <= array('i', [1, 2]), array('i', [1, 2]) >= array('i', [1, 3]), array('i') < array('i', [0]))
print(array('i', [1]) == [1], array('u', 'ab') == array('u', 'ab'), array('d', [float('nan')]) == array('d', [float('nan')]))
print(3 in a, 99 in a, 'x' in a, 2.0 in a)
print([x * 10 for x in array('h', [1, 2, 3])], list(iter(array('d', [0.5]))), type(iter(array('i'))).__name__)
it = iter(array('b', [1, 2]))
print(next(it), next(it), next(it, 'end'))
d = copy.copy(a)
e = copy.deepcopy(a)
d[0] = 100
print(a[0], d[0], e == a, d is a, type(d).__name__)
for other in ([1], 'x', 1.5, array('b', [1])):
    try:
        print(a + other)
    except TypeError as err:
        print('TypeError:', err)
    try:
        print(a * other)
    except TypeError as err:
        print('TypeError:', err)
try:
    a += [1]
except TypeError as err:
    print('TypeError:', err)
try:
    a += array('d', [1.0])
except TypeError as err:
    print('TypeError:', err)
try:
    array('i') < [1]
except TypeError as err:
    print('TypeError:', err)
try:
    hash(a)
except TypeError as err:
    print('TypeError:', err)
print(bool(array('i')), bool(array('i', [0])), len(array('u', 'hello')))

class Vec(array):
    def norm2(self):
        return sum(x * x for x in self)
v = Vec('d', [3.0, 4.0])
print(v, v.norm2(), type(v + v).__name__, isinstance(v, array), v[0:1], v * 2)
v.append(12.0)
v.label = 'v'
print(v, v.norm2(), v.label, len(v))
