# difffuzz families: ascii(), divmod messages and __divmod__, the call error
# counting keyword-only arguments, send() through `yield from` a non-generator,
# sequence repetition by an int past ssize_t
def t(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)

t(lambda: ascii('é\n'))
t(lambda: ascii([1, 'ü', {'ß': '\U0001f600'}]))
t(lambda: ascii(3.5))
t(lambda: divmod(1, 0.0))
t(lambda: divmod(1.5, 0))
t(lambda: divmod(1, 0))
t(lambda: divmod(7, -2.5))

class D:
    def __init__(self, v):
        self.v = v
    def __divmod__(self, o):
        return ('dm', self.v, o)
    def __rdivmod__(self, o):
        return ('rdm', o, self.v)
class E:
    pass
t(lambda: divmod(D(3), 2))
t(lambda: divmod(5, D(4)))
t(lambda: divmod(E(), 2))
t(lambda: divmod(2, E()))

def f(a, *, b): pass
def g(a, b=1, *, c=2, d=3): pass
def h(*, b): pass
t(lambda: f(1, 2))
t(lambda: g(1, 2, 3))
t(lambda: g(1, 2, 3, c=1))
t(lambda: g(1, 2, 3, 4, c=1, d=2))
t(lambda: h(1))
t(lambda: h(1, b=2))
t(lambda: f(1, 2, b=1))

def y(n):
    yield from range(n)
it = y(3)
t(lambda: next(it))
t(lambda: it.send(None))
t(lambda: it.send(5))
t(lambda: next(it))
def y2():
    r = yield from [1, 2]
    return r
it = y2()
next(it)
t(lambda: it.send(1))

x = [1]
def m():
    global x
    x *= 2**63
t(m)
print(x)
t(lambda: [1] * 2**63)
t(lambda: [1] * -2**64)
t(lambda: 'ab' * 2**63)
t(lambda: 2**63 * 'a')
t(lambda: (1,) * 2**63)
t(lambda: [] * 2**63)
t(lambda: '' * (2**63 - 1))
