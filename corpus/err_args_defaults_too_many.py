def h(a, b=1):
    return a
print(h(1), h(1, 2))
h(1, 2, 3)
