# Class decorators: adding methods, registering classes, and wrapping __init__
# to count instances.
def add_repr(cls):
    def __repr__(self):
        fields = ", ".join(f"{k}={getattr(self, k)!r}" for k in cls.fields)  # safepy: ignore[SP305]
        return f"{cls.__name__}({fields})"
    cls.__repr__ = __repr__
    return cls

def counted(cls):
    original = cls.__init__
    def __init__(self, *args, **kwargs):
        cls.instances += 1
        original(self, *args, **kwargs)
    cls.instances = 0
    cls.__init__ = __init__
    return cls

def with_eq(cls):
    cls.__eq__ = lambda a, b: type(a) is type(b) and all(
        getattr(a, f) == getattr(b, f) for f in cls.fields)  # safepy: ignore[SP305]
    cls.__hash__ = lambda self: hash(tuple(getattr(self, f) for f in cls.fields))  # safepy: ignore[SP305]
    return cls

@with_eq
@counted
@add_repr
class Point:
    fields = ("x", "y")
    def __init__(self, x, y):
        self.x = x
        self.y = y

p = Point(1, 2)
q = Point(1, 2)
print(p, repr(q), Point.instances)
print(p == q, p != Point(2, 1), len({p, q}))
print([Point(i, i) for i in range(2)], Point.instances)

SERIALIZERS = {}
def serializer(fmt):
    def deco(cls):
        SERIALIZERS[fmt] = cls
        cls.fmt = fmt
        return cls
    return deco

@serializer("csv")
class Csv:
    def dump(self, row):
        return ",".join(map(str, row))

@serializer("tsv")
class Tsv(Csv):
    def dump(self, row):
        return super().dump(row).replace(",", "\t")

for fmt in sorted(SERIALIZERS):
    print(fmt, repr(SERIALIZERS[fmt]().dump([1, "a", 2.5])), SERIALIZERS[fmt].fmt)
