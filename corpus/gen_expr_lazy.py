# generator expressions: laziness, clause order, nesting, early exit, errors
log = []
def src(n, tag):
    for i in range(n):
        log.append((tag, i))
        yield i
g = (x * 10 + y for x in src(3, 'a') if x != 1 for y in src(2, 'b') if y >= 0)
print(type(g).__name__, log)
print(next(g), log)
print(list(g))
print(log)
print(next(g, 'done'))
# early exit: the inner generator's finally runs when the genexp is dropped
def fin(n):
    try:
        for i in range(n):
            yield i
    finally:
        print('fin closed')
print(any(x > 2 for x in fin(10)))
print(all(x < 5 for x in fin(3)))
# close/throw/send
g = (x for x in range(5))
print(next(g), g.send(None))
g.close()
print(list(g))
g = (x for x in range(5))
print(next(g))
try:
    g.throw(ValueError('boom'))
except ValueError as e:
    print('thrown', e)
print(list(g))
g = (x for x in range(3))
try:
    g.send(1)
except TypeError as e:
    print(e)
# re-entrance
g = (next(g) for x in range(3))
try:
    next(g)
except ValueError as e:
    print(e)
# StopIteration in the body becomes RuntimeError
it = iter([1])
g = (next(it) for x in range(3))
try:
    print(list(g))
except RuntimeError as e:
    print('RuntimeError', e)
# errors in the first iterable are raised at creation; in others, when reached
try:
    g = (x for x in 5)
except TypeError as e:
    print(e)
g = (x for x in range(2) for y in 7)
try:
    next(g)
except TypeError as e:
    print(e)
# closures and tuple targets
k = 3
print(sorted((v, key) for key, v in {'a': 2, 'b': 1}.items()))
print([f() for f in [lambda: x for x in range(3)]])
print(list((lambda: x)() for x in range(3)))
print(sum(x * k for x in range(100)), max(len(w) for w in 'a bb ccc'.split()))
print(dict((i, i * i) for i in range(4)), tuple(c for c in 'abc'), set(x % 3 for x in range(10)))
print(''.join(str(i) for i in range(10)), min((x for x in [3, 1, 2]), default=None))
nested = ((i, j) for i in range(3) for j in (k for k in range(i)))
print(list(nested))
# a genexp over a generator function, inside a generator function
def outer():
    yield from (y * 2 for y in src(3, 'c'))
print(list(outer()))
# recursion inside a genexp's element
def depth(n):
    return 0 if n == 0 else 1 + sum(depth(n - 1) for _ in range(1))
print(depth(50))
