print(sorted([3, 1, 2]), sorted((9, 8, 7)), sorted('hello'), sorted([]))
print(sorted([3, 1, 2], reverse=True), sorted(['b', 'A', 'a', 'B']))
print(sorted([2.5, -1, 2 ** 70, 0, True]), sorted({'b': 1, 'a': 2}))
print(sorted([[2, 1], [1, 2], [1], []]), sorted([(1, 'b'), (1, 'a'), (0, 'z')]))
lst = [5, 3, 4]
s = sorted(lst)
print(lst, s, s is lst)
for x in reversed([1, 2, 3]):
    print(x, end=' ')
print()
for x in reversed('abc'):
    print(x, end=' ')
print()
for x in reversed(range(5)):
    print(x, end=' ')
print()
for x in reversed((1, 'b')):
    print(x)
print(sorted(reversed([1, 3, 2])))
