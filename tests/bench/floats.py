
# sized for about a second of python3: the whole program, ROUNDS times
ROUNDS = 2
for _round in range(ROUNDS):
    x = 0.0
    y = 1.0
    for i in range(3000000):
        x += y / (i + 1)
        y = -y * 0.9999
    print(x, y)
    s = 0.0
    k = 1
    while k < 600000:
        s += 1.0 / (k * k)
        k += 1
    print(s)
    a = 1.5
    for i in range(300000):
        a = (a * a + 2.0) / (2.0 * a)
    print(a, f'{a:.12f}')
