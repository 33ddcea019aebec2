# Rule test for SP308 (three-argument type()).
# ruleid: SP308
C = type("C", (object,), {})
# ruleid: SP308
X = type(name, bases, ns)
# ok: SP308
t = type(x)
# ok: SP308
ok = type(x) is int
# ok: SP308
f(a, b, c)


def make(type, name):
    # ok: SP308
    return type(name, (), {})
