# A token-bucket rate limiter with an injected clock, used as a decorator on
# a method-like function and as a context manager; rejections raise a custom
# exception carrying the retry delay.
class Clock:
    def __init__(self):
        self.t = 0.0
    def __call__(self):
        return self.t

class RateLimited(Exception):
    def __init__(self, retry_after):
        super().__init__(f"rate limited, retry after {retry_after:.2f}s")
        self.retry_after = retry_after

class Bucket:
    def __init__(self, rate, capacity, clock):
        self.rate, self.capacity, self.clock = rate, capacity, clock
        self.tokens = capacity
        self.last = clock()

    def _refill(self):
        now = self.clock()
        self.tokens = min(self.capacity, self.tokens + (now - self.last) * self.rate)
        self.last = now

    def take(self, n=1):
        self._refill()
        if self.tokens < n:
            raise RateLimited((n - self.tokens) / self.rate)
        self.tokens -= n

    def __enter__(self):
        self.take()
        return self

    def __exit__(self, et, ev, tb):
        return False

    def limit(self, fn):
        def wrapper(*args):
            self.take()
            return fn(*args)
        return wrapper

clock = Clock()
bucket = Bucket(rate=2, capacity=3, clock=clock)

@bucket.limit
def fetch(url):
    return f"GET {url}"

results = []
for i in range(6):
    clock.t = i * 0.2
    try:
        results.append(fetch(f"/item/{i}"))
    except RateLimited as e:
        results.append(f"t={clock.t:.1f} {e} ({e.retry_after:.1f})")
print("\n".join(results))
clock.t = 5
with bucket as b:
    print("inside, tokens left", b.tokens)
try:
    with bucket:
        with bucket:
            with bucket:
                print("three nested takes")
except RateLimited as e:
    print("RateLimited:", e)
