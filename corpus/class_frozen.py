# An immutable value object: __setattr__ and __delattr__ refuse changes after
# __init__ (which uses object.__setattr__), with __eq__/__hash__ and a
# with_ method returning modified copies.
class Frozen:
    FIELDS = ("name", "level")
    def __init__(self, name, level):
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "level", level)
    def __setattr__(self, key, value):
        raise AttributeError(f"{type(self).__name__} is immutable (tried to set {key!r})")
    def __delattr__(self, key):
        raise AttributeError(f"{type(self).__name__} is immutable (tried to delete {key!r})")
    def with_(self, **changes):
        values = {f: getattr(self, f) for f in self.FIELDS}  # safepy: ignore[SP305]
        values.update(changes)
        return type(self)(**values)
    def __eq__(self, other):
        return type(other) is type(self) and all(getattr(self, f) == getattr(other, f) for f in self.FIELDS)  # safepy: ignore[SP305]
    def __hash__(self):
        return hash(tuple(getattr(self, f) for f in self.FIELDS))  # safepy: ignore[SP305]
    def __repr__(self):
        return f"Frozen(name={self.name!r}, level={self.level!r})"

a = Frozen("a", 1)
b = a.with_(level=2)
print(a, b, a == Frozen("a", 1), a == b, len({a, b, Frozen("a", 1)}))
for action in (lambda: setattr(a, "level", 5), lambda: delattr(a, "name")):
    try:
        action()
    except AttributeError as e:
        print("AttributeError:", e)
try:
    a.level += 1
except AttributeError as e:
    print("AttributeError:", e)
print(a.level)
