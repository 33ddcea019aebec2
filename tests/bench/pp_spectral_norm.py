# spectral_norm: the largest singular value of the infinite matrix
# a(i, j) = 1 / ((i + j)(i + j + 1) / 2 + i + 1), by power iteration on
# A^T A, truncated to N rows.
N = 430


def a(i, j):
    s = i + j
    return 1.0 / (s * (s + 1) // 2 + i + 1)


def times(v):
    n = len(v)
    return [sum(a(i, j) * v[j] for j in range(n)) for i in range(n)]


def times_transposed(v):
    n = len(v)
    return [sum(a(j, i) * v[j] for j in range(n)) for i in range(n)]


def ata(v):
    return times_transposed(times(v))


u = [1.0] * N
for _ in range(10):
    v = ata(u)
    u = ata(v)
vbv = sum(x * y for x, y in zip(u, v))
vv = sum(x * x for x in v)
print("%.9f" % ((vbv / vv) ** 0.5))
