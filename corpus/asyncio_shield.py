# shield: the inner task survives the cancellation of the outer future
import asyncio


async def important():
    await asyncio.sleep(0.01)
    print("important work finished")
    return "saved"


async def main():
    inner = asyncio.create_task(important())
    outer = asyncio.shield(inner)
    print(outer.cancel(), outer.cancelled())
    try:
        await outer
    except asyncio.CancelledError:
        print("outer cancelled")
    print(await inner)
    done = asyncio.create_task(important())
    await done
    print(asyncio.shield(done) is done)
    print(await asyncio.shield(important()))

    async def caller():
        return await asyncio.shield(important())

    t = asyncio.create_task(caller())
    await asyncio.sleep(0)
    t.cancel()
    try:
        await t
    except asyncio.CancelledError:
        print("caller cancelled")
    await asyncio.sleep(0.02)

    async def boom():
        await asyncio.sleep(0)
        raise ValueError("inner error")

    try:
        await asyncio.shield(boom())
    except ValueError as e:
        print("shield passes", e)


asyncio.run(main())
