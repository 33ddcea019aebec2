from queue import PriorityQueue

graph = {
    'A': {'B': 4, 'C': 2},
    'B': {'C': 5, 'D': 10},
    'C': {'E': 3},
    'D': {'F': 11},
    'E': {'D': 4},
    'F': {},
}

def dijkstra(graph, source):
    dist = {node: float('inf') for node in graph}
    prev = {node: None for node in graph}
    dist[source] = 0
    pq = PriorityQueue()
    pq.put((0, source))
    visited = set()
    while not pq.empty():
        d, node = pq.get()
        if node in visited:
            continue
        visited.add(node)
        for nb, w in graph[node].items():
            nd = d + w
            if nd < dist[nb]:
                dist[nb] = nd
                prev[nb] = node
                pq.put((nd, nb))
    return dist, prev

dist, prev = dijkstra(graph, 'A')
for node in sorted(dist):
    path, cur = [], node
    while cur is not None:
        path.append(cur)
        cur = prev[cur]
    print(f"{node}: {dist[node]:>3}  via {' -> '.join(reversed(path))}")
