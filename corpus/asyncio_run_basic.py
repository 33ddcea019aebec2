# asyncio.run: results, task names, nested run and its errors
import asyncio


async def add(a, b):
    await asyncio.sleep(0)
    return a + b


async def main():
    print("main task:", asyncio.current_task().get_name())
    total = await add(2, 3)
    print("total", total)
    loop = asyncio.get_running_loop()
    print(loop.is_running(), loop.is_closed())
    coro = add(1, 1)
    try:
        asyncio.run(coro)
    except RuntimeError as e:
        print("nested:", e)
    print(await coro)
    return total * 10


print(asyncio.run(main()))
print(asyncio.run(main()))
try:
    asyncio.run(1)
except ValueError as e:
    print(e)
try:
    asyncio.run(add)
except ValueError as e:
    print(type(e).__name__)
try:
    asyncio.get_running_loop()
except RuntimeError as e:
    print(e)
try:
    asyncio.current_task()
except RuntimeError as e:
    print(e)


async def fails():
    await asyncio.sleep(0)
    raise KeyError("missing")


try:
    asyncio.run(fails())
except KeyError as e:
    print("propagated", repr(e))


async def named():
    return asyncio.current_task().get_name()


print(asyncio.run(named()))
print(asyncio.iscoroutinefunction(main), asyncio.iscoroutinefunction(print))
c = main()
print(asyncio.iscoroutine(c), asyncio.iscoroutine(main))
c.close()
