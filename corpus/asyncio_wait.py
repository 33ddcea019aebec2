# asyncio.wait: FIRST_COMPLETED, FIRST_EXCEPTION, ALL_COMPLETED, timeout
import asyncio


async def job(n, delay, fail=False):
    await asyncio.sleep(delay)
    if fail:
        raise RuntimeError(f"job {n}")
    return n


def names(tasks):
    return sorted(t.get_name() for t in tasks)


async def main():
    ts = [asyncio.create_task(job(i, d), name=f"j{i}") for i, d in enumerate([0.3, 0, 0.4])]
    done, pending = await asyncio.wait(ts, return_when=asyncio.FIRST_COMPLETED)
    print(names(done), names(pending))
    done, pending = await asyncio.wait(ts, timeout=0.001)
    print(names(done), names(pending))
    done, pending = await asyncio.wait(ts)
    print(names(done), names(pending), sorted(t.result() for t in done))
    ts = [asyncio.create_task(job(1, 0.01, fail=True), name="f1"),
          asyncio.create_task(job(2, 0.3), name="f2")]
    done, pending = await asyncio.wait(ts, return_when=asyncio.FIRST_EXCEPTION)
    print(names(done), names(pending), repr(ts[0].exception()))
    done, pending = await asyncio.wait(set(ts), return_when="ALL_COMPLETED")
    print(names(done), len(pending))
    print(asyncio.FIRST_COMPLETED, asyncio.FIRST_EXCEPTION, asyncio.ALL_COMPLETED)
    for bad in ([], set()):
        try:
            await asyncio.wait(bad)
        except ValueError as e:
            print(e)
    try:
        await asyncio.wait(ts, return_when="SOMETIMES")
    except ValueError as e:
        print(e)
    c = job(0, 0)
    try:
        await asyncio.wait([c])
    except TypeError as e:
        print(e)
    try:
        await asyncio.wait(c)
    except TypeError as e:
        print(e)
    await c
    try:
        await asyncio.wait(ts[0])
    except TypeError as e:
        print(e)


asyncio.run(main())
