# Recursion through user dunders and through a ChainMap that holds itself
# ends with RecursionError, as in CPython, never with a C stack overflow.
import collections


def nest(n, f, x):
    for i in range(n):
        x = f(x)
    return x


def t(name, fn):
    try:
        r = fn()
        print(name, 'ok', type(r).__name__)
    except RecursionError as e:
        print(name, type(e).__name__, e)


class E:
    def __init__(self, other):
        self.other = other

    def __eq__(self, o):
        return self.other == o.other


class R:
    def __init__(self, other):
        self.other = other

    def __repr__(self):
        return 'R(' + repr(self.other) + ')'


class Lt:
    def __init__(self, other):
        self.other = other

    def __lt__(self, o):
        return self.other < o.other


class H:
    def __init__(self, other):
        self.other = other

    def __hash__(self):
        return hash(self.other)


t('user eq', lambda: nest(5000, E, 1) == nest(5000, E, 1))
t('user repr', lambda: repr(nest(5000, R, 1)))
t('user repr in list', lambda: repr([nest(5000, R, 1)]))
t('user lt', lambda: nest(5000, Lt, 1) < nest(5000, Lt, 2))
t('user lt min', lambda: min(nest(5000, Lt, 1), nest(5000, Lt, 2)))
t('user hash', lambda: hash(nest(5000, H, 1)))
t('user eq shallow', lambda: nest(50, E, 1) == nest(50, E, 1))
c = collections.ChainMap({})
c.maps.append(c)
t('chainmap getitem', lambda: c[1])
t('chainmap get', lambda: c.get(1))
t('chainmap in', lambda: 1 in c)
c.maps.pop()


def f(n):
    return f(n + 1)


t('plain', lambda: f(0))
print('done')
