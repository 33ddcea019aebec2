from array import array

a = array('i', [1, 2, 3])

a.extend([1, 2, 3])
class Grow:
    def __index__(self):
        a.extend([10, 11])
        return 5
a.append(Grow())
print(a)
a.insert(1, Grow())
print(a)
a.extend([Grow(), 6])
print(a)

# iterating while appending: the iterator sees the new items
b = array('h', [1, 2])
seen = []
for x in b:
    seen.append(x)
    if len(b) < 6:
        b.append(x * 10)
print(seen, b)

# a generator that changes the array it initialises from
src = array('b', [1, 2, 3])
def gen():
    for x in src:
        src.append(x + 3) if len(src) < 6 else None
        yield x
print(array('b', gen()), src)

# comparisons whose __eq__ mutates
c = array('d', [1.0, 2.0, 3.0])
class Eq:
    def __eq__(self, other):
        c.pop()
        return False
print(Eq() in c, c)
print(c.count(Eq()), c)

# a[:] = a and a += a
d = array('i', [1, 2])
d += d
d[1:1] = d
print(d)
