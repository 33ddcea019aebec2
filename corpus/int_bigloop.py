# doubling across the small/big boundary and back
x = 1
i = 0
while i < 130:
    if i % 10 == 0 or 60 <= i <= 66:
        print(i, x, -x)
    x = x * 2
    i += 1
while x > 1:
    x = x // 3
print(x)
s = 0
for k in range(1, 40):
    s = s + 3 ** k
print(s)
a, b = 0, 1
for k in range(120):
    if k in (90, 100, 119):
        print(k, a)
    a, b = b, a + b
