# In-place operators: __iadd__ mutating and returning self, fallback to
# __add__ when __iadd__ is missing, and the effect on aliases.
class Bag:
    def __init__(self, items=()):
        self.items = list(items)
    def __repr__(self):
        return f"Bag({self.items})"
    def __iadd__(self, other):
        self.items.extend(other)
        return self
    def __add__(self, other):
        return Bag(self.items + list(other))
    def __isub__(self, other):
        for x in other:
            self.items.remove(x)
        return self
    def __imul__(self, n):
        self.items = self.items * n
        return self

b = Bag([1])
alias = b
b += [2, 3]
print(b, alias, b is alias)
b -= [2]
b *= 2
print(b, alias)
c = b + [9]
print(c, b, c is b)

class Vec:
    def __init__(self, x):
        self.x = x
    def __add__(self, o):
        return Vec(self.x + o.x)
    def __repr__(self):
        return f"Vec({self.x})"

v = Vec(1)
w = v
v += Vec(5)
print(v, w, v is w)

class Wrong:
    def __iadd__(self, other):
        return "replaced"

x = Wrong()
x += 1
print(x)
items = [Bag([0])]
items[0] += [1]
print(items)
try:
    y = Vec(1)
    y -= Vec(1)
except TypeError as e:
    print("TypeError:", e)
