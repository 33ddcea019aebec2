x = 0.0
for i in range(10):
    x += 0.1
    print(i, x)
y = 1.0
while y > 1e-10:
    y /= 7
    print(y)
t = 1.0
for i in range(30):
    t *= 3.3
print(t)
s = 0.0
k = 1
while k <= 1000:
    s += 1.0 / (k * k)
    k += 1
print(s)
