for i, ch in enumerate('abc'):
    print(i, ch)
for i, v in enumerate([10, 20, 30], 1):
    print(i, v)
for i, v in enumerate(['x', 'y'], start=-5):
    print(i, v)
for a, b in zip([1, 2, 3], 'xyz'):
    print(a, b)
for a, b in zip([1, 2, 3, 4], (5, 6)):
    print(a, b)
for a, b, c in zip('ab', 'cd', 'ef'):
    print(a + b + c)
for t in zip([1], [2]):
    print(t)
for t in zip():
    print('never')
for i, (a, b) in enumerate(zip('pq', 'rs')):
    print(i, a, b)
d = {'k1': 1, 'k2': 2}
for i, k in enumerate(d):
    print(i, k, d[k])
