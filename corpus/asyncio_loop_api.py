# an event loop by hand: run_until_complete, call_soon/call_later/call_at order, close
import asyncio

log = []


def cb(tag, *args):
    log.append((tag,) + args)


async def main(loop):
    loop.call_soon(cb, "soon1")
    loop.call_later(0.02, cb, "later2")
    loop.call_later(0.01, cb, "later1", "x")
    loop.call_at(loop.time() + 0.005, cb, "at")
    h = loop.call_soon(cb, "cancelled")
    h.cancel()
    print(h.cancelled())
    th = loop.call_later(0.001, cb, "cancelled timer")
    th.cancel()
    loop.call_soon(cb, "soon2")
    await asyncio.sleep(0.05)
    return "main done"


loop = asyncio.new_event_loop()
print(repr(loop), loop.is_running(), loop.is_closed(), loop.get_debug())
print(loop.run_until_complete(main(loop)))
print(log)
t = loop.create_task(main(loop))
log.clear()
print(loop.run_until_complete(t), t.done())
print(len(log))
try:
    loop.run_until_complete(1)
except TypeError as e:
    print(e)
f = loop.create_future()
loop.call_soon(f.set_result, "future result")
print(loop.run_until_complete(f))
t1 = loop.time()
t2 = loop.time()
print(t2 >= t1, type(t1).__name__)
loop.call_soon(loop.stop)
loop.run_forever()
print("run_forever stopped")
try:
    loop.call_later(None, cb)
except TypeError as e:
    print(e)
try:
    loop.call_at(None, cb)
except TypeError as e:
    print(e)
loop.close()
print(repr(loop))
loop.close()
try:
    loop.call_soon(cb, "x")
except RuntimeError as e:
    print(e)
c = main(loop)
try:
    loop.run_until_complete(c)
except RuntimeError as e:
    print(e)
c.close()
asyncio.set_event_loop(None)
l2 = asyncio.new_event_loop()
asyncio.set_event_loop(l2)
print(asyncio.get_event_loop() is l2)
l2.close()
