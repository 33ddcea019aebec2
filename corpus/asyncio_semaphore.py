# Semaphore limits concurrency; BoundedSemaphore refuses extra releases
import asyncio

active = 0


async def limited(sem, i):
    global active
    async with sem:
        active += 1
        print(f"start {i} (active {active})")
        # sleep(0) steps keep the interleaving free of timing (a real sleep
        # lets a slow run see two timers expire in one loop iteration)
        for _ in range(i % 2 + 1):
            await asyncio.sleep(0)
        active -= 1
        print(f"end {i}")
    return i


async def main():
    sem = asyncio.Semaphore(2)
    print(sem.locked())
    print(await asyncio.gather(*(limited(sem, i) for i in range(5))))
    print(sem.locked())
    s0 = asyncio.Semaphore(0)
    print(s0.locked())
    try:
        asyncio.Semaphore(-1)
    except ValueError as e:
        print(e)
    b = asyncio.BoundedSemaphore(1)
    await b.acquire()
    print(b.locked())
    b.release()
    try:
        b.release()
    except ValueError as e:
        print(e)
    s = asyncio.Semaphore()
    print(await s.acquire(), s.locked())
    s.release()
    s.release()
    print(await s.acquire(), await s.acquire(), s.locked())
    print(isinstance(b, asyncio.Semaphore))

    async def take(name):
        await s0.acquire()
        print("took", name)

    ts = [asyncio.create_task(take(n)) for n in "xyz"]
    await asyncio.sleep(0)
    s0.release()
    s0.release()
    await asyncio.sleep(0)
    ts[2].cancel()
    await asyncio.gather(*ts, return_exceptions=True)
    print([t.cancelled() for t in ts])


asyncio.run(main())
