# Queue, PriorityQueue, LifoQueue: the non-blocking API and its errors
import asyncio


async def main():
    q = asyncio.Queue(2)
    print(str(q), q.maxsize, q.empty(), q.full())
    q.put_nowait("a")
    q.put_nowait("b")
    print(str(q), q.full(), q.qsize())
    try:
        q.put_nowait("c")
    except asyncio.QueueFull as e:
        print("full", repr(e))
    print(q.get_nowait(), q.get_nowait())
    try:
        q.get_nowait()
    except asyncio.QueueEmpty as e:
        print("empty", repr(e), isinstance(e, Exception))
    q.task_done()
    q.task_done()
    try:
        q.task_done()
    except ValueError as e:
        print(e)
    await q.join()
    pq = asyncio.PriorityQueue()
    for item in [(3, "c"), (1, "a"), (2, "b"), (1, "aa"), (5, "e")]:
        pq.put_nowait(item)
    print(str(pq))
    print([pq.get_nowait() for _ in range(pq.qsize())])
    lq = asyncio.LifoQueue()
    for i in range(4):
        await lq.put(i)
    print(str(lq), [await lq.get() for _ in range(4)])
    unbounded = asyncio.Queue()
    for i in range(100):
        unbounded.put_nowait(i)
    print(unbounded.full(), unbounded.qsize())
    zero = asyncio.Queue(-1)
    zero.put_nowait(1)
    print(zero.full())
    print(issubclass(asyncio.PriorityQueue, asyncio.Queue), asyncio.QueueEmpty.__name__)

    async def getter():
        item = await q.get()
        print("getter got", item)

    t = asyncio.create_task(getter())
    await asyncio.sleep(0)
    print(str(q))
    q.put_nowait("late")
    await t
    print(str(q))


asyncio.run(main())
