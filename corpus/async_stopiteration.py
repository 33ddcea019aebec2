# StopIteration raised inside a coroutine becomes RuntimeError (PEP 479)
def run(coro):
    try:
        while True:
            coro.send(None)
    except StopIteration as e:
        return e.value

async def bad():
    raise StopIteration(3)

try:
    run(bad())
except RuntimeError as e:
    print("RuntimeError:", e)
    print("cause:", repr(e.__cause__))

async def bad_next():
    next(iter([]))

try:
    run(bad_next())
except RuntimeError as e:
    print("RuntimeError:", e, type(e.__cause__).__name__)

async def agen():
    yield 1
    raise StopAsyncIteration

async def drive():
    out = []
    try:
        async for x in agen():
            out.append(x)
    except RuntimeError as e:
        out.append(str(e))
    return out
print(run(drive()))
