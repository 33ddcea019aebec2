# asyncio.run cancels the tasks still pending when main returns
import asyncio


async def background(name):
    try:
        while True:
            await asyncio.sleep(0.01)
    except asyncio.CancelledError:
        print(name, "cancelled at shutdown")
        raise
    finally:
        print(name, "finally")


async def cleanup_needs_await():
    try:
        await asyncio.sleep(10)
    finally:
        await asyncio.sleep(0)
        print("cleanup awaited")


async def main():
    asyncio.create_task(background("bg1"))
    asyncio.create_task(background("bg2"))
    asyncio.create_task(cleanup_needs_await())
    await asyncio.sleep(0.02)
    print("main returns")
    return "result"


print(asyncio.run(main()))
print("after run")


async def quick():
    print("quick", asyncio.current_task().get_name())


asyncio.run(quick())
