import queue

class DedupQueue(queue.Queue):
    """FIFO queue that ignores items already waiting."""
    def _init(self, maxsize):
        super()._init(maxsize)
        self.waiting = set()
    def _put(self, item):
        if item in self.waiting:
            return
        self.waiting.add(item)
        super()._put(item)
    def _get(self):
        item = super()._get()
        self.waiting.discard(item)
        return item

class MaxPriorityQueue(queue.Queue):
    def _init(self, maxsize):
        self.queue = []
    def _qsize(self):
        return len(self.queue)
    def _put(self, item):
        self.queue.append((-item[0], item))
        self.queue.sort()
    def _get(self):
        return self.queue.pop(0)[1]

class StatsQueue(queue.Queue):
    def __init__(self, maxsize=0):
        super().__init__(maxsize)
        self.puts = 0
        self.gets = 0
    def put(self, item, block=True, timeout=None):
        self.puts += 1
        super().put(item, block, timeout)
    def get(self, block=True, timeout=None):
        self.gets += 1
        return super().get(block, timeout)
    def stats(self):
        return f"puts={self.puts} gets={self.gets} size={self.qsize()}"

d = DedupQueue()
for url in ["/a", "/b", "/a", "/c", "/b", "/d"]:
    d.put(url)
print("dedup size", d.qsize(), "unfinished", d.unfinished_tasks)
print([d.get() for _ in range(d.qsize())])
d.put("/a")
print("re-add /a:", d.qsize(), d.get())

m = MaxPriorityQueue()
for item in [(2, "low"), (9, "urgent"), (5, "mid"), (7, "high")]:
    m.put(item)
print([m.get() for _ in range(m.qsize())], m.empty())

s = StatsQueue(maxsize=2)
s.put("x")
s.put_nowait("y")
print(s.stats(), s.full())
try:
    s.put_nowait("z")
except queue.Full as e:
    print("full:", type(e).__name__, e, s.stats())
print(s.get(), s.get_nowait(), s.stats())
print(isinstance(s, queue.Queue), type(s).__name__, isinstance(d, StatsQueue))
