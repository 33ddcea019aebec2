# Objects with consistent __eq__ and __hash__ as set members and dict keys;
# default identity equality and hashing for plain classes.
class Plain:
    pass

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
print(p1 == p2, p1 == p1, p1 != p2, len({p1, p2, p1}), hash(p1) == hash(p1))
s = {Key(1, 2), Key(1, 2), Key(2, 1)}
print(len(s), Key(1, 2) in s, sorted(s, key=lambda k: (k.a, k.b)))
d = {Key(0, 0): "origin"}
d[Key(0, 0)] = "again"
print(d, d[Key(0, 0)], Key(1, 1) == (1, 1), Key(1, 1) != "x")
print(hash(Key(3, 4)) == hash((3, 4)), [Key(1, 1)].index(Key(1, 1)))
print(Key(5, 5) in [Key(5, 5)], [Key(1, 2)].count(Key(1, 2)))
