# args: --max-memory 64M
# expect: exit=0 stdout="created 5000" stdout="end"
# Coroutines and async generators left suspended, never finished, in
# reference cycles (the frame holds a list holding the coroutine) and not:
# closed by the collector or at exit, no leak and no crash.
class Wait:
    def __await__(self):
        yield

async def forever(log, holder):
    try:
        while True:
            await Wait()
    finally:
        log.append(1)

async def agen():
    while True:
        await Wait()
        yield 1

log = []
keep = []
for i in range(5000):
    holder = []
    c = forever(log, holder)
    if i % 2:
        holder.append(c)
    c.send(None)
    if i % 100 == 0:
        keep.append(c)
print("created", 5000)
a = agen()
a.__anext__().send(None)
never = [forever(log, []) for _ in range(10)]
print("end")
