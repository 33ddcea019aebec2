# a toy round-robin scheduler: a deque of coroutines yielding through a custom awaitable
from collections import deque

class Yield:
    def __await__(self):
        yield

class Sleep:
    def __init__(self, ticks):
        self.ticks = ticks
    def __await__(self):
        for _ in range(self.ticks):
            yield

async def worker(name, n, log):
    for i in range(n):
        log.append("%s%d" % (name, i))
        await Yield()
    return name * n

async def sleeper(log):
    log.append("sleep start")
    await Sleep(3)
    log.append("sleep end")
    return "slept"

def schedule(coros):
    ready = deque(coros)
    results = {}
    while ready:
        c = ready.popleft()
        try:
            c.send(None)
        except StopIteration as e:
            results[c.__name__ + str(len(results))] = e.value
        else:
            ready.append(c)
    return results

log = []
res = schedule([worker("a", 3, log), worker("b", 2, log), sleeper(log), worker("c", 1, log)])
print(log)
print(res)
