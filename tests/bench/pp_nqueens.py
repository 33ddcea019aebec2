# nqueens: every placement of N queens, found by filtering the permutations
# of the columns (generated recursively here) on the two diagonals.
N = 8


def permutations(items):
    if len(items) <= 1:
        yield list(items)
        return
    for k in range(len(items)):
        rest = items[:k] + items[k + 1:]
        for tail in permutations(rest):
            yield [items[k]] + tail


def solve(n):
    cols = range(n)
    return [p for p in permutations(list(cols))
            if n == len({p[r] + r for r in cols}) == len({p[r] - r for r in cols})]


total = 0
for _ in range(15):
    sols = solve(N)
    total += len(sols)
print(total, sols[0], sols[-1])
