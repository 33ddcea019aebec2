a, b = 1, 2
print(a, b)
a, b = b, a
print(a, b)
(c, d), e = (3, 4), 5
print(c, d, e)
[f, g] = [6, 7]
print(f, g)
h, (i, (j, k)) = 1, (2, (3, 4))
print(h, i, j, k)
x = y = z = 0
print(x, y, z)
p, q, r = 'abc'
print(p, q, r)
m, n = [10, 20]
print(m, n)
a, b, c = c, a, b
print(a, b, c)
lst = [1, 2, 3]
lst[0], lst[2] = lst[2], lst[0]
print(lst)
for key, (lo, hi) in [('a', (1, 2)), ('b', (3, 4))]:
    print(key, lo, hi)
