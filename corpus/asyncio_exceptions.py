# exceptions through awaits and tasks: chaining, handling, re-raising
import asyncio


async def level3():
    await asyncio.sleep(0)
    raise ValueError("deep problem")


async def level2():
    try:
        await level3()
    except ValueError as e:
        raise RuntimeError("level2 wraps") from e


async def level1():
    return await level2()


async def main():
    try:
        await level1()
    except RuntimeError as e:
        print(repr(e), repr(e.__cause__))
    t = asyncio.create_task(level1())
    await asyncio.sleep(0.01)
    print(t.done(), repr(t.exception()), repr(t.exception().__cause__))
    results = await asyncio.gather(level1(), level3(), return_exceptions=True)
    print([repr(r) for r in results])

    async def finally_order():
        try:
            await asyncio.sleep(0)
            raise KeyError("x")
        finally:
            print("finally runs before the awaiter sees it")

    try:
        await finally_order()
    except KeyError as e:
        print("caught", repr(e))

    async def returns_in_finally():
        try:
            raise ValueError("lost")
        finally:
            return "finally value"

    print(await returns_in_finally())

    async def raise_stop():
        raise StopIteration("not allowed")

    t = asyncio.create_task(raise_stop())
    try:
        await t
    except RuntimeError as e:
        print(type(e).__name__, e, repr(e.__cause__))

    async def base():
        raise asyncio.CancelledError("manual")

    t = asyncio.create_task(base())
    try:
        await t
    except asyncio.CancelledError as e:
        print("task raised CancelledError", t.cancelled(), e.args)

    def sync_raiser():
        raise ArithmeticError("sync")

    async def calls_sync():
        sync_raiser()

    try:
        await asyncio.wait_for(calls_sync(), 1)
    except ArithmeticError as e:
        print("sync error through wait_for", e)


asyncio.run(main())
