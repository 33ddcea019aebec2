import queue

def knight_distance(start, goal, n=8):
    moves = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
    q = queue.Queue()
    q.put((start, 0))
    seen = {start}
    while not q.empty():
        (r, c), d = q.get()
        if (r, c) == goal:
            return d
        for dr, dc in moves:
            nr, nc = r + dr, c + dc
            if 0 <= nr < n and 0 <= nc < n and (nr, nc) not in seen:
                seen.add((nr, nc))
                q.put(((nr, nc), d + 1))
    return -1

def sq(name):
    return (int(name[1]) - 1, "abcdefgh".index(name[0]))

for a, b in [("a1", "h8"), ("a1", "b3"), ("d4", "d4"), ("a1", "b2"), ("h1", "a8"), ("e4", "e5")]:
    print(a, b, knight_distance(sq(a), sq(b)))

print("distances from a1:")
for r in range(7, -1, -1):
    print(r + 1, " ".join(str(knight_distance((0, 0), (r, c))) for c in range(8)))
print("  " + " ".join("abcdefgh"))
print("3x3 corner to centre:", knight_distance((0, 0), (1, 1), 3))
