x = 10
def f():
    print('in f')
    x = x + 1
    return x
f()
