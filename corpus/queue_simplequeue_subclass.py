import queue
class Q(queue.SimpleQueue):
    def put2(self, x):
        self.put(x); self.put(x)
q = Q()
q.put2(3)
print(q.qsize(), q.get(), type(q).__name__, isinstance(q, queue.SimpleQueue))
class R(queue.SimpleQueue):
    def __init__(self, items):
        super().__init__()
        for i in items: self.put(i)
r = R([1,2])
print(r.qsize())
class Counting(queue.SimpleQueue):
    def __init__(self):
        self.puts = 0
    def put(self, item, block=True, timeout=None):
        self.puts += 1
        super().put(item, block, timeout)
c = Counting()
for i in range(3):
    c.put(i)
c.put_nowait(9)
print(c.puts, c.qsize(), c.get(), c.get_nowait(), c.empty())
try:
    Counting(1)
except TypeError as e:
    print("TypeError:", e)
