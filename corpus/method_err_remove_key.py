d = {'a': 1}
print(d.pop('a'))
d.pop('a')
