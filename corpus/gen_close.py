# close(): a just-created generator ends without running; an exception raised
# while closing propagates; yielding again after GeneratorExit is an error
def g():
    print('started')
    yield 1
x = g()
x.close()
print(next(x, 'exhausted'))
def h():
    try:
        yield 1
    finally:
        raise ValueError('in finally')
y = h()
next(y)
try:
    y.close()
except ValueError as e:
    print('propagated', e)
print(next(y, 'closed'))
def k():
    try:
        yield 1
    except GeneratorExit:
        print('cleanup')
        return
z = k()
next(z)
print(z.close(), next(z, 'closed'))
