def f(a, b=2, c=3):
    print('a =', a, 'b =', b, 'c =', c)
    return a + b + c
print(f(1))
print(f(1, 20))
print(f(1, 20, 300))
def g(x, y=None):
    if y is None:
        y = 'default'
    return str(x) + '/' + str(y)
print(g(1), g(1, 2))
n = 5
def h(k=n * 2):
    return k
n = 100
print(h(), h(1))
