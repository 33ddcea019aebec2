x = 5
print(1 < x < 10, 1 < x > 10, 5 <= x <= 5, 1 < 2 < 3 < 4 < 5, 1 < 3 < 2)
print(x == 5 == 5.0, 1 == 1 != 2, 3 > 2 > 1 > 0 > -1)
def noisy(v):
    print('eval', v)
    return v
print(noisy(1) < noisy(2) < noisy(3))
print(noisy(3) < noisy(2) < noisy(1))
print(1 < 2.5 < 3, 2 ** 64 > 1.5 > -2 ** 64)
print(x in [1, 5] in [[1, 5]], x is x, x != 4)
