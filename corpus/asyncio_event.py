# Event: waiters wake in order when the event is set; clear and is_set
import asyncio


async def waiter(event, name):
    print(name, "waiting")
    r = await event.wait()
    print(name, "woke", r)
    return name


async def main():
    event = asyncio.Event()
    print(event.is_set())
    tasks = [asyncio.create_task(waiter(event, f"w{i}")) for i in range(3)]
    await asyncio.sleep(0)
    print("setting")
    event.set()
    print(event.is_set())
    print(await asyncio.gather(*tasks))
    print(await event.wait())
    event.clear()
    print(event.is_set())
    t = asyncio.create_task(waiter(event, "again"))
    await asyncio.sleep(0.01)
    print("still waiting", not t.done())
    t.cancel()
    try:
        await t
    except asyncio.CancelledError:
        print("cancelled waiter")
    event.set()
    event.set()
    print(await waiter(event, "fast"))


asyncio.run(main())
