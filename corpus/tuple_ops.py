pts = [(3, 'c'), (1, 'b'), (1, 'a'), (2, 'z'), (-1, 'y')]
print(sorted(pts), max(pts), min(pts))
t = (1, 2, 3, 4, 5)
print(t[1:4], t[::-2], t[-2:], t[:0], len(t[1:1]))
print((1, 2) + (), () + (), (0,) * 3, () * 5)
d = {}
d[(1, 2)] = 'a'
d[(1, (2, 3))] = 'b'
d[()] = 'empty'
print(d, d[()], (1, (2, 3)) in d)
a = (1, [2])
a[1][0] = 'mutated inside tuple'
print(a)
print((1, 2, 3) == (1, 2, 3), (1, 2) != (1, 2.0), (1, 'a') < (1, 'b'), () < (0,))
x = (5)
y = (5,)
print(x, y, type(x), type(y))
for a, b in ((1, 2), (3, 4)):
    print(a * b)
