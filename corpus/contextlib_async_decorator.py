# async context managers as decorators of coroutine functions (AsyncContextDecorator)
from contextlib import asynccontextmanager, AsyncContextDecorator

class Sleep:
    def __init__(self, tag):
        self.tag = tag
    def __await__(self):
        yield self.tag

def run(coro):
    steps = []
    try:
        while True:
            steps.append(coro.send(None))
    except StopIteration as e:
        return e.value, steps
    except Exception as e:
        return type(e).__name__, str(e), steps

log = []

@asynccontextmanager
async def timed(label):
    log.append("start " + label)
    await Sleep("enter " + label)
    try:
        yield
    except KeyError as e:
        log.append("swallowed " + repr(e))
    finally:
        await Sleep("leave " + label)
        log.append("stop " + label)

@timed("job")
async def job(x, y=2):
    await Sleep("working")
    log.append("job %d" % (x * y))
    return x + y

print(run(job(3)))
print(run(job(1, y=10)))
print(log)
log.clear()

@timed("failing")
async def failing(exc):
    await Sleep("about to fail")
    raise exc
print(run(failing(KeyError("k"))))
print(run(failing(ValueError("v"))))
print(log)
log.clear()

class Counter(AsyncContextDecorator):
    def __init__(self):
        self.entered = 0
    async def __aenter__(self):
        self.entered += 1
        log.append("aenter %d" % self.entered)
        return self
    async def __aexit__(self, t, v, tb):
        log.append("aexit %s" % (t.__name__ if t else None))
        return t is ZeroDivisionError

counter = Counter()
@counter
async def divide(a, b):
    return a / b
print(run(divide(6, 3)), run(divide(1, 0)))
print(counter.entered, log)
print(divide.__name__, job.__name__, job.__wrapped__.__name__)
