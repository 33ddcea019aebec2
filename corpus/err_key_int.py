d = {1: 'one'}
print(d[1])
print(d[2])
