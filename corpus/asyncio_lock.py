# Lock: mutual exclusion in FIFO order, async with, errors
import asyncio

counter = 0


async def increment(lock, name):
    global counter
    async with lock:
        print(name, "has the lock", lock.locked())
        value = counter
        await asyncio.sleep(0)
        counter = value + 1
        print(name, "releases")


async def manual(lock):
    print("acquire ->", await lock.acquire())
    try:
        await asyncio.sleep(0)
    finally:
        lock.release()


async def main():
    lock = asyncio.Lock()
    print(lock.locked())
    await asyncio.gather(*(increment(lock, f"t{i}") for i in range(4)))
    print("counter", counter)
    await manual(lock)
    try:
        lock.release()
    except RuntimeError as e:
        print(e)
    await lock.acquire()
    waiter = asyncio.create_task(manual(lock))
    await asyncio.sleep(0)
    waiter2 = asyncio.create_task(increment(lock, "late"))
    await asyncio.sleep(0)
    waiter.cancel()
    lock.release()
    await asyncio.gather(waiter, waiter2, return_exceptions=True)
    print(waiter.cancelled(), lock.locked(), counter)


asyncio.run(main())
