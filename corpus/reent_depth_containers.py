# Recursion through C (repr, str, comparison, formatting) is bounded by the
# depth limit and raises RecursionError with CPython's message; the program
# goes on afterwards.
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
    except Exception as e:
        print(name, 'other', type(e).__name__, e)


L = nest(5000, lambda x: [x], [])
L2 = nest(5000, lambda x: [x], [])
T = nest(5000, lambda x: (x,), ())
T2 = nest(5000, lambda x: (x,), ())
D = nest(5000, lambda x: {'a': x}, {})
D2 = nest(5000, lambda x: {'a': x}, {})
t('repr list', lambda: repr(L))
t('str list', lambda: str(L))
t('eq list', lambda: L == L2)
t('ne list', lambda: L != L2)
t('lt list', lambda: L < L2)
t('hash list', lambda: hash(L))
t('repr tuple', lambda: repr(T))
t('str tuple', lambda: str(T))
t('eq tuple', lambda: T == T2)
t('le tuple', lambda: T <= T2)
t('hash tuple', lambda: hash(T) == hash(T2))
t('tuple in set', lambda: T in {T2})
t('repr dict', lambda: repr(D))
t('eq dict', lambda: D == D2)
t('sorted', lambda: sorted([L, L2]))
t('max', lambda: max([L, L2]))
t('in', lambda: L in [L2])
t('count', lambda: [L2].count(L))
t('index', lambda: [L2].index(L))
t('percent', lambda: '%s' % (L,))
t('fstring', lambda: f'{L}')
t('format', lambda: format(L))
t('print', lambda: print(L))
F = nest(5000, lambda x: frozenset([x]), frozenset())
t('hash frozenset', lambda: hash(F))
t('repr frozenset', lambda: repr(F))
t('isinstance', lambda: isinstance(1, nest(5000, lambda x: (x,), int)))
t('issubclass', lambda: issubclass(int, nest(5000, lambda x: (x,), int)))
t('isinstance shallow', lambda: isinstance(1, nest(50, lambda x: (x,), int)))
t('repr shallow', lambda: len(repr(nest(200, lambda x: [x], []))))
t('eq shallow', lambda: nest(200, lambda x: [x], []) == nest(200, lambda x: [x], []))
print('done')
