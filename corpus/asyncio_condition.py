# Condition: wait/notify/notify_all, wait_for with a predicate, errors
import asyncio


async def consumer(cond, box, name):
    async with cond:
        print(name, "waiting")
        item = await cond.wait_for(lambda: box)
        print(name, "sees", item, "and takes", box.pop(0))


async def waiter(cond, name):
    async with cond:
        r = await cond.wait()
        print(name, "notified", r, cond.locked())


async def main():
    cond = asyncio.Condition()
    box = []
    cs = [asyncio.create_task(consumer(cond, box, f"c{i}")) for i in range(2)]
    await asyncio.sleep(0)
    async with cond:
        box.append("first")
        cond.notify()
    await asyncio.sleep(0)
    async with cond:
        box.append("second")
        cond.notify_all()
    await asyncio.gather(*cs)
    ws = [asyncio.create_task(waiter(cond, f"w{i}")) for i in range(3)]
    await asyncio.sleep(0)
    async with cond:
        cond.notify(2)
    await asyncio.sleep(0)
    async with cond:
        cond.notify_all()
    await asyncio.gather(*ws)
    try:
        await cond.wait()
    except RuntimeError as e:
        print(e)
    try:
        cond.notify()
    except RuntimeError as e:
        print(e)
    lock = asyncio.Lock()
    c2 = asyncio.Condition(lock)
    async with c2:
        print(lock.locked(), c2.locked())
    print(lock.locked())
    await c2.acquire()
    print(c2.locked())
    c2.release()
    print(c2.locked())


asyncio.run(main())
