# A class namespace with a key whose __hash__ empties the namespace while
# the class is being made (type(name, bases, ns) copies it).
class K2:
    armed = False
    def __hash__(s):
        if K2.armed:
            ns2.clear()
        return 5
    def __eq__(s, o):
        return s is o
ns2 = {"a": 1, "b": 2}
key = K2()
ns2[key] = 3
K2.armed = True
T = type("T", (), ns2)  # safepy: ignore[SP308]
print(sorted(k for k in vars(T) if isinstance(k, str) and not k.startswith("__")))  # safepy: ignore[SP311]
print(T.a, T.b, vars(T)[key], len(ns2) in (0, 3))  # safepy: ignore[SP311]

class D:
    def __set_name__(s, owner, name):
        for k in [k for k in vars(owner) if k.startswith("x")]:  # safepy: ignore[SP311]
            delattr(owner, k)  # safepy: ignore[SP305]
        setattr(owner, "new_" + name, 1)  # safepy: ignore[SP305]
class A:
    x1 = D(); x2 = D(); x3 = D()
    def m(self):
        return __class__.__name__
print(sorted(k for k in vars(A) if not k.startswith("__")), A().m())  # safepy: ignore[SP311]
