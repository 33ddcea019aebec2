# Class attributes versus instance attributes: shadowing, mutation of a
# shared mutable class attribute, and deletion revealing the class value.
class Counter:
    count = 0
    tags = []
    kind = "plain"

    def __init__(self, name):
        self.name = name
        Counter.count += 1

    def tag(self, t):
        self.tags.append(t)

a = Counter("a")
b = Counter("b")
print(Counter.count, a.count, b.count)
a.count = 100
print(Counter.count, a.count, b.count)
del a.count
print(a.count)
a.tag("x")
b.tag("y")
print(Counter.tags, a.tags is b.tags)
b.tags = ["own"]
print(Counter.tags, b.tags)
print(a.kind, b.kind)
Counter.kind = "changed"
print(a.kind, b.kind)
b.kind = "mine"
Counter.kind = "again"
print(a.kind, b.kind, Counter.kind)
print(hasattr(a, "name"), hasattr(Counter, "name"))
try:
    print(Counter.name)
except AttributeError as e:
    print("AttributeError:", e)
try:
    del a.kind
except AttributeError as e:
    print("AttributeError:", e)
