def classify(n):
    if n < 0:
        return 'negative'
    elif n == 0:
        return 'zero'
    elif n < 10:
        return 'small'
    elif n < 100:
        return 'medium'
    else:
        return 'large'
for v in [-5, 0, 3, 10, 99, 100, 10 ** 20, -0.5, 0.0]:
    print(v, classify(v))
for v in [0, 1, '', 'x', [], [0], {}, None, 0.0, -1]:
    if v:
        print(repr(v), 'truthy')
    else:
        print(repr(v), 'falsy')
x = 7
if x > 5:
    if x > 6:
        print('>6')
    else:
        print('6')
if x == 1: print('one')
elif x == 7: print('seven')
