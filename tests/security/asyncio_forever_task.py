# args: --allow-module asyncio --timeout 1
# expect: exit=3 stderr="time limit" seconds=8
# A task that never ends (it yields to the loop forever) keeps the loop
# running: the time limit stops it.
import asyncio


async def spin():
    while True:
        await asyncio.sleep(0)


async def main():
    await asyncio.gather(spin(), spin())


asyncio.run(main())
