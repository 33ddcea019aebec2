# a coroutine awaited by two awaiters at once, and the cr_await chain
class Wait:
    def __await__(self):
        yield "w"

async def shared():
    await Wait()
    return "shared result"

s = shared()

async def first():
    return await s

async def second():
    return await s

a = first()
print(a.send(None))
print(a.cr_await is s, type(s.cr_await).__name__)
b = second()
try:
    b.send(None)
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    a.send(None)
except StopIteration as e:
    print("first got", e.value)
b = second()
try:
    b.send(None)
except RuntimeError as e:
    print("RuntimeError:", e)

async def ctx_chain():
    try:
        await Boom()
    except KeyError as e:
        raise ValueError("wrapped") from e

class Boom:
    def __await__(self):
        raise KeyError("inner")
        yield

try:
    ctx_chain().send(None)
except ValueError as e:
    print(repr(e), repr(e.__cause__))
