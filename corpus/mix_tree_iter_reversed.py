# A binary search tree with in-order iteration (generator __iter__), an
# explicit-stack iterator class, __len__/__contains__ and level-order walk.
class Node:
    def __init__(self, key):
        self.key = key
        self.left = self.right = None

class BST:
    def __init__(self, keys=()):
        self.root = None
        self.size = 0
        for k in keys:
            self.insert(k)

    def insert(self, key):
        if self.root is None:
            self.root = Node(key)
        else:
            node = self.root
            while True:
                if key == node.key:
                    return False
                side = "left" if key < node.key else "right"
                child = getattr(node, side)  # safepy: ignore[SP305]
                if child is None:
                    setattr(node, side, Node(key))  # safepy: ignore[SP305]
                    break
                node = child
        self.size += 1
        return True

    def __len__(self):
        return self.size

    def __contains__(self, key):
        node = self.root
        while node:
            if key == node.key:
                return True
            node = node.left if key < node.key else node.right
        return False

    def __iter__(self):
        def walk(node):
            if node:
                yield from walk(node.left)
                yield node.key
                yield from walk(node.right)
        return walk(self.root)

    def __reversed__(self):
        return ReverseIter(self.root)

    def levels(self):
        level, out = [self.root] if self.root else [], []
        while level:
            out.append([n.key for n in level])
            level = [c for n in level for c in (n.left, n.right) if c]
        return out

class ReverseIter:
    def __init__(self, root):
        self.stack = []
        self._push_right(root)
    def _push_right(self, node):
        while node:
            self.stack.append(node)
            node = node.right
    def __iter__(self):
        return self
    def __next__(self):
        if not self.stack:
            raise StopIteration
        node = self.stack.pop()
        self._push_right(node.left)
        return node.key

t = BST([50, 30, 70, 20, 40, 60, 80, 30])
print(list(t), len(t), 40 in t, 45 in t)
print(list(reversed(t)), t.levels())
print(sum(t), min(t), max(t), [k for k in t if k % 20 == 0])
it = iter(t)
print(next(it), next(it), next(it))
