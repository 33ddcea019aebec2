# an async generator that awaits: the awaited values pass through its asend awaitables
class Tick:
    def __init__(self, n):
        self.n = n
    def __await__(self):
        r = yield ("tick", self.n)
        return r

async def ticker(n):
    for i in range(n):
        got = await Tick(i)
        yield (i, got)

def drive(aw):
    # one asend/__anext__ awaitable until it finishes
    trace = []
    try:
        v = aw.send(None)
        while True:
            trace.append(v)
            v = aw.send("sent%d" % len(trace))
    except StopIteration as e:
        return trace, e.value

a = ticker(3)
for _ in range(3):
    print(drive(a.__anext__()))
try:
    drive(a.__anext__())
except StopAsyncIteration:
    print("exhausted")

a = ticker(2)
aw1 = a.__anext__()
print(aw1.send(None), a.ag_running, a.ag_await is not None)
aw2 = a.__anext__()
try:
    aw2.send(None)
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    aw1.send("x")
except StopIteration as e:
    print("first done", e.value, a.ag_running)
