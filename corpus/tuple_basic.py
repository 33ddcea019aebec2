t = (1, 2, 3)
print(t, len(t), t[0], t[-1], t[1:], t[::-1])
print((), (1,), (1, 2), ((1,),), type(()), type((1,)))
u = t + (4, 5)
print(u, t * 2, 2 * (0,))
print(2 in t, 9 in t, (1, 2) == (1, 2), (1, 2) < (1, 3), (1, 2) < (1, 2, 3), (2,) > (1, 9))
a, b, c = t
print(a, b, c)
x = 1, 2
print(x, type(x))
nested = ((1, 2), (3, (4, 5)))
print(nested, nested[1][1][0])
print((1, [2, 3]), ([],))
s = 0
for v in (10, 20, 30):
    s += v
print(s, sum((1, 2, 3)), max((4, 9, 2)), min((4, 9, 2)))
