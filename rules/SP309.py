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
