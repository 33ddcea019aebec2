# contextmanager objects as decorators (ContextDecorator), methods, recreation
from contextlib import contextmanager, ContextDecorator

calls = []

@contextmanager
def traced(label):
    calls.append("enter " + label)
    try:
        yield
    except ValueError:
        calls.append("handled " + label)
    finally:
        calls.append("exit " + label)

@traced("f")
def f(x, y=1):
    calls.append("body %d" % (x + y))
    return x * y

print(f(3), f(4, y=5))
print(calls)
calls.clear()

@traced("g")
def g():
    raise ValueError("in g")
print(g())
print(calls)
print(f.__name__, g.__wrapped__.__name__)

class mycontext(ContextDecorator):
    def __init__(self):
        self.n = 0
    def __enter__(self):
        self.n += 1
        print("enter", self.n)
        return self
    def __exit__(self, *exc):
        print("exit", exc[0].__name__ if exc[0] else None)
        return False

deco = mycontext()
@deco
def h(a):
    print("h", a)
    return a + 1
print(h(1))
print(h(2))
try:
    @deco
    def bad():
        raise KeyError("bad")
    bad()
except KeyError as e:
    print("KeyError", e)

class Suppressing(ContextDecorator):
    def __enter__(self):
        return self
    def __exit__(self, t, v, tb):
        return t is not None and issubclass(t, ArithmeticError)

@Suppressing()
def div(a, b):
    return a / b
print(div(6, 3), div(1, 0))

class Res:
    def __init__(self):
        self.log = []
    @contextmanager
    def using(self, what):
        self.log.append(what)
        yield self
        self.log.append("done " + what)

r = Res()
with r.using("x") as same:
    print(same is r)
print(r.log)

with mycontext() as m:
    print(type(m).__name__)

@contextmanager
def counter():
    counter.n = getattr(counter, "n", 0) + 1
    yield counter.n

@counter()
def uses():
    return "ok"
print(uses(), uses(), uses(), counter.n)
