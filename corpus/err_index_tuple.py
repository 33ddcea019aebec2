t = (1, 2)
print(t[1])
print(t[2])
