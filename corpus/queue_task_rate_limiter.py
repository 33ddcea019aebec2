import queue
from datetime import datetime, timedelta

class SlidingWindowLimiter:
    def __init__(self, limit, window):
        self.limit = limit
        self.window = window
        self.hits = queue.Queue()
    def allow(self, now):
        while not self.hits.empty() and now - self.hits.queue[0] >= self.window:
            self.hits.get_nowait()
        if self.hits.qsize() < self.limit:
            self.hits.put(now)
            return True
        return False
    def retry_after(self, now):
        if self.hits.qsize() < self.limit:
            return timedelta(0)
        return self.hits.queue[0] + self.window - now

class TokenBucket:
    def __init__(self, capacity, refill_every):
        self.tokens = queue.Queue(maxsize=capacity)
        for _ in range(capacity):
            self.tokens.put_nowait(1)
        self.refill_every = refill_every
        self.last = None
    def take(self, now):
        if self.last is None:
            self.last = now
        while now - self.last >= self.refill_every:
            self.last += self.refill_every
            try:
                self.tokens.put_nowait(1)
            except queue.Full:
                self.last = now
                break
        try:
            self.tokens.get_nowait()
            return True
        except queue.Empty:
            return False

start = datetime(2024, 3, 1, 9, 0, 0)
offsets = [0, 0.5, 1, 1.2, 2, 2.1, 2.2, 5, 10.5, 10.6, 11, 11.1, 11.2, 11.3, 20, 60]
lim = SlidingWindowLimiter(4, timedelta(seconds=10))
bucket = TokenBucket(3, timedelta(seconds=2))
for off in offsets:
    now = start + timedelta(seconds=off)
    a = lim.allow(now)
    ra = lim.retry_after(now)
    b = bucket.take(now)
    print(now.strftime("%H:%M:%S.%f")[:-3], "window", "ok  " if a else "DENY", "retry in", ra,
          "| bucket", "ok" if b else "DENY", bucket.tokens.qsize())
print(lim.hits.qsize(), [t.time().isoformat() for t in lim.hits.queue])
