# Reference cycles of every container kind, dropped in loops: the results
# must be as CPython's while the collector frees the cycles behind them.
class Node:
    def __init__(self, v, parent=None):
        self.v = v
        self.parent = parent
        self.children = []
        if parent is not None:
            parent.children.append(self)

    def depth(self):
        d, n = 0, self
        while n.parent is not None:
            d, n = d + 1, n.parent
        return d

def build(width):
    root = Node(0)
    for i in range(width):
        c = Node(i, root)
        Node(i * 10, c)
    return root

total = 0
for k in range(20000):
    r = build(3)
    total += sum(c.v for c in r.children) + r.children[-1].children[0].depth()
    l = [k]
    l.append(l)
    d = {"k": k}
    d["self"] = d
    t = ([],)
    t[0].append(t)
    m = r.depth  # a bound method holding the tree
    r.keep = m
print(total)

class Graph:
    def __init__(self):
        self.nodes = {}
    def add(self, a, b):
        self.nodes.setdefault(a, set()).add(b)
        self.nodes.setdefault(b, set()).add(a)
g = Graph()
for i in range(100):
    g.add(i, (i * 7) % 100)
print(len(g.nodes), sorted(g.nodes[0]))
