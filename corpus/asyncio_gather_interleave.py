# gather of many tasks: the order in which they run and print
import asyncio


async def worker(name, steps):
    for i in range(steps):
        print(f"{name} step {i}")
        await asyncio.sleep(0)
    print(f"{name} finished")
    return name.upper()


async def main():
    results = await asyncio.gather(*(worker(f"w{i}", i + 1) for i in range(4)))
    print(results)
    a = asyncio.create_task(worker("a", 2))
    b = asyncio.create_task(worker("b", 1))
    print("created")
    res = await asyncio.gather(b, a, worker("c", 2), b)
    print(res)
    print(await asyncio.gather())
    empty = asyncio.gather()
    print(empty.done(), empty.result())


asyncio.run(main())
