# asyncio.timeout / timeout_at (3.11): expiry, reschedule, nesting
import asyncio


async def main():
    loop = asyncio.get_running_loop()
    try:
        async with asyncio.timeout(0.01) as cm:
            print(repr(cm).startswith("<Timeout [active] when="), cm.expired())
            await asyncio.sleep(1)
    except TimeoutError as e:
        print("timed out", cm.expired(), type(e.__cause__).__name__, repr(cm))
    async with asyncio.timeout(None) as cm:
        print(repr(cm), cm.when())
        await asyncio.sleep(0)
    print(repr(cm), cm.expired())
    async with asyncio.timeout(1) as cm:
        await asyncio.sleep(0)
    print(cm.expired(), repr(cm))
    try:
        async with asyncio.timeout_at(loop.time() + 0.01):
            await asyncio.sleep(1)
    except TimeoutError:
        print("timeout_at fired")
    try:
        async with asyncio.timeout(None) as cm:
            cm.reschedule(loop.time() + 0.01)
            await asyncio.sleep(1)
    except TimeoutError:
        print("rescheduled fired")
    async with asyncio.timeout(0.01) as cm:
        cm.reschedule(None)
        await asyncio.sleep(0.02)
    print("reschedule(None) disabled it", cm.expired())
    try:
        async with asyncio.timeout(0.3):
            try:
                async with asyncio.timeout(0.01):
                    await asyncio.sleep(1)
            except TimeoutError:
                print("inner timeout")
            await asyncio.sleep(1)
    except TimeoutError:
        print("outer timeout")
    try:
        async with asyncio.timeout(-1):
            await asyncio.sleep(0)
    except TimeoutError:
        print("already expired")
    cm = asyncio.timeout(1)
    try:
        cm.reschedule(2)
    except RuntimeError as e:
        print(e)
    async with cm:
        pass
    try:
        cm.reschedule(2)
    except RuntimeError as e:
        print(e)
    try:
        async with cm:
            pass
    except RuntimeError as e:
        print(e)


asyncio.run(main())
