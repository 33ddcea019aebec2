from queue import PriorityQueue

graph = {
    "A": [("B", 7), ("C", 9), ("F", 14)],
    "B": [("A", 7), ("C", 10), ("D", 15)],
    "C": [("A", 9), ("B", 10), ("D", 11), ("F", 2)],
    "D": [("B", 15), ("C", 11), ("E", 6)],
    "E": [("D", 6), ("F", 9)],
    "F": [("A", 14), ("C", 2), ("E", 9)],
    "G": [],
}

def dijkstra(src):
    dist = {node: float("inf") for node in graph}
    prev = {node: None for node in graph}
    dist[src] = 0
    pq = PriorityQueue()
    pq.put((0, src))
    pops = 0
    while not pq.empty():
        d, u = pq.get()
        pops += 1
        if d > dist[u]:
            continue
        for v, w in graph[u]:
            nd = d + w
            if nd < dist[v]:
                dist[v] = nd
                prev[v] = u
                pq.put((nd, v))
    return dist, prev, pops

def route(prev, target):
    out = []
    while target is not None:
        out.append(target)
        target = prev[target]
    return "->".join(reversed(out))

dist, prev, pops = dijkstra("A")
print("pops:", pops)
for node in sorted(graph):
    d = dist[node]
    if d == float("inf"):
        print(f"{node}: unreachable ({d})")
    else:
        print(f"{node}: {d:>3} via {route(prev, node)}")

total = sum(d for d in dist.values() if d != float("inf"))
print("total reachable distance:", total)
dist2, _, pops2 = dijkstra("E")
print("from E:", sorted(dist2.items()), pops2)
