# producer/consumer with a bounded Queue, task_done and join
import asyncio


async def producer(q, name, items):
    for item in items:
        await q.put((name, item))
        print(f"{name} put {item} (size {q.qsize()})")
    print(f"{name} done")


async def consumer(q, name, seen):
    while True:
        who, item = await q.get()
        print(f"{name} got {item} from {who}")
        seen.append(item)
        await asyncio.sleep(0)
        q.task_done()


async def main():
    q = asyncio.Queue(maxsize=3)
    seen = []
    consumers = [asyncio.create_task(consumer(q, f"c{i}", seen)) for i in range(2)]
    producers = [asyncio.create_task(producer(q, "p1", range(5))),
                 asyncio.create_task(producer(q, "p2", "abc"))]
    await asyncio.gather(*producers)
    print("producers finished, waiting for queue")
    await q.join()
    print("queue drained", q.empty(), q.qsize())
    for c in consumers:
        c.cancel()
    res = await asyncio.gather(*consumers, return_exceptions=True)
    print([type(r).__name__ for r in res])
    print(len(seen), sorted(map(str, seen)))


asyncio.run(main())
