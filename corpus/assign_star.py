first, *rest = [1, 2, 3, 4]
print(first, rest)
*init, last = 'hello'
print(init, last)
u, *mid, v = (1, 2)
print(u, mid, v)
