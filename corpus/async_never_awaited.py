# coroutines created and never awaited, or left suspended: finalized quietly, stdout unchanged
class Wait:
    def __await__(self):
        yield

async def f(log):
    try:
        await Wait()
    finally:
        log.append("f finally")

log = []
c = f(log)
del c
print(log)
c = f(log)
c.send(None)
del c
print(log)

async def g():
    return 1
unused = [g() for _ in range(5)]
print(len(unused))
suspended = f(log)
suspended.send(None)
print("end", log)
