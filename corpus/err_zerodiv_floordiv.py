x = 7
print(x // 1)
print(x // 0)
