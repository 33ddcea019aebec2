# Positional-only parameters passed by keyword: CPython 3.11's message lists
# every such name, in parameter order, inside one pair of quotes ('a, b').


def f(a, b, /, c=1, **kw):
    return a, b, c, kw


print(f(1, 2, a=3))
print(f(1, 2, b=3, c=4))


def g(a, b, /):
    return a + b


def h(a, b, /, c, *, d=0):
    return a, b, c, d


def k(first, /, *rest, **opts):
    return first, rest, opts


print(k(1, 2, first=3))
lam = lambda x, y=2, /: x * y
calls = [
    ("g(a=1, b=2)", lambda: g(a=1, b=2)),
    ("g(1, b=2)", lambda: g(1, b=2)),
    ("g(b=1, a=2)", lambda: g(b=1, a=2)),
    ("g(1, 2, z=3)", lambda: g(1, 2, z=3)),
    ("g(z=3, a=1)", lambda: g(z=3, a=1)),
    ("g(a=1, z=3)", lambda: g(a=1, z=3)),
    ("h(1, 2, 3, b=1, c=2)", lambda: h(1, 2, 3, b=1, c=2)),
    ("h(1, 2, c=3, e=4)", lambda: h(1, 2, c=3, e=4)),
    ("h(1, 2, 3, c=2, a=1)", lambda: h(1, 2, 3, c=2, a=1)),
    ("h(b=1, c=2, a=1, d=4)", lambda: h(b=1, c=2, a=1, d=4)),
    ("h(**{'a': 1, 'b': 2, 'c': 3})", lambda: h(**{"a": 1, "b": 2, "c": 3})),
    ("lam(x=1)", lambda: lam(x=1)),
    ("lam(3, y=1)", lambda: lam(3, y=1)),
]
for text, call in calls:
    try:
        print(text, "->", call())
    except TypeError as e:
        print(text, "->", e)


class C:
    def m(self, x, /):
        return x

    @staticmethod
    def s(p, q, /, r):
        return p, q, r

    @classmethod
    def c(cls, v, /):
        return v


for text, call in [
    ("C().m(x=1)", lambda: C().m(x=1)),
    ("C.s(p=1, q=2, r=3)", lambda: C.s(p=1, q=2, r=3)),
    ("C.s(1, 2, r=3)", lambda: C.s(1, 2, r=3)),
    ("C.c(v=1)", lambda: C.c(v=1)),
]:
    try:
        print(text, "->", call())
    except TypeError as e:
        print(text, "->", e)

# the last one goes uncaught: the traceback names the call
g(1, b=2)
