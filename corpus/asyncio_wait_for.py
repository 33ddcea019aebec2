# wait_for: timeouts cancel the inner task, results pass through
import asyncio


async def work(n, delay):
    try:
        await asyncio.sleep(delay)
        print("work done", n)
        return n * 2
    except asyncio.CancelledError:
        print("work cancelled", n)
        raise


async def main():
    print(await asyncio.wait_for(work(1, 0), timeout=1))
    try:
        await asyncio.wait_for(work(2, 5), timeout=0.01)
    except asyncio.TimeoutError as e:
        print("timeout:", type(e).__name__, type(e.__cause__).__name__, e.__suppress_context__)
    print(await asyncio.wait_for(work(3, 0), None))
    try:
        await asyncio.wait_for(work(4, 1), 0)
    except TimeoutError:
        print("zero timeout")
    t = asyncio.create_task(work(5, 0))
    await asyncio.sleep(0.01)
    print(await asyncio.wait_for(t, 0))
    fut = asyncio.get_running_loop().create_future()
    asyncio.get_running_loop().call_later(0.01, fut.set_result, "late")
    print(await asyncio.wait_for(fut, 1))

    async def outer():
        return await asyncio.wait_for(work(6, 5), timeout=5)

    o = asyncio.create_task(outer())
    await asyncio.sleep(0.01)
    o.cancel()
    try:
        await o
    except asyncio.CancelledError:
        print("outer cancelled, inner cancelled too")

    async def raiser():
        await asyncio.sleep(0)
        raise LookupError("inner failed")

    try:
        await asyncio.wait_for(raiser(), 1)
    except LookupError as e:
        print("passed through:", e)
    print(asyncio.TimeoutError is TimeoutError)


asyncio.run(main())
