# Defaults are evaluated at def time: positional ones first, then the
# keyword-only ones, each left to right.
def f(a, b=print('pos1'), c=print('pos2'), *, d=print('kw1'), e=print('kw2')):
    return (a, b, c, d, e)
print(f(1))
g = lambda x=print('lam pos'), *, y=print('lam kw'): (x, y)
print(g())
def h(*args, k=print('kw only'), m=print('kw only 2')):
    return args
print(h(1, 2))
