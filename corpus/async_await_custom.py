# awaitables with __await__ returning an iterator; values pass through to the driver
class Suspend:
    def __init__(self, tag):
        self.tag = tag
    def __await__(self):
        got = yield self.tag
        return ("resumed", self.tag, got)

class GenAwait:
    def __await__(self):
        return iter([1, 2, 3])

async def work():
    r1 = await Suspend("a")
    print("r1", r1)
    r2 = await Suspend("b")
    print("r2", r2)
    r3 = await GenAwait()
    print("r3", r3)
    return "done"

c = work()
print(c.send(None))
print(c.cr_await is not None, c.cr_suspended)
print(c.send(10))
out = []
try:
    v = c.send(20)
    while True:
        out.append(v)
        v = c.send(None)
except StopIteration as e:
    print("out", out, "result", e.value)
print(c.cr_await, c.cr_suspended)
