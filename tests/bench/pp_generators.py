# generators: in-order traversal of a balanced binary tree by recursive
# generators (yield from at every level).
SIZE = 100000
PASSES = 12


class Node:
    def __init__(self, left, value, right):
        self.left = left
        self.value = value
        self.right = right

    def __iter__(self):
        if self.left is not None:
            yield from self.left
        yield self.value
        if self.right is not None:
            yield from self.right


def build(lo, hi):
    if lo >= hi:
        return None
    mid = (lo + hi) // 2
    return Node(build(lo, mid), mid, build(mid + 1, hi))


root = build(0, SIZE)
total = 0
for _ in range(PASSES):
    for v in root:
        total += v
print(total, list(build(0, 10)) == list(range(10)))
