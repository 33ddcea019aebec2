# asynccontextmanager, aclosing, nullcontext: coroutines driven by hand with send(None)
from contextlib import asynccontextmanager, aclosing, nullcontext, AbstractAsyncContextManager

class Sleep:
    """an awaitable that suspends once, handing `tag` to the driver"""
    def __init__(self, tag):
        self.tag = tag
    def __await__(self):
        got = yield self.tag
        return got

def run(coro):
    yielded = []
    value = None
    try:
        while True:
            yielded.append(coro.send(value))
            value = "resumed"
    except StopIteration as e:
        return e.value, yielded

log = []

@asynccontextmanager
async def resource(name):
    log.append("open " + name)
    got = await Sleep("opening " + name)
    log.append("got " + str(got))
    try:
        yield name.upper()
    finally:
        await Sleep("closing " + name)
        log.append("close " + name)

async def main():
    async with resource("a") as r:
        log.append("inside " + r)
        await Sleep("body")
    return "done"
print(run(main()))
print(log)
log.clear()

@asynccontextmanager
async def handler():
    try:
        yield
    except ValueError as e:
        log.append("handled " + str(e))

async def main2():
    async with handler():
        raise ValueError("v")
    async with handler():
        pass
    try:
        async with handler():
            raise KeyError("k")
    except KeyError as e:
        log.append("escaped " + repr(e))
    return "ok"
print(run(main2()))
print(log)
log.clear()

@asynccontextmanager
async def noyield():
    if False:
        yield
@asynccontextmanager
async def twice():
    yield 1
    yield 2
@asynccontextmanager
async def converting():
    try:
        yield
    except ZeroDivisionError:
        raise ArithmeticError("converted")

async def main3():
    for cm in (noyield, twice):
        try:
            async with cm():
                pass
        except RuntimeError as e:
            log.append("RuntimeError " + str(e))
    try:
        async with converting():
            1 / 0
    except ArithmeticError as e:
        log.append("%s %s %s" % (type(e).__name__, e, type(e.__context__).__name__))
    try:
        async with converting():
            raise StopAsyncIteration("through")
    except StopAsyncIteration as e:
        log.append("StopAsyncIteration escaped")
    except RuntimeError as e:
        log.append("RuntimeError " + str(e))
print(run(main3()))
print(log)
log.clear()

class AGen:
    def __init__(self):
        self.closed = False
    async def aclose(self):
        await Sleep("aclose")
        self.closed = True

async def main4():
    thing = AGen()
    async with aclosing(thing) as t:
        log.append(t is thing)
    log.append(thing.closed)
    async with nullcontext(42) as v:
        log.append(v)
    async with nullcontext() as v:
        log.append(v)
    async def agen():
        try:
            yield 1
            yield 2
        finally:
            log.append("agen finalized")
    async with aclosing(agen()) as g:
        async for x in g:
            log.append(x)
            break
    return "fine"
print(run(main4()))
print(log)
log.clear()

class Mine(AbstractAsyncContextManager):
    async def __aexit__(self, *exc):
        log.append("Mine aexit")
async def main5():
    async with Mine() as m:
        log.append(type(m).__name__)
print(run(main5()))
print(log)
print(isinstance(nullcontext(), AbstractAsyncContextManager), isinstance(aclosing(None), AbstractAsyncContextManager))
cm = resource("b")
print(type(cm).__name__, resource.__name__)
