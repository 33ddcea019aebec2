# Context managers that acquire and release from a pool, nested reentrant
# use, and state checks after exceptions.
class Pool:
    def __init__(self, size):
        self.free = list(range(size))
        self.in_use = []
    def acquire(self):
        return Lease(self)

class Lease:
    def __init__(self, pool):
        self.pool = pool
        self.slot = None
    def __enter__(self):
        if not self.pool.free:
            raise RuntimeError("pool exhausted")
        self.slot = self.pool.free.pop(0)
        self.pool.in_use.append(self.slot)
        return self.slot
    def __exit__(self, et, ev, tb):
        self.pool.in_use.remove(self.slot)
        self.pool.free.append(self.slot)
        self.slot = None

pool = Pool(2)
with pool.acquire() as a:
    with pool.acquire() as b:
        print("holding", a, b, pool.free, pool.in_use)
        try:
            with pool.acquire() as c:
                print("never", c)
        except RuntimeError as e:
            print("RuntimeError:", e)
    print("after inner", pool.free, pool.in_use)
print("all free", pool.free, pool.in_use)
try:
    with pool.acquire() as s:
        raise ValueError(f"failed using slot {s}")
except ValueError as e:
    print(e, pool.free)
