# gather: return_exceptions, the first exception, cancelling a gather
import asyncio


async def ok(n, delay=0):
    await asyncio.sleep(delay)
    print("ok", n)
    return n


async def bad(n):
    await asyncio.sleep(0)
    raise ValueError(f"bad {n}")


async def slow(n):
    try:
        await asyncio.sleep(10)
    except asyncio.CancelledError:
        print("slow cancelled", n)
        raise


async def main():
    print(await asyncio.gather(ok(1), bad(2), ok(3), return_exceptions=True))
    try:
        await asyncio.gather(ok(4), bad(5), ok(6, 0.01))
    except ValueError as e:
        print("raised:", e)
    await asyncio.sleep(0.02)
    g = asyncio.gather(slow(7), slow(8))
    await asyncio.sleep(0)
    print("cancel:", g.cancel())
    try:
        await g
    except asyncio.CancelledError:
        print("gather cancelled", g.cancelled(), g.done())
    t = asyncio.create_task(slow(9))
    g2 = asyncio.gather(t, ok(10), return_exceptions=True)
    await asyncio.sleep(0)
    t.cancel()
    res = await g2
    print([type(r).__name__ for r in res], res[1])
    g3 = asyncio.gather(ok(11), ok(12))
    await g3
    print(g3.cancel())


asyncio.run(main())
