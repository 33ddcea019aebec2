print(2 ** 100 // 3)
print(2 ** 100 // 0)
