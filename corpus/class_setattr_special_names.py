# setattr()/delattr()/getattr() with special names go through the same
# hooks as the attribute syntax; the policy's escape-chain names stay refused
class Recorder:
    def __getattr__(self, name):
        print("getattr hook", name)
        return 0
    def __setattr__(self, name, value):
        print("setattr hook", name, value)
    def __delattr__(self, name):
        print("delattr hook", name)

r = Recorder()
print(getattr(r, "missing"))
setattr(r, "plain", 1)
setattr(r, "__special__", 2)
setattr(r, "__setattr__", 3)
delattr(r, "__delattr__")
print(callable(getattr(r, "__setattr__")), callable(getattr(r, "__getattr__")))

class Point:
    pass
p = Point()
setattr(p, "__tag__", "t")
print(p.__tag__, getattr(p, "__tag__"), vars(p))  # safepy: ignore[SP311]
delattr(p, "__tag__")
print(hasattr(p, "__tag__"))
setattr(Point, "__len__", lambda self: 7)
print(len(p))
setattr(Point, "__repr__", lambda self: "<Point>")
print(p, [p])
delattr(Point, "__repr__")
print(repr(p).startswith("<__main__.Point object"))
try:
    setattr(p, "__class__", 5)
except TypeError as e:
    print("TypeError", e)
