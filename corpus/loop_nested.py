for i in range(1, 10):
    line = ''
    for j in range(1, 10):
        line += str(i * j) + ' '
    print(line)
found = None
for a in range(1, 30):
    for b in range(a, 30):
        for c in range(b, 30):
            if a * a + b * b == c * c:
                print('triple', a, b, c)
primes = []
n = 2
while len(primes) < 25:
    is_p = True
    d = 2
    while d * d <= n:
        if n % d == 0:
            is_p = False
            break
        d += 1
    if is_p:
        primes += [n]
    n += 1
print(primes)
for i in range(3):
    for j in range(3):
        if j == i:
            continue
        if i + j > 3:
            break
        print(i, j)
