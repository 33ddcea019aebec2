import queue

class MovingAverage:
    def __init__(self, size):
        self.window = queue.Queue(maxsize=size)
        self.total = 0
    def add(self, x):
        if self.window.full():
            self.total -= self.window.get_nowait()
        self.window.put_nowait(x)
        self.total += x
        return self.total / self.window.qsize()

readings = [10, 12, 11, 15, 30, 14, 13, 12, 90, 11, 10, 9]
for size in (1, 3, 5):
    ma = MovingAverage(size)
    print(size, [round(ma.add(x), 2) for x in readings])

ma = MovingAverage(4)
spikes = []
for i, x in enumerate(readings):
    avg_before = ma.total / ma.window.qsize() if ma.window.qsize() else None
    ma.add(x)
    if avg_before is not None and x > 2 * avg_before:
        spikes.append((i, x, round(avg_before, 3)))
print("spikes:", spikes)
print(ma.window.maxsize, ma.window.qsize(), list(ma.window.queue), ma.total)
