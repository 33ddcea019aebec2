# TaskGroup (3.11): waits for its tasks, gathers failures into an ExceptionGroup
import asyncio


async def job(i, delay, fail=False):
    await asyncio.sleep(delay)
    if fail:
        raise ValueError(f"job {i} failed")
    print("job done", i)
    return i * 10


async def guarded(i):
    try:
        await asyncio.sleep(1)
    except asyncio.CancelledError:
        print("job cancelled", i)
        raise


async def main():
    async with asyncio.TaskGroup() as tg:
        t1 = tg.create_task(job(1, 0))
        t2 = tg.create_task(job(2, 0.01), name="second")
        print(t2.get_name(), repr(tg))
    print(t1.result(), t2.result(), repr(tg))
    try:
        async with asyncio.TaskGroup() as tg:
            tg.create_task(guarded(3))
            tg.create_task(job(4, 0, fail=True))
    except ExceptionGroup as eg:
        print("caught", eg, repr(eg.exceptions))
    try:
        async with asyncio.TaskGroup() as tg:
            tg.create_task(job(5, 0, fail=True))
            tg.create_task(job(6, 0, fail=True))
    except ExceptionGroup as eg:
        print(eg, [str(e) for e in eg.exceptions])
    try:
        async with asyncio.TaskGroup() as tg:
            tg.create_task(job(7, 0.01))
            raise KeyError("body failed")
    except BaseExceptionGroup as eg:
        print(type(eg).__name__, repr(eg.exceptions))
    tg = asyncio.TaskGroup()
    print(repr(tg))
    c = job(0, 0)
    try:
        tg.create_task(c)
    except RuntimeError as e:
        print(e)
    c.close()
    async with tg:
        pass
    try:
        async with tg:
            pass
    except RuntimeError as e:
        print(e)
    c = job(0, 0)
    try:
        tg.create_task(c)
    except RuntimeError as e:
        print(e)
    c.close()
    try:
        async with asyncio.TaskGroup() as tg:
            tg.create_task(job(8, 0))
            tg.create_task(job(9, 0.01, fail=True))
            await asyncio.sleep(1)
            print("not reached")
    except ExceptionGroup as eg:
        print("body cancelled by a failing task:", eg.exceptions)


asyncio.run(main())
