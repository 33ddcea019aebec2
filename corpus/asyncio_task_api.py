# Task: names, coroutines, current_task/all_tasks, unsupported operations
import asyncio


async def child(n):
    await asyncio.sleep(0)
    return n


async def main():
    t = asyncio.create_task(child(1))
    print(t.get_name(), t.done(), asyncio.isfuture(t))
    t.set_name("renamed")
    print(t.get_name())
    t.set_name(42)
    print(repr(t.get_name()))
    print(t.get_coro().__name__, asyncio.iscoroutine(t.get_coro()))
    print(await t, t.done(), t.result(), t.exception())
    me = asyncio.current_task()
    print(me.get_name(), me in asyncio.all_tasks(), me.done())
    others = [asyncio.create_task(child(i), name=f"c{i}") for i in range(3)]
    print(sorted(x.get_name() for x in asyncio.all_tasks()))
    await asyncio.gather(*others)
    print(sorted(x.get_name() for x in asyncio.all_tasks()))
    try:
        t.set_result(1)
    except RuntimeError as e:
        print(e)
    try:
        t.set_exception(ValueError())
    except RuntimeError as e:
        print(e)
    try:
        asyncio.create_task(child)
    except TypeError as e:
        print(type(e).__name__)
    c = child(5)
    try:
        asyncio.Task(c, name=None)
        print("task made")
    except Exception as e:
        print(type(e).__name__)
    await asyncio.sleep(0)
    print(asyncio.current_task(asyncio.get_running_loop()) is me)
    loop = asyncio.get_running_loop()
    t2 = loop.create_task(child(7), name="from-loop")
    print(t2.get_name(), await t2)
    f = asyncio.ensure_future(child(8))
    print(type(f).__name__, await f, asyncio.ensure_future(f) is f)
    try:
        asyncio.ensure_future(3)
    except TypeError as e:
        print(e)

    async def fails():
        await asyncio.sleep(0)
        raise IndexError("out of range")

    ft = asyncio.create_task(fails())
    try:
        await ft
    except IndexError as e:
        print("awaiting the task raised", repr(e), repr(ft.exception()))


asyncio.run(main())
