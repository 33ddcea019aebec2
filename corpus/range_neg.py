cases = [(0,), (5,), (-5,), (2, 9), (9, 2), (-3, 3), (3, -3), (0, 10, 3), (10, 0, -3), (-10, 10, 7), (10, -10, -7), (5, 5, 1), (5, 5, -1), (0, 1, 100), (1, 0, -100)]
for c in cases:
    out = []
    if len(c) == 1:
        r = range(c[0])
    elif len(c) == 2:
        r = range(c[0], c[1])
    else:
        r = range(c[0], c[1], c[2])
    for v in r:
        out += [v]
    print(c, r, len(r), out)
r = range(-2 ** 70, 2 ** 70, 2 ** 68)
print(len(r), r[0], r[-1], 0 in r, 1 in r)
