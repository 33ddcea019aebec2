x = 7
print(x % 2)
print(x % 0)
