y = 1
print(y)
print(x)
