# meteor_contest: every way to tile a board with the twelve pentominoes,
# each used once, by exact cover on integer bit masks (in the spirit of the
# shootout's meteor puzzle): every piece's placements are precomputed in
# all orientations; the search always fills the lowest empty cell.
# Checksum: the number of solutions and the smallest and largest as text.
W, H = 20, 3
ROUNDS = 7

SHAPES = {
    "F": [(1, 0), (2, 0), (0, 1), (1, 1), (1, 2)],
    "I": [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)],
    "L": [(0, 0), (0, 1), (0, 2), (0, 3), (1, 3)],
    "N": [(1, 0), (1, 1), (0, 2), (1, 2), (0, 3)],
    "P": [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)],
    "T": [(0, 0), (1, 0), (2, 0), (1, 1), (1, 2)],
    "U": [(0, 0), (2, 0), (0, 1), (1, 1), (2, 1)],
    "V": [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)],
    "W": [(0, 0), (0, 1), (1, 1), (1, 2), (2, 2)],
    "X": [(1, 0), (0, 1), (1, 1), (2, 1), (1, 2)],
    "Y": [(1, 0), (0, 1), (1, 1), (1, 2), (1, 3)],
    "Z": [(0, 0), (1, 0), (1, 1), (1, 2), (2, 2)],
}


def orientations(cells):
    seen = set()
    out = []
    pts = cells
    for flip in range(2):
        for _ in range(4):
            pts = [(y, -x) for x, y in pts]
            mx = min(x for x, _ in pts)
            my = min(y for _, y in pts)
            norm = tuple(sorted((x - mx, y - my) for x, y in pts))
            if norm not in seen:
                seen.add(norm)
                out.append(norm)
        pts = [(-x, y) for x, y in pts]
    return out


def placements():
    """For every cell, the (piece, mask) pairs whose lowest cell is that cell."""
    by_cell = [[] for _ in range(W * H)]
    for name, cells in SHAPES.items():
        for shape in orientations(cells):
            for ox in range(W):
                for oy in range(H):
                    if all(0 <= ox + x < W and 0 <= oy + y < H for x, y in shape):
                        bits = [(ox + x) * H + oy + y for x, y in shape]   # column-major
                        mask = 0
                        for b in bits:
                            mask |= 1 << b
                        by_cell[min(bits)].append((name, mask))
    return by_cell


def solve():
    by_cell = placements()
    full = (1 << (W * H)) - 1
    solutions = []
    used = set()
    chosen = []

    def go(board):
        if board == full:
            solutions.append(list(chosen))
            return
        cell = 0
        while board >> cell & 1:
            cell += 1
        for name, mask in by_cell[cell]:
            if name not in used and not board & mask:
                used.add(name)
                chosen.append((name, mask))
                go(board | mask)
                chosen.pop()
                used.remove(name)

    go(0)
    return solutions


def text(solution):
    grid = ["."] * (W * H)
    for name, mask in solution:
        for b in range(W * H):
            if mask >> b & 1:
                x, y = divmod(b, H)
                grid[y * W + x] = name
    return "".join(grid)


for _ in range(ROUNDS):
    sols = [text(s) for s in solve()]
print(len(sols), min(sols), max(sols))
