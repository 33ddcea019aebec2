x = 10 ** 4299
print(len(str(x)))
y = 10 ** 5000
print(str(y))
