# Slice assignment from every kind of source: exact lists and tuples lend
# their items (no copy), a list assigned into itself is copied first, list and
# tuple subclasses go through their own __iter__, and replaced items are
# released only once the list is whole again (a __del__ sees a whole list).
p = list(range(10))
for k in range(1, 9):
    p[:k + 1] = p[k::-1]
print(p)
a = [1, 2, 3, 4, 5]
a[1:3] = a
print(a)
a = [1, 2, 3, 4, 5, 6]
a[::2] = a[:3]
print(a)
b = [0] * 6
b[::-2] = (7, 8, 9)
print(b)
b[1:4] = ()
print(b)
b[len(b):] = ("x", "y")
print(b)
c = [1, 2, 3, 4]
c[::2] = c[1::2]
print(c)
try:
    c[::2] = [1, 2, 3]
except ValueError as e:
    print("ValueError:", e)
try:
    c[::2] = c
except ValueError as e:
    print("ValueError:", e)


class Rev(list):
    def __iter__(self):
        return reversed(list(super().__iter__()))


class Twice(tuple):
    def __iter__(self):
        for x in tuple.__iter__(self):
            yield x
            yield x


d = [0, 0, 0]
d[1:2] = Rev([1, 2, 3])
print(d)
d[:] = Twice((5, 6))
print(d)
d[::2] = Rev([9, 8])
print(d)

log = []


class Noisy:
    def __init__(self, name):
        self.name = name

    def __del__(self):
        log.append((self.name, len(e), e[0] if e else None))


e = [Noisy("n1"), Noisy("n2"), 3]
e[0:2] = (10, 20, 30)
print(e, log)
f = [[i] for i in range(4)]
g = f[1:3]
f[1:3] = g
print(f, f[1] is g[0], f[2] is g[1])
f[:] = f[::-1]
print(f)
