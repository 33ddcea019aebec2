# Task cancellation: messages, cancelling/uncancel, cleanup in finally
import asyncio


async def sleeper(name):
    try:
        print(name, "sleeping")
        await asyncio.sleep(10)
    except asyncio.CancelledError as e:
        print(name, "cancelled with", e.args)
        raise
    finally:
        print(name, "cleanup")


async def stubborn():
    try:
        await asyncio.sleep(10)
    except asyncio.CancelledError:
        print("stubborn ignores the cancel")
    return "survived"


async def main():
    t = asyncio.create_task(sleeper("a"))
    await asyncio.sleep(0)
    print(t.cancel("stop now"), t.cancelling(), t.done())
    try:
        await t
    except asyncio.CancelledError as e:
        print("main saw", e.args, t.cancelled(), t.done())
    print(t.cancel(), t.cancelling())
    try:
        t.result()
    except asyncio.CancelledError as e:
        print("result raised", type(e).__name__, e.args)
    try:
        t.exception()
    except asyncio.CancelledError as e:
        print("exception raised", e.args)
    s = asyncio.create_task(stubborn())
    await asyncio.sleep(0)
    s.cancel()
    print(await s, s.cancelled(), s.cancelling(), s.uncancel(), s.uncancel())
    early = asyncio.create_task(sleeper("never"))
    early.cancel()
    try:
        await early
    except asyncio.CancelledError:
        print("cancelled before it ran", early.cancelled())
    me = asyncio.current_task()
    me.cancel()
    try:
        await asyncio.sleep(0)
    except asyncio.CancelledError:
        print("main cancelled itself", me.cancelling(), me.uncancel())
    print(issubclass(asyncio.CancelledError, BaseException), issubclass(asyncio.CancelledError, Exception))


asyncio.run(main())
