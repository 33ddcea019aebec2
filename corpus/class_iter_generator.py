# __iter__ written as a generator function: each iteration gets a fresh
# generator; yield from delegates to children.
class Tree:
    def __init__(self, value, *children):
        self.value = value
        self.children = list(children)
    def __iter__(self):
        yield self.value
        for child in self.children:
            yield from child
    def leaves(self):
        if not self.children:
            yield self.value
        for child in self.children:
            yield from child.leaves()
    def depth_first(self, depth=0):
        yield depth, self.value
        for child in self.children:
            yield from child.depth_first(depth + 1)

t = Tree(1, Tree(2, Tree(4), Tree(5)), Tree(3, Tree(6)))
print(list(t))
print(list(t.leaves()))
for d, v in t.depth_first():
    print("  " * d + str(v))
print(sum(t), 5 in t, 7 in t)
g1, g2 = iter(t), iter(t)
print(next(g1), next(g1), next(g2))
print(type(iter(t)).__name__)

class Pairs:
    def __init__(self, data):
        self.data = data
    def __iter__(self):
        for i in range(0, len(self.data) - 1, 2):
            yield self.data[i], self.data[i + 1]

print(dict(Pairs(["a", 1, "b", 2, "c"])))
