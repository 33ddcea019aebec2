db = {'users': {'alice': {'age': 30, 'tags': ['admin', 'dev']}, 'bob': {'age': 25, 'tags': []}}}
print(db)
print(db['users']['alice']['tags'][1])
db['users']['bob']['tags'] += ['ops']
db['users']['carol'] = {'age': 41, 'tags': ('x',)}
print(db['users'])
print(len(db['users']), 'carol' in db['users'])
m = {(0, 0): 'origin', (1, 0): 'east'}
print(m[(0, 0)], m[1, 0])
inv = {}
for k in {'a': 1, 'b': 2, 'c': 1}:
    print(k)
grid = {}
for i in range(3):
    grid[i] = {}
    for j in range(3):
        grid[i][j] = i * j
print(grid)
