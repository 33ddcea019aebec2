# an exception raised deep in awaited coroutines, uncaught: the traceback runs through them
def run(coro):
    while True:
        coro.send(None)

class Wait:
    def __await__(self):
        yield

async def level3(x):
    await Wait()
    return 10 // x

async def level2(x):
    return await level3(x)

async def level1():
    print("start")
    r = await level2(2)
    print("r", r)
    return await level2(0)

run(level1())
