# Mixins adding behaviour to unrelated classes: a comparison mixin driven by
# a key() method, a repr mixin listing chosen fields, and a JSON-ish dump.
class OrderedByKey:
    def __eq__(self, other):
        return type(self) is type(other) and self.key() == other.key()
    def __lt__(self, other):
        return self.key() < other.key()
    def __le__(self, other):
        return self.key() <= other.key()
    def __gt__(self, other):
        return self.key() > other.key()
    def __ge__(self, other):
        return self.key() >= other.key()
    def __hash__(self):
        return hash(self.key())

class ReprMixin:
    repr_fields = ()
    def __repr__(self):
        inner = ", ".join(f"{f}={getattr(self, f)!r}" for f in self.repr_fields)  # safepy: ignore[SP305]
        return f"{type(self).__name__}({inner})"

class DumpMixin:
    def dump(self):
        parts = []
        for f in self.repr_fields:
            v = getattr(self, f)  # safepy: ignore[SP305]
            parts.append(f'"{f}": ' + (f'"{v}"' if isinstance(v, str) else str(v)))
        return "{" + ", ".join(parts) + "}"

class Version(OrderedByKey, ReprMixin):
    repr_fields = ("major", "minor")
    def __init__(self, major, minor):
        self.major, self.minor = major, minor
    def key(self):
        return (self.major, self.minor)

class Player(ReprMixin, DumpMixin, OrderedByKey):
    repr_fields = ("name", "score")
    def __init__(self, name, score):
        self.name, self.score = name, score
    def key(self):
        return (-self.score, self.name)

vs = [Version(1, 10), Version(1, 2), Version(0, 9)]
print(sorted(vs), max(vs), Version(1, 2) == Version(1, 2), Version(2, 0) >= Version(1, 99))
ps = [Player("cy", 50), Player("ann", 70), Player("bob", 50)]
print(sorted(ps))
print([p.dump() for p in sorted(ps)][0], len({Player("x", 1), Player("x", 1)}))
print(Version(1, 0) == Player("a", 1), isinstance(ps[0], OrderedByKey))
