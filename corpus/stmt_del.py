c = [1, 2, 3]
del c[0]
print(c)
d = [0, 1, 2, 3, 4, 5]
del d[1:3]
print(d)
del d[-1]
print(d)
m = {'a': 1, 'b': 2, 'c': 3}
del m['b']
print(m)
m['b'] = 20
print(m)
x = 5
del x
x = 6
print(x)
