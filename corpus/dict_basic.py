d = {'a': 1, 'b': 2, 'c': 3}
print(d, len(d), d['a'], d['c'])
d['d'] = 4
d['a'] = 100
print(d)
print('a' in d, 'z' in d, 1 in d, 'z' not in d)
e = {}
print(e, len(e), type(e))
e[1] = 'one'
e[2.5] = 'two and a half'
e[(1, 2)] = 'tuple'
e['s'] = [1, 2]
e[None] = None
e[True] = 'true overwrites 1'
print(e)
print(e[1], e[(1, 2)], e[2.5])
print({1: 'a', 1.0: 'b'}, {0: 'x', False: 'y'})
print({'x': 1} == {'x': 1}, {'x': 1, 'y': 2} == {'y': 2, 'x': 1}, {'x': 1} != {'x': 2})
