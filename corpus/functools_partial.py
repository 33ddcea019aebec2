from functools import partial
def f(a, b, c=0, *, d=1):
    return (a, b, c, d)
p = partial(f, 1, d=4)
print(p(2), p(2, 3), p(2, d=9))
print(p.func is f, p.args, p.keywords)
q = partial(p, 2, c=7)
print(q.func is f, q.args, q.keywords, q())
print(partial(int, base=2)("101"))
b = partial(max, 3)
print(b(1), b(5, 9))
print(type(p).__name__, isinstance(q, partial))
print(repr(partial(max, 1, 2, key=abs)) == "functools.partial(<built-in function max>, 1, 2, key=abs)")
print(repr(partial(max)))
try:
    partial()
except TypeError as e:
    print("TypeError:", e)
try:
    partial(5)
except TypeError as e:
    print("TypeError:", e)
try:
    p.func = len
except AttributeError as e:
    print("AttributeError")
p.attr = 5
print(p.attr)
r = partial(p, 2)
print(r.func is p, r.args)
print(partial(f, 1)(2, c=3, d=5))
try:
    partial(f)(1)
except TypeError as e:
    print("TypeError:", e)
