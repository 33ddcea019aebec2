# CPython's errors for await on things that are not awaitable
def run(coro):
    try:
        while True:
            coro.send(None)
    except StopIteration as e:
        return e.value

class NonIter:
    def __await__(self):
        return 3

class ReturnsCoro:
    def __await__(self):
        return helper()

async def helper():
    return 1

async def aw(x):
    return await x

for thing in [5, "s", None, [1], NonIter(), ReturnsCoro()]:
    try:
        run(aw(thing))
    except TypeError as e:
        print(type(thing).__name__, "->", e)

c = helper()
async def twice():
    a = await c
    b = await c
    return a, b
try:
    run(twice())
except RuntimeError as e:
    print("RuntimeError:", e)

c2 = helper()
print(run(c2))
try:
    c2.send(None)
except RuntimeError as e:
    print("again:", e)
try:
    c2.throw(ValueError("x"))
except RuntimeError as e:
    print("throw into finished:", e)
print(c2.close())
