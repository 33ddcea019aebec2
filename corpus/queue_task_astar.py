import queue
import itertools

GRID = [
    "..........",
    ".####.....",
    ".#..#.###.",
    ".#..#...#.",
    "....###.#.",
    ".#......#.",
]

def heuristic(a, b):
    return abs(a[0] - b[0]) + abs(a[1] - b[1])

def astar(start, goal):
    counter = itertools.count()
    open_q = queue.PriorityQueue()
    open_q.put((heuristic(start, goal), next(counter), start))
    g = {start: 0}
    came = {}
    closed = set()
    while not open_q.empty():
        f, tie, cur = open_q.get()
        if cur in closed:
            continue
        closed.add(cur)
        if cur == goal:
            path = [cur]
            while cur in came:
                cur = came[cur]
                path.append(cur)
            return path[::-1], len(closed)
        r, c = cur
        for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= nr < len(GRID) and 0 <= nc < len(GRID[0]) and GRID[nr][nc] == ".":
                ng = g[cur] + 1
                if ng < g.get((nr, nc), 10**9):
                    g[(nr, nc)] = ng
                    came[(nr, nc)] = cur
                    open_q.put((ng + heuristic((nr, nc), goal), next(counter), (nr, nc)))
    return None, len(closed)

for s, t in [((0, 0), (5, 9)), ((2, 2), (0, 9)), ((3, 3), (5, 0)), ((0, 0), (1, 1))]:
    path, seen = astar(s, t)
    if path is None:
        print(s, "->", t, "no path, closed", seen)
        continue
    print(s, "->", t, "steps", len(path) - 1, "closed", seen)
    print("  ", " ".join(f"{r}{c}" for r, c in path))
