# The types builtin methods have by how they are reached (method_descriptor,
# wrapper_descriptor, method-wrapper) and object's slot wrappers called directly.
import math
for v in [(1).__add__, [].append, str.upper, int.__add__, len, math.sqrt, dict.fromkeys]:
    print(type(v).__name__, repr(v)[:60] if 'at 0x' not in repr(v) else repr(v).split(' at ')[0])
class A:
    def __init__(self, x):
        self.x = x
    def __repr__(self):
        return 'A(%r)' % self.x
    def __eq__(self, o):
        return object.__eq__(self, o)
    __hash__ = object.__hash__
a = A(1)
print(object.__repr__(a)[:20], object.__str__(a), A.__eq__(a, a), object.__ne__(a, a), object.__hash__(a) == hash(a))
object.__setattr__(a, 'y', 2); print(a.y); object.__delattr__(a, 'y'); print(hasattr(a, 'y'))
for t in [lambda: object.__eq__(a), lambda: object.__repr__(), lambda: object.__eq__(a, a, a), lambda: object.__setattr__(a, 'z'), lambda: object.__str__(a, x=1)]:
    try: t()
    except TypeError as e: print(e)
print(type(object.__repr__).__name__, type(a.__repr__).__name__, type(object().__repr__).__name__, type([].__len__).__name__, type(list.__len__).__name__)
