def f(a, b=1, /, c=2, *args, d, e=3, **kw):
    return a, b, c, args, d, e, kw
print(f(1, d=4), f(1, 2, 3, 4, 5, d=6, e=7, z=8), f(1, c=9, d=0, a=5))
def g(*, x, y=2):
    return x + y
print(g(x=1), g(y=5, x=1))
def h(*args, **kwargs):
    return args, kwargs
print(h(), h(1, 2, k=3), h(*[1, 2], **{"a": 1}))
s = lambda *a, sep="-", **k: sep.join(map(str, a)) + str(sorted(k))
print(s(1, 2, 3), s(1, sep="+", q=1))
def total(*nums):
    t = 0
    for n in nums:
        t += n
    return t
print(total(), total(1, 2, 3), total(*range(10)))
for call in ["f(1)", "g()", "g(1)", "f(1, 2, d=1, b=3)", "h2(1)"]:
    try:
        if call == "f(1)":
            f(1)
        elif call == "g()":
            g()
        elif call == "g(1)":
            g(1)
        elif call == "f(1, 2, d=1, b=3)":
            f(1, 2, d=1, b=3)
    except TypeError as e:
        print(e)
def two(a, b):
    return a + b
try:
    two(1, 2, 3)
except TypeError as e:
    print(e)
