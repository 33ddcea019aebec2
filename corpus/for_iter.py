for x in [1, 'two', 3.0, None, [5]]:
    print(repr(x))
for x in (1, 2):
    print(x)
for ch in 'héllo😀':
    print(ch, end='|')
print()
d = {'a': 1, 'b': 2, 'c': 3}
for k in d:
    print(k, d[k])
for x in []:
    print('never')
else:
    print('empty for else')
for x in [1, 2, 3]:
    if x == 2:
        continue
    print('x', x)
else:
    print('for else after continue')
for x in [1, 2, 3]:
    if x == 2:
        break
    print('y', x)
else:
    print('not printed')
lst = [1, 2, 3]
for x in lst:
    print(x)
print(x)
for i in range(3):
    pass
print(i)
