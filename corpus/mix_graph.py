# A graph class: adjacency sets, BFS shortest path, DFS with recursion,
# cycle detection in a directed graph, topological sort with a custom
# CycleError, and iteration over edges.
class CycleError(ValueError):
    def __init__(self, node):
        super().__init__(f"cycle through {node!r}")
        self.node = node

class Graph:
    def __init__(self, directed=False):
        self.adj = {}
        self.directed = directed
    def add(self, a, b):
        self.adj.setdefault(a, []).append(b)
        self.adj.setdefault(b, [])
        if not self.directed:
            self.adj[b].append(a)
        return self
    def __iter__(self):
        for a in sorted(self.adj):
            for b in sorted(self.adj[a]):
                if self.directed or a < b:
                    yield a, b
    def __len__(self):
        return len(self.adj)
    def path(self, start, goal):
        prev, frontier = {start: None}, [start]
        while frontier:
            nxt = []
            for node in frontier:
                for n in sorted(self.adj[node]):
                    if n not in prev:
                        prev[n] = node
                        nxt.append(n)
            frontier = nxt
        if goal not in prev:
            return None
        out = [goal]
        while prev[out[-1]] is not None:
            out.append(prev[out[-1]])
        return out[::-1]
    def toposort(self):
        state, order = {}, []
        def visit(n):
            if state.get(n) == "open":
                raise CycleError(n)
            if n not in state:
                state[n] = "open"
                for m in sorted(self.adj[n]):
                    visit(m)
                state[n] = "done"
                order.append(n)
        for n in sorted(self.adj):
            visit(n)
        return order[::-1]

g = Graph()
for a, b in [("a", "b"), ("b", "c"), ("a", "d"), ("d", "e"), ("e", "c"), ("x", "y")]:
    g.add(a, b)
print(len(g), list(g))
print(g.path("a", "c"), g.path("c", "d"), g.path("a", "y"))
dag = Graph(directed=True)
for a, b in [("shirt", "tie"), ("tie", "jacket"), ("pants", "shoes"), ("pants", "belt"), ("belt", "jacket")]:
    dag.add(a, b)
print(dag.toposort())
dag.add("jacket", "shirt")
try:
    dag.toposort()
except CycleError as e:
    print("CycleError:", e, e.node, isinstance(e, ValueError))
