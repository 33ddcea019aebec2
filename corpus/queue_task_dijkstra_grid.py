from queue import PriorityQueue

GRID = """
1 3 1 2 9 1
1 5 1 9 1 1
4 2 1 1 1 8
9 9 9 9 2 1
1 1 1 1 1 1
""".strip().splitlines()
cost = [[int(c) for c in row.split()] for row in GRID]
H, W = len(cost), len(cost[0])

def dijkstra(src, dst):
    dist = {src: cost[src[0]][src[1]]}
    prev = {}
    pq = PriorityQueue()
    pq.put((dist[src], src))
    pops = 0
    while not pq.empty():
        d, (r, c) = pq.get()
        pops += 1
        if (r, c) == dst:
            break
        if d > dist[(r, c)]:
            continue
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            nr, nc = r + dr, c + dc
            if 0 <= nr < H and 0 <= nc < W:
                nd = d + cost[nr][nc]
                if nd < dist.get((nr, nc), float("inf")):
                    dist[(nr, nc)] = nd
                    prev[(nr, nc)] = (r, c)
                    pq.put((nd, (nr, nc)))
    path = [dst]
    while path[-1] != src:
        path.append(prev[path[-1]])
    return dist[dst], path[::-1], pops

total, path, pops = dijkstra((0, 0), (H - 1, W - 1))
print("cost", total, "pops", pops)
print(" -> ".join("%d,%d" % p for p in path))
on = set(path)
for r in range(H):
    print(" ".join(("[%d]" if (r, c) in on else " %d ") % cost[r][c] for c in range(W)))
for dst in [(0, 5), (4, 0), (2, 3)]:
    t, p, n = dijkstra((0, 0), dst)
    print(dst, t, len(p))
