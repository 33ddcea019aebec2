# hexiom: a hexagonal tile puzzle solved by search with constraint
# propagation.  Some cells of a hexagon hold tiles; a tile's number must
# equal how many of its neighbours hold tiles.  Puzzles are made from a
# seeded random layout; the solver is given only the multiset of numbers and
# counts every placement, pruning on per-cell bounds and on the remaining
# numbers.  Checksum: the solution counts.
import random

RADIUS = 2
PUZZLES = [(7, 11), (1, 12), (23, 12)]   # (seed, tiles)

CELLS = [(q, r) for q in range(-RADIUS, RADIUS + 1) for r in range(-RADIUS, RADIUS + 1)
         if abs(q + r) <= RADIUS]
INDEX = {c: i for i, c in enumerate(CELLS)}
NEAR = [[INDEX[(q + dq, r + dr)] for dq, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
         if (q + dq, r + dr) in INDEX] for q, r in CELLS]
UNSET, HOLE = -2, -1


def make(seed, tiles):
    rng = random.Random(seed)
    full = set(rng.sample(range(len(CELLS)), tiles))
    return sorted(sum(1 for j in NEAR[i] if j in full) for i in full)


def consistent(board, i):
    """The bounds of cell i and of every tile around it still hold."""
    for k in [i] + NEAR[i]:
        v = board[k]
        if v < 0:
            continue
        lo = hi = 0
        for j in NEAR[k]:
            w = board[j]
            if w >= 0:
                lo += 1
                hi += 1
            elif w == UNSET:
                hi += 1
        if v < lo or v > hi:
            return False
    return True


def solve(numbers):
    counts = {}
    for n in numbers:
        counts[n] = counts.get(n, 0) + 1
    holes = len(CELLS) - len(numbers)
    board = [UNSET] * len(CELLS)
    # cells with the most neighbours first: they constrain the most
    order = sorted(range(len(CELLS)), key=lambda i: (-len(NEAR[i]), i))
    found = []

    def place(depth, holes_left):
        if depth == len(order):
            found.append(tuple(board))
            return
        i = order[depth]
        if holes_left:
            board[i] = HOLE
            if consistent(board, i):
                place(depth + 1, holes_left - 1)
        for v in sorted(counts):
            if counts[v] and v <= len(NEAR[i]):
                counts[v] -= 1
                board[i] = v
                if consistent(board, i):
                    place(depth + 1, holes_left)
                counts[v] += 1
        board[i] = UNSET

    place(0, holes)
    return found


out = []
for seed, tiles in PUZZLES:
    sols = solve(make(seed, tiles))
    out.append((len(sols), sum(i * (v + 3) for i, v in enumerate(min(sols))) if sols else None))
print(out)
