# args: --allow-module asyncio --timeout 5 --max-memory 64M
# expect: exit=3 seconds=15
# A busy loop of create_task: every task spawns two more, so the ready
# queue grows without end; the memory or the time limit stops it.
import asyncio


async def spawn():
    asyncio.create_task(spawn())
    asyncio.create_task(spawn())


async def main():
    asyncio.create_task(spawn())
    while True:
        await asyncio.sleep(0)


asyncio.run(main())
