# args: --allow-module asyncio --timeout 1
# expect: exit=3 stderr="time limit" seconds=8
# Waiting on a future nobody resolves: CPython's loop blocks forever in
# select(); here the wait ends at the time limit.
import asyncio


async def main():
    await asyncio.get_running_loop().create_future()


asyncio.run(main())
