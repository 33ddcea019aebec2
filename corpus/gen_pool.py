# generator functions on pooled stacks: reuse, deep recursion, close/throw
def deep(n):
    return 0 if n == 0 else 1 + deep(n - 1)
def g(n):
    yield deep(n)
    yield n
for i in range(3):
    print(list(g(900)))
def rec():
    yield rec_f()
def rec_f():
    return rec_f()
for i in range(3):
    try:
        list(rec())
    except RecursionError as e:
        print('RecursionError', e)
def nested(n):
    if n:
        yield from nested(n - 1)
    yield n
print(sum(nested(200)))
total = 0
for i in range(20000):
    def one(k):
        yield k
        yield k + 1
    for v in one(i):
        total += v
print(total)
live = [iter(g(1)) for i in range(100)]
print(sum(next(x) for x in live))
def closer():
    try:
        yield 1
        yield 2
    except GeneratorExit:
        print('GeneratorExit')
        raise
    finally:
        print('finally')
c = closer()
next(c)
c.close()
c = closer()
next(c)
try:
    c.throw(ValueError, 'v')
except ValueError as e:
    print('thrown', e)
def bad_close():
    try:
        yield 1
    finally:
        yield 2
b = bad_close()
next(b)
try:
    b.close()
except RuntimeError as e:
    print('RuntimeError', e)
def echo():
    x = None
    while True:
        x = yield x
e = echo()
next(e)
print([e.send(i) for i in range(5)])
