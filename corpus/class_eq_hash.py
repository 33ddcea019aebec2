# __eq__ without __hash__ makes instances unhashable; __hash__ consistent with
# __eq__ makes them usable in sets and dict keys; default identity hashing.
class Plain:
    pass

class EqOnly:
    def __init__(self, v):
        self.v = v
    def __eq__(self, other):
        return isinstance(other, EqOnly) and self.v == other.v

class Key:
    def __init__(self, a, b):
        self.a, self.b = a, b
    def __eq__(self, other):
        if not isinstance(other, Key):
            return NotImplemented
        return (self.a, self.b) == (other.a, other.b)
    def __hash__(self):
        return hash((self.a, self.b))
    def __repr__(self):
        return f"Key({self.a}, {self.b})"

p1, p2 = Plain(), Plain()
print(p1 == p2, p1 == p1, p1 != p2, len({p1, p2, p1}))
print(EqOnly(1) == EqOnly(1), EqOnly(1) != EqOnly(2), EqOnly.__hash__ is None)
try:
    hash(EqOnly(1))
except TypeError as e:
    print("TypeError:", e)
try:
    {EqOnly(1): "x"}
except TypeError as e:
    print("TypeError:", e)
s = {Key(1, 2), Key(1, 2), Key(2, 1)}
print(len(s), Key(1, 2) in s, sorted(s, key=lambda k: (k.a, k.b)))
d = {Key(0, 0): "origin"}
print(d[Key(0, 0)], Key(1, 1) == (1, 1), Key(1, 1) != "x")

class Child(Key):
    def __eq__(self, other):
        return True

try:
    hash(Child(1, 1))
except TypeError as e:
    print("TypeError:", e)

class Keep(Key):
    def __eq__(self, other):
        return True
    __hash__ = Key.__hash__

print(hash(Keep(1, 2)) == hash((1, 2)))
