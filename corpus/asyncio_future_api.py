# Future: results, exceptions, callbacks, cancellation, InvalidStateError
import asyncio


async def main():
    loop = asyncio.get_running_loop()
    f = loop.create_future()
    print(repr(f), f.done(), f.cancelled(), f.get_loop() is loop)
    for m in (f.result, f.exception):
        try:
            m()
        except asyncio.InvalidStateError as e:
            print(type(e).__name__, e)
    calls = []
    def cb(fut):
        calls.append(("cb", fut.result()))
    def cb2(fut):
        calls.append(("cb2", fut.done()))
    f.add_done_callback(cb)
    f.add_done_callback(cb2)
    f.add_done_callback(cb)
    print(f.remove_done_callback(cb), f.remove_done_callback(cb))
    f.add_done_callback(cb)
    f.set_result(41)
    print(calls)
    await asyncio.sleep(0)
    print(calls)
    print(repr(f), f.result(), f.exception())
    try:
        f.set_result(1)
    except asyncio.InvalidStateError as e:
        print(e)
    try:
        f.set_exception(ValueError())
    except asyncio.InvalidStateError as e:
        print(e)
    print(f.cancel(), f.cancelled())
    late = []
    f.add_done_callback(late.append)
    await asyncio.sleep(0)
    print(late == [f])
    g = asyncio.Future()
    g.set_exception(KeyError("k"))
    print(repr(g), repr(g.exception()))
    try:
        g.result()
    except KeyError as e:
        print("result raised", repr(e))
    h = asyncio.Future()
    h.set_exception(ZeroDivisionError)
    print(repr(h.exception()))
    s = asyncio.Future()
    try:
        s.set_exception(StopIteration())
    except TypeError as e:
        print(e)
    c = asyncio.Future()
    print(c.cancel("why"), c.cancel(), repr(c), c.cancelled(), c.done())
    try:
        c.result()
    except asyncio.CancelledError as e:
        print("cancelled", e.args)
    a = loop.create_future()
    loop.call_soon(a.set_result, "awaited")
    print(await a)
    b = loop.create_future()
    loop.call_later(0.01, b.set_exception, OSError("io"))
    try:
        await b
    except OSError as e:
        print("await raised", e)
    print(asyncio.isfuture(a), asyncio.isfuture(1), asyncio.isfuture(asyncio.create_task(asyncio.sleep(0))))
    print(isinstance(asyncio.create_task(asyncio.sleep(0)), asyncio.Future))
    d = loop.create_future()
    loop.call_soon(d.cancel)
    try:
        await d
    except asyncio.CancelledError:
        print("awaited a cancelled future")
    print(issubclass(asyncio.InvalidStateError, Exception), asyncio.InvalidStateError.__name__)


asyncio.run(main())
