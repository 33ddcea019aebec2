from collections import deque, Counter, OrderedDict
def mk(kind, n):
    x = kind()
    for i in range(n): x = kind(x)
    return x
def nest(n, f):
    x = f(None)
    for i in range(n): x = f(x)
    return x
kinds = {
 'list': lambda x: [x], 'tuple': lambda x: (x,), 'dict': lambda x: {1: x},
 'fs': lambda x: frozenset([x]) if x is not None else frozenset(),
 'deque': lambda x: deque([x]), 'od': lambda x: OrderedDict(a=x),
}
for n in (400, 990, 1200):
    for k, f in kinds.items():
        x = nest(n, f); y = nest(n, f)
        for name, op in (('repr', lambda: len(repr(x))), ('eq', lambda: x == y), ('str', lambda: len(str(x)))):
            try: r = op()
            except RecursionError as e: r = 'RecursionError: ' + str(e)
            except TypeError as e: r = 'TypeError: ' + str(e)
            print(n, k, name, r)
