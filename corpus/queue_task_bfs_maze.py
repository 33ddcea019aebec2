import queue

MAZE = [
    "S.#.....",
    ".##.###.",
    "....#...",
    "#.#...#.",
    "..#.#.#E",
]

def find(ch):
    for r, row in enumerate(MAZE):
        c = row.find(ch)
        if c != -1:
            return (r, c)
    return None

def bfs(start, goal):
    rows, cols = len(MAZE), len(MAZE[0])
    q = queue.Queue()
    q.put(start)
    prev = {start: None}
    expanded = 0
    while not q.empty():
        cur = q.get()
        expanded += 1
        if cur == goal:
            break
        r, c = cur
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            nr, nc = r + dr, c + dc
            if 0 <= nr < rows and 0 <= nc < cols and MAZE[nr][nc] != "#":
                if (nr, nc) not in prev:
                    prev[(nr, nc)] = cur
                    q.put((nr, nc))
    if goal not in prev:
        return None, expanded, q.qsize()
    path = []
    node = goal
    while node is not None:
        path.append(node)
        node = prev[node]
    path.reverse()
    return path, expanded, q.qsize()

start, goal = find("S"), find("E")
print("start", start, "goal", goal)
path, expanded, left = bfs(start, goal)
print("expanded:", expanded, "left in queue:", left)
print("path length:", len(path) - 1)
print("path:", path)
grid = [list(row) for row in MAZE]
for r, c in path[1:-1]:
    grid[r][c] = "*"
for row in grid:
    print("".join(row))
unreachable = bfs(start, (0, 2))
print("wall target:", unreachable[0], unreachable[1])
