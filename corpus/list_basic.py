a = [1, 2, 3]
print(a, len(a), a[0], a[-1], a[1:], a[::-1])
a[0] = 10
a[-1] = 30
print(a)
b = a + [4, 5]
print(b, a)
print([0] * 5, [1, 2] * 3, [] * 10, 3 * ['x'])
print([], [[]], [[], []], len([[]]))
print(2 in a, 10 in a, 99 not in a)
c = a
c[1] = 'changed'
print(a, c, a is c, a == c)
d = a[:]
d[0] = 'copy'
print(a, d, a is d)
print([1, 2] == [1, 2], [1, 2] != [2, 1], [1, 2] < [1, 3], [1, 2] < [1, 2, 0], [2] > [1, 9])
print(type(a), type([]))
nested = [1, [2, [3, [4, [5]]]]]
print(nested, nested[1][1][1][1][0], len(nested))
