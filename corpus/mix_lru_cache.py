# An LRU cache class built on a dict and a doubly linked list, with
# __getitem__/__setitem__/__contains__/__len__, statistics and a decorator.
class Node:
    __slots__ = ("key", "value", "prev", "next")
    def __init__(self, key=None, value=None):
        self.key, self.value = key, value
        self.prev = self.next = None

class LRUCache:
    def __init__(self, capacity):
        self.capacity = capacity
        self.map = {}
        self.head, self.tail = Node(), Node()
        self.head.next, self.tail.prev = self.tail, self.head
        self.hits = self.misses = 0

    def _unlink(self, node):
        node.prev.next, node.next.prev = node.next, node.prev

    def _push_front(self, node):
        node.next, node.prev = self.head.next, self.head
        self.head.next.prev = node
        self.head.next = node

    def __getitem__(self, key):
        node = self.map[key]
        self._unlink(node)
        self._push_front(node)
        return node.value

    def __setitem__(self, key, value):
        if key in self.map:
            self._unlink(self.map[key])
        node = self.map[key] = Node(key, value)
        self._push_front(node)
        if len(self.map) > self.capacity:
            lru = self.tail.prev
            self._unlink(lru)
            del self.map[lru.key]
            print(f"  evict {lru.key!r}")

    def __contains__(self, key):
        return key in self.map

    def __len__(self):
        return len(self.map)

    def keys(self):
        out, node = [], self.head.next
        while node is not self.tail:
            out.append(node.key)
            node = node.next
        return out

    def cached(self, fn):
        def wrapper(*args):
            if args in self:
                self.hits += 1
                return self[args]
            self.misses += 1
            self[args] = result = fn(*args)
            return result
        return wrapper

cache = LRUCache(3)
for k in "abc":
    cache[k] = k * 2
print(cache.keys(), cache["a"], cache.keys())
cache["d"] = "dd"
print(cache.keys(), "b" in cache, len(cache))
cache["c"] = "CC"
print(cache.keys(), cache["c"])

memo = LRUCache(2)
@memo.cached
def slow_square(n):
    return n * n
print([slow_square(n) for n in [1, 2, 1, 3, 1, 2]], memo.hits, memo.misses)
