grid = [[0, 0, 0], [0, 0, 0], [0, 0, 0]]
for i in range(3):
    for j in range(3):
        grid[i][j] = i * 3 + j
print(grid)
for row in grid:
    print(row, sum(row), max(row), min(row))
t = [[1, 2], [3, 4]]
u = t[:]
u[0][0] = 99
print(t, u)
alias = [[0] * 2] * 2
alias[0][0] = 5
print(alias)
m = [['a', 'b'], ("c", 'd'), {'k': [1, (2, 3)]}]
print(m, len(m[2]['k']))
