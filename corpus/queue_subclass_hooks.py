import queue
from collections import deque

class RingQueue(queue.Queue):
    """Keeps only the newest maxlen items; never Full."""
    def _init(self, maxsize):
        self.queue = deque(maxlen=3)
    def _qsize(self):
        return len(self.queue)
    def _put(self, item):
        self.queue.append(item)
    def _get(self):
        return self.queue.popleft()

r = RingQueue()
for i in range(7):
    r.put(i)
print(r.qsize(), list(r.queue), r.unfinished_tasks)
print([r.get() for _ in range(r.qsize())])

class KeyedPriority(queue.PriorityQueue):
    def __init__(self, key, maxsize=0):
        self.key = key
        self.n = 0
        super().__init__(maxsize)
    def _put(self, item):
        self.n += 1
        super()._put((self.key(item), self.n, item))
    def _get(self):
        return super()._get()[2]

kp = KeyedPriority(key=len, maxsize=4)
for w in ["banana", "fig", "apple", "kiwi"]:
    kp.put(w)
print(kp.full(), kp.qsize())
try:
    kp.put_nowait("plum")
except queue.Full:
    print("full, plum dropped")
print([kp.get() for _ in range(4)])

class LoggingLifo(queue.LifoQueue):
    def put(self, item, block=True, timeout=None):
        print("  put", item)
        super().put(item, block, timeout)
    def get(self, block=True, timeout=None):
        item = super().get(block, timeout)
        print("  got", item)
        return item

s = LoggingLifo()
s.put("a")
s.put_nowait("b")
s.get_nowait()
s.get()
try:
    s.get_nowait()
except queue.Empty:
    print("empty lifo")
print(isinstance(s, queue.Queue), isinstance(kp, queue.Queue), type(kp).__name__)
print(issubclass(queue.PriorityQueue, queue.Queue), issubclass(queue.SimpleQueue, queue.Queue))
