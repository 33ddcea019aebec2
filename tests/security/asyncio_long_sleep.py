# args: --allow-module asyncio --timeout 1
# expect: exit=3 stderr="time limit" seconds=8
# asyncio.sleep past the time limit really sleeps, and stops at the limit.
import asyncio


async def main():
    await asyncio.sleep(3600)


asyncio.run(main())
