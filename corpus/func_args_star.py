def f(a, b=2, c=3):
    return a, b, c
args = [1, 5]
kw = {"c": 9}
print(f(*args), f(*args, **kw), f(1, **{"b": 7}), f(*(4,), c=0))
print(*[1, 2, 3], sep=", ")
first, *rest = [1, 2, 3, 4]
*init, last = "abc"
a, *mid, z = range(5)
print(first, rest, init, last, a, mid, z)
(p, q), *others = [(1, 2), 3, 4]
print(p, q, others)
def counter():
    count = 0
    def inc(step=1):
        nonlocal count
        count += step
        return count
    return inc
c = counter()
print(c(), c(5), c())
def outer():
    x = 1
    def middle():
        def inner():
            return x + 1
        return inner()
    x = 41
    return middle()
print(outer())
print(list(map(str, range(3))), list(filter(lambda v: v > 1, [0, 1, 2, 3])))
print(sorted(["bb", "a", "ccc"], key=len, reverse=True), max("a", "bbb", key=len), min([3, 1, 2], default=0))
