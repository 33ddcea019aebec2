# scimark: the five kernels of SciMark 2 in plain Python lists and floats:
# successive over-relaxation on a grid, a Monte-Carlo estimate of pi, a
# sparse matrix-vector product (compressed rows), LU factorisation with
# partial pivoting, and a radix-2 complex FFT forward and back.  Random
# inputs come from a seeded generator; each kernel prints a checksum.
import math
import random


def sor(n, cycles, omega, rng):
    g = [[rng.random() for _ in range(n)] for _ in range(n)]
    for _ in range(cycles):
        for i in range(1, n - 1):
            up, row, down = g[i - 1], g[i], g[i + 1]
            for j in range(1, n - 1):
                row[j] = omega * 0.25 * (up[j] + down[j] + row[j - 1] + row[j + 1]) + (1.0 - omega) * row[j]
    return sum(map(sum, g))


def monte_carlo(samples, rng):
    inside = 0
    for _ in range(samples):
        x = rng.random()
        y = rng.random()
        if x * x + y * y <= 1.0:
            inside += 1
    return 4.0 * inside / samples


def sparse_matmult(n, nz, reps, rng):
    per_row = nz // n
    row_start = [0]
    cols = []
    vals = []
    for r in range(n):
        step = max(1, r // per_row)
        for k in range(per_row):
            cols.append((k * step) % n)
            vals.append(rng.random())
        row_start.append(len(cols))
    x = [rng.random() for _ in range(n)]
    y = [0.0] * n
    for _ in range(reps):
        for r in range(n):
            s = 0.0
            for k in range(row_start[r], row_start[r + 1]):
                s += x[cols[k]] * vals[k]
            y[r] = s
    return sum(y)


def lu(n, rng):
    a = [[rng.random() for _ in range(n)] for _ in range(n)]
    pivots = []
    for j in range(n):
        p = max(range(j, n), key=lambda i: abs(a[i][j]))
        pivots.append(p)
        if p != j:
            a[p], a[j] = a[j], a[p]
        inv = 1.0 / a[j][j]
        rj = a[j]
        for i in range(j + 1, n):
            ri = a[i]
            f = ri[j] * inv
            ri[j] = f
            for k in range(j + 1, n):
                ri[k] -= f * rj[k]
    return sum(a[i][i] for i in range(n)), sum(pivots)


def fft(re, im, inverse):
    n = len(re)
    j = 0
    for i in range(1, n):
        bit = n >> 1
        while j & bit:
            j ^= bit
            bit >>= 1
        j |= bit
        if i < j:
            re[i], re[j] = re[j], re[i]
            im[i], im[j] = im[j], im[i]
    size = 2
    sign = 1.0 if inverse else -1.0
    while size <= n:
        ang = sign * 2.0 * math.pi / size
        wr, wi = math.cos(ang), math.sin(ang)
        half = size // 2
        for start in range(0, n, size):
            cr, ci = 1.0, 0.0
            for k in range(start, start + half):
                m = k + half
                tr = re[m] * cr - im[m] * ci
                ti = re[m] * ci + im[m] * cr
                re[m], im[m] = re[k] - tr, im[k] - ti
                re[k] += tr
                im[k] += ti
                cr, ci = cr * wr - ci * wi, cr * wi + ci * wr
        size *= 2
    if inverse:
        for i in range(n):
            re[i] /= n
            im[i] /= n


def fft_roundtrip(n, reps, rng):
    re = [rng.random() for _ in range(n)]
    im = [rng.random() for _ in range(n)]
    orig = re[:]
    for _ in range(reps):
        fft(re, im, False)
        fft(re, im, True)
    return max(abs(a - b) for a, b in zip(re, orig)) < 1e-9, sum(re)


rng = random.Random(101010)
print("sor %.6f" % sor(60, 200, 1.25, rng))
print("monte_carlo %.6f" % monte_carlo(2400000, rng))
print("sparse %.6f" % sparse_matmult(1000, 5000, 650, rng))
d, p = lu(150, rng)
print("lu %.6f %d" % (d, p))
ok, s = fft_roundtrip(1024, 140, rng)
print("fft", ok, "%.6f" % s)
