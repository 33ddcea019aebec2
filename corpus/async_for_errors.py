# CPython's errors for async for and the async iteration builtins
def run(coro):
    try:
        while True:
            coro.send(None)
    except StopIteration as e:
        return e.value

class NoANext:
    def __aiter__(self):
        return 1

class BadANext:
    def __aiter__(self):
        return self
    def __anext__(self):
        return 1

async def loop(obj):
    async for x in obj:
        pass

for obj in [1, [1, 2], NoANext(), BadANext()]:
    try:
        run(loop(obj))
    except TypeError as e:
        print(type(obj).__name__, "->", e)

async def comp(obj):
    return [x async for x in obj]
try:
    run(comp(3))
except TypeError as e:
    print("comp:", e)
