# Attributes set on builtin exception instances, and reassigning args.
e = ValueError("x")
e.extra = 5
print(e.extra, e)
e.args = ("changed", 1)
print(e, e.args)
class My(Exception):
    pass
m = My("a")
m.args = ("b",)
print(m, repr(m))
