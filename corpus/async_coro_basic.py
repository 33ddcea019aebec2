# coroutine objects driven by hand: send(None) until StopIteration
def run(coro):
    try:
        while True:
            coro.send(None)
    except StopIteration as e:
        return e.value

async def add(a, b):
    return a + b

async def main():
    x = await add(1, 2)
    y = await add(x, 10)
    return [x, y]

c = main()
print(type(c).__name__, type(c) is type(add(0, 0)) or "same")
print(repr(c).startswith("<coroutine object main at 0x"))
print(c.__name__, c.__qualname__)
print(c.cr_running, c.cr_await, c.cr_suspended)
print(run(c))
print(run(add("a", "b")))

class K:
    async def method(self, n):
        return n * 2
k = K().method(4)
print(repr(k).startswith("<coroutine object K.method at"))
print(run(k))

def outer():
    async def inner():
        return "inner"
    return inner()
i = outer()
print(i.__qualname__)
print(repr(i).split(" at ")[0])
print(run(i))

async def no_return():
    pass
print(run(no_return()))
