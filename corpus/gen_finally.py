def gen():
    try:
        while True:
            yield 1
    finally:
        print("never printed at teardown?")
g = gen()
next(g)
gens = [gen() for _ in range(3)]
for x in gens:
    next(x)
def bad():
    yield 1
    raise ValueError("inside")
try:
    list(bad())
except ValueError as e:
    print("caught", e)
def deep(n):
    if n == 0:
        yield 0
        return
    yield from deep(n - 1)
print(list(deep(50)))
def rec(n):
    return 0 if n == 0 else 1 + rec(n - 1)
def g3():
    yield rec(150)
print(list(g3()))
