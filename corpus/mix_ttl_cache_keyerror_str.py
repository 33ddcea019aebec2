# A TTL cache driven by a fake clock object: entries expire, a context manager
# freezes and advances time, and a decorator caches function results.
class FakeClock:
    def __init__(self):
        self.now = 0
    def advance(self, dt):
        self.now += dt

class Expired(KeyError):
    pass

class TTLCache:
    def __init__(self, clock, ttl):
        self.clock, self.ttl = clock, ttl
        self.data = {}
    def __setitem__(self, key, value):
        self.data[key] = (value, self.clock.now + self.ttl)
    def __getitem__(self, key):
        value, until = self.data[key]
        if self.clock.now >= until:
            del self.data[key]
            raise Expired(key)
        return value
    def get(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            return default
    def __len__(self):
        return sum(1 for _, until in self.data.values() if until > self.clock.now)
    def memo(self, fn):
        def wrapper(*args):
            hit = self.get(args)
            if hit is None:
                print(f"  computing {fn.__name__}{args}")
                hit = self[args] = fn(*args)
            return hit
        return wrapper

class TimeTravel:
    def __init__(self, clock, dt):
        self.clock, self.dt = clock, dt
    def __enter__(self):
        self.clock.advance(self.dt)
        return self.clock.now
    def __exit__(self, *exc):
        self.clock.advance(-self.dt)

clock = FakeClock()
cache = TTLCache(clock, ttl=10)
cache["a"] = 1
clock.advance(5)
cache["b"] = 2
print(cache["a"], cache["b"], len(cache))
with TimeTravel(clock, 6) as t:
    try:
        cache["a"]
    except Expired as e:
        print("expired", e)
    print("at", t, cache.get("a"), cache.get("b"), len(cache))
print("back at", clock.now, cache.get("a"), cache.get("b"))

@cache.memo
def slow_add(x, y):
    return x + y
print(slow_add(1, 2), slow_add(1, 2))
clock.advance(11)
print(slow_add(1, 2), len(cache))
