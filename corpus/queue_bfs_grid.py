from queue import Queue

grid = [
    "S..#......",
    ".#.#.####.",
    ".#...#....",
    ".####.#.#.",
    "......#.#E",
]
rows, cols = len(grid), len(grid[0])
start = end = None
for r in range(rows):
    for c in range(cols):
        if grid[r][c] == 'S':
            start = (r, c)
        elif grid[r][c] == 'E':
            end = (r, c)

def bfs(start, end):
    q = Queue()
    q.put(start)
    prev = {start: None}
    while not q.empty():
        cur = q.get()
        if cur == end:
            break
        r, c = cur
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            nr, nc = r + dr, c + dc
            if 0 <= nr < rows and 0 <= nc < cols and grid[nr][nc] != '#' and (nr, nc) not in prev:
                prev[(nr, nc)] = cur
                q.put((nr, nc))
    if end not in prev:
        return None
    path = []
    node = end
    while node is not None:
        path.append(node)
        node = prev[node]
    return path[::-1]

path = bfs(start, end)
print("steps:", len(path) - 1)
canvas = [list(row) for row in grid]
for r, c in path[1:-1]:
    canvas[r][c] = '*'
for row in canvas:
    print(''.join(row))
print("queue empty at end:", Queue().empty())
