# async generators and async for alongside tasks
import asyncio


async def ticker(name, n, delay):
    for i in range(n):
        await asyncio.sleep(delay)
        yield f"{name}{i}"


async def collect(name, n):
    out = []
    async for item in ticker(name, n, 0):
        print("got", item)
        out.append(item)
    return out


class Countdown:
    def __init__(self, n):
        self.n = n

    def __aiter__(self):
        return self

    async def __anext__(self):
        if self.n == 0:
            raise StopAsyncIteration
        await asyncio.sleep(0)
        self.n -= 1
        return self.n


async def main():
    print(await asyncio.gather(collect("a", 3), collect("b", 2)))
    print([x async for x in Countdown(4)])
    q = asyncio.Queue()

    async def feed():
        async for item in ticker("q", 3, 0):
            await q.put(item)
        await q.put(None)

    async def drain():
        while (item := await q.get()) is not None:
            print("drained", item)

    await asyncio.gather(feed(), drain())
    gen = ticker("x", 5, 0)
    print(await gen.__anext__(), await anext(gen))
    await gen.aclose()
    evens = [i async for i in Countdown(6) if i % 2 == 0]
    print(evens)


asyncio.run(main())
