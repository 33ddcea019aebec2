# an async generator raising inside async for: traceback through the generator and the loop
def run(coro):
    while True:
        coro.send(None)

async def items():
    yield 1
    yield 2
    raise KeyError("missing")

async def consume():
    total = 0
    async for x in items():
        total += x
        print("total", total)
    return total

run(consume())
