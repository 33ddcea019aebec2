def count(n):
    i = 0
    while i < n:
        yield i
        i += 1
    return "done"
print(list(count(5)), sum(x * x for x in range(10)), any(x > 3 for x in count(100)))
g = count(3)
print(next(g), next(g), next(g))
try:
    next(g)
except StopIteration as e:
    print("stop", e.args)
def echo():
    total = 0
    while True:
        x = yield total
        if x is None:
            break
        total += x
e = echo()
print(next(e), e.send(5), e.send(10))
def inner():
    yield 1
    yield 2
    return 3
def outer():
    r = yield from inner()
    yield r
    yield from [7, 8]
print(list(outer()))
def naturals():
    n = 0
    while True:
        yield n
        n += 1
def take(it, k):
    out = []
    for x in it:
        if len(out) == k:
            break
        out.append(x)
    return out
print(take(naturals(), 5), ",".join(str(x) for x in range(4)))
def fin():
    try:
        yield 1
        yield 2
    finally:
        print("cleanup")
for v in fin():
    print("got", v)
    break
print("after")
def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b
f = fib()
print([next(f) for _ in range(15)])
gen = (c.upper() for c in "abc")
print(type(gen), list(gen), list(gen))
def tree(d):
    if d == 0:
        yield "leaf"
        return
    for sub in (d - 1, d - 1):
        yield from tree(sub)
print(len(list(tree(8))))
