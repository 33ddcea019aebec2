def g():
    yield 1
    1/0
for x in g():
    print(x)
