x = 5
print(x)
print(x[0])
