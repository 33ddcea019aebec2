# AsyncExitStack driven by hand: async and sync callbacks, unwinding order, exception chaining
from contextlib import AsyncExitStack, asynccontextmanager, contextmanager

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

log = []

@asynccontextmanager
async def ares(name):
    log.append("aenter " + name)
    await Sleep("in " + name)
    try:
        yield name
    finally:
        await Sleep("out " + name)
        log.append("aexit " + name)

@contextmanager
def sres(name):
    log.append("enter " + name)
    yield name
    log.append("exit " + name)

async def acb(*args, **kw):
    await Sleep("acb")
    log.append(("acb", args, sorted(kw.items())))

async def main():
    async with AsyncExitStack() as stack:
        a = await stack.enter_async_context(ares("a"))
        b = stack.enter_context(sres("b"))
        stack.push_async_callback(acb, 1, k=2)
        stack.callback(log.append, "sync callback")
        c = await stack.enter_async_context(ares("c"))
        log.append("body " + a + b + c)
    return "done"
print(run(main()))
print(log)
log.clear()

class ACM:
    def __init__(self, name, suppress=False):
        self.name, self.suppress = name, suppress
    async def __aenter__(self):
        log.append("enter " + self.name)
        return self
    async def __aexit__(self, t, v, tb):
        await Sleep("exit " + self.name)
        log.append("exit %s %s" % (self.name, t.__name__ if t else None))
        return self.suppress

async def main2():
    async with AsyncExitStack() as stack:
        await stack.enter_async_context(ACM("x"))
        await stack.enter_async_context(ACM("y", suppress=True))
        await stack.enter_async_context(ACM("z"))
        raise ValueError("suppressed by y")
    log.append("after")
print(run(main2()))
print(log)
log.clear()

def raiser(exc):
    async def cb(*details):
        # no suspension before the raise: the chain is made while the body's
        # exception is being handled in this very step
        raise exc
    return cb

async def main3():
    try:
        async with AsyncExitStack() as stack:
            stack.push_async_exit(raiser(IndexError("third")))
            stack.push_async_exit(raiser(KeyError("second")))
            stack.push(lambda *d: log.append("sync sees " + type(d[1]).__name__))
            stack.push_async_exit(raiser(AttributeError("first")))
            raise ValueError("body")
    except IndexError as e:
        chain = []
        x = e
        while x is not None:
            chain.append(repr(x))
            x = x.__context__
        return chain
print(run(main3()))
print(log)
log.clear()

async def main4():
    stack = AsyncExitStack()
    await stack.enter_async_context(ACM("p"))
    moved = stack.pop_all()
    await stack.aclose()
    log.append("first closed")
    await moved.aclose()
    try:
        await stack.enter_async_context(object())
    except TypeError as e:
        log.append(str(e))
    acm = ACM("pushed")
    log.append(stack.push_async_exit(acm) is acm)
    r = await stack.__aexit__(None, None, None)
    log.append(r)
print(run(main4()))
print(log)
