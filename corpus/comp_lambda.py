xs = [3, 1, 2]
print([x * 2 for x in xs if x > 1], {k: v for k, v in zip("abc", xs)})
print([(i, j) for i in range(3) for j in range(i)])
def f(n):
    m = 10
    return [x + m + n for x in range(n)], (lambda a, b=2: a * b + m)(3)
print(f(3))
print(sorted(xs, key=lambda v: -v), list(map(lambda s: s.upper(), ["a"])) if False else 0)
x = "outer"
print([x for x in "ab"], x)
def adders():
    return [lambda y, i=i: y + i for i in range(3)]
print([a(10) for a in adders()])
print([[j for j in range(i)] for i in range(4)])
