# coroutine.__await__(): the coroutine_wrapper iterator, send/throw/close through it
class Wait:
    def __await__(self):
        x = yield "paused"
        return x

async def body():
    try:
        v = await Wait()
        return "got %s" % v
    finally:
        print("body finally")

c = body()
w = c.__await__()
print(type(w).__name__)
print(next(w))
print(c.cr_running, c.cr_suspended)
try:
    w.send(42)
except StopIteration as e:
    print("stop", e.value)

c = body()
w = c.__await__()
print(w.send(None))
try:
    w.throw(ValueError("thrown"))
except ValueError as e:
    print("ValueError", e)

c = body()
w = c.__await__()
w.send(None)
print(w.close())
print(c.cr_suspended)

class Delegates:
    def __init__(self, coro):
        self.coro = coro
    def __await__(self):
        return self.coro.__await__()

async def inner():
    return await Wait()

async def outer():
    return await Delegates(inner())

c = outer()
print(c.send(None))
try:
    c.send("through")
except StopIteration as e:
    print("outer result", e.value)
