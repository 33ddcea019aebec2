# Rule test for SP309 (function and code construction).
# ruleid: SP309
f = type(lambda: 0)(code, {})
# ruleid: SP309
g = type((lambda: 0))(c, globals_)
# ruleid: SP309
g = type(x for x in [])(frame)
# ok: SP309
clone = type(self)(1, 2)
# ok: SP309
t = type(lambda: 0)
# ok: SP309
n = type(f(a, b))(1)
# ok: SP309
def f():
    return 1
# ruleid: SP309
h = type(f)(code, g)
# ok: SP309
k = lambda: 0
# ruleid: SP309
m = type(k)(code, {})
# ok: SP309
n = type(point)(3, 4)
# ok: SP309
print(type(f), type(k).__name__)
