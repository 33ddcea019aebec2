def matmul(a, b):
    n = len(a)
    m = len(b[0])
    k = len(b)
    out = []
    for i in range(n):
        row = []
        for j in range(m):
            s = 0
            for t in range(k):
                s += a[i][t] * b[t][j]
            row += [s]
        out += [row]
    return out
a = [[1, 2], [3, 4]]
r = [[1, 0], [0, 1]]
for step in range(8):
    r = matmul(r, a)
    print(step, r)
f = [[1, 1], [1, 0]]
p = [[1, 0], [0, 1]]
for step in range(100):
    p = matmul(p, f)
print(p)
