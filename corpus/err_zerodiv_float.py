x = 1.5
print(x / 2)
print(x / 0.0)
