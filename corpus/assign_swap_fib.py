a, b = 0, 1
for i in range(20):
    print(i, a)
    a, b = b, a + b
x, y = 1071, 462
while y:
    x, y = y, x % y
print('gcd', x)
d = {}
d['k'], d['j'] = 1, 2
print(d)
