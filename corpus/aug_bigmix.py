x = 1
for i in range(1, 25):
    x *= i
    x -= i * 1000
    print(i, x)
x //= 10 ** 10
print(x)
x %= 12345
print(x)
x = -(10 ** 30)
x //= 7
print(x)
x **= 2
print(x)
x //= -(10 ** 50)
print(x)
s = 'ab'
s *= 0
print(repr(s))
lst = [0]
lst *= 3
lst += 'xy'
print(lst)
f = 10
f /= 4
print(f, type(f))
f //= 0.3
print(f)
