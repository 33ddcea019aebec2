# yield from (PEP 380): throw() and close() reach the delegate first; sent
# values go to a delegate's send(); a delegate's StopIteration value is the result
def leaf():
    try:
        yield 1
        yield 2
    except ValueError as e:
        print("leaf caught", repr(e))
        yield "from leaf"
    finally:
        print("leaf finally")
    return "leaf done"

def mid():
    r = yield from leaf()
    print("mid got", r)
    yield "mid after"

g = mid()
print(next(g))
print(g.throw(ValueError("x")))
print(next(g))
print(next(g, "end"))

g = mid()
print(next(g))
g.close()
print("closed", list(g))

class Duck:
    def __init__(self):
        self.n = 0
    def __iter__(self):
        return self
    def __next__(self):
        self.n += 1
        if self.n > 3:
            raise StopIteration("duck result")
        return self.n
    def send(self, v):
        return "sent %r" % (v,)
    def throw(self, *args):
        print("duck throw", args)
        raise StopIteration("thrown away")
    def close(self):
        print("duck close")

def outer():
    r = yield from Duck()
    print("outer got", r)
    return r

g = outer()
print(next(g), g.send(10), next(g), next(g))
try:
    next(g)
except StopIteration as e:
    print("stop", e.value)

g = outer()
next(g)
try:
    g.throw(KeyError, "k")
except StopIteration as e:
    print("stop after throw", e.value)
g = outer()
next(g)
g.close()

class Plain:
    def __iter__(self):
        return self
    def __next__(self):
        return 0

def p():
    try:
        yield from Plain()
    except ZeroDivisionError:
        print("p caught")
        yield "p"

g = p()
print(next(g), g.throw(ZeroDivisionError))

def q():
    yield from Plain()

g = q()
next(g)
try:
    g.send(1)
except AttributeError as e:
    print(e)

def f(x):
    if x < 3:
        return x
    raise StopIteration(444)

def via_map():
    print((yield from map(f, range(100))))

print(list(via_map()))

def ret():
    try:
        yield 1
    except ValueError:
        return 5

g = ret()
next(g)
try:
    g.throw(ValueError)
except StopIteration as e:
    print("returned", e.value)

def ge():
    try:
        yield 1
    except GeneratorExit as e:
        print("GeneratorExit", e.args)
    yield 2

g = ge()
next(g)
print(g.throw(GeneratorExit, GeneratorExit(7)))
g = ge()
next(g)
try:
    g.throw(GeneratorExit(), 1)
except TypeError as e:
    print(e)
try:
    g.throw(5)
except TypeError as e:
    print(e)
