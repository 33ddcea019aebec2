# defaultdict.default_factory is writable and deletable, as CPython's member
import collections
d = collections.defaultdict(list)
d.default_factory = lambda: 5
print(d[1], d.default_factory is not None)
d.default_factory = None
try: d[2]
except KeyError as e: print("KeyError", e)
d.default_factory = 7
try: d[3]
except TypeError as e: print("TypeError", e)
del d.default_factory
print(d.default_factory)
class D(collections.defaultdict):
    pass
e = D(int)
e.default_factory = str
print(repr(e[1]), e.default_factory, hasattr(e, "x"))
print(d)
