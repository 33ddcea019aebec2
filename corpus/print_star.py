print(*[1, 2, 3])
print(*'abc', sep='-')
print(*(), end='|\n')
print(0, *[1, 2], 3)
