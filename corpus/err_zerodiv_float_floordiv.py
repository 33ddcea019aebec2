x = 1.5
print(x // 1)
print(x // 0.0)
