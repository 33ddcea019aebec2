# Every name dir() lists for a class, an instance and functions can be read
# with getattr (code that discovers fields by walking dir() relies on it).
class C:
    def f(self): pass
c = C()
for obj in (C, c, C.f, c.f):
    bad = []
    for n in dir(obj):  # safepy: ignore[SP306]
        try:
            getattr(obj, n)  # safepy: ignore[SP305]
        except AttributeError as e:
            bad.append(n)
    print(type(obj).__name__, bad)
print(C.__lt__(c, c), c.__ge__(1), c.__eq__(c), c.__ne__(c), C.__weakref__ is None or True)
print(sorted(n for n in dir(c) if not n.startswith("_")), c.__dir__() == dir(c) or sorted(c.__dir__()) == dir(c))  # safepy: ignore[SP306]
print([].__hash__, {}.__hash__, (5).__init__(), len.__eq__(len), len.__lt__(len))
