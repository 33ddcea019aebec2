# builtins aiter() and anext(), with and without a default
def run(coro):
    try:
        while True:
            coro.send(None)
    except StopIteration as e:
        return e.value

async def agen():
    yield "a"
    yield "b"

class AI:
    def __aiter__(self):
        return 1

async def main():
    g = agen()
    it = aiter(g)
    print(it is g)
    print(await anext(it))
    print(await anext(it, "dflt"))
    print(await anext(it, "dflt"))
    try:
        await anext(it)
    except StopAsyncIteration:
        print("StopAsyncIteration")
    aw = anext(agen(), 0)
    print(type(aw).__name__)
    print(await aw)

run(main())
for bad in (lambda: aiter(1), lambda: anext(1), lambda: aiter(AI()), lambda: anext([1], 2)):
    try:
        bad()
    except TypeError as e:
        print("TypeError:", e)
