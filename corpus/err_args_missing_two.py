def g(a, b, c):
    return a
g()
