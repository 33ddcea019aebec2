# subclasses of Future, Queue and Lock; generic aliases in annotations; sleep's TypeError
import asyncio
class MyFuture(asyncio.Future):
    def set_result(self, v):
        print("MyFuture.set_result", v)
        super().set_result(v * 2)
class MyQueue(asyncio.Queue):
    def describe(self):
        return f"MyQueue size={self.qsize()}"
class MyLock(asyncio.Lock):
    pass
async def worker(q: asyncio.Queue[int]) -> None:
    print("worker got", await q.get())
async def main():
    loop = asyncio.get_running_loop()
    f = MyFuture()
    loop.call_soon(f.set_result, 5)
    print(await f, isinstance(f, asyncio.Future))
    q = MyQueue()
    t = asyncio.create_task(worker(q))
    await asyncio.sleep(0)
    print(q.describe())
    await q.put(3)
    await t
    l = MyLock()
    async with l:
        print("locked", l.locked())
    try:
        await asyncio.sleep("x")
    except TypeError as e:
        print(e)
    t2 = asyncio.create_task(worker(q))
    print(t2.get_name(), t2.done())
    t2.cancel()
    print(asyncio.Queue[int], type(asyncio.Task[str]).__name__)
asyncio.run(main())
