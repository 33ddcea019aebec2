# as_completed yields results in completion order; timeout
import asyncio


async def fetch(name, delay):
    await asyncio.sleep(delay)
    return f"{name} after {delay}"


async def main():
    tasks = [asyncio.create_task(fetch(n, d)) for n, d in [("a", 0.04), ("b", 0.0), ("c", 0.02)]]
    for fut in asyncio.as_completed(tasks):
        print(await fut)
    try:
        for fut in asyncio.as_completed([asyncio.create_task(fetch("slow", 1))], timeout=0.01):
            await fut
    except asyncio.TimeoutError:
        print("timed out")
    it = asyncio.as_completed([])
    print(list(it))
    try:
        next(asyncio.as_completed(tasks[0]))
    except TypeError as e:
        print(e)


asyncio.run(main())
