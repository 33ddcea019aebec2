# args: --allow-module asyncio --timeout 20
# expect: exit=0 stdout="RecursionError" stdout="bounded: True" stdout="deep ok" seconds=25
# A chain of awaits deeper than the recursion limit ends in RecursionError
# inside the task, never a C stack overflow; a moderate one works.  A
# chain of tasks each awaiting the next ends at the bound on suspended
# coroutines.
import asyncio


async def down(n):
    if n == 0:
        await asyncio.sleep(0)
        return 0
    return 1 + await down(n - 1)


async def via_tasks(n):
    if n == 0:
        return 0
    return 1 + await asyncio.create_task(via_tasks(n - 1))


async def main():
    try:
        await down(100000)
    except RecursionError:
        print("RecursionError")
    print(await down(200))
    try:
        print(await via_tasks(5000))
    except RuntimeError as e:
        # each task's coroutine is suspended on its own stack: safepy's
        # bound on suspended generators ends the chain
        print("bounded:", "suspended generators" in str(e))
    print("deep ok")


asyncio.run(main())
