print(10 ** 308 / 1)
print(10 ** 400 / 1)
