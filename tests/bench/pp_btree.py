# btree: a B-tree of minimum degree 16 (items in sorted lists per node,
# children in lists): random inserts, lookups, deletions by the textbook
# (CLRS) procedure and in-order iteration by generators; a large graph of
# small objects that lives for the whole run.
import random

DEGREE = 16
KEYS = 140000


class Node:
    __slots__ = ("keys", "values", "kids")

    def __init__(self):
        self.keys = []
        self.values = []
        self.kids = None     # None for a leaf

    def __iter__(self):
        if self.kids is None:
            yield from zip(self.keys, self.values)
            return
        for i, k in enumerate(self.keys):
            yield from self.kids[i]
            yield k, self.values[i]
        yield from self.kids[-1]


def position(keys, key):
    lo, hi = 0, len(keys)
    while lo < hi:
        mid = (lo + hi) // 2
        if keys[mid] < key:
            lo = mid + 1
        else:
            hi = mid
    return lo


class BTree:
    def __init__(self):
        self.root = Node()

    def get(self, key):
        n = self.root
        while True:
            i = position(n.keys, key)
            if i < len(n.keys) and n.keys[i] == key:
                return n.values[i]
            if n.kids is None:
                return None
            n = n.kids[i]

    def split(self, parent, i):
        full = parent.kids[i]
        right = Node()
        m = DEGREE - 1
        parent.keys.insert(i, full.keys[m])
        parent.values.insert(i, full.values[m])
        right.keys, full.keys = full.keys[m + 1:], full.keys[:m]
        right.values, full.values = full.values[m + 1:], full.values[:m]
        if full.kids is not None:
            right.kids, full.kids = full.kids[m + 1:], full.kids[:m + 1]
        parent.kids.insert(i + 1, right)

    def put(self, key, value):
        if len(self.root.keys) == 2 * DEGREE - 1:
            top = Node()
            top.kids = [self.root]
            self.root = top
            self.split(top, 0)
        n = self.root
        while True:
            i = position(n.keys, key)
            if i < len(n.keys) and n.keys[i] == key:
                n.values[i] = value
                return
            if n.kids is None:
                n.keys.insert(i, key)
                n.values.insert(i, value)
                return
            if len(n.kids[i].keys) == 2 * DEGREE - 1:
                self.split(n, i)
                if key == n.keys[i]:
                    n.values[i] = value
                    return
                if key > n.keys[i]:
                    i += 1
            n = n.kids[i]

    def delete(self, key):
        self._delete(self.root, key)
        if not self.root.keys and self.root.kids is not None:
            self.root = self.root.kids[0]

    def _delete(self, n, key):
        while True:
            i = position(n.keys, key)
            found = i < len(n.keys) and n.keys[i] == key
            if n.kids is None:
                if found:
                    del n.keys[i]
                    del n.values[i]
                return found
            if found:
                left, right = n.kids[i], n.kids[i + 1]
                if len(left.keys) >= DEGREE:
                    k, v = self._last(left)
                    n.keys[i], n.values[i] = k, v
                    n, key = left, k
                elif len(right.keys) >= DEGREE:
                    k, v = self._first(right)
                    n.keys[i], n.values[i] = k, v
                    n, key = right, k
                else:
                    self._merge(n, i)
                    n = left
                continue
            child = n.kids[i]
            if len(child.keys) < DEGREE:
                child = self._fill(n, i)
            n = child

    def _last(self, n):
        while n.kids is not None:
            n = n.kids[-1]
        return n.keys[-1], n.values[-1]

    def _first(self, n):
        while n.kids is not None:
            n = n.kids[0]
        return n.keys[0], n.values[0]

    def _merge(self, n, i):
        left, right = n.kids[i], n.kids.pop(i + 1)
        left.keys.append(n.keys.pop(i))
        left.values.append(n.values.pop(i))
        left.keys += right.keys
        left.values += right.values
        if left.kids is not None:
            left.kids += right.kids

    def _fill(self, n, i):
        """Gives n.kids[i] at least DEGREE keys (borrowing or merging); returns the child to descend into."""
        child = n.kids[i]
        if i > 0 and len(n.kids[i - 1].keys) >= DEGREE:
            sib = n.kids[i - 1]
            child.keys.insert(0, n.keys[i - 1])
            child.values.insert(0, n.values[i - 1])
            n.keys[i - 1] = sib.keys.pop()
            n.values[i - 1] = sib.values.pop()
            if sib.kids is not None:
                child.kids.insert(0, sib.kids.pop())
            return child
        if i < len(n.kids) - 1 and len(n.kids[i + 1].keys) >= DEGREE:
            sib = n.kids[i + 1]
            child.keys.append(n.keys[i])
            child.values.append(n.values[i])
            n.keys[i] = sib.keys.pop(0)
            n.values[i] = sib.values.pop(0)
            if sib.kids is not None:
                child.kids.append(sib.kids.pop(0))
            return child
        if i > 0:
            self._merge(n, i - 1)
            return n.kids[i - 1]
        self._merge(n, i)
        return child


rng = random.Random(5)
tree = BTree()
keys = list(range(KEYS))
rng.shuffle(keys)
for k in keys:
    tree.put(k, str(k))
hits = sum(1 for k in range(0, 2 * KEYS, 3) if tree.get(k) is not None)
gone = rng.sample(keys, KEYS // 2)
for k in gone:
    tree.delete(k)
for k in gone[: KEYS // 5]:
    tree.put(k, "again")
items = list(tree.root)
ordered = all(a[0] < b[0] for a, b in zip(items, items[1:]))
print(hits, len(items), ordered, sum(k for k, v in items if v == "again"), items[100])
