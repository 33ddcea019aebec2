# unpack_sequence: a loop whose body is nothing but unpacking of tuples and
# lists of ten items into names.
LOOPS = 2400000


def unpack_tuples(n):
    t = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
    s = 0
    for _ in range(n):
        a, b, c, d, e, f, g, h, i, j = t
        a, b, c, d, e, f, g, h, i, j = t
        a, b, c, d, e, f, g, h, i, j = t
        a, b, c, d, e, f, g, h, i, j = t
        a, b, c, d, e, f, g, h, i, j = t
        s += a + j
    return s


def unpack_lists(n):
    t = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    s = 0
    for _ in range(n):
        a, b, c, d, e, f, g, h, i, j = t
        a, b, c, d, e, f, g, h, i, j = t
        a, b, c, d, e, f, g, h, i, j = t
        a, b, c, d, e, f, g, h, i, j = t
        a, b, c, d, e, f, g, h, i, j = t
        s += b + i
    return s


def swaps(n):
    x, y, z = 1, 2, 3
    for _ in range(n):
        x, y, z = y, z, x
        x, y = y, x
        [x, y, z] = z, x, y
        first, *rest = x, y, z
    return x, y, z, first, rest


print(unpack_tuples(LOOPS), unpack_lists(LOOPS), swaps(LOOPS))
