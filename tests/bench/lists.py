# list heavy code: matrix product, slicing, stacks, in-place updates

# sized for about a second of python3: the whole program, ROUNDS times
ROUNDS = 13
for _round in range(ROUNDS):
    n = 90
    A = [[(i * j) % 7 for j in range(n)] for i in range(n)]
    B = [[(i + j) % 5 for j in range(n)] for i in range(n)]
    C = [[0] * n for _ in range(n)]
    for i in range(n):
        Ai = A[i]
        Ci = C[i]
        for k in range(n):
            a = Ai[k]
            Bk = B[k]
            for j in range(n):
                Ci[j] += a * Bk[j]
    print(sum(sum(r) for r in C), C[5][7])
    stack = []
    for i in range(300000):
        stack.append(i)
        if i % 3 == 0:
            stack.pop()
    print(len(stack), stack[-1])
    xs = list(range(100000))
    total = 0
    for i in range(0, 100000, 1000):
        total += sum(xs[i:i + 500])
    ys = xs[::-1]
    ys[10:20] = [0] * 5
    print(total, len(ys), ys[:12], xs.index(99999), 5000 in xs)
    zs = [x % 97 for x in xs]
    zs.reverse()
    print(zs.count(3), zs[:5])
