
# sized for about a second of python3: the whole program, ROUNDS times
ROUNDS = 71
for _round in range(ROUNDS):
    def fact(n):
        r = 1
        for i in range(2, n + 1):
            r *= i
        return r
    f = fact(2000)
    # str() of more than 4300 digits raises in CPython 3.11: print it in two halves
    hi = str(f // 10 ** 3000)
    lo = str(f % 10 ** 3000)
    print(len(hi), len(lo), hi[:30], lo[-30:])
    a, b = 0, 1
    for i in range(15000):
        a, b = b, a + b
    print(a % 10 ** 20)
    x = 3 ** 3000
    print(x % 1000000007, len(str(x)))
    total = 0
    for i in range(1, 600):
        total += fact(i) // (i * i)
    print(total % 10 ** 12)
